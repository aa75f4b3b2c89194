/**
 * The alerts on the energy and runtime signals (issue 44) through the local stack: a simulator this
 * file starts with a unit of each run profile (short cycling, low ΔT, drifting) beside a normal one,
 * all at one property; an administrator turns one rule on at a time over HTTP, one evaluation pass
 * runs as the scheduled one would (`evaluateAlerts`), and the alert shows on GET /api/alerts for the
 * unit that shows the case (and no other) and is mailed to the property's user (the outbox).
 */
import { jest } from '@jest/globals';
import { putEquipment, type EquipmentItem } from '../../lambdas/shared/data/equipment.js';
import type { RunProfile, SimDevice } from '../../infra/local/simulator/fleet.js';
import { startSimulator, type Simulator } from '../../infra/local/simulator/simulator.js';
import { readMails } from '../../infra/local/outbox.js';
import type { ActiveAlert } from '../../lambdas/shared/contract/answers/alerts.js';
import { createTestUser, putCustomer, putProperty, request, signIn, startTestStack, type TestStack } from '../support/local-stack.js';

jest.setTimeout(180_000);

const KEY = 'integration-signals-key';
const PASSWORD = 'Passw0rd1';
const USER = 'facilities@signals.test';
let t: TestStack;
let sim: Simulator;
const tokens = { user: '', admin: '' };

const units: [string, string, RunProfile][] = [
  ['S-EQ1', 'RTU-Short', 'short-cycling'],
  ['S-EQ2', 'RTU-LowDT', 'low-delta-t'],
  ['S-EQ3', 'RTU-Drift', 'drifting'],
  ['S-EQ4', 'RTU-Normal', 'normal'],
];
const rows: EquipmentItem[] = units.map(([id, name]) => ({ customerId: 'C-S', id, propertyId: 'P-S1', buildingName: 'Main', name, equipmentType: 'Rooftop Unit', telemetryData: '{}' }));
const fleet: SimDevice[] = units.map(([id, , profile]) => ({ deviceId: `DEV-${id}`, equipmentId: id, kind: 'air', lagMinutes: 0, signals: 'call', profile }));

const SHORT = { kind: 'air', rule: 'short-cycling', forMinutes: 0, limit: 6, on: true };
const DELTA_T = { kind: 'air', rule: 'delta-t', forMinutes: 1440, limit: 0, on: true };
const DRIFT = { kind: 'air', rule: 'drift', forMinutes: 0, limit: 15, on: true };
const turnOn = (rules: object[]) => request('PUT', '/api/alerts/thresholds/P-S1', { token: tokens.admin, body: { customerId: 'C-S', rules } });
const active = async () => ((await request('GET', '/api/alerts?customerId=C-S', { token: tokens.user })).json as { data: ActiveAlert[] }).data;
const mailsSince = async (from: number) => (await readMails(t.stack.outboxDir)).slice(from);
const outboxSize = async () => (await readMails(t.stack.outboxDir)).length;

beforeAll(async () => {
  sim = await startSimulator({ apiKey: KEY, fleet });
  t = await startTestStack({ env: { TELEMETRY_BASE_URL: sim.url, TELEMETRY_API_KEY: KEY } });
  await putCustomer({ id: 'C-S', name: 'Signals', telemetryCustomerId: 'ncl-s' });
  await putProperty({ id: 'P-S1', customerId: 'C-S', name: 'Signals One', propertyType: 'Office' });
  await putEquipment(t.db, rows);
  await createTestUser({ email: USER, password: PASSWORD, customers: ['C-S'], properties: ['P-S1'] });
  await createTestUser({ email: 'signals-admin@staff.test', password: PASSWORD });
  [tokens.user, tokens.admin] = await Promise.all([signIn(USER, PASSWORD), signIn('signals-admin@staff.test', PASSWORD)]);
});
afterAll(async () => {
  await t?.stop();
  await sim?.close();
});

describe('alerts on the energy and runtime signals', () => {
  it('off by default: a pass raises none of them, and the thresholds say they are off', async () => {
    await t.stack.evaluateAlerts();
    expect(await active()).toEqual([]);
    const got = await request('GET', '/api/alerts/thresholds/P-S1?customerId=C-S', { token: tokens.user });
    const air = (got.json as { rules: { kind: string; rule: string; on: boolean; defaultOn: boolean }[] }).rules.filter((r) => r.kind === 'air');
    expect(air.filter((r) => !r.defaultOn).map((r) => [r.rule, r.on])).toEqual([['short-cycling', false], ['delta-t', false], ['drift', false]]);
  });

  it('short cycling turned on: raised for the short-cycling unit only, and mailed with what was found', async () => {
    expect((await turnOn([SHORT])).status).toBe(200);
    const from = await outboxSize();
    await t.stack.evaluateAlerts();
    const alerts = await active();
    expect(alerts.map((a) => [a.equipmentName, a.rule])).toEqual([['RTU-Short', 'short-cycling']]);
    expect(alerts[0]!.detail).toMatch(/^\d+\.\d starts a day and median on-time 5\.0 min over the last 24 hours/);
    const mails = await mailsSince(from);
    expect(mails.map((m) => [m.to, m.subject])).toEqual([[USER, 'Equipment alert: RTU-Short (Main): Short cycling']]);
    expect(mails[0]!.text).toContain('(device DEV-S-EQ1)');
    expect(mails[0]!.text).toContain('median on-time 5.0 min');
  });

  it('ΔT out of its band turned on (for 24 hours): raised for the low-ΔT unit only', async () => {
    expect((await turnOn([SHORT, DELTA_T])).status).toBe(200);
    const from = await outboxSize();
    await t.stack.evaluateAlerts();
    const raised = (await active()).filter((a) => a.rule === 'delta-t');
    expect(raised.map((a) => a.equipmentName)).toEqual(['RTU-LowDT']);
    expect(raised[0]!.detail).toMatch(/^ΔT across the coil 1[12]\.\d°F on average while cooling; outside the normal 16–22°F band for [\d.]+ h of the last 24 h$/);
    expect((await mailsSince(from)).map((m) => m.subject)).toEqual(['Equipment alert: RTU-LowDT (Main): ΔT across the coil out of its normal band']);
  });

  it('drift over 15 % turned on: raised for the drifting unit (+20 % against its first 30 days), the mail saying the figures are estimated', async () => {
    expect((await turnOn([SHORT, DELTA_T, DRIFT])).status).toBe(200);
    const from = await outboxSize();
    await t.stack.evaluateAlerts();
    const raised = (await active()).filter((a) => a.rule === 'drift');
    expect(raised.map((a) => a.equipmentName)).toEqual(['RTU-Drift']);
    expect(raised[0]!.detail).toMatch(/^Estimated [\d.]+ kWh per runtime hour over the last 24 hours against an estimated [\d.]+ in its first 30 days: \+(19|2[01])\.\d % \(limit 15 %\)$/);
    const mails = await mailsSince(from);
    expect(mails.map((m) => m.subject)).toEqual(['Equipment alert: RTU-Drift (Main): Estimated energy per runtime hour drifting up']);
    expect(mails[0]!.text).toContain('Estimated ');
  });

  it('turned off again (the defaults restored): the alerts go at the next pass without a clear mail', async () => {
    expect((await turnOn([])).status).toBe(200);
    const from = await outboxSize();
    await t.stack.evaluateAlerts();
    expect(await active()).toEqual([]);
    expect(await mailsSince(from)).toEqual([]);
  });
});
