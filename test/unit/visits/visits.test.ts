/**
 * Upcoming visits (issue 30): the selection of visits, the iCalendar text, the feed's signed token,
 * the routes (GET /api/visits, the calendar feed's state and the feed itself) and the day-before
 * mail, on the shared AWS fake with SES mocked.
 */
import { handler as visitsRoute } from '../../../lambdas/visits/list-visits.js';
import { handler as getFeedRoute } from '../../../lambdas/visits/get-calendar.js';
import { handler as newFeedRoute } from '../../../lambdas/visits/create-calendar.js';
import { handler as offFeedRoute } from '../../../lambdas/visits/delete-calendar.js';
import { handler as feedRoute } from '../../../lambdas/visits/calendar-feed.js';
import { runVisitsReminder, tomorrow } from '../../../lambdas/notifications/visits-reminder.js';
import { dynamo } from '../../../lambdas/shared/platform/clients.js';
import type { Visit } from '../../../lambdas/shared/contract/answers/visits.js';
import { indexItemsOf, packRows, type WorkOrderRow } from '../../../lambdas/shared/data/report-rows.js';
import { feedToken, readFeedToken, sameNonce } from '../../../lambdas/shared/domain/visits/feed-token.js';
import { calendarText, escapeText, foldLine } from '../../../lambdas/shared/domain/visits/ical.js';
import { selectVisits, visitWindow } from '../../../lambdas/shared/domain/visits/select.js';
import { zonedClock } from '../../../lambdas/shared/contract/writing.js';
import { admin, alice, bob, customers, properties } from '../documents/support/fixtures.js';
import { apiEvent, json } from '../support/events.js';
import { claims, fakeAws, setTableEnv } from '../support/fake-aws.js';
import { fakeSes } from '../support/ses.js';

const aws = fakeAws({ users: [admin, alice, bob], customers, properties }, { secrets: { embed: 'calendar-key-for-tests' } });
const w = aws.world;
const mail = fakeSes();
const { mails } = mail;

const DAY = 86_400_000;
const today = Math.floor(Date.now() / DAY) * DAY;
const at = (days: number, hours = 0) => new Date(today + days * DAY + hours * 3_600_000).toISOString();

const wo = (id: string, propertyId: string, over: Partial<WorkOrderRow> = {}): WorkOrderRow => ({
  dataset: 'wo',
  id,
  propertyId,
  kind: 'maintenance',
  status: 'Open',
  priority: 'Low',
  createdAt: at(-3),
  description: `Filter change ${id}`,
  technician: 'M. Chen',
  amount: 0,
  ...over,
});

const rows: WorkOrderRow[] = [
  wo('WO-1', 'A-P1', { scheduledAt: at(1, 8), windowStart: at(1, 8), windowEnd: at(1, 11) }),
  wo('WO-2', 'A-P3', { scheduledAt: at(2) }),
  wo('WO-3', 'A-P1', { scheduledAt: at(5, 14), kind: 'service', description: 'No cooling, in RTU-1; "urgent"' }),
  wo('WO-4', 'A-P1', { scheduledAt: at(3, 9), status: 'Completed', completedAt: at(3, 10) }),
  wo('WO-5', 'A-P1', { scheduledAt: at(40) }),
  wo('WO-6', 'A-P1', { scheduledAt: at(-3, 9) }),
  wo('WO-7', 'A-P2', { scheduledAt: at(1, 9) }),
  wo('WO-8', 'B-P1', { scheduledAt: at(1, 10), description: 'Beta chiller inspection' }),
  wo('WO-9', 'A-P1', { status: 'Open' }),
  wo('WO-10', 'A-P3', { scheduledAt: at(4, 9), status: 'Cancelled' }),
];

beforeAll(() => setTableEnv({ LOG_LEVEL: 'error', EMBED_SECRET_ID: 'embed', PUBLIC_URL: 'https://portal.test', MAIL_FROM: 'Portal <portal@example.com>', PRODUCT_NAME: 'Acme' }));
afterAll(() => {
  aws.restore();
  mail.restore();
});
beforeEach(() => {
  aws.reset();
  mail.reset();
  w.notificationSettings = [];
  w.mailSuppression = [];
  const packed = packRows(rows);
  w.reportRows = [...packed, ...indexItemsOf(packed)];
  for (const u of w.users) delete u.calendarFeed;
});

