/**
 * The portal's metrics as CloudWatch EMF lines, written as Powertools' Metrics (2.x) writes them,
 * without it (issue 42: its Metrics, commons and invoke-store code were about 11 KB of every
 * bundle). test/unit/shared/emf.test.ts checks the lines byte for byte against Powertools' own for
 * the same calls: the `Http5xx` record the canary's rollback alarm reads (namespace, dimension sets
 * [service, FunctionName] and [service, FunctionName, Version], unit Count), the jobs' records and
 * the business metrics (one set [service]; a metric added twice is a list of values).
 *
 * - One line of JSON on stdout (CloudWatch Logs extracts the metrics from it), keys in Powertools'
 *   order: `_aws` (Timestamp, CloudWatchMetrics), the dimensions, the values.
 * - Off where POWERTOOLS_METRICS_DISABLED says so (the local stack, the tests), else where
 *   POWERTOOLS_DEV is on, as Powertools decides; read on each write.
 * - The business metrics are held for the request (per process: one invocation at a time per
 *   container) and written by `publish`; at 100 metrics, or 100 values of one, they are written at
 *   once, as Powertools does (EMF's limits).
 */

export type EmfUnit = 'Count' | 'Milliseconds';

const TRUTHY = new Set(['1', 'y', 'yes', 't', 'true', 'on']);
const FALSY = new Set(['0', 'n', 'no', 'f', 'false', 'off']);
const MAX_METRICS = 100;
const MAX_VALUES = 100;

const flag = (key: string): boolean | undefined => {
  const v = process.env[key]?.trim().toLowerCase();
  if (v === undefined || v === '') return undefined;
  if (TRUTHY.has(v)) return true;
  if (FALSY.has(v)) return false;
  throw new Error(`Environment variable ${key} must be a boolean`);
};
const devMode = () => {
  try {
    return flag('POWERTOOLS_DEV') ?? false;
  } catch {
    return false;
  }
};
/** As Powertools: POWERTOOLS_METRICS_DISABLED where set, else off in POWERTOOLS_DEV's dev mode. */
export const metricsDisabled = () => ('POWERTOOLS_METRICS_DISABLED' in process.env && process.env.POWERTOOLS_METRICS_DISABLED !== undefined ? (flag('POWERTOOLS_METRICS_DISABLED') ?? false) : devMode());

/** Its own stdout line in Lambda (not Lambda's console, which prefixes each line); console.log in dev mode, as Powertools. */
function write(record: object) {
  const line = JSON.stringify(record);
  if (devMode()) console.log(line);
  else process.stdout.write(`${line}\n`);
}

interface Stored {
  name: string;
  unit: EmfUnit;
  value: number | number[];
}

/** Dimension sets: each with `service` first; empty names or values are left out, as Powertools leaves them. */
function dimensionSets(service: string, sets: Record<string, string>[]) {
  const clean = sets.map((s) => Object.fromEntries(Object.entries(s).filter(([k, v]) => k !== '' && typeof v === 'string' && v !== '')));
  const names = clean.length ? clean.map((s) => [...new Set(['service', ...Object.keys(s)])]) : [['service']];
  return { names, values: Object.assign({ service }, ...clean) as Record<string, string> };
}

function record(namespace: string, service: string, metrics: Stored[], sets: Record<string, string>[] = []) {
  const dims = dimensionSets(service, sets);
  return {
    _aws: {
      Timestamp: Date.now(),
      CloudWatchMetrics: [{ Namespace: namespace, Dimensions: dims.names, Metrics: metrics.map((m) => ({ Name: m.name, Unit: m.unit })) }],
    },
    ...dims.values,
    ...Object.fromEntries(metrics.map((m) => [m.name, m.value])),
  };
}

/** Metrics of one namespace and service (Powertools' `service` default dimension). */
export class EmfWriter {
  #stored = new Map<string, Stored>();

  constructor(
    readonly namespace: string,
    readonly service: string,
  ) {}

  /** Holds a value of `name` until `publish` (a second value of a name makes a list). */
  add(name: string, unit: EmfUnit, value: number): void {
    if (this.#stored.size >= MAX_METRICS) this.publish();
    const m = this.#stored.get(name);
    if (!m) this.#stored.set(name, { name, unit, value });
    else {
      if (m.unit !== unit) throw new Error(`Metric "${name}" has already been added with unit "${m.unit}", but we received unit "${unit}".`);
      m.value = Array.isArray(m.value) ? [...m.value, value] : [m.value, value];
      if (m.value.length === MAX_VALUES) this.publish();
    }
  }

  hasStored(): boolean {
    return this.#stored.size > 0;
  }

  /** Writes what is held as one line (nothing when nothing is, or metrics are off), and forgets it. */
  publish(): void {
    if (this.#stored.size > 0 && !metricsDisabled()) write(record(this.namespace, this.service, [...this.#stored.values()]));
    this.#stored.clear();
  }

  /** One value of `name` written at once as a line of its own, under each of `dimensionSets` (each with `service`). */
  single(name: string, unit: EmfUnit, value: number, dimensionSets: Record<string, string>[]): void {
    if (!metricsDisabled()) write(record(this.namespace, this.service, [{ name, unit, value }], dimensionSets));
  }
}
