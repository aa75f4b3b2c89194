import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildLatestQuery, createTelemetryClient, TELEMETRY_FIELDS, TelemetryServiceError, type TelemetryClientOptions } from '../../../lambdas/shared/domain/telemetry/client.js';
import { fleet, startFakeService, type FakeService } from './support/fake-service.js';

const KEY = 'client-test-key';
const NOW = Date.parse('2026-11-22T15:07:30Z');
let svc: FakeService;
let clock = NOW;

const client = (o: Partial<TelemetryClientOptions> = {}) =>
  createTelemetryClient({ baseUrl: svc.url, apiKey: KEY, maxPages: 100, timeoutMs: 2000, backoffMs: 5, now: () => clock, ...o });
const deviceCalls = () => svc.requests.filter((r) => r.url.startsWith('/v3/device')).length;
const queryCalls = () => svc.requests.filter((r) => r.url === '/v3/telemetry/query').length;
const id = (i: number) => `DEV-${String(i).padStart(5, '0')}`;

beforeEach(async () => {
  clock = NOW;
  const devices = fleet(2500, (i) => `E${((i - 1) % 3) + 1}`);
  devices[0]!.silent = true;
  svc = await startFakeService(KEY, devices);
});
afterEach(() => svc.close());

describe('device list', () => {
  it('follows links.next over every page into { deviceId, equipment: { id } }, with the key', async () => {
    const devices = await client().listDevices();
    expect(devices).toHaveLength(2500);
    expect(devices[0]).toEqual({ deviceId: 'DEV-00001', equipment: { id: 'E1' } });
    expect(svc.requests.map((r) => r.url)).toEqual(['/v3/device?limit=1000', '/v3/device?limit=1000&cursor=1000', '/v3/device?limit=1000&cursor=2000']);
    expect(new Set(svc.requests.map((r) => r.authorization))).toEqual(new Set([`Bearer ${KEY}`]));
  });
  it('leaves out devices tied to no equipment', async () => {
    svc.devices = [{ deviceId: 'SPARE', equipmentId: null }, { deviceId: 'D1', equipmentId: 'E9' }];
    expect(await client().listDevices()).toEqual([{ deviceId: 'D1', equipment: { id: 'E9' } }]);
  });
  it('stops with an error when links.next repeats a URL (loop guard)', async () => {
    svc.behaviour.loopPaging = true;
    await expect(client().listDevices()).rejects.toThrow(/loops/);
    expect(deviceCalls()).toBe(1);
  });
  it('stops with an error after the configured number of pages', async () => {
    svc.behaviour.pageSize = 100;
    await expect(client({ maxPages: 5 }).listDevices()).rejects.toThrow(/more than 5 pages/);
    expect(deviceCalls()).toBe(5);
  });
  it('never follows links.next to another origin with the key', async () => {
    const other = createServer((_req, res) => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ data: [], links: { next: 'http://127.0.0.2:9/v3/device?page=2' } }));
    });
    await new Promise<void>((r) => other.listen(0, '127.0.0.1', r));
    const port = (other.address() as AddressInfo).port;
    try {
      const c = createTelemetryClient({ baseUrl: `http://127.0.0.1:${port}`, apiKey: KEY, maxPages: 5, timeoutMs: 1000 });
      await expect(c.listDevices()).rejects.toThrow(/leaves its origin/);
    } finally {
      other.close();
    }
  });
  it('is cached for minutes and concurrent callers share one load', async () => {
    const c = client();
    await Promise.all([c.listDevices(), c.listDevices(), c.listDevices()]);
    expect(deviceCalls()).toBe(3);
    clock += 4 * 60_000;
    await c.listDevices();
    expect(deviceCalls()).toBe(3);
    clock += 2 * 60_000;
    await c.listDevices();
    expect(deviceCalls()).toBe(6);
  });
  it('refuses a page of an unexpected shape', async () => {
    svc.faults.push({ on: 'device', times: 1, status: 200 });
    await expect(client().listDevices()).rejects.toThrow(/unexpected shape/);
  });
});

