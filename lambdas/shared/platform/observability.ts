/**
 * The portal's own telemetry: one logger (JSON lines, each with the request's correlation id,
 * written as Powertools' Logger writes them, without it: ./json-log.ts), metrics as CloudWatch EMF
 * lines written as Powertools' Metrics writes them, without it (./emf.ts), and X-Ray subsegments
 * for the AWS SDK clients through Powertools' Tracer.
 *
 * The correlation id lives in an AsyncLocalStorage of its own, not in the logger: locally all
 * handlers run in one process, concurrently, and a logger's keys would be per process there.
 * The logger and metrics are made on first use. The Tracer, with the X-Ray SDK (about 130 KB
 * minified), is in no function's bundle: it is a layer of its own (PORTAL_TRACER_MODULE,
 * /opt/nodejs/portal-tracer.mjs), imported only where tracing is on (POWERTOOLS_TRACE_ENABLED
 * is not "false": in Lambda, never in the local stack or the tests).
 */
import { METRICS_NAMESPACE } from '../resources/function-names.js';
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { EmfWriter } from './emf.js';
import { JsonLogger } from './json-log.js';
import type { Tracer } from '@aws-lambda-powertools/tracer';

/** Sent by a caller to tie its own logs to the portal's; answered on every API response. */
export const CORRELATION_HEADER = 'x-correlation-id';
/** What a caller's id may be (anything else is replaced by the API Gateway request id). */
const CALLER_ID = /^[A-Za-z0-9._:/+=@-]{8,128}$/;

const requests = new AsyncLocalStorage<{ correlationId: string }>();

/** The caller's `x-correlation-id` when it is a plausible id, else API Gateway's request id (else a new one). */
export function correlationIdOf(headers: Record<string, string | undefined> | undefined, requestId: string | undefined): string {
  const sent = Object.entries(headers ?? {}).find(([k]) => k.toLowerCase() === CORRELATION_HEADER)?.[1]?.trim();
  if (sent && CALLER_ID.test(sent)) return sent;
  return requestId || randomUUID();
}

/** Runs `fn` with `id` as the correlation id of every log line written inside it. */
export const withCorrelationId = <T>(id: string, fn: () => Promise<T>) => requests.run({ correlationId: id }, fn);
export const correlationId = (): string | undefined => requests.getStore()?.correlationId;

const serviceName = () => process.env.POWERTOOLS_SERVICE_NAME || 'portal';

let logger: JsonLogger | undefined;
let loggerLevel: string | undefined;
/** The one logger; its level follows LOG_LEVEL (debug, info, warn, error). */
export function portalLogger(): JsonLogger {
  const level = (process.env.LOG_LEVEL || 'info').toUpperCase();
  if (!logger) {
    logger = new JsonLogger(serviceName(), level);
  } else if (level !== loggerLevel) {
    logger.setLogLevel(level);
  }
  loggerLevel = level;
  return logger;
}

/** The business metrics (namespace POWERTOOLS_METRICS_NAMESPACE, dimension `service`). */
export type BusinessMetric =
  | 'SignIn'
  | 'LoginRouteSignIn'
  | 'ReportOpened'
  | 'DocumentUploaded'
  | 'DocumentDownloaded'
  | 'TelemetryLatency'
  | 'TelemetryError';

/** The namespace when POWERTOOLS_METRICS_NAMESPACE is unset; infra/function-construct.ts sets it to the same (METRICS_NAMESPACE). */
export const DEFAULT_METRICS_NAMESPACE = METRICS_NAMESPACE;

let metrics: EmfWriter | undefined;
export function portalMetrics(): EmfWriter {
  metrics ??= new EmfWriter(process.env.POWERTOOLS_METRICS_NAMESPACE || DEFAULT_METRICS_NAMESPACE, serviceName());
  return metrics;
}

export const countMetric = (name: BusinessMetric, value = 1) => portalMetrics().add(name, 'Count', value);
export const millisecondsMetric = (name: BusinessMetric, ms: number) => portalMetrics().add(name, 'Milliseconds', Math.round(ms));

/**
 * The metrics the stage's alarms watch (infra: the canaries' rollback, the jobs' failure and
 * heartbeat alarms), each written at once as an EMF line of its own with its own dimension sets,
 * apart from the business metrics: those keep the one set [service] whatever a request adds.
 */
export type SignalMetric = 'Http5xx' | 'JobSucceeded' | 'JobFailed';

/**
 * One count of `name` under each of `dimensionSets` (each with `service` too), as one EMF record
 * written at once (every set in the record's Dimensions array, as Powertools' single metric with
 * `addDimensions` writes it). Nothing is written where metrics are off (POWERTOOLS_METRICS_DISABLED:
 * the local stack and the tests).
 */
function signal(name: SignalMetric, dimensionSets: Record<string, string>[]) {
  portalMetrics().single(name, 'Count', 1, dimensionSets);
}

/** The function and version a record is counted for: Lambda's own variables (outside Lambda, `local` and `$LATEST`). */
export const functionName = () => process.env.AWS_LAMBDA_FUNCTION_NAME || 'local';
export const functionVersion = () => process.env.AWS_LAMBDA_FUNCTION_VERSION || '$LATEST';

/**
 * An API answer with status 500 or above (an uncaught exception made into a 500, or a 5xx the
 * handler chose), per function and per version: the canary's rollback alarm watches the version
 * CodeDeploy shifts to, which Lambda's `Errors` cannot see since the middleware answers instead of
 * throwing.
 */
export const countHttp5xx = () =>
  signal('Http5xx', [{ FunctionName: functionName() }, { FunctionName: functionName(), Version: functionVersion() }]);

/** The end of a scheduled or event-driven job's run: `job` is the short name of its handler (`alerts-evaluate`). */
export const countJobRun = (job: string, outcome: 'succeeded' | 'failed') => signal(outcome === 'succeeded' ? 'JobSucceeded' : 'JobFailed', [{ job }]);

/** Writes the stored metrics as one EMF line (nothing when none were added, or when metrics are disabled). */
export function publishMetrics() {
  if (metrics?.hasStored()) metrics.publish();
}

export const tracingEnabled = () => process.env.POWERTOOLS_TRACE_ENABLED?.toLowerCase() !== 'false';

let tracer: Tracer | undefined;
let loading: Promise<Tracer | undefined> | undefined;
/**
 * Loads the Tracer from its layer where tracing is on; the API middleware and the triggers await
 * it before their handler, so the clients they create (lambdas/shared/platform/clients.ts) are captured. No
 * layer (a run outside Lambda with tracing left on): no Tracer, said once.
 */
export function tracingReady(): Promise<Tracer | undefined> {
  if (!tracingEnabled()) return Promise.resolve(undefined);
  const module = process.env.PORTAL_TRACER_MODULE;
  if (!module) {
    loading ??= Promise.resolve(undefined).then(() => {
      portalLogger().warn('tracing is on but PORTAL_TRACER_MODULE is not set: AWS calls are not traced');
      return undefined;
    });
    return loading;
  }
  // A path known only at run time: esbuild leaves this import out of the function's bundle.
  loading ??= (import(module) as Promise<{ Tracer: typeof Tracer }>).then((m) => (tracer = new m.Tracer({ serviceName: serviceName() })));
  return loading;
}

/** The client with X-Ray subsegments for its calls, once the Tracer is loaded; else as it is. */
export function traced<C>(client: C): C {
  return tracer && tracingEnabled() ? tracer.captureAWSv3Client(client) : client;
}