const visitsCall = (email: string, query: Record<string, string> = {}) => visitsRoute(apiEvent({ route: 'GET /api/visits', claims: claims(email), query }));
const feedCall = (route: 'GET' | 'POST' | 'DELETE', email: string, replace = true) =>
  (route === 'GET' ? getFeedRoute : route === 'POST' ? newFeedRoute : offFeedRoute)(
    apiEvent({ route: `${route} /api/calendar`, claims: claims(email), ...(route === 'POST' ? { body: { replace } } : {}) }),
  );
const fetchFeed = (token: string) => feedRoute(apiEvent({ route: 'GET /api/calendar/{token}', params: { token } }));
const tokenOf = (url: string) => url.slice(url.lastIndexOf('/') + 1);
const ids = (r: { body: string }) => (json(r as never).visits as Visit[]).map((v) => v.workOrderId);

describe('which work orders are visits', () => {
  const named = new Map(properties.map((p) => [p.id, p]));
  it('keeps open work orders scheduled in the window, of the listed properties, soonest first', () => {
    const { from, to } = visitWindow(30);
    expect(selectVisits(rows, named, from, to).map((v) => v.workOrderId)).toEqual(['WO-1', 'WO-7', 'WO-8', 'WO-2', 'WO-3']);
    const onlyA1 = new Map([['A-P1', { name: 'Alpha North' }]]);
    expect(selectVisits(rows, onlyA1, from, to).map((v) => v.workOrderId)).toEqual(['WO-1', 'WO-3']);
    // 7 days back (the calendar feed) takes the visit of three days ago too.
    const back = visitWindow(30, Date.now(), 7);
    expect(selectVisits(rows, onlyA1, back.from, back.to).map((v) => v.workOrderId)).toEqual(['WO-6', 'WO-1', 'WO-3']);
    // Fewer days: a visit in five days is out after two.
    const two = visitWindow(2);
    expect(selectVisits(rows, onlyA1, two.from, two.to).map((v) => v.workOrderId)).toEqual(['WO-1']);
  });

  it('says whether a visit has an arrival window, a time or only a day', () => {
    const { from, to } = visitWindow(30);
    const [w1, , , w2, w3] = selectVisits(rows, named, from, to);
    expect(w1).toMatchObject({ workOrderId: 'WO-1', allDay: false, windowStart: at(1, 8), windowEnd: at(1, 11), technician: 'M. Chen', propertyName: 'Alpha North' });
    expect(w2).toMatchObject({ workOrderId: 'WO-2', allDay: true, scheduledAt: at(2) });
    expect(w2).not.toHaveProperty('windowStart');
    expect(w3).toMatchObject({ workOrderId: 'WO-3', allDay: false, scheduledAt: at(5, 14) });
  });
});