describe('retries and time limits', () => {
  it('retries 5xx and dropped connections with backoff, then succeeds', async () => {
    svc.faults.push({ on: 'device', times: 1, status: 503 }, { on: 'device', times: 1, drop: true });
    const c = client();
    expect(await c.listDevices()).toHaveLength(2500);
    expect(c.stats.retries).toBe(2);
  });
  it('never retries a 4xx', async () => {
    const c = client({ apiKey: 'wrong' });
    const err = await c.listDevices().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TelemetryServiceError);
    expect((err as TelemetryServiceError).status).toBe(401);
    expect(deviceCalls()).toBe(1);
  });
  it('gives up after a bounded number of attempts on a failing service', async () => {
    svc.faults.push({ on: 'any', times: 100, status: 500 });
    const c = client({ retries: 2 });
    await expect(c.listDevices()).rejects.toMatchObject({ status: 500 });
    expect(deviceCalls()).toBe(3);
  });
  it('times out a request that hangs and retries it', async () => {
    svc.faults.push({ on: 'device', times: 1, delayMs: 1500 });
    const c = client({ timeoutMs: 300 });
    const started = Date.now();
    expect(await c.listDevices()).toHaveLength(2500);
    expect(Date.now() - started).toBeLessThan(1500);
    expect(c.stats.retries).toBe(1);
  });
  it('stops at the deadline however many attempts remain', async () => {
    svc.faults.push({ on: 'any', times: 20, delayMs: 1000 });
    const c = client({ timeoutMs: 1000, retries: 5 });
    const started = Date.now();
    const err = await c.listDevices({ deadline: started + 400 }).catch((e: unknown) => e);
    expect(err).toEqual(new TelemetryServiceError('The telemetry service did not answer in time.'));
    expect((err as TelemetryServiceError).status).toBe(0);
    expect(Date.now() - started).toBeLessThan(900);
    const late = Date.now();
    await expect(c.latestSamples(['DEV-00002'], { deadline: late + 300 })).rejects.toThrow('The telemetry service did not answer in time.');
    expect(Date.now() - late).toBeLessThan(900);
  });
  it('reports an unreachable service', async () => {
    const url = svc.url;
    await svc.close();
    const c = createTelemetryClient({ baseUrl: url, apiKey: KEY, maxPages: 5, timeoutMs: 500, backoffMs: 1, retries: 1 });
    await expect(c.listDevices()).rejects.toThrow(/not reachable/);
    svc = await startFakeService(KEY, []);
  });
});

describe('samples', () => {
  it('queries the last 5-minute bucket of the past hour for the spec fields', () => {
    const q = buildLatestQuery(['a"b', 'c']);
    expect(q).toContain('range(start: -1h)');
    expect(q).toContain('set: ["a\\"b", "c"]');
    expect(q).toContain('aggregateWindow(every: 5m, fn: last');
    for (const f of TELEMETRY_FIELDS) expect(q).toContain(JSON.stringify(f));
  });
  it('batches devices: 1,000 devices in 5 queries, one sample each with _time and metrics', async () => {
    const c = client({ batchSize: 200 });
    const ids = Array.from({ length: 1000 }, (_, i) => id(i + 1));
    const samples = await c.latestSamples(ids);
    expect(queryCalls()).toBe(5);
    expect(Object.keys(samples)).toHaveLength(1000);
    expect(samples[id(2)]).toEqual({ _time: svc.sampleTime, 'amps-1': 12.5, callForCool: true });
    expect(samples[id(1)]).toEqual({ _time: null }); // silent for the last hour: no data, not zeros
  });
  it('caches samples for seconds and coalesces identical concurrent requests', async () => {
    const c = client();
    await Promise.all([c.latestSamples([id(2), id(3)]), c.latestSamples([id(3), id(2)])]);
    expect(queryCalls()).toBe(1);
    clock += 10_000;
    await c.latestSamples([id(2)]);
    expect(queryCalls()).toBe(1);
    clock += 10_000;
    await c.latestSamples([id(2)]);
    expect(queryCalls()).toBe(2);
  });
  it('marks the devices of a failed batch with an error and a null time; throws when every batch fails', async () => {
    const c = client({ batchSize: 2, concurrency: 1, retries: 0 });
    svc.faults.push({ on: 'query', times: 1, status: 502 });
    const samples = await c.latestSamples([id(2), id(3), id(4)]);
    expect(samples[id(2)]).toEqual({ error: 'The telemetry service answered 502.', _time: null });
    expect(samples[id(3)]).toEqual({ error: 'The telemetry service answered 502.', _time: null });
    expect(samples[id(4)]!._time).toEqual(svc.sampleTime);
    svc.faults.push({ on: 'query', times: 10, status: 500 });
    await expect(c.latestSamples([id(5), id(6)])).rejects.toBeInstanceOf(TelemetryServiceError);
  });
});
