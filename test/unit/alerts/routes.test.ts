/**
 * The equipment alerts' routes on the shared AWS fake: GET /api/alerts, GET and PUT
 * /api/alerts/thresholds/{propertyId}, and the previous release's POST /api/alerts by `action`,
 * answered for one release with the same scope, messages and audit.
 */
import { handler as legacyAlerts } from '../../../lambdas/alerts/alerts.js';
import { handler as getThresholds } from '../../../lambdas/alerts/get-thresholds.js';
import { handler as listAlerts } from '../../../lambdas/alerts/list-alerts.js';
import { handler as putThresholds } from '../../../lambdas/alerts/put-thresholds.js';
import type { EquipmentAlertItem } from '../../../lambdas/shared/data/equipment-alerts.js';
import { admin, alice, bob, customers, properties } from '../documents/support/fixtures.js';
import { apiEvent, json } from '../support/events.js';
import { claims, fakeAws, setTableEnv } from '../support/fake-aws.js';

const aws = fakeAws({ users: [admin, alice, bob], customers, properties });
const w = aws.world;

beforeAll(() => setTableEnv({ LOG_LEVEL: 'error' }));
afterAll(() => aws.restore());
beforeEach(() => {
  aws.reset();
  w.equipmentAlerts = [alert('DEV-1', 'A-P1', '2026-11-25T10:00:00.000Z'), alert('DEV-2', 'A-P2', '2026-11-25T11:00:00.000Z'), { ...alert('DEV-3', 'A-P1', ''), status: 'pending', raisedAt: undefined }];
  w.audit = [];
});

function alert(deviceId: string, propertyId: string, raisedAt: string): EquipmentAlertItem {
  return {
    customerId: 'A', key: `${deviceId}#stale`, deviceId, rule: 'stale', status: 'active', since: '2026-11-25T09:00:00.000Z', raisedAt, detail: 'No report in the last hour',
    equipmentId: `EQ-${deviceId}`, equipmentName: `RTU ${deviceId}`, buildingName: 'North', propertyId, updatedAt: raisedAt,
  };
}

type Handler = typeof listAlerts;
const as = (email: string | undefined) => (email ? claims(email) : undefined);
const list = (email: string | undefined, query: Record<string, string>) => listAlerts(apiEvent({ route: 'GET /api/alerts', claims: as(email), query }));
const read = (email: string | undefined, propertyId: string, query: Record<string, string>) =>
  getThresholds(apiEvent({ route: 'GET /api/alerts/thresholds/{propertyId}', claims: as(email), params: { propertyId }, query }));
const put = (email: string | undefined, propertyId: string, body: unknown) =>
  putThresholds(apiEvent({ route: 'PUT /api/alerts/thresholds/{propertyId}', claims: as(email), params: { propertyId }, body }));
const legacy = (email: string | undefined, body: unknown) => (legacyAlerts as Handler)(apiEvent({ route: 'POST /api/alerts', claims: as(email), body }));
const rule = { kind: 'air', rule: 'stale', forMinutes: 30, limit: 0 };
const airStale = (r: ReturnType<typeof json>) => (r.rules as { kind: string; rule: string; forMinutes: number; defaultForMinutes: number }[]).find((x) => x.kind === 'air' && x.rule === 'stale');

describe('GET /api/alerts', () => {
  it('401 without a token, 400 without a customer, 403 outside the scope', async () => {
    expect((await list(undefined, { customerId: 'A' })).statusCode).toBe(401);
    expect(json(await list(alice.email, {})).error).toMatch(/^Invalid query\.customerId: /);
    expect(json(await list(alice.email, { customerId: '' })).error).toBe('Invalid query.customerId: is required');
    const foreign = await list(bob.email, { customerId: 'A' });
    expect([foreign.statusCode, json(foreign)]).toEqual([403, { error: 'You do not have access to this customer.' }]);
  });
  it("answers the active alerts of the caller's properties, newest first; an administrator's of all", async () => {
    const mine = await list(alice.email, { customerId: 'A' });
    expect(mine.statusCode).toBe(200);
    // A-P2 is alice's customer's, not her property; DEV-3 is pending, not raised.
    expect((json(mine).data as { deviceId: string }[]).map((a) => a.deviceId)).toEqual(['DEV-1']);
    expect((json(await list(admin.email, { customerId: 'A' })).data as { deviceId: string }[]).map((a) => a.deviceId)).toEqual(['DEV-2', 'DEV-1']);
  });
});