describe('the iCalendar text', () => {
  it('escapes backslash, semicolon, comma and newlines', () => {
    expect(escapeText('a\\b;c,d\ne\r\nf')).toBe('a\\\\b\\;c\\,d\\ne\\nf');
  });

  it('folds lines at 75 octets without splitting a character, continuations starting with a space', () => {
    const long = `DESCRIPTION:${'x'.repeat(200)}`;
    const folded = foldLine(long).split('\r\n');
    expect(folded.map((l) => Buffer.byteLength(l))).toEqual([75, 75, 64]);
    expect(folded.slice(1).every((l) => l.startsWith(' '))).toBe(true);
    expect(folded.map((l, i) => (i ? l.slice(1) : l)).join('')).toBe(long);
    const wide = foldLine(`SUMMARY:${'é'.repeat(60)}`).split('\r\n');
    for (const line of wide) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(wide.map((l, i) => (i ? l.slice(1) : l)).join('')).toBe(`SUMMARY:${'é'.repeat(60)}`);
    expect(foldLine('SHORT:1')).toBe('SHORT:1');
  });

  it('writes a VCALENDAR with one VEVENT per visit: UID, DTSTAMP, UTC times or a date, SUMMARY, LOCATION, DESCRIPTION; CRLF after every line', () => {
    const { from, to } = visitWindow(30);
    const visits = selectVisits(rows, new Map(properties.map((p) => [p.id, { ...p, name: p.id === 'A-P1' ? 'Alpha North, Tower; B' : p.name }])), from, to);
    const text = calendarText(visits, { name: 'Acme Reporting: visits', domain: 'portal.test', now: Date.UTC(2026, 10, 25, 14, 3, 7), link: (id) => `https://portal.test/work-orders/${id}` });
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const lines = text.split('\r\n').slice(0, -1);
    expect(lines.every((l) => Buffer.byteLength(l) <= 75)).toBe(true);
    const unfolded = text.replace(/\r\n /g, '').split('\r\n');
    expect(unfolded.slice(0, 2)).toEqual(['BEGIN:VCALENDAR', 'VERSION:2.0']);
    expect(unfolded.filter((l) => l === 'BEGIN:VEVENT')).toHaveLength(5);
    const event = (id: string) => {
      const start = unfolded.indexOf(`UID:${id}@portal.test`);
      return unfolded.slice(start, unfolded.indexOf('END:VEVENT', start));
    };
    const stamp = (iso: string) => iso.replace(/[-:]/g, '').replace('.000', '');
    expect(event('WO-1')).toEqual(
      expect.arrayContaining([
        'DTSTAMP:20261125T140307Z',
        `DTSTART:${stamp(at(1, 8))}`,
        `DTEND:${stamp(at(1, 11))}`,
        'SUMMARY:Maintenance visit: Filter change WO-1',
        'LOCATION:Alpha North\\, Tower\\; B',
      ]),
    );
    expect(event('WO-1').find((l) => l.startsWith('DESCRIPTION:'))).toBe(
      'DESCRIPTION:Filter change WO-1\\nWork order: WO-1\\nTechnician: M. Chen\\nThe time is the arrival window the technician keeps.\\n\\nhttps://portal.test/work-orders/WO-1',
    );
    // Each event opens its own work order in the portal (issue 43).
    expect(event('WO-1')).toContain('URL:https://portal.test/work-orders/WO-1');
    expect(event('WO-3')).toContain('URL:https://portal.test/work-orders/WO-3');
    // A day without a time: DATE values, the end the next day. A time without a window: an hour.
    expect(event('WO-2')).toEqual(expect.arrayContaining([`DTSTART;VALUE=DATE:${at(2).slice(0, 10).replace(/-/g, '')}`, `DTEND;VALUE=DATE:${at(3).slice(0, 10).replace(/-/g, '')}`]));
    expect(event('WO-3')).toEqual(expect.arrayContaining([`DTSTART:${stamp(at(5, 14))}`, `DTEND:${stamp(at(5, 15))}`, 'SUMMARY:Service visit: No cooling\\, in RTU-1\\; "urgent"']));
    expect(unfolded.at(-2)).toBe('END:VCALENDAR');
  });
});

describe("the feed's token", () => {
  it('reads back what it signed (with or without .ics); refuses a changed payload, a changed signature and garbage', async () => {
    const token = await feedToken({ sub: alice.sub, nonce: 'n-1' });
    expect(await readFeedToken(token)).toEqual({ sub: alice.sub, nonce: 'n-1' });
    expect(await readFeedToken(`${token}.ics`)).toEqual({ sub: alice.sub, nonce: 'n-1' });
    const [payload, mac] = token.split('.') as [string, string];
    const forged = Buffer.from(JSON.stringify({ v: 1, p: 'calendar', sub: bob.sub, n: 'n-1' })).toString('base64url');
    expect(await readFeedToken(`${forged}.${mac}`)).toBeUndefined();
    expect(await readFeedToken(`${payload}.${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`)).toBeUndefined();
    expect(await readFeedToken('not-a-token')).toBeUndefined();
    expect(await readFeedToken('')).toBeUndefined();
  });

  it('compares the nonce exactly', () => {
    expect(sameNonce('abc', 'abc')).toBe(true);
    expect(sameNonce('abc', 'abd')).toBe(false);
    expect(sameNonce('abc', 'ab')).toBe(false);
    expect(sameNonce(undefined, 'abc')).toBe(false);
  });
});

