/**
 * Upcoming visits through the local stack over HTTP (issue 30): "Coming up" in each customer's
 * scope, the calendar feed of one user carrying their visits and no other customer's, its address
 * dead once replaced or turned off (404, as a forged one), and the day-before mail: once per user
 * and day, not to a user who turned the topic off nor to a suppressed address. The AWS calls are
 * recorded for the IAM check (test/iam).
 */
import { jest } from '@jest/globals';
import { suppress } from '../../lambdas/shared/data/mail-suppression.js';
import { putReportRows, type WorkOrderRow } from '../../lambdas/shared/data/report-rows.js';
import { createTestUser, putCustomer, putProperty, request, signIn, startTestStack, type TestStack } from '../support/local-stack.js';

jest.setTimeout(120_000);

const PASSWORD = 'Passw0rd1';
const ADMIN = 'visits-admin@staff.test';
const USER_A = 'a@tenant-a.test';
const QUIET_A = 'quiet@tenant-a.test';
const USER_B = 'b@tenant-b.test';
const BOUNCED_B = 'bounced@tenant-b.test';
const DAY = 86_400_000;
const today = Math.floor(Date.now() / DAY) * DAY;
const at = (days: number, hours = 0) => new Date(today + days * DAY + hours * 3_600_000).toISOString();

let t: TestStack;
const tokens: Record<'admin' | 'a' | 'quiet' | 'b', string> = { admin: '', a: '', quiet: '', b: '' };

const wo = (id: string, propertyId: string, scheduledAt: string, over: Partial<WorkOrderRow> = {}): WorkOrderRow => ({
  dataset: 'wo',
  id,
  propertyId,
  kind: 'maintenance',
  status: 'Open',
  priority: 'Low',
  createdAt: at(-5),
  scheduledAt,
  description: `Coil cleaning ${id}`,
  technician: 'S. Patel',
  amount: 0,
  ...over,
});

const visitIds = (r: { json: unknown }) => (r.json as { visits: { workOrderId: string }[] }).visits.map((v) => v.workOrderId);
const feedUrl = async (token: string, replace: boolean) => {
  const r = await request('POST', '/api/calendar', { token, body: { replace } });
  expect(r.status).toBe(200);
  return new URL((r.json as { url: string }).url).pathname;
};
const mailsTo = async (to: string) => (await t.outbox()).filter((m) => m.to.toLowerCase().includes(to));

beforeAll(async () => {
  t = await startTestStack();
  await putCustomer({ id: 'C-A', name: 'alpha' });
  await putCustomer({ id: 'C-B', name: 'beta' });
  await putProperty({ id: 'P-A1', customerId: 'C-A', name: 'Alpha One', propertyType: 'Office', timeZone: 'America/Chicago', address: '1 Main St, Springfield, IL 62701' });
  await putProperty({ id: 'P-A2', customerId: 'C-A', name: 'Alpha Two', propertyType: 'Office' });
  await putProperty({ id: 'P-B1', customerId: 'C-B', name: 'Beta One', propertyType: 'Office' });
  await putReportRows(t.db, [
    wo('WO-A1', 'P-A1', at(1, 8), { windowStart: at(1, 8), windowEnd: at(1, 11) }),
    wo('WO-A2', 'P-A2', at(6, 13), { kind: 'service', description: 'Noisy fan, roof; check belt' }),
    wo('WO-A3', 'P-A1', at(12), { status: 'Completed', completedAt: at(-1) }),
    wo('WO-A4', 'P-A2', at(45)),
    wo('WO-B1', 'P-B1', at(1, 10), { description: 'Beta boiler inspection' }),
  ]);
  await createTestUser({ email: ADMIN, password: PASSWORD });
  await createTestUser({ email: USER_A, password: PASSWORD, customers: ['C-A'], properties: ['P-A1', 'P-A2'] });
  await createTestUser({ email: QUIET_A, password: PASSWORD, customers: ['C-A'], properties: ['P-A1'] });
  await createTestUser({ email: USER_B, password: PASSWORD, customers: ['C-B'], properties: ['P-B1'] });
  await createTestUser({ email: BOUNCED_B, password: PASSWORD, customers: ['C-B'], properties: ['P-B1'] });
  [tokens.admin, tokens.a, tokens.quiet, tokens.b] = await Promise.all([ADMIN, USER_A, QUIET_A, USER_B].map((e) => signIn(e, PASSWORD)));
});
afterAll(async () => t?.stop());

