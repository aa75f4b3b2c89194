/**
 * Equipment alerts through the local stack: the scheduled evaluation (the stack's own timer is off
 * in tests; `evaluateAlerts` runs one pass as it would) against a simulator this file starts with a
 * fault injected, then the state table, GET /api/alerts and the thresholds' routes over HTTP (and the
 * previous release's POST /api/alerts, answered for one release) and the mails in the outbox.
 */
import { jest } from '@jest/globals';
import { putEquipment, type EquipmentItem } from '../../lambdas/shared/data/equipment.js';
import { alertStatesOf, putPending } from '../../lambdas/shared/data/equipment-alerts.js';
import type { SimDevice } from '../../infra/local/simulator/fleet.js';
import { startSimulator, type Simulator } from '../../infra/local/simulator/simulator.js';
import { readMails } from '../../infra/local/outbox.js';
import { createTestUser, putCustomer, putProperty, request, signIn, startTestStack, type TestStack } from '../support/local-stack.js';

jest.setTimeout(90_000);

const KEY = 'integration-alerts-key';
const PASSWORD = 'Passw0rd1';
let t: TestStack;
let sim: Simulator;
const tokens: Record<'a' | 'b' | 'admin', string> = { a: '', b: '', admin: '' };

const eq = (customerId: string, id: string, propertyId: string, name: string): EquipmentItem => ({
  customerId, id, propertyId, buildingName: `${propertyId} building`, name, equipmentType: 'Rooftop Unit', telemetryData: '{}',
});
const rows = [eq('C-A', 'A-EQ1', 'P-A1', 'RTU-1'), eq('C-A', 'A-EQ2', 'P-A1', 'RTU-2'), eq('C-A', 'A-EQ3', 'P-A2', 'RTU-3'), eq('C-B', 'B-EQ1', 'P-B1', 'RTU-9')];
const fleet: SimDevice[] = rows.map((r) => ({ deviceId: `DEV-${r.id}`, equipmentId: r.id, kind: 'air', lagMinutes: 0, signals: 'call' }));

const alertsOf = (customerId: string, token?: string) => request('GET', `/api/alerts?customerId=${customerId}`, { token });
/** The previous release's web app: POST /api/alerts { action: 'list' }. */
const legacyAlertsOf = (customerId: string, token?: string) => request('POST', '/api/alerts', { token, body: { action: 'list', customerId } });
const queries = () => sim.requests.filter((r) => r.url === '/v3/telemetry/query').length;
const devicePages = () => sim.requests.filter((r) => r.url.startsWith('/v3/device')).length;
/**
 * Past the telemetry client's 15-second sample cache by moving the clock 16 s on rather than
 * waiting: only Date is faked (from before the client is made, which reads its cache clock from
 * Date.now) and it keeps running with real time; timers, timeouts and the emulators stay real.
 */
const passSampleCache = () => jest.setSystemTime(Date.now() + 16_000);

beforeAll(async () => {
  jest.useFakeTimers({
    advanceTimers: true,
    doNotFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'setImmediate', 'clearImmediate', 'nextTick', 'queueMicrotask', 'hrtime', 'performance'],
  });
  sim = await startSimulator({ apiKey: KEY, fleet });
  t = await startTestStack({ env: { TELEMETRY_BASE_URL: sim.url, TELEMETRY_API_KEY: KEY } });
  await putCustomer({ id: 'C-A', name: 'Customer A', telemetryCustomerId: 'ncl-a' });
  await putCustomer({ id: 'C-B', name: 'Customer B', telemetryCustomerId: 'ncl-b' });
  for (const [id, customerId] of [['P-A1', 'C-A'], ['P-A2', 'C-A'], ['P-B1', 'C-B']] as const) await putProperty({ id, customerId, name: id, propertyType: 'Office' });
  await putEquipment(t.db, rows);
  await createTestUser({ email: 'a@customer-a.test', password: PASSWORD, customers: ['C-A'], properties: ['P-A1'] });
  await createTestUser({ email: 'b@customer-b.test', password: PASSWORD, customers: ['C-B'], properties: ['P-B1'] });
  await createTestUser({ email: 'boss@staff.test', password: PASSWORD });
  [tokens.a, tokens.b, tokens.admin] = await Promise.all([signIn('a@customer-a.test', PASSWORD), signIn('b@customer-b.test', PASSWORD), signIn('boss@staff.test', PASSWORD)]);
});
afterAll(async () => {
  await t?.stop();
  await sim?.close();
  jest.useRealTimers();
});