describe('GET /api/visits', () => {
  it("answers a customer's own visits of the next 30 days, one property's with propertyId, and refuses another's", async () => {
    const r = await visitsCall(alice.email);
    expect(r.statusCode).toBe(200);
    // A-P2 is not assigned to alice, B-P1 is bob's.
    expect(ids(r)).toEqual(['WO-1', 'WO-2', 'WO-3']);
    expect(ids(await visitsCall(alice.email, { propertyId: 'A-P3' }))).toEqual(['WO-2']);
    expect(ids(await visitsCall(alice.email, { days: '2' }))).toEqual(['WO-1', 'WO-2']);
    const outside = await visitsCall(alice.email, { propertyId: 'B-P1' });
    expect([outside.statusCode, json(outside).error]).toEqual([403, 'You do not have access to property B-P1.']);
    const other = await visitsCall(alice.email, { email: bob.email });
    expect([other.statusCode, json(other).error]).toEqual([403, 'You may see visits only for your own account.']);
    expect((await visitsCall(alice.email, { days: '31' })).statusCode).toBe(400);
    expect(ids(await visitsCall(bob.email))).toEqual(['WO-8']);
  });

  it('answers an administrator the customer they view as, or one property; their own view needs a property', async () => {
    expect(ids(await visitsCall(admin.email, { email: alice.email }))).toEqual(['WO-1', 'WO-2', 'WO-3']);
    expect(ids(await visitsCall(admin.email, { propertyId: 'A-P2' }))).toEqual(['WO-7']);
    const own = await visitsCall(admin.email);
    expect([own.statusCode, json(own).error]).toEqual([403, 'Choose a customer to view as: an administrator has no visits of their own.']);
    expect((await visitsCall(admin.email, { email: 'nobody@a.test' })).statusCode).toBe(404);
  });
});

describe('the calendar feed', () => {
  it('is off until turned on; the address serves the user\'s visits as text/calendar, nothing of another customer', async () => {
    expect(json(await feedCall('GET', alice.email))).toEqual({ enabled: false, url: null, createdAt: null });
    const on = json(await feedCall('POST', alice.email, false));
    expect(on).toMatchObject({ enabled: true, url: expect.stringMatching(/^https:\/\/portal\.test\/api\/calendar\/[\w-]+\.[\w-]{43}\.ics$/), message: 'Your calendar feed is on. Copy its address into your calendar app.' });
    expect(json(await feedCall('GET', alice.email))).toMatchObject({ enabled: true, url: on.url });
    // Turning on what is on keeps the link.
    expect(json(await feedCall('POST', alice.email, false))).toMatchObject({ enabled: true, url: on.url });
    const r = await fetchFeed(tokenOf(on.url as string));
    expect(r.statusCode).toBe(200);
    expect(r.headers).toMatchObject({ 'content-type': 'text/calendar; charset=utf-8', 'cache-control': 'private, max-age=300' });
    expect(r.body).toContain('BEGIN:VCALENDAR\r\n');
    expect(r.body.match(/^UID:.*$/gm)!.map((l) => l.trim())).toEqual(['UID:WO-6@portal.test', 'UID:WO-1@portal.test', 'UID:WO-2@portal.test', 'UID:WO-3@portal.test']);
    expect(r.body).not.toContain('Beta');
  });

  it('answers 404 to a replaced or turned-off address, a forged one, and another user\'s nonce', async () => {
    const first = json(await feedCall('POST', alice.email)).url as string;
    const second = json(await feedCall('POST', alice.email));
    expect(second.message).toBe('A new calendar link was made. The previous link no longer works.');
    const notFound = { statusCode: 404 };
    expect(await fetchFeed(tokenOf(first))).toMatchObject(notFound);
    expect(await fetchFeed(tokenOf(second.url as string))).toMatchObject({ statusCode: 200 });
    // Bob's own feed nonce in a token signed for alice's account: not hers.
    const bobs = tokenOf(json(await feedCall('POST', bob.email)).url as string);
    const bobNonce = (await readFeedToken(bobs))!.nonce;
    expect(await fetchFeed(await feedToken({ sub: alice.sub, nonce: bobNonce }))).toMatchObject(notFound);
    const [payload] = tokenOf(second.url as string).split('.');
    const forged = await fetchFeed(`${payload}.${'A'.repeat(43)}.ics`);
    expect([forged.statusCode, json(forged).error]).toEqual([404, 'No such calendar feed. It may have been turned off or replaced by a new link.']);
    const off = json(await feedCall('DELETE', alice.email));
    expect(off).toEqual({ enabled: false, url: null, createdAt: null, message: 'Your calendar feed is off. Its link no longer works.' });
    expect(await fetchFeed(tokenOf(second.url as string))).toMatchObject(notFound);
  });

  it('refuses administrators, also for a customer they view as', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const r = await feedCall(method, admin.email);
      expect([r.statusCode, json(r).error]).toEqual([403, expect.stringContaining('Calendar feeds are for customer accounts.')]);
    }
    const viewingAs = await newFeedRoute(apiEvent({ route: 'POST /api/calendar', claims: claims(admin.email), body: { replace: true, email: alice.email } }));
    expect(viewingAs.statusCode).toBe(403);
    expect(w.users.find((u) => u.sub === alice.sub)!.calendarFeed).toBeUndefined();
  });
});

