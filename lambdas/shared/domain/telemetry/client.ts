/**
 * The client of the telemetry service's v3 API: the paged device list and Flux queries for the
 * latest samples and for a period's readings (the energy estimates). Created once per container, so its caches (device list for minutes, samples for
 * seconds) live as long as the container does. Knows nothing of AWS but the portal's metrics of
 * each call (latency, failures); `service.ts` configures it.
 */
import type { Sample } from '../../contract/telemetry.js';
import { faultFor } from '../../platform/faults.js';
import { countMetric, millisecondsMetric } from '../../platform/observability.js';
import * as z from '../../platform/zod-parts.js';

/** A device of the telemetry service, tied to a portal equipment row by equipment.id. */
export interface TelemetryDevice {
  deviceId: string;
  equipment: { id: string };
}

export type DeviceSample = Sample;

/**
 * `deadline` (epoch ms) bounds one call, attempts and backoff included: a Lambda behind API Gateway
 * must answer before its own timeout, or the caller gets the gateway's error instead of ours.
 */
export interface CallLimit {
  deadline?: number;
}

export interface TelemetryClient {
  /** Every device of the account, following links.next; cached for minutes. */
  listDevices(limit?: CallLimit): Promise<TelemetryDevice[]>;
  /** The latest sample per device in the last hour, queried in batches; cached for seconds. */
  latestSamples(deviceIds: string[], limit?: CallLimit): Promise<Record<string, DeviceSample>>;
  /**
   * Each device's readings over [start, stop): the last sample of every `everyMinutes` window,
   * oldest first, the fields of READING_FIELDS (or the range's) only; queried in small batches, not cached. A batch
   * that fails leaves its devices an `error` (no samples); all failing throws.
   */
  periodSamples(deviceIds: string[], range: SampleRange, limit?: CallLimit): Promise<Record<string, PeriodSamples>>;
  /** Each device's first reading time in [start, stop) (ISO), or null when it has none there; one query per 200 devices, not cached. */
  firstReadings(deviceIds: string[], range: SampleRange, limit?: CallLimit): Promise<Record<string, string | null>>;
}

/** A period of readings: ISO times, start included, stop not; windows of `everyMinutes` (default 5); `fields` (default READING_FIELDS). */
export interface SampleRange {
  start: string;
  stop: string;
  everyMinutes?: number;
  fields?: readonly string[];
}

export interface PeriodSamples {
  samples: DeviceSample[];
  error?: string;
}

/** The telemetry service failed or answered something unusable; status is its HTTP status (0: no answer). */
export class TelemetryServiceError extends Error {
  constructor(
    message: string,
    readonly status = 0,
  ) {
    super(message);
  }
}

/** Spec section 3's fields, labelled and those the runtime-state rules use. */
export const TELEMETRY_FIELDS = [
  'callForCool',
  'callForHeat',
  'sadb-1',
  'radb-1',
  'wst',
  'wrt',
  'amps-1',
  'amps-2',
  'amps-3',
  'ty',
  'tw',
  'runtimeOne',
  'timeInCooling',
  'coolMin',
  'totalAmps',
] as const;

export interface TelemetryClientOptions {
  baseUrl: string;
  apiKey: string;
  /** Most device-list pages followed before giving up (a loop guard besides repeated URLs). */
  maxPages: number;
  /** Per attempt. */
  timeoutMs: number;
  /** Attempts after the first, on network errors and 5xx only. */
  retries?: number;
  backoffMs?: number;
  deviceTtlMs?: number;
  sampleTtlMs?: number;
  /** Devices per Flux query. */
  batchSize?: number;
  /** Devices per period query (each brings thousands of rows). */
  periodBatchSize?: number;
  /** Queries in flight at once. */
  concurrency?: number;
  pageSize?: number;
  bucket?: string;
  fetch?: typeof fetch;
  /** The clock of the caches (tests move it); timeouts and deadlines use the real one. */
  now?: () => number;
}