/** Alert mails in the outbox since `from` (an index into it). */
const alertMails = async (from: number) => (await readMails(t.stack.outboxDir)).slice(from).filter((m) => /alert/i.test(m.subject) || m.subject.startsWith('Cleared'));
const outboxSize = async () => (await readMails(t.stack.outboxDir)).length;

describe('equipment alerts', () => {
  it('401 without a token, 403 for another customer, an empty list before any fault', async () => {
    expect((await alertsOf('C-A')).status).toBe(401);
    const foreign = await alertsOf('C-A', tokens.b);
    expect(foreign.status).toBe(403);
    expect(foreign.json).toEqual({ error: 'You do not have access to this customer.' });
    await t.stack.evaluateAlerts();
    expect(await alertsOf('C-A', tokens.a)).toMatchObject({ status: 200, json: { data: [] } });
  });

  it('one pass raises a silent device at once and a warm unit whose condition has held 15 minutes, with one batched query per customer', async () => {
    sim.deviceFaults.set('DEV-A-EQ1', 'silent');
    sim.deviceFaults.set('DEV-A-EQ2', 'warm-supply');
    sim.deviceFaults.set('DEV-A-EQ3', 'silent');
    // The warm unit has been seen warm since 20 minutes ago (an earlier pass's pending state).
    const since = new Date(Date.now() - 20 * 60_000).toISOString();
    await putPending(t.db, {
      customerId: 'C-A', key: 'DEV-A-EQ2#supply-warm', deviceId: 'DEV-A-EQ2', rule: 'supply-warm', status: 'pending', since, detail: '',
      equipmentId: 'A-EQ2', equipmentName: 'RTU-2', buildingName: 'P-A1 building', propertyId: 'P-A1', updatedAt: since,
    });
    const [q0, d0] = [queries(), devicePages()];
    const mailed0 = await outboxSize();
    // Past the telemetry client's 15-second sample cache of the first pass.
    passSampleCache();
    const summary = (await t.stack.evaluateAlerts()) as { customers: number; raised: number; cleared: number };
    expect(summary).toMatchObject({ customers: 2, raised: 3, cleared: 0 });
    // Two mapped customers: one latest-samples query each (their devices in one batch); the device list is cached.
    expect(queries() - q0).toBe(2);
    expect(devicePages() - d0).toBe(0);

    const states = await alertStatesOf(t.db, 'C-A');
    expect(states.map((s) => [s.key, s.status]).sort()).toEqual([
      ['DEV-A-EQ1#stale', 'active'],
      ['DEV-A-EQ2#supply-warm', 'active'],
      ['DEV-A-EQ3#stale', 'active'],
    ]);
    expect(states.find((s) => s.key === 'DEV-A-EQ2#supply-warm')).toMatchObject({ since, detail: expect.stringMatching(/^Calling for cool; supply .*°F, return .*°F/) });

    // Customer A's user sees property P-A1 only: RTU-3 (P-A2) is left out; the administrator sees all three.
    const mine = await alertsOf('C-A', tokens.a);
    expect(mine.status).toBe(200);
    const data = (mine.json as { data: { deviceId: string; rule: string; equipmentName: string; detail: string }[] }).data;
    expect(data.map((a) => [a.deviceId, a.rule, a.equipmentName]).sort()).toEqual([
      ['DEV-A-EQ1', 'stale', 'RTU-1'],
      ['DEV-A-EQ2', 'supply-warm', 'RTU-2'],
    ]);
    expect(data.find((a) => a.rule === 'stale')?.detail).toBe('No report in the last hour');
    expect(((await alertsOf('C-A', tokens.admin)).json as { data: unknown[] }).data).toHaveLength(3);
    // The previous release's form answers the same lists, for one release.
    expect((await legacyAlertsOf('C-A', tokens.a)).json).toEqual(mine.json);
    expect(((await legacyAlertsOf('C-A', tokens.admin)).json as { data: unknown[] }).data).toHaveLength(3);
    expect((await legacyAlertsOf('C-A', tokens.b)).status).toBe(403);
    expect(await alertsOf('C-B', tokens.b)).toMatchObject({ status: 200, json: { data: [] } });

    // One mail to customer A's user for the pass, listing the two alerts of their property; none to B.
    const mails = await alertMails(mailed0);
    expect(mails.map((m) => [m.to, m.subject])).toEqual([['a@customer-a.test', '2 equipment alerts raised']]);
    expect(mails[0]!.text).toMatch(/RTU-1 \(.*\) \(device DEV-A-EQ1\)\n {2}Not reporting since/);
    expect(mails[0]!.text).toContain('RTU-2');
    expect(mails[0]!.text).not.toContain('RTU-3');
    expect(mails[0]!.text).toContain('"Equipment alerts" is on in your Notifications settings');
  });

  it('the next pass raises nothing again; once the faults are gone, each alert is cleared once', async () => {
    passSampleCache();
    const mailed0 = await outboxSize();
    expect(await t.stack.evaluateAlerts()).toMatchObject({ raised: 0, cleared: 0 });
    expect(await alertMails(mailed0)).toEqual([]);
    sim.deviceFaults.clear();
    passSampleCache();
    expect(await t.stack.evaluateAlerts()).toMatchObject({ raised: 0, cleared: 3 });
    expect(await alertStatesOf(t.db, 'C-A')).toEqual([]);
    // One clear mail for the pass; a user who switched alerts off gets none.
    expect((await alertMails(mailed0)).map((m) => [m.to, m.subject])).toEqual([['a@customer-a.test', '2 equipment alerts cleared']]);
    expect(await alertsOf('C-A', tokens.admin)).toMatchObject({ status: 200, json: { data: [] } });
  });

  it("an administrator's thresholds for a property apply at the next pass; a user with alerts off is not mailed", async () => {
    const off = await request('PATCH', '/api/notifications', { token: tokens.a, body: { settings: { alerts: false } } });
    expect(off.status).toBe(200);
    // 'Not reporting' after 30 minutes more at P-A1: a device silent now is not raised at once there.
    const stale = [{ kind: 'air', rule: 'stale', forMinutes: 30, limit: 0 }];
    const refused = await request('PUT', '/api/alerts/thresholds/P-A1', { token: tokens.a, body: { customerId: 'C-A', rules: stale } });
    expect([refused.status, refused.json]).toEqual([403, { error: 'Only administrators may change alert thresholds.' }]);
    const set = await request('PUT', '/api/alerts/thresholds/P-A1', { token: tokens.admin, body: { customerId: 'C-A', rules: stale } });
    expect(set.status).toBe(200);
    expect(set.json).toMatchObject({ message: 'Alert thresholds saved.', updatedBy: 'boss@staff.test' });
    const staleRule = (r: { json: unknown }) => (r.json as { rules: { kind: string; rule: string; forMinutes: number; defaultForMinutes: number }[] }).rules.find((x) => x.kind === 'air' && x.rule === 'stale');
    const read = await request('GET', '/api/alerts/thresholds/P-A1?customerId=C-A', { token: tokens.a });
    expect(staleRule(read)).toMatchObject({ forMinutes: 30, defaultForMinutes: 0 });
    expect((await request('GET', '/api/alerts/thresholds/P-A1?customerId=C-A', { token: tokens.b })).status).toBe(403);
    // The previous release's form reads the same thresholds, for one release.
    expect((await request('POST', '/api/alerts', { token: tokens.a, body: { action: 'thresholds', customerId: 'C-A', propertyId: 'P-A1' } })).json).toEqual(read.json);
    sim.deviceFaults.set('DEV-A-EQ1', 'silent'); // P-A1: held back by its thresholds
    sim.deviceFaults.set('DEV-A-EQ3', 'silent'); // P-A2: the defaults, raised at once
    passSampleCache();
    const mailed0 = await outboxSize();
    expect(await t.stack.evaluateAlerts()).toMatchObject({ raised: 1 });
    expect((await alertStatesOf(t.db, 'C-A')).map((s) => [s.key, s.status]).sort()).toEqual([
      ['DEV-A-EQ1#stale', 'pending'],
      ['DEV-A-EQ3#stale', 'active'],
    ]);
    // RTU-3 is outside a's properties, and a has alerts off: nobody is mailed.
    expect(await alertMails(mailed0)).toEqual([]);
    // Reset by the previous release's form (answered for one release), read back by the new route.
    const reset = await request('POST', '/api/alerts', { token: tokens.admin, body: { action: 'set-thresholds', customerId: 'C-A', propertyId: 'P-A1', rules: [] } });
    expect(reset.json).toMatchObject({ message: 'Alert thresholds reset to the defaults.', updatedAt: null });
    expect(staleRule(await request('GET', '/api/alerts/thresholds/P-A1?customerId=C-A', { token: tokens.admin }))).toMatchObject({ forMinutes: 0 });
    sim.deviceFaults.clear();
  });
});
