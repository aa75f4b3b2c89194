/**
 * The client's period read against the local simulator: the Flux text, windows honoured, batches,
 * a failed batch marked, and the demo's run profiles found by the estimates over what it reads.
 */
import { buildFirstQuery, buildPeriodQuery, createTelemetryClient, READING_FIELDS, TelemetryServiceError } from '../../../lambdas/shared/domain/telemetry/client.js';
import { readingsOfSamples, unitInsight } from '../../../lambdas/shared/domain/insight/index.js';
import { demoFleet } from '../../../infra/local/simulator/fleet.js';
import { startSimulator, type Simulator } from '../../../infra/local/simulator/simulator.js';

const KEY = 'period-test-key';
const NOW = Date.parse('2026-11-22T15:07:30Z');
let sim: Simulator;
const client = (o: { periodBatchSize?: number; retries?: number } = {}) => createTelemetryClient({ baseUrl: sim.url, apiKey: KEY, maxPages: 10, timeoutMs: 5000, backoffMs: 5, ...o });
const queries = () => sim.requests.filter((r) => r.url === '/v3/telemetry/query').length;
const day = { start: '2026-11-21T00:00:00Z', stop: '2026-11-22T00:00:00Z' };

beforeAll(async () => {
  sim = await startSimulator({ apiKey: KEY, fleet: demoFleet, now: () => NOW });
});
afterAll(() => sim.close());
beforeEach(() => {
  sim.requests.length = 0;
  sim.faults.length = 0;
});

describe('period query', () => {
  it('asks for the window, the devices and the reading fields, without last()', () => {
    const q = buildPeriodQuery(['a"b'], { start: '2026-11-01T00:00:00Z', stop: '2026-11-02T00:00:00Z' });
    expect(q).toContain('range(start: 2026-11-01T00:00:00.000Z, stop: 2026-11-02T00:00:00.000Z)');
    expect(q).toContain('set: ["a\\"b"]');
    expect(q).toContain('aggregateWindow(every: 5m, fn: last, createEmpty: false');
    expect(q).not.toContain('last()');
    for (const f of READING_FIELDS) expect(q).toContain(JSON.stringify(f));
    expect(() => buildPeriodQuery(['a'], { start: 'yesterday', stop: day.stop })).toThrow(RangeError);
    expect(() => buildPeriodQuery(['a'], { ...day, everyMinutes: 0 })).toThrow(RangeError);
  });

  it('reads one sample per window, oldest first, in batches', async () => {
    const ids = ['NCL-CH1-C1', 'NCL-CRAC1-A1', 'NCL-RTU1-A1', 'NCL-RTU2-A1', 'NCL-RTU2-B2', 'NCL-RTUA-A1', 'NCL-HV-AHU1'];
    const out = await client({ periodBatchSize: 3 }).periodSamples(ids, day);
    expect(queries()).toBe(3);
    const rtu = out['NCL-RTU1-A1']!.samples;
    expect(rtu).toHaveLength(288);
    const times = rtu.map((s) => Date.parse(s._time!));
    expect(times.every((t, i) => i === 0 || t - times[i - 1]! === 300_000)).toBe(true);
    expect(Object.keys(out['NCL-CH1-C1']!.samples[0]!).sort()).toEqual(['_time', 'amps-1', 'amps-2', 'amps-3', 'callForCool', 'callForHeat']);
    expect(out['NCL-CRAC1-A1']!.samples).toHaveLength(288);
    const wider = await client().periodSamples(['NCL-CH1-C1'], { ...day, everyMinutes: 15 });
    expect(wider['NCL-CH1-C1']!.samples).toHaveLength(96);
  });

  it('marks the devices of a failed batch with an error; throws when every batch fails', async () => {
    sim.faults.push({ on: 'query', times: 1, status: 502 });
    const out = await client({ periodBatchSize: 1, retries: 0 }).periodSamples(['NCL-CH1-C1', 'NCL-RTU1-A1'], day);
    expect(Object.values(out).filter((o) => o.error === 'The telemetry service answered 502.')).toHaveLength(1);
    expect(Object.values(out).filter((o) => o.samples.length === 288)).toHaveLength(1);
    sim.faults.push({ on: 'query', times: 10, status: 500 });
    await expect(client({ retries: 0 }).periodSamples(['NCL-CH1-C1'], day)).rejects.toBeInstanceOf(TelemetryServiceError);
  });

  it('gives the estimates what the demo units show: short cycling, low ΔT, normal', async () => {
    const ids = ['NCL-CRAC1-A1', 'NCL-RTU2-A1', 'NCL-CH1-C1', 'NCL-RTU1-A1'];
    const out = await client().periodSamples(ids, day);
    const insight = (id: string) => unitInsight(readingsOfSamples(out[id]!.samples), { start: day.start, end: day.stop });
    expect(insight('NCL-CRAC1-A1').shortCycling.value).toBe(true);
    expect(insight('NCL-CH1-C1').shortCycling.value).toBe(false);
    expect(insight('NCL-RTU1-A1').shortCycling.value).toBe(false);
    expect(insight('NCL-RTU1-A1').deltaT.outsidePct.value).toBe(0);
    expect(insight('NCL-RTU2-A1').deltaT.outsidePct.value).toBeCloseTo(100, 6);
    expect(insight('NCL-RTU1-A1').coverage).toBeGreaterThan(99);
  });

  it("finds each device's first reading in a range with one first() query (none for a device without)", async () => {
    expect(buildFirstQuery(['a'], day)).toMatch(/range\(start: 2026-11-21T00:00:00\.000Z, stop: 2026-11-22T00:00:00\.000Z\)[\s\S]*\|> first\(\)$/);
    const year = { start: '2025-11-22T00:00:00Z', stop: '2026-11-22T00:00:00Z' };
    const first = await client().firstReadings(['NCL-RTU1-A1', 'NCL-RTU2-B2', 'NCL-RTU2-B2'], year);
    expect(queries()).toBe(1);
    // The drifting unit's readings begin on 1 January 2026; the other reports all along (its first in the range's first minute).
    expect(Date.parse(first['NCL-RTU2-B2']!) - Date.parse('2026-01-01T00:00:00Z')).toBeLessThan(60_000);
    expect(Date.parse(first['NCL-RTU1-A1']!) - Date.parse(year.start)).toBeLessThan(60_000);
    expect(await client().firstReadings(['NCL-RTU2-B2'], { start: '2025-01-01T00:00:00Z', stop: '2025-12-01T00:00:00Z' })).toEqual({ 'NCL-RTU2-B2': null });
  });
});