/** The fields the estimates read (domain/insight/samples.ts): leg currents, air temperatures, the state signals. */
export const READING_FIELDS = ['amps-1', 'amps-2', 'amps-3', 'sadb-1', 'radb-1', 'callForCool', 'callForHeat', 'ty', 'tw', 'runtimeOne', 'timeInCooling', 'coolMin'] as const;
/** Those kWh per runtime hour needs (the drift's baseline): the currents and the state, no temperatures. */
export const POWER_FIELDS = READING_FIELDS.filter((f) => f !== 'sadb-1' && f !== 'radb-1');

const Id = z.pipe(z.union([z.string(), z.number()]), z.transform(String));

const DevicePage = z.object({
  data: z.array(z.object({ deviceId: Id, equipment: z.nullish(z.object({ id: Id })) })),
  links: z.nullish(z.object({ next: z.nullish(z.string()) })),
});

const QueryAnswer = z.object({
  data: z.array(
    z.object({
      deviceId: Id,
      _time: z.string(),
      _field: z.string(),
      _value: z.union([z.number(), z.string(), z.boolean(), z.null()]),
    }),
  ),
});

/** Builds the Flux text reading, for these devices, the last 5-minute bucket of the past hour. */
export function buildLatestQuery(deviceIds: readonly string[], bucket = 'telemetry'): string {
  const list = (xs: readonly string[]) => xs.map((x) => JSON.stringify(x)).join(', ');
  return [
    `from(bucket: ${JSON.stringify(bucket)})`,
    '  |> range(start: -1h)',
    `  |> filter(fn: (r) => contains(value: r.deviceId, set: [${list(deviceIds)}]))`,
    `  |> filter(fn: (r) => contains(value: r._field, set: [${list(TELEMETRY_FIELDS)}]))`,
    '  |> aggregateWindow(every: 5m, fn: last, createEmpty: false, timeSrc: "_time")',
    '  |> last()',
  ].join('\n');
}

const quoted = (xs: readonly string[]) => xs.map((x) => JSON.stringify(x)).join(', ');
const rfc3339 = (t: string) => {
  const ms = Date.parse(t);
  if (!Number.isFinite(ms)) throw new RangeError(`not a time: ${t}`);
  return new Date(ms).toISOString();
};

/** Builds the Flux text reading, for these devices, the last sample of each window over [start, stop). */
export function buildPeriodQuery(deviceIds: readonly string[], range: SampleRange, bucket = 'telemetry'): string {
  const every = range.everyMinutes ?? 5;
  if (!Number.isInteger(every) || every < 1) throw new RangeError('the window must be a whole number of minutes');
  return [
    `from(bucket: ${JSON.stringify(bucket)})`,
    `  |> range(start: ${rfc3339(range.start)}, stop: ${rfc3339(range.stop)})`,
    `  |> filter(fn: (r) => contains(value: r.deviceId, set: [${quoted(deviceIds)}]))`,
    `  |> filter(fn: (r) => contains(value: r._field, set: [${quoted(range.fields ?? READING_FIELDS)}]))`,
    `  |> aggregateWindow(every: ${every}m, fn: last, createEmpty: false, timeSrc: "_time")`,
  ].join('\n');
}

/** Builds the Flux text reading, for these devices, the first point of each reading field in [start, stop). */
export function buildFirstQuery(deviceIds: readonly string[], range: SampleRange, bucket = 'telemetry'): string {
  return [
    `from(bucket: ${JSON.stringify(bucket)})`,
    `  |> range(start: ${rfc3339(range.start)}, stop: ${rfc3339(range.stop)})`,
    `  |> filter(fn: (r) => contains(value: r.deviceId, set: [${quoted(deviceIds)}]))`,
    `  |> filter(fn: (r) => contains(value: r._field, set: [${quoted(READING_FIELDS)}]))`,
    '  |> first()',
  ].join('\n');
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const timedOut = () => new TelemetryServiceError('The telemetry service did not answer in time.');

/** Runs the tasks with at most `limit` in flight; resolves with their settled results in order. */
async function pool<T>(tasks: (() => Promise<T>)[], limit: number): Promise<PromiseSettledResult<T>[]> {
  const results: PromiseSettledResult<T>[] = new Array(tasks.length);
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const i = next++;
      try {
        results[i] = { status: 'fulfilled', value: await tasks[i]!() };
      } catch (reason) {
        results[i] = { status: 'rejected', reason };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker));
  return results;
}