describe('the day-before mail', () => {
  const now = today + 16 * 3_600_000;
  it('finds tomorrow in the stage\'s time zone', () => {
    const t = tomorrow(Date.UTC(2026, 2, 7, 16), 'America/New_York');
    // 8 March 2026 in New York: daylight saving starts at 2 AM, so the day is 23 hours.
    expect(t).toEqual({ day: '2026-03-08', from: '2026-03-08T05:00:00.000Z', to: '2026-03-09T04:00:00.000Z' });
    expect(tomorrow(Date.UTC(2026, 10, 25, 23, 30))).toEqual({ day: '2026-11-26', from: '2026-11-26T00:00:00.000Z', to: '2026-11-27T00:00:00.000Z' });
  });

  it("mails each user with visits tomorrow once that day, listing only their properties' visits", async () => {
    expect(await runVisitsReminder(dynamo(), now)).toMatchObject({ mailed: 2, failed: 0 });
    const [toAlice] = mails().filter((m) => m.to === alice.email);
    expect(toAlice!.subject).toMatch(/^Tomorrow, \d{1,2} [A-Z][a-z]{2} \d{4}: 1 visit at your properties$/);
    expect(toAlice!.text).toContain('Alpha North:\n  Filter change WO-1 (work order WO-1)\n    arrival between');
    expect(toAlice!.text).toContain('technician: M. Chen');
    expect(toAlice!.text).toContain('Upcoming visits (the day before)');
    expect(toAlice!.text).not.toContain('Beta');
    expect(mails().find((m) => m.to === bob.email)!.text).toContain('Beta chiller inspection');
    expect(mails().some((m) => m.to === admin.email)).toBe(false);
    // A second run the same day mails no one.
    expect(await runVisitsReminder(dynamo(), now + 3_600_000)).toMatchObject({ mailed: 0 });
    expect(mails()).toHaveLength(2);
  });

  it("mails a visit on the day it is tomorrow at its property, in the property's zone, named", async () => {
    // 8:00 PM tomorrow in Los Angeles is the day after in UTC; 3:00 AM the day after tomorrow in UTC is tomorrow there too.
    const late = wo('WO-LA', 'A-P3', { scheduledAt: at(2, 4), description: 'Evening check' });
    const packed = packRows([...rows, late]);
    w.reportRows = [...packed, ...indexItemsOf(packed)];
    const west = w.properties.find((p) => p.id === 'A-P3')!;
    west.timeZone = 'America/Los_Angeles';
    try {
      expect(await runVisitsReminder(dynamo(), now)).toMatchObject({ mailed: 2, failed: 0 });
      const text = mails().find((m) => m.to === alice.email)!.text;
      expect(text).toContain(`Alpha West:\n  Evening check (work order WO-LA)\n    at ${zonedClock(at(2, 4), 'America/Los_Angeles')}; technician: M. Chen`);
      expect(text).toMatch(/at [89]:00 PM P[SD]T/);
      // The day after tomorrow's visit of a day (WO-2, Alpha West) is not tomorrow's, in any zone.
      expect(text).not.toContain('WO-2');
      // Alpha North has no zone of its own: the provider's (UTC here), named.
      expect(text).toContain('arrival between 8:00 AM and 11:00 AM UTC');
    } finally {
      delete west.timeZone;
    }
  });

  it('mails no one who turned the topic off, and nothing to a suppressed address', async () => {
    w.notificationSettings.push({ sub: alice.sub, email: alice.email, visits: false, updatedAt: at(-1) });
    w.mailSuppression.push({ address: bob.email, reason: 'bounce', at: at(-1) });
    expect(await runVisitsReminder(dynamo(), now)).toMatchObject({ mailed: 0, failed: 0 });
    expect(mails()).toEqual([]);
  });
});