describe('GET and PUT /api/alerts/thresholds/{propertyId}', () => {
  it('reads in scope: 403 for another customer or property, 404 for a property of another customer, 400 without the customer', async () => {
    expect((await read(undefined, 'A-P1', { customerId: 'A' })).statusCode).toBe(401);
    expect(json(await read(alice.email, 'A-P1', {})).error).toMatch(/^Invalid query\.customerId: /);
    expect(json(await read(bob.email, 'A-P1', { customerId: 'A' }))).toEqual({ error: 'You do not have access to this customer.' });
    expect(json(await read(alice.email, 'A-P2', { customerId: 'A' }))).toEqual({ error: 'You do not have access to property A-P2.' });
    const other = await read(admin.email, 'B-P1', { customerId: 'A' });
    expect([other.statusCode, json(other)]).toEqual([404, { error: "Property B-P1 is not one of this customer's properties." }]);
    const r = await read(alice.email, 'A-P1', { customerId: 'A' });
    expect(r.statusCode).toBe(200);
    expect(json(r)).toMatchObject({ propertyId: 'A-P1', updatedAt: null, updatedBy: null });
    expect(airStale(json(r))).toMatchObject({ forMinutes: 0, defaultForMinutes: 0 });
  });
  it('only administrators change them (403 before anything is read); 400 naming the field; saved, audited and read back; [] restores the defaults', async () => {
    const refused = await put(alice.email, 'A-P1', { customerId: 'A', rules: [rule] });
    expect([refused.statusCode, json(refused)]).toEqual([403, { error: 'Only administrators may change alert thresholds.' }]);
    expect(json(await put(admin.email, 'A-P1', { customerId: 'A', rules: [{ ...rule, forMinutes: 2000 }] })).error).toMatch(/^Invalid body\.rules\.0\.forMinutes: /);
    expect(json(await put(admin.email, 'A-P1', { rules: [rule] })).error).toMatch(/^Invalid body\.customerId: /);
    expect(json(await put(admin.email, 'A-P1', { customerId: 'A', rules: [{ ...rule, kind: 'heat', rule: 'supply-warm' }] })).error).toBe('Invalid body.rules: heat equipment has no rule supply-warm.');
    expect(w.audit).toEqual([]);

    const saved = await put(admin.email, 'A-P1', { customerId: 'A', rules: [rule] });
    expect(saved.statusCode).toBe(200);
    expect(json(saved)).toMatchObject({ propertyId: 'A-P1', message: 'Alert thresholds saved.', updatedBy: admin.email });
    expect(w.audit).toMatchObject([{ actorEmail: admin.email, action: 'alert-thresholds', target: 'A-P1', details: { customerId: 'A', rules: { air: { stale: { forMinutes: 30, limit: 0 } } } } }]);
    expect(airStale(json(await read(alice.email, 'A-P1', { customerId: 'A' })))).toMatchObject({ forMinutes: 30, defaultForMinutes: 0 });

    const reset = await put(admin.email, 'A-P1', { customerId: 'A', rules: [] });
    expect(json(reset)).toMatchObject({ message: 'Alert thresholds reset to the defaults.', updatedAt: null });
    expect(airStale(json(await read(alice.email, 'A-P1', { customerId: 'A' })))).toMatchObject({ forMinutes: 0 });
  });
});