/**
 * The fetch with the FAULTS of the telemetry service (../faults.ts): `telemetry:hang` never answers
 * (the attempt's own timeout ends it), `telemetry:503` (or any status) answers that status.
 */
function withFaults(doFetch: typeof fetch): typeof fetch {
  return (input, init) => {
    const fault = process.env.FAULTS ? faultFor('telemetry') : undefined;
    if (!fault) return doFetch(input, init);
    if (fault.kind === 'hang')
      return new Promise((_, reject) => {
        const signal = init?.signal;
        if (signal?.aborted) reject(signal.reason);
        signal?.addEventListener('abort', () => reject(signal.reason), { once: true });
      });
    const status = /^\d{3}$/.test(fault.kind) ? Number(fault.kind) : fault.kind === 'throttle' ? 429 : 503;
    return Promise.resolve(new Response(JSON.stringify({ message: `Failure on purpose (FAULTS): ${fault.kind}` }), { status, headers: { 'content-type': 'application/json' } }));
  };
}

export type TelemetryClientWithStats = TelemetryClient & { stats: { requests: number; retries: number } };

export function createTelemetryClient(opts: TelemetryClientOptions): TelemetryClientWithStats {
  const base = new URL(opts.baseUrl.endsWith('/') ? opts.baseUrl : `${opts.baseUrl}/`);
  // No FAULTS wrapper in the deployed bundles (PORTAL_FAULT_INJECTION 'off': infra/function-bundling.ts).
  const doFetch = process.env.PORTAL_FAULT_INJECTION === 'off' ? (opts.fetch ?? fetch) : withFaults(opts.fetch ?? fetch);
  const now = opts.now ?? Date.now;
  const retries = opts.retries ?? 2;
  const backoffMs = opts.backoffMs ?? 200;
  const deviceTtlMs = opts.deviceTtlMs ?? 5 * 60_000;
  const sampleTtlMs = opts.sampleTtlMs ?? 15_000;
  const batchSize = opts.batchSize ?? 200;
  const periodBatchSize = opts.periodBatchSize ?? 5;
  const concurrency = opts.concurrency ?? 4;
  const pageSize = opts.pageSize ?? 1000;
  const stats = { requests: 0, retries: 0 };
  const inflight = new Map<string, Promise<unknown>>();

  /** One call with a timeout per attempt and a bounded retry with backoff on network errors and 5xx. */
  async function attempt(method: 'GET' | 'POST', url: string, deadline: number, body?: string): Promise<unknown> {
    for (let i = 0; ; i++) {
      const left = deadline - Date.now();
      if (left <= 0) throw timedOut();
      let failure: TelemetryServiceError;
      try {
        stats.requests++;
        const res = await doFetch(url, {
          method,
          headers: { authorization: `Bearer ${opts.apiKey}`, accept: 'application/json', ...(body ? { 'content-type': 'application/json' } : {}) },
          body,
          signal: AbortSignal.timeout(Math.min(opts.timeoutMs, left)),
        });
        const text = await res.text();
        if (res.ok) {
          try {
            return JSON.parse(text);
          } catch {
            throw new TelemetryServiceError('The telemetry service sent an answer that is not JSON.', res.status);
          }
        }
        failure = new TelemetryServiceError(`The telemetry service answered ${res.status}.`, res.status);
        if (res.status < 500) throw failure;
      } catch (err) {
        if (err instanceof TelemetryServiceError) {
          if (err.status < 500 && err.status !== 0) throw err;
          failure = err;
        } else {
          // By name, not instanceof: the abort is a DOMException, from another realm under test runners.
          const name = typeof err === 'object' && err !== null && 'name' in err ? err.name : undefined;
          const late = name === 'TimeoutError' || name === 'AbortError';
          failure = late ? timedOut() : new TelemetryServiceError('The telemetry service is not reachable.');
        }
      }
      const wait = backoffMs * 2 ** i * (0.75 + Math.random() * 0.5);
      if (i >= retries || Date.now() + wait >= deadline) throw failure;
      stats.retries++;
      await sleep(wait);
    }
  }

  /** The service's latency (retries included) and failures as the portal's metrics (EMF). */
  async function measured<T>(call: Promise<T>): Promise<T> {
    const started = performance.now();
    try {
      return await call;
    } catch (err) {
      countMetric('TelemetryError');
      throw err;
    } finally {
      millisecondsMetric('TelemetryLatency', performance.now() - started);
    }
  }

  /** Identical concurrent requests share one call. */
  function request(method: 'GET' | 'POST', url: string, deadline: number, body?: string): Promise<unknown> {
    const key = `${method} ${url} ${body ?? ''}`;
    let p = inflight.get(key);
    if (!p) {
      p = measured(attempt(method, url, deadline, body)).finally(() => inflight.delete(key));
      inflight.set(key, p);
    }
    return p;
  }

  let devices: { at: number; value: TelemetryDevice[] } | undefined;
  let devicesLoading: Promise<TelemetryDevice[]> | undefined;

  async function fetchAllDevices(deadline: number): Promise<TelemetryDevice[]> {
    const out: TelemetryDevice[] = [];
    const seen = new Set<string>();
    let url: string | null = new URL(`v3/device?limit=${pageSize}`, base).toString();
    let pages = 0;
    while (url) {
      if (seen.has(url)) throw new TelemetryServiceError(`The telemetry service's device list loops (links.next repeats ${url}).`);
      if (++pages > opts.maxPages) throw new TelemetryServiceError(`The telemetry service's device list has more than ${opts.maxPages} pages.`);
      seen.add(url);
      const parsed = DevicePage.safeParse(await request('GET', url, deadline));
      if (!parsed.success) throw new TelemetryServiceError('The telemetry service sent a device page of an unexpected shape.');
      for (const d of parsed.data.data) if (d.equipment) out.push({ deviceId: d.deviceId, equipment: { id: d.equipment.id } });
      const next = parsed.data.links?.next;
      if (next) {
        let nextUrl: URL;
        try {
          nextUrl = new URL(next);
        } catch {
          throw new TelemetryServiceError('The telemetry service sent a links.next that is not an absolute URL.');
        }
        // The service key goes only to the configured service.
        if (nextUrl.origin !== base.origin) throw new TelemetryServiceError(`The telemetry service's links.next leaves its origin (${nextUrl.origin}).`);
        url = nextUrl.toString();
      } else url = null;
    }
    return out;
  }

  async function listDevices(limit: CallLimit = {}): Promise<TelemetryDevice[]> {
    if (devices && now() - devices.at < deviceTtlMs) return devices.value;
    devicesLoading ??= fetchAllDevices(limit.deadline ?? Infinity)
      .then((value) => {
        devices = { at: now(), value };
        return value;
      })
      .finally(() => (devicesLoading = undefined));
    return devicesLoading;
  }

  const samples = new Map<string, { at: number; value: DeviceSample }>();

  async function queryBatch(ids: string[], deadline: number): Promise<Record<string, DeviceSample>> {
    const url = new URL('v3/telemetry/query', base).toString();
    const answer = QueryAnswer.safeParse(await request('POST', url, deadline, JSON.stringify({ query: buildLatestQuery(ids, opts.bucket) })));
    if (!answer.success) throw new TelemetryServiceError('The telemetry service sent query rows of an unexpected shape.');
    const out: Record<string, DeviceSample> = {};
    for (const id of ids) out[id] = { _time: null };
    for (const row of answer.data.data) {
      const s = out[row.deviceId];
      if (!s) continue;
      if (!s._time || row._time > s._time) s._time = row._time;
      s[row._field] = row._value;
    }
    return out;
  }

  async function latestSamples(deviceIds: string[], limit: CallLimit = {}): Promise<Record<string, DeviceSample>> {
    const deadline = limit.deadline ?? Infinity;
    const t = now();
    const out: Record<string, DeviceSample> = {};
    const missing: string[] = [];
    const unique = new Set(deviceIds);
    for (const id of unique) {
      const hit = samples.get(id);
      if (hit && t - hit.at < sampleTtlMs) out[id] = hit.value;
      else missing.push(id);
    }
    missing.sort();
    const batches: string[][] = [];
    for (let i = 0; i < missing.length; i += batchSize) batches.push(missing.slice(i, i + batchSize));
    const results = await pool(
      batches.map((b) => () => queryBatch(b, deadline)),
      concurrency,
    );
    let failed: unknown;
    results.forEach((r, i) => {
      if (r.status === 'fulfilled') {
        for (const [id, value] of Object.entries(r.value)) {
          out[id] = value;
          samples.set(id, { at: now(), value });
        }
      } else {
        failed = r.reason;
        const message = r.reason instanceof Error ? r.reason.message : 'The telemetry query failed.';
        for (const id of batches[i]!) out[id] = { error: message, _time: null };
      }
    });
    // Nothing at all came back: the service is down, not one device.
    if (failed && results.every((r) => r.status === 'rejected') && missing.length === unique.size) throw failed;
    if (samples.size > 50_000) for (const [id, s] of samples) if (now() - s.at >= sampleTtlMs) samples.delete(id);
    return out;
  }

  async function periodBatch(ids: string[], range: SampleRange, deadline: number): Promise<Record<string, PeriodSamples>> {
    const url = new URL('v3/telemetry/query', base).toString();
    const answer = QueryAnswer.safeParse(await request('POST', url, deadline, JSON.stringify({ query: buildPeriodQuery(ids, range, opts.bucket) })));
    if (!answer.success) throw new TelemetryServiceError('The telemetry service sent query rows of an unexpected shape.');
    const byDevice = new Map<string, Map<string, DeviceSample>>(ids.map((id) => [id, new Map()]));
    for (const row of answer.data.data) {
      const times = byDevice.get(row.deviceId);
      if (!times) continue;
      let s = times.get(row._time);
      if (!s) times.set(row._time, (s = { _time: row._time }));
      s[row._field] = row._value;
    }
    const out: Record<string, PeriodSamples> = {};
    for (const [id, times] of byDevice) out[id] = { samples: [...times.values()].sort((a, b) => (a._time! < b._time! ? -1 : a._time! > b._time! ? 1 : 0)) };
    return out;
  }

  async function periodSamples(deviceIds: string[], range: SampleRange, limit: CallLimit = {}): Promise<Record<string, PeriodSamples>> {
    const unique = [...new Set(deviceIds)].sort();
    const batches: string[][] = [];
    for (let i = 0; i < unique.length; i += periodBatchSize) batches.push(unique.slice(i, i + periodBatchSize));
    const results = await pool(
      batches.map((b) => () => periodBatch(b, range, limit.deadline ?? Infinity)),
      concurrency,
    );
    if (results.length > 0 && results.every((r) => r.status === 'rejected')) throw (results[0] as PromiseRejectedResult).reason;
    const out: Record<string, PeriodSamples> = {};
    results.forEach((r, i) => {
      if (r.status === 'fulfilled') Object.assign(out, r.value);
      else {
        const message = r.reason instanceof Error ? r.reason.message : 'The telemetry query failed.';
        for (const id of batches[i]!) out[id] = { samples: [], error: message };
      }
    });
    return out;
  }

  async function firstBatch(ids: string[], range: SampleRange, deadline: number): Promise<Record<string, string | null>> {
    const url = new URL('v3/telemetry/query', base).toString();
    const answer = QueryAnswer.safeParse(await request('POST', url, deadline, JSON.stringify({ query: buildFirstQuery(ids, range, opts.bucket) })));
    if (!answer.success) throw new TelemetryServiceError('The telemetry service sent query rows of an unexpected shape.');
    const out: Record<string, string | null> = Object.fromEntries(ids.map((id) => [id, null]));
    for (const row of answer.data.data) {
      const at = out[row.deviceId];
      if (at !== undefined && (at === null || Date.parse(row._time) < Date.parse(at))) out[row.deviceId] = row._time;
    }
    return out;
  }

  async function firstReadings(deviceIds: string[], range: SampleRange, limit: CallLimit = {}): Promise<Record<string, string | null>> {
    const unique = [...new Set(deviceIds)].sort();
    const batches: string[][] = [];
    for (let i = 0; i < unique.length; i += batchSize) batches.push(unique.slice(i, i + batchSize));
    const results = await Promise.all(batches.map((b) => firstBatch(b, range, limit.deadline ?? Infinity)));
    return Object.assign({}, ...results) as Record<string, string | null>;
  }

  return { listDevices, latestSamples, periodSamples, firstReadings, stats };
}
