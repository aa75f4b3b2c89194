import { evaluateCustomer } from '../../../lambdas/shared/domain/alerts/evaluate.js';
import { alertMail } from '../../../lambdas/shared/domain/alerts/mail.js';
import { deleteThresholds, putThresholds } from '../../../lambdas/shared/data/equipment-alerts.js';
import { putRolledDays } from '../../../lambdas/shared/data/unit-days.js';
import { dayOf, dayTally, readingsOfSamples, type RolledDay } from '../../../lambdas/shared/domain/insight/index.js';
import type { RuleSettings } from '../../../lambdas/shared/domain/alerts/rules.js';
import { dynamo } from '../../../lambdas/shared/platform/clients.js';
import type { DeviceSample, PeriodSamples, SampleRange, TelemetryClient, TelemetryDevice } from '../../../lambdas/shared/domain/telemetry/client.js';
import { fakeAws, setTableEnv } from '../support/fake-aws.js';

const T0 = Date.parse('2026-11-25T12:00:00Z');
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
const iso = (ms: number) => new Date(ms).toISOString();

const { ddb, world } = fakeAws({
  equipment: [
    { customerId: 'A', id: 'A-RTU', propertyId: 'A-P1', buildingName: 'North', name: 'RTU-1', equipmentType: 'Rooftop Unit', telemetryData: '{}' },
    { customerId: 'A', id: 'A-CH', propertyId: 'A-P2', buildingName: 'South', name: 'CH-1', equipmentType: 'Chiller', telemetryData: '{}' },
  ],
});

/** Cooling samples every 5 minutes over [from, to]: a 5-minute on/off square wave, or always on at `amps` with supply 12 °C, return 23 °C (ΔT 19.8 °F). */
function samples(from: number, to: number, shape: 'square' | 'steady', amps = (_ms: number) => 20, every = 5 * MIN): DeviceSample[] {
  const out: DeviceSample[] = [];
  for (let ms = from; ms <= to; ms += every) {
    const on = shape === 'steady' || Math.floor(ms / (5 * MIN)) % 2 === 0;
    out.push({ _time: iso(ms), callForCool: on, callForHeat: false, 'amps-1': on ? amps(ms) : 0.2, 'sadb-1': on ? 12 : 22, 'radb-1': 23 });
  }
  return out;
}

/** The telemetry client as the pass sees it, counting its calls. */
function fakeTelemetry(period: (ids: string[], range: SampleRange) => Record<string, PeriodSamples>, first: Record<string, string | null> = {}) {
  const calls = { period: [] as { ids: string[]; range: SampleRange }[], first: [] as string[][] };
  const devices: TelemetryDevice[] = [
    { deviceId: 'RTU-A1', equipment: { id: 'A-RTU' } },
    { deviceId: 'CH-A1', equipment: { id: 'A-CH' } },
  ];
  const client: TelemetryClient = {
    listDevices: async () => devices,
    latestSamples: async (ids) => Object.fromEntries(ids.map((id) => [id, { _time: iso(T0 - MIN), callForCool: false, 'amps-1': 0.2, 'sadb-1': 22, 'radb-1': 23, wst: 7 }])),
    periodSamples: async (ids, range) => (calls.period.push({ ids, range }), period(ids, range)),
    firstReadings: async (ids) => (calls.first.push(ids), Object.fromEntries(ids.map((id) => [id, first[id] ?? null]))),
  };
  return { client, calls };
}

/** Property A-P1's thresholds with these air rules, as the thresholds route stores them. */
const thresholds = (rules: RuleSettings) => putThresholds(dynamo(), { customerId: 'A', propertyId: 'A-P1', rules: { air: rules }, updatedAt: iso(T0 - DAY), updatedBy: 'admin@example.com' });

beforeAll(() => setTableEnv({ PUBLIC_URL: 'https://portal.test' }));
afterAll(() => ddb.restore());
beforeEach(() => (world.equipmentAlerts = []));