describe('GET /api/visits', () => {
  it('refuses no session (401), another customer and a property outside the scope (403)', async () => {
    expect((await request('GET', '/api/visits')).status).toBe(401);
    const other = await request('GET', `/api/visits?email=${encodeURIComponent(USER_B)}`, { token: tokens.a });
    expect([other.status, other.json]).toEqual([403, { error: 'You may see visits only for your own account.' }]);
    const outside = await request('GET', '/api/visits?propertyId=P-B1', { token: tokens.a });
    expect([outside.status, outside.json]).toEqual([403, { error: 'You do not have access to property P-B1.' }]);
    expect((await request('GET', '/api/visits?days=0', { token: tokens.a })).status).toBe(400);
  });

  it("answers each customer's own visits of the next 30 days, soonest first, one property's with the filter", async () => {
    const a = await request('GET', '/api/visits', { token: tokens.a });
    expect(a.status).toBe(200);
    expect(visitIds(a)).toEqual(['WO-A1', 'WO-A2']);
    expect((a.json as { visits: object[] }).visits[0]).toEqual({
      workOrderId: 'WO-A1',
      propertyId: 'P-A1',
      propertyName: 'Alpha One',
      propertyAddress: '1 Main St, Springfield, IL 62701',
      timeZone: 'America/Chicago',
      kind: 'maintenance',
      scheduledAt: at(1, 8),
      allDay: false,
      windowStart: at(1, 8),
      windowEnd: at(1, 11),
      technician: 'S. Patel',
      description: 'Coil cleaning WO-A1',
    });
    // A property without a zone of its own is in the provider's (PROVIDER_TIME_ZONE, unset here: UTC).
    expect((a.json as { visits: { timeZone: string }[] }).visits[1]!.timeZone).toBe('UTC');
    expect(visitIds(await request('GET', '/api/visits?propertyId=P-A2', { token: tokens.a }))).toEqual(['WO-A2']);
    expect(visitIds(await request('GET', '/api/visits', { token: tokens.b }))).toEqual(['WO-B1']);
    // An administrator sees the customer they view as.
    expect(visitIds(await request('GET', `/api/visits?email=${encodeURIComponent(USER_B)}`, { token: tokens.admin }))).toEqual(['WO-B1']);
    expect((await request('GET', '/api/visits', { token: tokens.admin })).status).toBe(403);
  });
});

