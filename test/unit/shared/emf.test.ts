/**
 * The portal's EMF lines (lambdas/shared/platform/emf.ts, through observability.ts) byte for byte
 * against Powertools' Metrics for the same calls, at the same instant, in the same environment:
 * above all `Http5xx`, which the canary's rollback alarm reads (infra: namespace, the dimension set
 * [service, FunctionName, Version], unit Count); the jobs' records; the business metrics.
 */
import { jest } from '@jest/globals';
import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import { countHttp5xx, countJobRun, countMetric, DEFAULT_METRICS_NAMESPACE, millisecondsMetric, publishMetrics } from '../../../lambdas/shared/platform/observability.js';
import { METRICS_NAMESPACE } from '../../../lambdas/shared/resources/function-names.js';

const saved = { ...process.env };
beforeAll(() => {
  // As Lambda runs them (jest's setup turns metrics off): the portal's namespace and service, a function's name and version.
  Object.assign(process.env, {
    POWERTOOLS_METRICS_DISABLED: 'false',
    POWERTOOLS_SERVICE_NAME: 'portal-prod',
    POWERTOOLS_METRICS_NAMESPACE: METRICS_NAMESPACE,
    AWS_LAMBDA_FUNCTION_NAME: 'Portal-prod-DocumentsUploadDocumentFn4F2A',
    AWS_LAMBDA_FUNCTION_VERSION: '37',
  });
  jest.spyOn(Date, 'now').mockReturnValue(Date.UTC(2026, 10, 30, 1, 2, 3, 456));
});
afterAll(() => {
  process.env = saved;
  jest.restoreAllMocks();
});

/** Exactly what is written to stdout (and console.log) while `fn` runs. */
function written(fn: () => void): string {
  const out: string[] = [];
  const write = process.stdout.write.bind(process.stdout);
  process.stdout.write = ((chunk: string | Uint8Array) => (out.push(String(chunk)), true)) as typeof process.stdout.write;
  try {
    fn();
  } finally {
    process.stdout.write = write;
  }
  return out.join('');
}

const powertools = () => new Metrics({ namespace: process.env.POWERTOOLS_METRICS_NAMESPACE, serviceName: process.env.POWERTOOLS_SERVICE_NAME });

describe("the same bytes as Powertools' Metrics", () => {
  it('Http5xx: one record, per function and per version, that the rollback alarm reads', () => {
    const theirs = written(() => {
      const single = powertools().singleMetric();
      single.addDimensions({ FunctionName: 'Portal-prod-DocumentsUploadDocumentFn4F2A' });
      single.addDimensions({ FunctionName: 'Portal-prod-DocumentsUploadDocumentFn4F2A', Version: '37' });
      single.addMetric('Http5xx', MetricUnit.Count, 1);
    });
    const ours = written(() => countHttp5xx());
    expect(ours).toBe(theirs);
    expect(ours.endsWith('}\n')).toBe(true);
    const record = JSON.parse(ours) as { _aws: { Timestamp: number; CloudWatchMetrics: unknown[] } } & Record<string, unknown>;
    expect(record).toEqual({
      _aws: {
        Timestamp: Date.UTC(2026, 10, 30, 1, 2, 3, 456),
        CloudWatchMetrics: [
          {
            Namespace: METRICS_NAMESPACE,
            Dimensions: [
              ['service', 'FunctionName'],
              ['service', 'FunctionName', 'Version'],
            ],
            Metrics: [{ Name: 'Http5xx', Unit: 'Count' }],
          },
        ],
      },
      service: 'portal-prod',
      FunctionName: 'Portal-prod-DocumentsUploadDocumentFn4F2A',
      Version: '37',
      Http5xx: 1,
    });
  });

  it("a job's run, succeeded or failed, under its job dimension", () => {
    for (const [outcome, name] of [['succeeded', 'JobSucceeded'], ['failed', 'JobFailed']] as const) {
      const theirs = written(() => powertools().singleMetric().addDimensions({ job: 'alerts-evaluate' }).addMetric(name, MetricUnit.Count, 1));
      expect(written(() => countJobRun('alerts-evaluate', outcome))).toBe(theirs);
    }
  });

  it('the business metrics of a request: one record under [service], a metric added twice as a list', () => {
    const theirs = written(() => {
      const m = powertools();
      m.addMetric('SignIn', MetricUnit.Count, 1);
      m.addMetric('TelemetryLatency', MetricUnit.Milliseconds, 12);
      m.addMetric('TelemetryLatency', MetricUnit.Milliseconds, 340);
      m.addMetric('TelemetryError', MetricUnit.Count, 2);
      m.publishStoredMetrics();
    });
    const ours = written(() => {
      countMetric('SignIn');
      millisecondsMetric('TelemetryLatency', 12.2);
      millisecondsMetric('TelemetryLatency', 339.6);
      countMetric('TelemetryError', 2);
      publishMetrics();
    });
    expect(ours).toBe(theirs);
    expect(JSON.parse(ours)).toMatchObject({ TelemetryLatency: [12, 340], SignIn: 1, service: 'portal-prod' });
    // Published: nothing is held for the next request.
    expect(written(() => publishMetrics())).toBe('');
  });

  it("writes at once at 100 values of one metric, as EMF's limit makes Powertools do", () => {
    const theirs = written(() => {
      const m = powertools();
      for (let i = 0; i < 101; i++) m.addMetric('TelemetryLatency', MetricUnit.Milliseconds, i);
      m.publishStoredMetrics();
    });
    const ours = written(() => {
      for (let i = 0; i < 101; i++) millisecondsMetric('TelemetryLatency', i);
      publishMetrics();
    });
    expect(ours.split('\n')).toHaveLength(3);
    expect(ours).toBe(theirs);
  });
});

describe('off as Powertools is off', () => {
  afterEach(() => {
    process.env.POWERTOOLS_METRICS_DISABLED = 'false';
    delete process.env.POWERTOOLS_DEV;
  });
  it.each([
    ['POWERTOOLS_METRICS_DISABLED=true', { POWERTOOLS_METRICS_DISABLED: 'true' }],
    ['POWERTOOLS_METRICS_DISABLED=1', { POWERTOOLS_METRICS_DISABLED: '1' }],
    ['POWERTOOLS_DEV=true without POWERTOOLS_METRICS_DISABLED', { POWERTOOLS_DEV: 'true', POWERTOOLS_METRICS_DISABLED: undefined }],
  ])('%s: nothing written', (_, env) => {
    for (const [k, v] of Object.entries(env)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
    const theirs = written(() => {
      powertools().singleMetric().addMetric('Http5xx', MetricUnit.Count, 1);
      const m = powertools();
      m.addMetric('SignIn', MetricUnit.Count, 1);
      m.publishStoredMetrics();
    });
    const ours = written(() => {
      countHttp5xx();
      countMetric('SignIn');
      publishMetrics();
    });
    expect(theirs).toBe('');
    expect(ours).toBe('');
  });

  it('the namespace when POWERTOOLS_METRICS_NAMESPACE is unset is the one the alarms read', () => {
    expect(DEFAULT_METRICS_NAMESPACE).toBe(METRICS_NAMESPACE);
  });
});
