import { demoFleet, equipmentWithoutDevice, fleetFor, generatedFleet } from '../../infra/local/simulator/fleet.js';
import { FluxError, parseFlux } from '../../infra/local/simulator/flux.js';
import { lastReportAt, readingsAt } from '../../infra/local/simulator/readings.js';
import { occurrenceAt } from '../../infra/local/simulator/faults.js';
import { startSimulator, type Simulator } from '../../infra/local/simulator/simulator.js';

const KEY = 'sim-test-key';
const NOW = Date.parse('2026-11-22T15:07:30Z');
const auth = { authorization: `Bearer ${KEY}` };
/** The demo data's equipment ids (Northwind: CUST-1001, Harborview: CUST-1002), which the demo fleet is tied to. */
const northwindEquipment = ['EQ-1001-01', 'EQ-1001-02', 'EQ-1001-03', 'EQ-1001-04', 'EQ-1001-05', 'EQ-1001-06', 'EQ-1001-07', 'EQ-1001-08'];
const demoEquipmentIds = [...northwindEquipment, 'EQ-1002-01', 'EQ-1002-02', 'EQ-1002-03', 'EQ-1002-04'];

describe('Flux subset', () => {
  it('reads range, device and field filters, and last', () => {
    const q = parseFlux(`from(bucket: "telemetry")
      |> range(start: -1h)
      |> filter(fn: (r) => contains(value: r.deviceId, set: ["a", "b\\"c"]))
      |> filter(fn: (r) => r._field == "wst" or r._field == "wrt")
      |> aggregateWindow(every: 5m, fn: last, createEmpty: false, timeSrc: "_time")
      |> last()`);
    expect(q).toEqual({ bucket: 'telemetry', startMs: -3_600_000, deviceIds: ['a', 'b"c'], fields: ['wst', 'wrt'], last: true, everyMs: 300_000 });
  });
  it('reads a range between two times and the window of aggregateWindow', () => {
    const q = parseFlux(`from(bucket: "telemetry")
      |> range(start: 2026-11-01T00:00:00.000Z, stop: 2026-11-02T00:00:00Z)
      |> aggregateWindow(every: 15m, fn: last, createEmpty: false, timeSrc: "_time")`);
    expect(q).toMatchObject({ startAt: Date.parse('2026-11-01T00:00:00Z'), stopAt: Date.parse('2026-11-02T00:00:00Z'), everyMs: 900_000, last: false });
    expect(() => parseFlux('from(bucket: "t") |> range(start: 2026-11-02T00:00:00Z, stop: 2026-11-01T00:00:00Z)')).toThrow(/stop must be after/);
    expect(() => parseFlux('from(bucket: "t") |> range(start: -1h) |> aggregateWindow(every: 30s, fn: last)')).toThrow(/shorter than/);
  });
  it('refuses what it does not understand, naming it', () => {
    expect(() => parseFlux('from(bucket: "t") |> range(start: -1h) |> map(fn: (r) => r)')).toThrow(/unsupported stage: map/);
    expect(() => parseFlux('from(bucket: "t")')).toThrow(FluxError);
    expect(() => parseFlux('range(start: -1h)')).toThrow(/from\(bucket/);
    expect(() => parseFlux('from(bucket: "t") |> range(start: -1h) |> filter(fn: (r) => r.site == "x")')).toThrow(/column: site/);
  });
});

describe('readings', () => {
  it('are deterministic and physically plausible for every demo device over a day', () => {
    for (const d of demoFleet) {
      for (let m = 0; m < 24 * 60; m += 7) {
        const t = NOW + m * 60_000;
        const r = readingsAt(d, t);
        expect(readingsAt(d, t)).toEqual(r);
        const legs = [r['amps-1'], r['amps-2'], r['amps-3']] as number[];
        const running = legs[0]! > 5;
        if (running) {
          for (const a of legs) expect(a >= 10 && a <= 35).toBe(true);
          expect(Math.max(...legs) - Math.min(...legs)).toBeLessThan(0.1 * Math.max(...legs));
        } else for (const a of legs) expect(a).toBeLessThan(0.5);
        if (d.kind === 'chiller') {
          expect(r.wrt as number).toBeGreaterThan(11);
          expect(r.wrt as number).toBeLessThan(13);
          if (running) expect(Math.abs((r.wst as number) - 7)).toBeLessThan(0.6);
        } else {
          const ret = r['radb-1'] as number;
          const sup = r['sadb-1'] as number;
          expect(ret >= 21 && ret <= 26).toBe(true);
          if (running && d.kind === 'heat') expect(sup - ret >= 15 - 0.2 && sup - ret <= 25 + 0.2).toBe(true);
          // ΔT in °C: 9.3–11.7 (17–21 °F), the low-ΔT unit 6.4–7.1 (still above the supply-air alert's 5).
          else if (running && d.profile === 'low-delta-t') expect(ret - sup >= 6.4 - 0.01 && ret - sup <= 7.1 + 0.01).toBe(true);
          else if (running) expect(ret - sup >= 9.3 - 0.01 && ret - sup <= 11.7 + 0.01).toBe(true);
          else if (d.kind === 'air') expect(ret - sup >= 0 && ret - sup <= 13 + 0.01).toBe(true);
        }
        if (d.signals === 'call') {
          expect(r.callForCool).toBe(d.kind !== 'heat' && running);
          if (d.kind === 'heat') expect(r.callForCool).toBe(false);
        }
        if (d.signals === 'ty') expect(r.ty).toBe(running ? 1 : 0);
      }
    }
  });
  it('the heating unit heats: call for heat with supply warmer than return', () => {
    const mau = demoFleet.find((d) => d.kind === 'heat')!;
    const states = Array.from({ length: 120 }, (_, m) => readingsAt(mau, NOW + m * 60_000));
    const heating = states.filter((r) => r.callForHeat === true);
    expect(heating.length).toBeGreaterThan(0);
    for (const r of heating) expect(r['sadb-1'] as number).toBeGreaterThan(r['radb-1'] as number);
  });
  it('follow the unit\'s state: a call comes with running current and its supply air, no call with standby current', () => {
    for (const d of demoFleet.filter((x) => x.kind !== 'chiller' && x.signals === 'call')) {
      for (let m = 0; m < 24 * 60; m += 1) {
        const r = readingsAt(d, NOW + m * 60_000);
        const rise = (r['sadb-1'] as number) - (r['radb-1'] as number);
        const amps = r.totalAmps as number;
        const calling = r.callForCool === true || r.callForHeat === true;
        expect(amps > 30).toBe(calling);
        if (d.kind === 'heat') {
          expect(r.callForHeat).toBe(calling);
          // A make-up air unit blowing 35 °C+ air is heating: its call is on and it draws current.
          if (rise > 10) expect([r.callForHeat, amps > 30]).toEqual([true, true]);
          if (!calling) expect(rise).toBeLessThan(7);
        } else if (!calling) expect(-rise).toBeLessThan(4);
      }
    }
  });
  it('the demo fleet has fresh, stale and silent devices and one equipment row without a device', () => {
    const northwind = northwindEquipment;
    const fleet = fleetFor(demoEquipmentIds).filter((d) => northwind.includes(d.equipmentId));
    const age = (d: (typeof fleet)[number]) => (NOW - lastReportAt(d, NOW)) / 60_000;
    expect(fleet.some((d) => age(d) < 2)).toBe(true);
    expect(fleet.some((d) => age(d) > 15 && age(d) < 60)).toBe(true);
    expect(fleet.filter((d) => age(d) > 60)).toHaveLength(1);
    expect(northwind.filter((id) => !fleet.some((d) => d.equipmentId === id))).toEqual([...equipmentWithoutDevice]);
    expect(fleetFor(['NEW-EQ-1']).at(-1)).toMatchObject({ deviceId: 'SIM-NEW-EQ-1', equipmentId: 'NEW-EQ-1' });
  });
});

describe('the simulator over HTTP', () => {
  let sim: Simulator;
  beforeAll(async () => {
    sim = await startSimulator({ apiKey: KEY, fleet: generatedFleet(25, ['E1', 'E2']), now: () => NOW, maxPageSize: 10 });
  });
  afterAll(() => sim.close());

  it('checks the bearer key', async () => {
    expect((await fetch(`${sim.url}/v3/device`)).status).toBe(401);
    expect((await fetch(`${sim.url}/v3/device`, { headers: { authorization: 'Bearer wrong' } })).status).toBe(401);
  });
  it('pages the device list with absolute links.next, null at the end', async () => {
    const ids: string[] = [];
    let url: string | null = `${sim.url}/v3/device?limit=1000`;
    let pages = 0;
    while (url) {
      const page = (await (await fetch(url, { headers: auth })).json()) as { data: { deviceId: string; equipment: { id: string } }[]; links: { next: string | null } };
      ids.push(...page.data.map((d) => d.deviceId));
      url = page.links.next;
      if (url) expect(url.startsWith(sim.url)).toBe(true);
      pages++;
    }
    expect(pages).toBe(3);
    expect(new Set(ids).size).toBe(25);
  });
  it('answers a Flux query with the latest rows of the asked devices and fields', async () => {
    const query = `from(bucket: "telemetry") |> range(start: -1h) |> filter(fn: (r) => contains(value: r.deviceId, set: ["GEN-00001", "GEN-00002"])) |> filter(fn: (r) => contains(value: r._field, set: ["amps-1", "totalAmps"])) |> last()`;
    const res = await fetch(`${sim.url}/v3/telemetry/query`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify({ query }) });
    expect(res.status).toBe(200);
    const { data } = (await res.json()) as { data: { deviceId: string; _time: string; _field: string; _value: unknown }[] };
    expect(new Set(data.map((r) => r.deviceId))).toEqual(new Set(['GEN-00001', 'GEN-00002']));
    expect(new Set(data.map((r) => r._field))).toEqual(new Set(['amps-1', 'totalAmps']));
    for (const r of data) expect(Date.parse(r._time)).toBeLessThanOrEqual(NOW);
  });
  it('answers 400 to Flux it does not understand, and injected faults', async () => {
    const bad = await fetch(`${sim.url}/v3/telemetry/query`, { method: 'POST', headers: auth, body: JSON.stringify({ query: 'buckets()' }) });
    expect(bad.status).toBe(400);
    sim.faults.push({ on: 'device', times: 1, status: 503 });
    expect((await fetch(`${sim.url}/v3/device`, { headers: auth })).status).toBe(503);
    expect((await fetch(`${sim.url}/v3/device`, { headers: auth })).status).toBe(200);
  });
});