describe('the calendar feed', () => {
  it("carries one user's visits and no other customer's, as text/calendar", async () => {
    expect((await request('GET', '/api/calendar', { token: tokens.a })).json).toEqual({ enabled: false, url: null, createdAt: null });
    const path = await feedUrl(tokens.a, false);
    const state = await request('GET', '/api/calendar', { token: tokens.a });
    expect(new URL((state.json as { url: string }).url).pathname).toBe(path);
    const feed = await request('GET', path);
    expect(feed.status).toBe(200);
    expect(feed.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(feed.headers.get('cache-control')).toBe('private, max-age=300');
    expect(feed.text.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    const unfolded = feed.text.replace(/\r\n /g, '');
    expect(unfolded.match(/^UID:[^@]+/gm)).toEqual(['UID:WO-A1', 'UID:WO-A2']);
    expect(unfolded).toContain('LOCATION:Alpha Two\r\n');
    expect(unfolded).toContain('LOCATION:Alpha One\\, 1 Main St\\, Springfield\\, IL 62701\r\n');
    // Alpha One's visit in Chicago's local time with its TZID and VTIMEZONE; Alpha Two's (UTC) in UTC.
    expect(unfolded).toMatch(/^DTSTART;TZID=America\/Chicago:\d{8}T\d{6}\r$/m);
    expect(unfolded).toContain('BEGIN:VTIMEZONE\r\nTZID:America/Chicago\r\n');
    expect(unfolded).toContain(`DTSTART:${at(6, 13).replace(/[-:]/g, '').replace('.000', '')}\r\n`);
    expect(unfolded).toContain('SUMMARY:Service visit: Noisy fan\\, roof\\; check belt');
    // Each event opens its work order's screen on the web app's own address (issue 43).
    expect(unfolded.match(/^URL:.*$/gm)).toEqual([expect.stringMatching(/^URL:https?:\/\/[^/]+\/work-orders\/WO-A1$/), expect.stringMatching(/\/work-orders\/WO-A2$/)]);
    expect(unfolded).not.toMatch(/Beta|WO-B1/);
    // Customer B's own feed holds B's only.
    const b = await request('GET', await feedUrl(tokens.b, false));
    expect(b.text.replace(/\r\n /g, '').match(/^UID:[^@]+/gm)).toEqual(['UID:WO-B1']);
  });

  it('answers 404 to a replaced, a turned-off and a forged address', async () => {
    const old = await feedUrl(tokens.a, false);
    const fresh = await feedUrl(tokens.a, true);
    expect(fresh).not.toBe(old);
    const gone = await request('GET', old);
    expect([gone.status, gone.json]).toEqual([404, { error: 'No such calendar feed. It may have been turned off or replaced by a new link.' }]);
    expect((await request('GET', fresh)).status).toBe(200);
    const [payload] = fresh.slice('/api/calendar/'.length).split('.');
    expect((await request('GET', `/api/calendar/${payload}.${'A'.repeat(43)}.ics`)).status).toBe(404);
    expect((await request('GET', '/api/calendar/not-a-feed')).status).toBe(404);
    const off = await request('DELETE', '/api/calendar', { token: tokens.a });
    expect(off.json).toEqual({ enabled: false, url: null, createdAt: null, message: 'Your calendar feed is off. Its link no longer works.' });
    expect((await request('GET', fresh)).status).toBe(404);
  });

  it('refuses an administrator, who cannot make a feed for the customer they view as', async () => {
    for (const [method, body] of [['GET'], ['POST', { replace: true }], ['DELETE']] as const) {
      const r = await request(method, '/api/calendar', { token: tokens.admin, body });
      expect([r.status, (r.json as { error: string }).error]).toEqual([403, expect.stringContaining('Calendar feeds are for customer accounts.')]);
    }
  });
});

describe('the day-before mail', () => {
  it("mails each user tomorrow's visits once a day; not to one who turned it off, nor to a suppressed address", async () => {
    const off = await request('PATCH', '/api/notifications', { token: tokens.quiet, body: { settings: { visits: false } } });
    expect((off.json as { settings: { visits: boolean } }).settings.visits).toBe(false);
    await suppress(t.db, BOUNCED_B, 'bounce', 'test: a permanent bounce');
    await t.stack.runJob('notifications/visits-reminder');
    const toA = await mailsTo(USER_A);
    expect(toA.map((m) => m.subject)).toEqual([expect.stringMatching(/^Tomorrow, .*: 1 visit at your properties$/)]);
    expect(toA[0]!.text).toContain('Coil cleaning WO-A1 (work order WO-A1)');
    // The visit's work order opens from the mail (the web app's /work-orders/<id>, issue 43).
    expect(toA[0]!.text).toMatch(/\n {4}https?:\/\/\S+\/work-orders\/WO-A1\n/);
    expect(toA[0]!.text).not.toContain('WO-A2');
    expect((await mailsTo(USER_B)).map((m) => m.text.includes('Beta boiler inspection'))).toEqual([true]);
    expect(await mailsTo(QUIET_A)).toEqual([]);
    expect(await mailsTo(BOUNCED_B)).toEqual([]);
    await t.stack.runJob('notifications/visits-reminder');
    expect(await mailsTo(USER_A)).toHaveLength(1);
    expect(await mailsTo(USER_B)).toHaveLength(1);
  });
});