describe('the signal rules in the pass', () => {
  it('all off (the defaults): no period read, nothing raised', async () => {
    const t = fakeTelemetry(() => ({ 'RTU-A1': { samples: samples(T0 - DAY, T0, 'square') } }));
    const r = await evaluateCustomer(dynamo(), t.client, 'A', T0);
    expect(t.calls.period).toEqual([]);
    expect(t.calls.first).toEqual([]);
    expect(r.raised).toEqual([]);
  });

  it("short cycling turned on at a property: one batched read of the last day for that property's devices only; raised once with what was found, mailed", async () => {
    await thresholds({ 'short-cycling': { forMinutes: 0, limit: 6, on: true } });
    const t = fakeTelemetry((ids) => Object.fromEntries(ids.map((id) => [id, { samples: samples(T0 - DAY, T0, 'square') }])));
    const r = await evaluateCustomer(dynamo(), t.client, 'A', T0);
    expect(t.calls.period).toEqual([{ ids: ['RTU-A1'], range: { start: iso(T0 - DAY), stop: iso(T0) } }]);
    expect(t.calls.first).toEqual([]);
    expect(r.raised.map((a) => [a.deviceId, a.rule, a.propertyId, a.raisedAt])).toEqual([['RTU-A1', 'short-cycling', 'A-P1', iso(T0)]]);
    expect(r.raised[0]!.detail).toMatch(/^143\.0 starts a day and median on-time 5\.0 min over the last 24 hours/);
    const mail = alertMail('Dana', 'raised', r.raised);
    expect(mail.subject).toBe('Equipment alert: RTU-1 (North): Short cycling');
    expect(mail.text).toContain('  143.0 starts a day and median on-time 5.0 min over the last 24 hours (short cycling: more than 6 starts a day or a median on-time under 8 min)');

    expect((await evaluateCustomer(dynamo(), t.client, 'A', T0 + 5 * MIN)).raised).toEqual([]);
  });

  it('turned off again: its alert goes without a clear (the equipment did not recover)', async () => {
    await thresholds({ 'short-cycling': { forMinutes: 0, limit: 6, on: true } });
    const t = fakeTelemetry((ids) => Object.fromEntries(ids.map((id) => [id, { samples: samples(T0 - DAY, T0, 'square') }])));
    await evaluateCustomer(dynamo(), t.client, 'A', T0);
    await deleteThresholds(dynamo(), 'A', 'A-P1');
    const r = await evaluateCustomer(dynamo(), t.client, 'A', T0 + 5 * MIN);
    expect(r).toMatchObject({ raised: [], cleared: [] });
    expect(world.equipmentAlerts).toEqual([]);
  });

  it('ΔT: a steady in-band unit is not raised; a failed read changes nothing', async () => {
    await thresholds({ 'delta-t': { forMinutes: 120, limit: 0, on: true } });
    const ok = fakeTelemetry(() => ({ 'RTU-A1': { samples: samples(T0 - 2 * HOUR, T0, 'steady') } }));
    expect((await evaluateCustomer(dynamo(), ok.client, 'A', T0)).raised).toEqual([]);
    expect(ok.calls.period[0]!.range).toEqual({ start: iso(T0 - 2 * HOUR), stop: iso(T0) });
    const failed = fakeTelemetry(() => ({ 'RTU-A1': { samples: [], error: 'The telemetry service did not answer in time.' } }));
    expect((await evaluateCustomer(dynamo(), failed.client, 'A', T0)).raised).toEqual([]);
    expect(world.equipmentAlerts.filter((i) => i.rule)).toEqual([]);
  });

  it('drift: one first-readings call and one baseline read; +20 % against the first 30 days raised at 15 %', async () => {
    await thresholds({ drift: { forMinutes: 0, limit: 15, on: true } });
    const first = T0 - 40 * DAY;
    const amps = (ms: number) => (ms >= T0 - DAY ? 24 : 20);
    const t = fakeTelemetry((ids, range) => {
      const from = Date.parse(range.start);
      const to = Date.parse(range.stop);
      // The baseline read comes in 15-minute windows, the last day's in 5-minute ones.
      return Object.fromEntries(ids.map((id) => [id, { samples: samples(Math.max(from, first), to - 1, 'steady', amps, (range.everyMinutes ?? 5) * MIN) }]));
    }, { 'RTU-A1': iso(first) });
    const r = await evaluateCustomer(dynamo(), t.client, 'A', T0);
    expect(t.calls.first).toEqual([['RTU-A1']]);
    expect(t.calls.period).toHaveLength(2);
    expect(r.raised.map((a) => [a.deviceId, a.rule])).toEqual([['RTU-A1', 'drift']]);
    expect(r.raised[0]!.detail).toBe('Estimated 16.25 kWh per runtime hour over the last 24 hours against an estimated 13.54 in its first 30 days: +20.0 % (limit 15 %)');
  });

  describe('the baseline stored once its 30 days are over', () => {
    const first = T0 - 40 * DAY;
    const amps = (ms: number) => (ms >= T0 - DAY ? 24 : 20);
    const telemetry = (start = first) =>
      fakeTelemetry((ids, range) => {
        const from = Date.parse(range.start);
        const to = Date.parse(range.stop);
        return Object.fromEntries(ids.map((id) => [id, { samples: samples(Math.max(from, start), to - 1, 'steady', amps, (range.everyMinutes ?? 5) * MIN) }]));
      }, { 'RTU-A1': iso(start) });
    const baselineItems = () => world.equipmentAlerts.filter((i) => String(i.key).startsWith('baseline#'));

    it('a second pass reads only the last day: no first-readings call, no baseline window; the same drift from the stored figure', async () => {
      await thresholds({ drift: { forMinutes: 0, limit: 15, on: true } });
      const one = telemetry();
      const r1 = await evaluateCustomer(dynamo(), one.client, 'A', T0);
      expect(baselineItems()).toEqual([
        { customerId: 'A', key: 'baseline#RTU-A1', deviceId: 'RTU-A1', start: iso(first), end: iso(first + 30 * DAY), kwhPerRuntimeHour: expect.closeTo(13.54, 2), coverage: expect.any(Number), inputs: '//', computedAt: iso(T0) },
      ]);
      const two = telemetry();
      const later = T0 + 5 * MIN;
      const r2 = await evaluateCustomer(dynamo(), two.client, 'A', later);
      expect(two.calls.first).toEqual([]);
      expect(two.calls.period).toEqual([{ ids: ['RTU-A1'], range: { start: iso(later - DAY), stop: iso(later) } }]);
      // Raised by the first pass and still breached: nothing new; the states are the drift alert only.
      expect(r1.raised.map((a) => a.rule)).toEqual(['drift']);
      expect(r2).toMatchObject({ raised: [], cleared: [] });
      expect(world.equipmentAlerts.filter((i) => i.rule).map((i) => [i.key, i.status, i.detail])).toEqual([
        ['RTU-A1#drift', 'active', 'Estimated 16.25 kWh per runtime hour over the last 24 hours against an estimated 13.54 in its first 30 days: +20.0 % (limit 15 %)'],
      ]);
    });

    it('not stored while the 30 days are not over; computed again when the unit\'s electrical inputs change', async () => {
      await thresholds({ drift: { forMinutes: 0, limit: 15, on: true } });
      await evaluateCustomer(dynamo(), telemetry(T0 - 10 * DAY).client, 'A', T0);
      expect(baselineItems()).toEqual([]);

      await evaluateCustomer(dynamo(), telemetry().client, 'A', T0);
      expect(baselineItems()).toHaveLength(1);
      const row = world.equipment.find((e) => e.id === 'A-RTU')!;
      row.phase = 1;
      row.voltage = 230;
      try {
        const again = telemetry();
        await evaluateCustomer(dynamo(), again.client, 'A', T0 + 5 * MIN);
        expect(again.calls.first).toEqual([['RTU-A1']]);
        expect(baselineItems()).toMatchObject([{ inputs: '230/1/', computedAt: iso(T0 + 5 * MIN) }]);
      } finally {
        delete row.phase;
        delete row.voltage;
      }
    });
  });

  describe('the baseline from the daily roll-up where it holds the first 30 days', () => {
    const first = T0 - 40 * DAY;
    const firstDay = Math.floor(first / DAY) * DAY;
    const amps = (ms: number) => (ms >= T0 - DAY ? 24 : 20);
    const telemetry = () =>
      fakeTelemetry((ids, range) => {
        const from = Date.parse(range.start);
        const to = Date.parse(range.stop);
        return Object.fromEntries(ids.map((id) => [id, { samples: samples(Math.max(from, first), to - 1, 'steady', amps, (range.everyMinutes ?? 5) * MIN) }]));
      }, { 'RTU-A1': iso(first) });
    /** The job's roll-up of RTU-A1's days from its first one: each day's 5-minute samples with 15 minutes either side, tallied. */
    async function rollUp(days: number, skip?: number) {
      const rolled = new Map<string, RolledDay>();
      for (let k = 0; k < days; k++) {
        if (k === skip) continue;
        const d = firstDay + k * DAY;
        const got = samples(Math.max(first, d - 15 * MIN), d + DAY + 15 * MIN, 'steady', amps);
        rolled.set(dayOf(d), { ...dayTally(readingsOfSamples(got), dayOf(d)), at: iso(T0) });
      }
      await putRolledDays(dynamo(), 'A', 'RTU-A1', rolled);
    }
    const baselineItems = () => world.equipmentAlerts.filter((i) => String(i.key).startsWith('baseline#'));
    beforeEach(() => (world.reportRows = []));
    afterAll(() => (world.reportRows = []));

    it('no baseline window read: the figure from the rolled days, stored, and the same drift as from the readings', async () => {
      await thresholds({ drift: { forMinutes: 0, limit: 15, on: true } });
      await rollUp(31);
      const t = telemetry();
      const r = await evaluateCustomer(dynamo(), t.client, 'A', T0);
      expect(t.calls.first).toEqual([['RTU-A1']]);
      expect(t.calls.period).toEqual([{ ids: ['RTU-A1'], range: { start: iso(T0 - DAY), stop: iso(T0) } }]);
      // The window: from the first reading to the end of the 30th day counted from its day.
      expect(baselineItems()).toEqual([
        { customerId: 'A', key: 'baseline#RTU-A1', deviceId: 'RTU-A1', start: iso(first), end: iso(firstDay + 30 * DAY), kwhPerRuntimeHour: expect.closeTo(13.54, 2), coverage: expect.closeTo(100, 6), inputs: '//', computedAt: iso(T0) },
      ]);
      expect(r.raised[0]!.detail).toBe('Estimated 16.25 kWh per runtime hour over the last 24 hours against an estimated 13.54 in its first 30 days: +20.0 % (limit 15 %)');
    });

    it('a day of the 30 not rolled: the baseline window read from the service, as before', async () => {
      await thresholds({ drift: { forMinutes: 0, limit: 15, on: true } });
      await rollUp(31, 12);
      const t = telemetry();
      const r = await evaluateCustomer(dynamo(), t.client, 'A', T0);
      expect(t.calls.period).toHaveLength(2);
      expect(t.calls.period[1]!.range.everyMinutes).toBe(15);
      expect(baselineItems()).toMatchObject([{ start: iso(first), end: iso(first + 30 * DAY) }]);
      expect(r.raised.map((a) => a.rule)).toEqual(['drift']);
    });
  });
});