describe('equipment faults', () => {
  const rtu = demoFleet.find((d) => d.deviceId === 'NCL-RTU1-A1')!;
  it('warm supply: the unit runs and calls for cool with its supply air within a few degrees of the return', () => {
    for (let m = 0; m < 120; m += 5) {
      const r = readingsAt(rtu, NOW + m * 60_000, 'warm-supply');
      expect(r.callForCool).toBe(true);
      expect((r['radb-1'] as number) - (r['sadb-1'] as number)).toBeLessThan(2.5);
      expect(r['amps-1'] as number).toBeGreaterThan(5);
    }
  });
  it('a schedule runs from the start: each occurrence for its minutes, then again every period', () => {
    const f = { deviceId: 'X', kind: 'silent' as const, startMinute: 1, forMinutes: 25, everyMinutes: 60 };
    const at = (m: number) => occurrenceAt(f, NOW, NOW + m * 60_000);
    expect(at(0.5)).toBeUndefined();
    expect(at(1)).toBe(NOW + 60_000);
    expect(at(25.9)).toBe(NOW + 60_000);
    expect(at(26)).toBeUndefined();
    expect(at(61)).toBe(NOW + 61 * 60_000);
  });
  it('the simulator plays injected and scheduled faults: a silent device sends nothing, a warm one warm supply air', async () => {
    let clock = NOW;
    const sim = await startSimulator({
      apiKey: KEY,
      fleet: demoFleet,
      now: () => clock,
      faultSchedule: [{ deviceId: 'NCL-RTUA-A1', kind: 'silent', startMinute: 1, forMinutes: 25, everyMinutes: 60 }],
    });
    try {
      const query = async (ids: string[]) => {
        const res = await fetch(`${sim.url}/v3/telemetry/query`, {
          method: 'POST',
          headers: { ...auth, 'content-type': 'application/json' },
          body: JSON.stringify({ query: `from(bucket: "t") |> range(start: -1h) |> filter(fn: (r) => contains(value: r.deviceId, set: [${ids.map((i) => JSON.stringify(i)).join(', ')}])) |> last()` }),
        });
        return ((await res.json()) as { data: { deviceId: string; _time: string; _field: string; _value: number | boolean }[] }).data;
      };
      sim.deviceFaults.set('NCL-RTU1-A1', 'warm-supply');
      sim.deviceFaults.set('NCL-CH1-C1', 'silent');
      const rows = await query(['NCL-RTU1-A1', 'NCL-CH1-C1']);
      expect(rows.some((r) => r.deviceId === 'NCL-CH1-C1')).toBe(false);
      const field = (f: string) => rows.find((r) => r.deviceId === 'NCL-RTU1-A1' && r._field === f)!._value as number;
      expect(field('callForCool')).toBe(true);
      expect(field('radb-1') - field('sadb-1')).toBeLessThan(2.5);

      clock = NOW + 20 * 60_000;
      const silentFor = (await query(['NCL-RTUA-A1'])).map((r) => Date.parse(r._time));
      expect(Math.max(...silentFor)).toBeLessThanOrEqual(NOW + 60_000);
      clock = NOW + 27 * 60_000;
      expect(Math.max(...(await query(['NCL-RTUA-A1'])).map((r) => Date.parse(r._time)))).toBeGreaterThan(NOW + 26 * 60_000);
    } finally {
      await sim.close();
    }
  });
  it('takes faults over HTTP only when started with control (the browser specs): PUT sets, DELETE clears', async () => {
    const plain = await startSimulator({ apiKey: KEY, fleet: demoFleet });
    const controlled = await startSimulator({ apiKey: KEY, fleet: demoFleet, control: true });
    try {
      const put = (sim: Simulator, id: string, body: string) => fetch(`${sim.url}/_control/faults/${id}`, { method: 'PUT', body });
      expect((await put(plain, 'NCL-RTU1-A1', '{"kind":"silent"}')).status).toBe(401);
      expect(plain.deviceFaults.size).toBe(0);
      expect((await put(controlled, 'NCL-RTU1-A1', '{"kind":"silent"}')).status).toBe(200);
      expect((await put(controlled, 'NCL-RTU1-A1', '{"kind":"melted"}')).status).toBe(400);
      expect((await put(controlled, 'NCL-RTU1-A1', 'not json')).status).toBe(400);
      expect([...controlled.deviceFaults]).toEqual([['NCL-RTU1-A1', 'silent']]);
      expect((await fetch(`${controlled.url}/_control/faults/NCL-RTU1-A1`, { method: 'DELETE' })).status).toBe(200);
      expect(controlled.deviceFaults.size).toBe(0);
    } finally {
      await Promise.all([plain.close(), controlled.close()]);
    }
  });
});
