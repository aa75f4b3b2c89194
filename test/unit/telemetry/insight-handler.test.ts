/**
 * POST /api/telemetry/{customerId}/insight against the local simulator: 401, 400 and 403 before
 * any reading is asked for; then per device the estimates over the period with the equipment row's
 * electrical inputs and the property's tariff (or the defaults, named).
 */
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { BatchGetCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { handler } from '../../../lambdas/telemetry/get-insight.js';
import type { DeviceInsight } from '../../../lambdas/shared/contract/telemetry.js';
import type { SimDevice } from '../../../infra/local/simulator/fleet.js';
import { startSimulator, type Simulator } from '../../../infra/local/simulator/simulator.js';
import { createTelemetryClient } from '../../../lambdas/shared/domain/telemetry/client.js';
import { rollUpCustomer } from '../../../lambdas/shared/domain/telemetry/roll-up.js';
import { dynamo } from '../../../lambdas/shared/platform/clients.js';
import { apiEvent, json } from '../support/events.js';
import { claims, fakeAws, setTableEnv, STAFF, TABLES, user } from '../support/fake-aws.js';

const KEY = 'insight-test-key';
const ROUTE = 'POST /api/telemetry/{customerId}/insight';
const alice = user('alice@a.test', ['A'], { 'A-P1': 'A' });
const admin = user(`boss@${STAFF}`);
const { ddb, callsTo, world, all } = fakeAws({
  users: [alice, admin],
  customers: [
    { id: 'A', name: 'Alpha', telemetryCustomerId: 'ncl-a' },
    { id: 'B', name: 'Beta', telemetryCustomerId: 'ncl-b' },
  ],
  properties: [
    { id: 'A-P1', customerId: 'A', name: 'North', propertyType: 'Office', tariffPerKwh: 0.2 },
    { id: 'A-P2', customerId: 'A', name: 'South', propertyType: 'Office' },
  ],
  equipment: [
    { customerId: 'A', id: 'A-EQ1', propertyId: 'A-P1', buildingName: 'North', name: 'RTU-1', equipmentType: 'RTU', telemetryData: '{}', voltage: 230, phase: 1, powerFactor: 0.9 },
    { customerId: 'A', id: 'A-EQ2', propertyId: 'A-P2', buildingName: 'South', name: 'RTU-2', equipmentType: 'RTU', telemetryData: '{}' },
    { customerId: 'A', id: 'A-EQ3', buildingName: 'Site', name: 'CRAC', equipmentType: 'CRAC', telemetryData: '{}' },
    { customerId: 'B', id: 'B-EQ1', propertyId: 'B-P1', buildingName: 'B', name: 'AHU', equipmentType: 'AHU', telemetryData: '{}' },
  ],
});
const fleet: SimDevice[] = [
  { deviceId: 'A1', equipmentId: 'A-EQ1', kind: 'air', lagMinutes: 0, signals: 'call' },
  { deviceId: 'A2', equipmentId: 'A-EQ2', kind: 'air', lagMinutes: 0, signals: 'call' },
  { deviceId: 'A3', equipmentId: 'A-EQ3', kind: 'air', lagMinutes: 0, signals: 'runtime', profile: 'short-cycling' },
  { deviceId: 'A4', equipmentId: 'A-EQ1', kind: 'air', lagMinutes: 0, signals: 'call', profile: 'drifting' },
  { deviceId: 'B1', equipmentId: 'B-EQ1', kind: 'air', lagMinutes: 0, signals: 'call' },
];
const secrets = mockClient(SecretsManagerClient);
let sim: Simulator;
const insight = (customerId: string, body: unknown, email?: string) => handler(apiEvent({ route: ROUTE, params: { customerId }, body, claims: email ? claims(email) : undefined }));
const queries = () => sim.requests.filter((r) => r.url === '/v3/telemetry/query').length;
const period = { from: '2026-11-20', to: '2026-11-21' };

beforeAll(async () => {
  setTableEnv();
  sim = await startSimulator({ apiKey: KEY, fleet, now: () => Date.parse('2026-11-22T15:07:30Z') });
  Object.assign(process.env, { TELEMETRY_SECRET_ID: 'portal/test/telemetry', TELEMETRY_TIMEOUT_MS: '5000', TELEMETRY_MAX_PAGES: '10', TELEMETRY_BASE_URL: sim.url });
  secrets.on(GetSecretValueCommand, { SecretId: 'portal/test/telemetry' }).resolves({ SecretString: KEY });
});
afterAll(async () => {
  await sim.close();
  ddb.restore();
  secrets.restore();
});
beforeEach(() => (sim.requests.length = 0));

describe('POST /api/telemetry/{customerId}/insight', () => {
  it('401 without a token', async () => {
    expect((await insight('A', { deviceIds: ['A1'], period })).statusCode).toBe(401);
  });
  it('400 naming the field for bad devices or periods, before any read', async () => {
    ddb.resetHistory();
    const cases: [unknown, RegExp][] = [
      [{ deviceIds: [], period }, /^Invalid body\.deviceIds: must name at least one device/],
      [{ deviceIds: Array.from({ length: 21 }, (_, i) => `D${i}`), period }, /^Invalid body\.deviceIds: must name at most 20 devices/],
      [{ deviceIds: ['A1'] }, /^Invalid body\.period: /],
      [{ deviceIds: ['A1'], period: { from: '2026-11-21', to: '2026-11-20' } }, /^Invalid body\.period: must be two dates YYYY-MM-DD, from not after to/],
      [{ deviceIds: ['A1'], period: { from: '2026-02-30', to: '2026-03-01' } }, /^Invalid body\.period: must be two dates/],
      [{ deviceIds: ['A1'], period: { from: '2026-10-01', to: '2026-11-01' } }, /^Invalid body\.period: must be at most 31 days long/],
      [{ deviceIds: ['A1'], period, baseline: 'yes' }, /^Invalid body\.baseline: /],
    ];
    for (const [body, message] of cases) {
      const r = await insight('A', body, alice.email);
      expect(r.statusCode).toBe(400);
      expect(json(r).error).toMatch(message);
    }
    expect(callsTo(TABLES.EQUIPMENT_TABLE)).toBe(0);
    expect(sim.requests).toHaveLength(0);
  });
  it("403 for another customer, and for a device of another customer's or an unassigned property's equipment, before readings are asked for", async () => {
    const other = await insight('B', { deviceIds: ['B1'], period }, alice.email);
    expect(other.statusCode).toBe(403);
    expect(json(other)).toEqual({ error: 'You do not have access to this customer.' });
    for (const id of ['B1', 'A2', 'NOPE']) {
      const r = await insight('A', { deviceIds: ['A1', id], period }, alice.email);
      expect(r.statusCode).toBe(403);
      expect(json(r)).toEqual({ error: `Device ${id} does not belong to this customer's equipment.` });
    }
    expect(queries()).toBe(0);
  });
  it('answers each device the estimates with coverage, its inputs and which were defaults', async () => {
    const r = await insight('A', { deviceIds: ['A1', 'A3'], period }, alice.email);
    expect(r.statusCode).toBe(200);
    const { data } = json(r) as { data: Record<string, DeviceInsight> };
    expect(data.A1.equipmentId).toBe('A-EQ1');
    expect(data.A1.period).toEqual({ start: '2026-11-20T00:00:00.000Z', end: '2026-11-22T00:00:00.000Z' });
    expect(data.A1.coverage).toBeGreaterThan(99);
    expect(data.A1.electrical).toEqual({ voltage: 230, phase: 1, powerFactor: 0.9, defaulted: [] });
    expect(data.A1.tariffPerKwh).toBe(0.2);
    expect(data.A1.costEstimate.value).toBeCloseTo(data.A1.energyKwh.value! * 0.2, 6);
    expect(data.A1.shortCycling.value).toBe(false);
    expect(data.A1.deltaT.outsidePct.value).toBe(0);
    expect(data.A3.electrical).toEqual({ voltage: 460, phase: 3, powerFactor: 0.85, defaulted: ['phase', 'voltage', 'powerFactor'] });
    expect(data.A3.tariffPerKwh).toBeNull();
    expect(data.A3.costEstimate.value).toBeNull();
    expect(data.A3.shortCycling.value).toBe(true);
    expect([data.A1.equipmentName, data.A1.propertyId, data.A1.propertyName]).toEqual(['RTU-1', 'A-P1', 'North']);
    // On no property: the equipment's building names it.
    expect([data.A3.equipmentName, data.A3.propertyId, data.A3.propertyName]).toEqual(['CRAC', null, 'Site']);
    expect(data.A1.drift).toBeUndefined();
    expect(queries()).toBe(1);
  });
  it("with baseline, each device's drift against its first 30 days of readings within the year before", async () => {
    const r = await insight('A', { deviceIds: ['A1', 'A4'], period, baseline: true }, alice.email);
    expect(r.statusCode).toBe(200);
    const { data } = json(r) as { data: Record<string, DeviceInsight> };
    // The drifting unit's readings begin on 1 January 2026; its current is 20 % higher from 30 days after.
    // (The baseline's readings are the last of each 15 minutes: the first is within the first 15 minutes.)
    const base = data.A4.drift!.baseline.period!;
    expect(Date.parse(base.start) - Date.parse('2026-01-01T00:00:00Z')).toBeLessThan(15 * 60_000);
    expect(Date.parse(base.end) - Date.parse(base.start)).toBe(30 * 86_400_000);
    expect(data.A4.drift!.driftPct).toBeGreaterThan(12);
    expect(data.A4.drift!.driftPct).toBeLessThan(28);
    expect(data.A4.drift!.kwhPerRuntimeHour).toEqual(data.A4.kwhPerRuntimeHour);
    // A unit reporting for longer than the look-back: its baseline is the 30 days from a year before.
    expect(Date.parse(data.A1.drift!.baseline.period!.start) - Date.parse('2025-11-22T00:00:00Z')).toBeLessThan(15 * 60_000);
    expect(Math.abs(data.A1.drift!.driftPct!)).toBeLessThan(12);
    // The period's readings, the first readings, and the baseline's (one window start each).
    expect(queries()).toBe(1 + 1 + 2);
  });
  it('counts a period reaching past now only up to now, and asks nothing for one wholly ahead', async () => {
    const r = await insight('A', { deviceIds: ['A1'], period: { from: '2026-11-22', to: '2026-11-30' } }, admin.email);
    const { data } = json(r) as { data: Record<string, DeviceInsight> };
    expect(Date.parse(data.A1.period.end)).toBeLessThanOrEqual(Date.now());
    const ahead = await insight('A', { deviceIds: ['A1'], period: { from: '2099-01-01', to: '2099-01-02' } }, admin.email);
    expect(ahead.statusCode).toBe(200);
    expect((json(ahead) as { data: Record<string, DeviceInsight> }).data.A1.coverage).toBe(0);
    expect(queries()).toBe(1);
  });
  it('503 when the service is down', async () => {
    sim.faults.push({ on: 'query', times: 10, status: 500 });
    const r = await insight('A', { deviceIds: ['A1'], period }, alice.email);
    expect(r.statusCode).toBe(503);
    expect(json(r)).toEqual({ error: 'The telemetry service is not available. Please try again later.' });
    sim.faults.length = 0;
  });

  it('reads the days the roll-up holds in the same one batch as the properties, and asks the service only for what it does not hold', async () => {
    world.reportRows = [];
    const raw = json(await insight('A', { deviceIds: ['A1', 'A3'], period }, alice.email)) as { data: Record<string, DeviceInsight> };
    // The job's roll-up of customer A's units, for the three days before the simulator's now.
    const telemetry = createTelemetryClient({ baseUrl: sim.url, apiKey: KEY, maxPages: 10, timeoutMs: 5000 });
    const devices = (await telemetry.listDevices()).filter((d) => ['A1', 'A3'].includes(d.deviceId));
    const now = Date.parse('2026-11-22T15:07:30Z');
    const o = { now, stopAt: Date.now() + 60_000, limit: {}, lookbackDays: 3 };
    expect(await rollUpCustomer(dynamo(), telemetry, 'A', devices, o)).toEqual({ devices: 2, rolled: 6, left: 0 });
    // One item per unit and month, in the customer's partition; a rerun rolls nothing and asks the service nothing.
    expect(all(TABLES.REPORT_ROWS_TABLE).map((i) => [i.propertyId, i.sk]).sort()).toEqual([
      ['unit-days#A', 'unit-day#A1#2026-11'],
      ['unit-days#A', 'unit-day#A3#2026-11'],
    ]);
    sim.requests.length = 0;
    const item = JSON.stringify(all(TABLES.REPORT_ROWS_TABLE));
    expect(await rollUpCustomer(dynamo(), telemetry, 'A', devices, o)).toEqual({ devices: 2, rolled: 0, left: 0 });
    expect(queries()).toBe(0);
    expect(JSON.stringify(all(TABLES.REPORT_ROWS_TABLE))).toBe(item);

    ddb.resetHistory();
    const r = await insight('A', { deviceIds: ['A1', 'A3'], period }, alice.email);
    const { data } = json(r) as { data: Record<string, DeviceInsight> };
    // Both days rolled: no reading asked for, and the raw computation's answers.
    expect(queries()).toBe(0);
    expect(callsTo(TABLES.REPORT_ROWS_TABLE)).toBe(1);
    expect(callsTo(TABLES.PROPERTIES_TABLE)).toBe(1);
    expect(ddb.commandCalls(BatchGetCommand)).toHaveLength(1);
    for (const id of ['A1', 'A3']) {
      expect(data[id]!.coverage).toBeCloseTo(raw.data[id]!.coverage, 9);
      expect(data[id]!.energyKwh.value).toBeCloseTo(raw.data[id]!.energyKwh.value!, 6);
      expect(data[id]!.runtimeHours.value).toBeCloseTo(raw.data[id]!.runtimeHours.value!, 6);
      expect(data[id]!.starts.value).toBe(raw.data[id]!.starts.value);
      expect(data[id]!.medianOnMinutes.value).toBe(raw.data[id]!.medianOnMinutes.value);
      expect(data[id]!.deltaT.hoursOutside.value).toBeCloseTo(raw.data[id]!.deltaT.hoursOutside.value!, 6);
    }
    expect(data.A3!.shortCycling.value).toBe(true);

    // A period reaching into a day not rolled: only that day's readings, from the intervals that reach into it.
    sim.requests.length = 0;
    const later = await insight('A', { deviceIds: ['A1'], period: { from: '2026-11-21', to: '2026-11-22' } }, alice.email);
    expect(later.statusCode).toBe(200);
    expect(queries()).toBe(1);
    world.reportRows = [];
  });

  it("with baseline, a unit whose first 30 days the roll-up holds: its baseline from the rolled days, no baseline window read, the same drift", async () => {
    world.reportRows = [];
    // The drifting unit began on 1 January 2026: a period in February, within the roll-up's 92 days of it.
    const feb = { deviceIds: ['A4'], period: { from: '2026-02-20', to: '2026-02-21' }, baseline: true };
    const raw = (json(await insight('A', feb, alice.email)) as { data: Record<string, DeviceInsight> }).data.A4!.drift!;
    const telemetry = createTelemetryClient({ baseUrl: sim.url, apiKey: KEY, maxPages: 10, timeoutMs: 5000 });
    const devices = (await telemetry.listDevices()).filter((d) => d.deviceId === 'A4');
    const o = { now: Date.parse('2026-02-01T02:00:00Z'), stopAt: Date.now() + 120_000, limit: {}, lookbackDays: 31 };
    expect(await rollUpCustomer(dynamo(), telemetry, 'A', devices, o)).toEqual({ devices: 1, rolled: 31, left: 0 });

    sim.requests.length = 0;
    ddb.resetHistory();
    const r = await insight('A', feb, alice.email);
    expect(r.statusCode).toBe(200);
    const drift = (json(r) as { data: Record<string, DeviceInsight> }).data.A4!.drift!;
    // The period's readings and the first reading; the baseline's rolled days in a second batch.
    expect(queries()).toBe(2);
    expect(ddb.commandCalls(BatchGetCommand)).toHaveLength(2);
    expect(Date.parse(drift.baseline.period!.start) - Date.parse('2026-01-01T00:00:00Z')).toBeLessThan(15 * 60_000);
    expect(drift.baseline.period!.end).toBe('2026-01-31T00:00:00.000Z');
    // 5-minute rolled days against 15-minute readings: the same figure within 1 %, the same drift within a point.
    expect(Math.abs(drift.baseline.kwhPerRuntimeHour.value! / raw.baseline.kwhPerRuntimeHour.value! - 1)).toBeLessThan(0.01);
    expect(Math.abs(drift.driftPct! - raw.driftPct!)).toBeLessThan(1);
    expect(drift.kwhPerRuntimeHour).toEqual(raw.kwhPerRuntimeHour);
    world.reportRows = [];
  });
});