describe("the signal rules' thresholds (issue 44): each editable within its bounds, 400 saying which", () => {
  const signal = (rules: Record<string, unknown>[]) => put(admin.email, 'A-P1', { customerId: 'A', rules });
  const ruleOf = (body: unknown, rule: string) => (body as { rules: Record<string, unknown>[] }).rules.find((r) => r.kind === 'air' && r.rule === rule);
  it('refuses out of bounds: starts a day, median on-time, ΔT minutes, drift %; a median on-time on another rule', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ kind: 'air', rule: 'short-cycling', forMinutes: 0, limit: 101, on: true }, 'Invalid body.rules: the limit of short-cycling must be a whole number of starts a day from 1 to 100.'],
      [{ kind: 'air', rule: 'short-cycling', forMinutes: 0, limit: 6, minOnMinutes: 0, on: true }, 'Invalid body.rules: the median on-time of short-cycling must be a whole number of minutes from 1 to 60.'],
      [{ kind: 'air', rule: 'short-cycling', forMinutes: 0, limit: 6, minOnMinutes: 7.5, on: true }, 'Invalid body.rules: the median on-time of short-cycling must be a whole number of minutes from 1 to 60.'],
      [{ kind: 'air', rule: 'short-cycling', forMinutes: 0, limit: 6, minOnMinutes: 61, on: true }, 'Invalid body.rules: the median on-time of short-cycling must be a whole number of minutes from 1 to 60.'],
      [{ kind: 'air', rule: 'delta-t', forMinutes: 29, limit: 0, on: true }, 'Invalid body.rules: the minutes of delta-t must be from 30 to 1440.'],
      [{ kind: 'air', rule: 'drift', forMinutes: 0, limit: 0.5, on: true }, 'Invalid body.rules: the limit of drift must be a percentage from 1 to 500.'],
      [{ kind: 'air', rule: 'drift', forMinutes: 0, limit: 15, minOnMinutes: 8, on: true }, 'Invalid body.rules: the rule drift has no median on-time (only short-cycling has).'],
      [{ kind: 'air', rule: 'high-current', forMinutes: 10, limit: 40, minOnMinutes: 8 }, 'Invalid body.rules: the rule high-current has no median on-time (only short-cycling has).'],
    ];
    for (const [rule, error] of cases) {
      const r = await signal([rule]);
      expect({ rule, status: r.statusCode, body: json(r) }).toEqual({ rule, status: 400, body: { error } });
    }
    expect(w.audit).toEqual([]);
  });
  it('saves the median on-time, the ΔT minutes and the drift %, reads them back beside their defaults, and keeps only what differs', async () => {
    const before = json(await read(alice.email, 'A-P1', { customerId: 'A' }));
    expect(ruleOf(before, 'short-cycling')).toMatchObject({ limit: 6, minOnMinutes: 8, defaultMinOnMinutes: 8, on: false });
    expect(ruleOf(before, 'drift')).not.toHaveProperty('minOnMinutes');
    const saved = await signal([
      { kind: 'air', rule: 'short-cycling', forMinutes: 0, limit: 10, minOnMinutes: 12, on: true },
      { kind: 'air', rule: 'delta-t', forMinutes: 240, limit: 0, on: true },
      { kind: 'air', rule: 'drift', forMinutes: 0, limit: 25, on: true },
    ]);
    expect(saved.statusCode).toBe(200);
    const after = json(await read(alice.email, 'A-P1', { customerId: 'A' }));
    expect(ruleOf(after, 'short-cycling')).toMatchObject({ limit: 10, minOnMinutes: 12, defaultMinOnMinutes: 8, on: true });
    expect(ruleOf(after, 'delta-t')).toMatchObject({ forMinutes: 240, defaultForMinutes: 120, on: true });
    expect(ruleOf(after, 'drift')).toMatchObject({ limit: 25, defaultLimit: 15, on: true });
    expect(w.audit.at(-1)).toMatchObject({ details: { rules: { air: { 'short-cycling': { forMinutes: 0, limit: 10, on: true, minOnMinutes: 12 }, 'delta-t': { forMinutes: 240, limit: 0, on: true }, drift: { forMinutes: 0, limit: 25, on: true } } } } });
    // Only the median on-time off its default: still stored (it is a change); back to 8 and off: the defaults again.
    await signal([{ kind: 'air', rule: 'short-cycling', forMinutes: 0, limit: 6, minOnMinutes: 5, on: false }]);
    expect(ruleOf(json(await read(alice.email, 'A-P1', { customerId: 'A' })), 'short-cycling')).toMatchObject({ minOnMinutes: 5, on: false });
    expect(json(await signal([{ kind: 'air', rule: 'short-cycling', forMinutes: 0, limit: 6, minOnMinutes: 8, on: false }]))).toMatchObject({ message: 'Alert thresholds reset to the defaults.' });
  });
});

describe("the previous release's POST /api/alerts by action (answered for one release)", () => {
  it("'list', 'thresholds' and 'set-thresholds' answer as the new routes do, with the same refusals", async () => {
    expect((await legacy(undefined, { action: 'list', customerId: 'A' })).statusCode).toBe(401);
    expect(json(await legacy(alice.email, { action: 'list', customerId: 'A' }))).toEqual(json(await list(alice.email, { customerId: 'A' })));
    expect(json(await legacy(bob.email, { action: 'list', customerId: 'A' }))).toEqual({ error: 'You do not have access to this customer.' });
    expect(json(await legacy(alice.email, { action: 'thresholds', customerId: 'A', propertyId: 'A-P1' }))).toEqual(json(await read(alice.email, 'A-P1', { customerId: 'A' })));
    expect(json(await legacy(alice.email, { action: 'set-thresholds', customerId: 'A', propertyId: 'A-P1', rules: [rule] }))).toEqual({ error: 'Only administrators may change alert thresholds.' });
    const saved = await legacy(admin.email, { action: 'set-thresholds', customerId: 'A', propertyId: 'A-P1', rules: [rule] });
    expect(json(saved)).toMatchObject({ message: 'Alert thresholds saved.' });
    expect(w.audit).toMatchObject([{ action: 'alert-thresholds', target: 'A-P1' }]);
    expect(json(await legacy(alice.email, { action: 'delete' })).error).toMatch(/^Invalid body\.action: /);
    expect(json(await legacy(alice.email, { action: 'thresholds', customerId: 'A' })).error).toMatch(/^Invalid body\.propertyId: /);
  });
});
