/**
 * Notifications (issue 20): the settings routes (and the previous release's form), the unsubscribe link, the documents digest, the
 * weekly summary and SES's feedback, on the shared AWS fake with SES mocked.
 */
import { SendEmailCommand } from '@aws-sdk/client-sesv2';
import { handler as digestJob } from '../../../lambdas/notifications/documents-digest.js';
import { handler as feedback } from '../../../lambdas/notifications/mail-feedback.js';
import { handler as weeklyJob } from '../../../lambdas/notifications/weekly-summary.js';
import { handler as getSettingsRoute } from '../../../lambdas/notifications/get-settings.js';
import { handler as legacySettingsRoute } from '../../../lambdas/notifications/settings.js';
import { handler as updateSettingsRoute } from '../../../lambdas/notifications/update-settings.js';
import { handler as unsubscribeRoute } from '../../../lambdas/notifications/unsubscribe.js';
import { runDocumentsDigest } from '../../../lambdas/notifications/documents-digest.js';
import { energyLine, figuresByProperty, runWeeklySummary, weekOf, weeklyMail } from '../../../lambdas/notifications/weekly-summary.js';
import type { TelemetryClient } from '../../../lambdas/shared/domain/telemetry/client.js';
import { putRolledDays } from '../../../lambdas/shared/data/unit-days.js';
import { dayOf, dayTally, readingsOfSamples } from '../../../lambdas/shared/domain/insight/index.js';
import { dynamo } from '../../../lambdas/shared/platform/clients.js';
import { signEmbedToken } from '../../../lambdas/shared/domain/reports/embed-token.js';
import { readUnsubscribeToken, unsubscribeToken } from '../../../lambdas/shared/domain/notifications/unsubscribe-token.js';
import type { ReportRow } from '../../../lambdas/shared/data/report-rows.js';
import { packRows, indexItemsOf } from '../../../lambdas/shared/data/report-rows.js';
import { admin, alice, bob, customers, doc, properties } from '../documents/support/fixtures.js';
import { apiEvent, json } from '../support/events.js';
import { claims, fakeAws, setTableEnv, TABLES } from '../support/fake-aws.js';
import { fakeSes } from '../support/ses.js';
import { emfOf, linesOf } from '../support/stdout.js';

const aws = fakeAws({ users: [admin, alice, bob], customers: [...customers.map((c) => (c.id === 'A' ? { ...c, telemetryCustomerId: 'T-A' } : c))], properties }, { secrets: { embed: 'unsubscribe-key-for-tests' } });
const w = aws.world;
const mail = fakeSes();
const { ses, mails } = mail;

beforeAll(() => setTableEnv({ LOG_LEVEL: 'error', EMBED_SECRET_ID: 'embed', PUBLIC_URL: 'https://portal.test', MAIL_FROM: 'Portal <portal@example.com>', EMBED_TOKEN_TTL: '600' }));
afterAll(() => {
  aws.restore();
  mail.restore();
});
beforeEach(() => {
  aws.reset();
  mail.reset();
  w.notificationSettings = [];
  w.mailSuppression = [];
  w.documents = [];
  w.reportRows = [];
});

const as = (email: string | undefined) => (email ? claims(email) : undefined);
/** GET /api/notifications for { action: 'get' }, PATCH for { action: 'set', settings }: the routes the web app calls. */
const settingsCall = (email: string | undefined, body: { action: string; settings?: unknown }) =>
  body.action === 'get'
    ? getSettingsRoute(apiEvent({ route: 'GET /api/notifications', claims: as(email) }))
    : updateSettingsRoute(apiEvent({ route: 'PATCH /api/notifications', claims: as(email), body: { settings: body.settings } }));
/** The previous release's POST /api/notifications { action }, answered for one release. */
const legacyCall = (email: string | undefined, body: unknown) => legacySettingsRoute(apiEvent({ route: 'POST /api/notifications', claims: as(email), body }));
const unsubscribe = (token: string) => unsubscribeRoute(apiEvent({ route: 'POST /api/notifications/unsubscribe', body: { token } }));
const linkOf = (text: string) => /\/unsubscribe\?token=([A-Za-z0-9_.-]+)/.exec(text)?.[1];

describe('GET and PATCH /api/notifications', () => {
  it('answers the defaults (service requests, alerts and upcoming visits on), the address and whether alerts apply', async () => {
    const r = await settingsCall(alice.email, { action: 'get' });
    expect(r.statusCode).toBe(200);
    expect(json(r)).toEqual({ email: alice.email, settings: { documents: false, weekly: false, requests: true, alerts: true, quotes: true, visits: true }, suppressed: false, telemetry: true });
    expect(json(await settingsCall(bob.email, { action: 'get' })).telemetry).toBe(false);
  });

  it('changes the topics named and keeps the others; says so; starts the documents watermark when switched on', async () => {
    const r = await settingsCall(alice.email, { action: 'set', settings: { documents: true, alerts: false } });
    expect(r.statusCode).toBe(200);
    expect(json(r)).toMatchObject({ message: 'Notification settings saved.', settings: { documents: true, weekly: false, requests: true, alerts: false, quotes: true, visits: true } });
    expect(w.notificationSettings).toEqual([expect.objectContaining({ sub: alice.sub, email: alice.email, documents: true, alerts: false, documentsSince: expect.any(String) })]);
    expect(json(await settingsCall(alice.email, { action: 'get' })).settings).toEqual({ documents: true, weekly: false, requests: true, alerts: false, quotes: true, visits: true });
  });

  it('401 without a token; 403 for administrators; 400 for a bad body; shows a suppressed address', async () => {
    expect((await settingsCall(undefined, { action: 'get' })).statusCode).toBe(401);
    const staff = await settingsCall(admin.email, { action: 'get' });
    expect([staff.statusCode, json(staff).error]).toEqual([403, 'Notifications are settings of customer accounts.']);
    expect(json(await settingsCall(admin.email, { action: 'set', settings: { documents: true } }))).toEqual({ error: 'Notifications are settings of customer accounts.' });
    expect((await settingsCall(undefined, { action: 'set', settings: {} })).statusCode).toBe(401);
    expect(json(await settingsCall(alice.email, { action: 'set', settings: { documents: 'yes' } })).error).toMatch(/^Invalid body\.settings\.documents: /);
    expect(json(await settingsCall(alice.email, { action: 'set' })).error).toMatch(/^Invalid body\.settings: /);
    expect(w.notificationSettings).toEqual([]);
    w.mailSuppression.push({ address: alice.email, reason: 'bounce', at: '2026-11-01T00:00:00.000Z', detail: 'x' });
    expect(json(await settingsCall(alice.email, { action: 'get' })).suppressed).toBe(true);
  });
});

describe("the previous release's POST /api/notifications by action (answered for one release)", () => {
  it("'get' and 'set' answer as GET and PATCH do, with the same refusals", async () => {
    expect((await legacyCall(undefined, { action: 'get' })).statusCode).toBe(401);
    const staff = await legacyCall(admin.email, { action: 'set', settings: { documents: 'yes' } });
    expect([staff.statusCode, json(staff).error]).toEqual([403, 'Notifications are settings of customer accounts.']);
    expect(json(await legacyCall(alice.email, { action: 'delete' })).error).toMatch(/^Invalid body\.action: /);
    expect(json(await legacyCall(alice.email, { action: 'set', settings: { weekly: 1 } })).error).toMatch(/^Invalid body\.settings\.weekly: /);
    expect(json(await legacyCall(alice.email, { action: 'get' }))).toEqual(json(await settingsCall(alice.email, { action: 'get' })));
    const set = await legacyCall(alice.email, { action: 'set', settings: { weekly: true } });
    expect(json(set)).toMatchObject({ message: 'Notification settings saved.', settings: { documents: false, weekly: true, requests: true, alerts: true, quotes: true, visits: true } });
    expect(json(await settingsCall(alice.email, { action: 'get' })).settings).toEqual({ documents: false, weekly: true, requests: true, alerts: true, quotes: true, visits: true });
  });
});

describe('the unsubscribe link', () => {
  it('switches the one topic off for the account it names, without signing in', async () => {
    await settingsCall(alice.email, { action: 'set', settings: { documents: true, weekly: true } });
    const token = await unsubscribeToken({ sub: alice.sub, topic: 'weekly', email: alice.email });
    const r = await unsubscribe(token);
    expect(r.statusCode).toBe(200);
    expect(json(r)).toEqual({ topic: 'weekly', message: 'You will no longer be mailed: Weekly summary of work orders and invoices. You can turn it back on under Notifications in the user menu.' });
    expect(json(await settingsCall(alice.email, { action: 'get' })).settings).toEqual({ documents: true, weekly: false, requests: true, alerts: true, quotes: true, visits: true });
  });

  it('refuses a changed, foreign or malformed token (400) and an account that is gone (404)', async () => {
    const token = await unsubscribeToken({ sub: alice.sub, topic: 'requests', email: alice.email });
    const [payload, mac] = token.split('.') as [string, string];
    const bobs = Buffer.from(JSON.stringify({ v: 1, p: 'unsubscribe', sub: bob.sub, t: 'requests', e: bob.email })).toString('base64url');
    const { token: embed } = await signEmbedToken({ sub: alice.email, customerId: 'A', reportId: 'r', properties: ['A-P1'] } as never);
    for (const bad of [`${bobs}.${mac}`, `${payload}.${mac.slice(0, -2)}AA`, 'nonsense', embed, `${payload}.`]) {
      const r = await unsubscribe(bad);
      expect([r.statusCode, json(r).error]).toEqual([400, 'This unsubscribe link is not valid. Sign in and change your mail under Notifications in the user menu.']);
    }
    expect(await readUnsubscribeToken(token)).toEqual({ sub: alice.sub, topic: 'requests', email: alice.email });
    const gone = await unsubscribeToken({ sub: 'no-such-sub', topic: 'requests', email: 'x@y.test' });
    expect((await unsubscribe(gone)).statusCode).toBe(404);
    expect(w.notificationSettings).toEqual([]);
  });
});

describe('the documents digest', () => {
  const HOUR = 3600_000;
  const t0 = Date.parse('2026-11-25T10:00:00.000Z');
  const iso = (ms: number) => new Date(ms).toISOString();
  const subscribe = (u: typeof alice, since: number) => w.notificationSettings.push({ sub: u.sub, email: u.email, documents: true, documentsSince: iso(since), updatedAt: iso(since) });

  it('mails each subscribed user once, listing every new document of their scope; nobody else', async () => {
    subscribe(alice, t0);
    doc(w, 'documents/1/old.pdf', 'A-P1', iso(t0 - HOUR));
    doc(w, 'documents/2/plan.pdf', 'A-P1', iso(t0 + 10_000));
    doc(w, 'documents/3/report.pdf', 'A-P3', iso(t0 + 20_000));
    doc(w, 'documents/6/two.pdf', 'A2-P1', iso(t0 + 25_000)); // assigned, but its customer is not
    doc(w, 'documents/4/other.pdf', 'A-P2', iso(t0 + 30_000)); // alice's customer, not her property
    doc(w, 'documents/5/beta.pdf', 'B-P1', iso(t0 + 40_000)); // bob is not subscribed
    // Uploads under way (the last one less than 2 minutes ago): held, so the mail lists them all.
    expect(await runDocumentsDigest(dynamo(), t0 + 60_000)).toMatchObject({ mailed: 0, failed: 0 });
    const summary = await runDocumentsDigest(dynamo(), t0 + 180_000);
    expect(summary).toEqual({ subscribed: 1, mailed: 1, documents: 2, failed: 0 });
    const [m, ...rest] = mails();
    expect(rest).toEqual([]);
    expect(m).toMatchObject({ to: alice.email, subject: '2 new documents for your properties' });
    expect(m!.text).toContain('Alpha North:\n  - plan.pdf (added 25 Nov 2026, 10:00 AM UTC)');
    expect(m!.text).toContain('Alpha West:\n  - report.pdf');
    expect(m!.text).not.toMatch(/old\.pdf|other\.pdf|beta\.pdf|two\.pdf/);
    expect(m!.text).toContain('"New documents for my properties" is on');
    expect(m!.headers).toEqual([{ Name: 'List-Unsubscribe', Value: expect.stringMatching(/^<https:\/\/portal\.test\/unsubscribe\?token=/) }]);
    expect(await readUnsubscribeToken(linkOf(m!.text)!)).toEqual({ sub: alice.sub, topic: 'documents', email: alice.email });
  });

  it('sends at most one mail an hour: later documents wait for the next hour, none is lost or repeated', async () => {
    subscribe(alice, t0);
    doc(w, 'documents/1/a.pdf', 'A-P1', iso(t0 + 1000));
    expect((await runDocumentsDigest(dynamo(), t0 + 180_000)).mailed).toBe(1);
    doc(w, 'documents/2/b.pdf', 'A-P3', iso(t0 + 240_000));
    expect((await runDocumentsDigest(dynamo(), t0 + 30 * 60_000)).mailed).toBe(0);
    expect((await runDocumentsDigest(dynamo(), t0 + HOUR + 60_000)).mailed).toBe(1);
    expect(mails().map((m) => m.subject)).toEqual(['New document for Alpha North', 'New document for Alpha West']);
    expect((await runDocumentsDigest(dynamo(), t0 + 3 * HOUR)).mailed).toBe(0);
  });

  it('sends nothing to a suppressed address, and gives the hour back when SES fails', async () => {
    subscribe(alice, t0);
    doc(w, 'documents/1/a.pdf', 'A-P1', iso(t0 + 1000));
    ses.on(SendEmailCommand).rejects(new Error('SES down'));
    expect(await runDocumentsDigest(dynamo(), t0 + 180_000)).toMatchObject({ mailed: 0, failed: 1 });
    ses.on(SendEmailCommand).resolves({ MessageId: 'm' });
    expect((await runDocumentsDigest(dynamo(), t0 + 240_000)).mailed).toBe(1);
    w.mailSuppression.push({ address: alice.email, reason: 'complaint', at: iso(t0), detail: 'abuse' });
    doc(w, 'documents/2/b.pdf', 'A-P1', iso(t0 + 2 * HOUR));
    expect((await runDocumentsDigest(dynamo(), t0 + 3 * HOUR)).mailed).toBe(0);
  });
});

describe('the weekly summary', () => {
  const now = Date.parse('2026-11-23T07:00:00.000Z'); // a Monday
  const rows: ReportRow[] = [
    { dataset: 'wo', id: 'W1', propertyId: 'A-P1', kind: 'service', status: 'Completed', priority: 'Low', createdAt: '2026-11-17T09:00:00.000Z', completedAt: '2026-11-18T09:00:00.000Z', description: 'd', technician: 't', amount: 100 },
    { dataset: 'wo', id: 'W2', propertyId: 'A-P1', kind: 'service', status: 'Open', priority: 'Low', createdAt: '2026-11-20T09:00:00.000Z', description: 'd', technician: 't', amount: 100 },
    { dataset: 'wo', id: 'W3', propertyId: 'A-P1', kind: 'service', status: 'Completed', priority: 'Low', createdAt: '2026-10-01T09:00:00.000Z', completedAt: '2026-11-10T09:00:00.000Z', description: 'd', technician: 't', amount: 100 },
    { dataset: 'invoice', id: 'I1', number: 'INV-1', propertyId: 'A-P3', issuedAt: '2026-11-21T09:00:00.000Z', dueAt: '2026-12-21T09:00:00.000Z', amount: 1234.5, balance: 1234.5, status: 'Open' },
    { dataset: 'invoice', id: 'I2', number: 'INV-2', propertyId: 'A-P3', issuedAt: '2026-11-21T09:00:00.000Z', dueAt: '2026-12-21T09:00:00.000Z', amount: 99, balance: 0, status: 'Void' },
    { dataset: 'wo', id: 'W4', propertyId: 'B-P1', kind: 'service', status: 'Open', priority: 'Low', createdAt: '2026-11-20T09:00:00.000Z', description: 'd', technician: 't', amount: 100 },
  ];

  it('counts the 7 days before the run: opened, completed, invoices issued (not void)', () => {
    const f = figuresByProperty(rows.filter((r) => r.dataset === 'wo') as never, rows.filter((r) => r.dataset === 'invoice') as never, '2026-11-16T00:00:00.000Z', '2026-11-23T00:00:00.000Z');
    expect(f.get('A-P1')).toEqual({ opened: 2, completed: 1, invoices: 0, invoiced: 0 });
    expect(f.get('A-P3')).toEqual({ opened: 0, completed: 0, invoices: 1, invoiced: 1234.5 });
    expect(weekOf(now)).toBe('2026-11-23');
    expect(weekOf(Date.parse('2026-11-29T23:00:00.000Z'))).toBe('2026-11-23');
  });

  it('mails subscribers their own properties once a week, whatever the retries', async () => {
    const packed = packRows(rows);
    w.reportRows = [...packed, ...indexItemsOf(packed)];
    w.notificationSettings.push({ sub: alice.sub, email: alice.email, weekly: true, updatedAt: '2026-11-01T00:00:00.000Z' });
    expect(await runWeeklySummary(dynamo(), now)).toEqual({ subscribed: 1, mailed: 1, failed: 0, week: '2026-11-23' });
    const [m] = mails();
    expect(m!.to).toBe(alice.email);
    expect(m!.subject).toBe('Your weekly summary, 16 Nov 2026 to 22 Nov 2026: 1 work order completed');
    expect(m!.text).toContain('All properties: 2 work orders opened, 1 completed; 1 invoice issued ($1,234.50).');
    expect(m!.text).toContain('Alpha North:\n  Work orders opened: 2; completed: 1\n  Invoices issued: 0');
    expect(m!.text).not.toContain('Beta');
    expect(await runWeeklySummary(dynamo(), now + 3600_000)).toMatchObject({ mailed: 0 });
    expect(mails()).toHaveLength(1);
  });
});

describe("the weekly summary's energy line (issue 44)", () => {
  const now = Date.parse('2026-11-23T07:00:00.000Z');
  const from = Date.parse('2026-11-16T00:00:00.000Z');
  const to = Date.parse('2026-11-23T00:00:00.000Z');
  const FIVE = 300_000;
  /** A sample every 5 minutes over the week: cooling with `amps` when `on(i)`, else idle at 0 A; supply 55 °F, return 75 °F (ΔT 20 °F). */
  const week = (on: (i: number) => boolean, amps = 20) =>
    Array.from({ length: (to - from) / FIVE }, (_, i) => {
      const running = on(i);
      const a = running ? amps : 0;
      return { _time: new Date(from + i * FIVE).toISOString(), 'amps-1': a, 'amps-2': a, 'amps-3': a, callForCool: running, 'sadb-1': 12.7778, 'radb-1': 23.8889 };
    });
  afterEach(() => {
    w.properties = [...properties];
    w.equipment = [];
  });
  const unit = (id: string, name: string, propertyId: string) => ({ customerId: 'A', id, propertyId, buildingName: 'Main', name, equipmentType: 'Rooftop Unit', telemetryData: '{}' });
  const fakeTelemetry = (asked: string[][]) =>
    async (): Promise<TelemetryClient> => ({
      listDevices: async () => [
        { deviceId: 'D-STEADY', equipment: { id: 'EQ-1' } },
        { deviceId: 'D-SHORT', equipment: { id: 'EQ-2' } },
        { deviceId: 'D-OTHER', equipment: { id: 'EQ-B' } },
      ] as never,
      latestSamples: async () => ({}),
      firstReadings: async () => ({}),
      periodSamples: async (ids, range) => {
        asked.push([...ids, range.start, range.stop]);
        return { 'D-STEADY': { samples: week(() => true) }, 'D-SHORT': { samples: week((i) => i % 2 === 0) } };
      },
    });

  it('writes a property\'s estimated kWh, cost and units flagged, labelled estimated', () => {
    expect(energyLine({ units: 2, kwh: 3413.25, cost: 511.99, coverage: 99.6, flagged: [{ name: 'RTU-2', why: ['short cycling'] }] })).toBe(
      '  Energy (estimated): 3,413.3 kWh, cost $511.99; units flagged: RTU-2 (short cycling); readings cover 100 % of the week',
    );
    expect(energyLine({ units: 1, kwh: null, cost: null, coverage: 0, flagged: [] })).toBe('  Energy (estimated): no energy figure (no current readings); units flagged: none; readings cover 0 % of the week');
    const mail = weeklyMail('Alice', [{ id: 'A-P1', name: 'Alpha North' }, { id: 'A-P3', name: 'Alpha West' }], new Map(), from, to, new Map([['A-P1', { units: 1, kwh: 10, cost: null, coverage: 50, flagged: [] }]]));
    expect(mail.text).toContain('Alpha North:\n  Work orders opened: 0; completed: 0\n  Invoices issued: 0\n  Energy (estimated): 10 kWh; units flagged: none; readings cover 50 % of the week\n');
    expect(mail.text).toContain('Alpha West:\n  Work orders opened: 0; completed: 0\n  Invoices issued: 0\n');
    expect(mail.text).not.toContain('Alpha West:\n  Work orders opened: 0; completed: 0\n  Invoices issued: 0\n  Energy');
    expect(mail.text).toContain("\nEnergy figures are estimated from each unit's current readings; how, and with which inputs: https://portal.test/energy-estimates\n");
    expect(weeklyMail('Alice', [{ id: 'A-P1', name: 'Alpha North' }], new Map(), from, to).text).not.toMatch(/estimated|Energy/);
  });

  it('mails each subscribed property\'s week of its units, read in one batched call for the properties\' devices only', async () => {
    w.properties = properties.map((p) => (p.id === 'A-P1' ? { ...p, tariffPerKwh: 0.15 } : p));
    w.equipment = [unit('EQ-1', 'RTU-1', 'A-P1'), unit('EQ-2', 'RTU-2', 'A-P1'), { ...unit('EQ-B', 'RTU-B', 'B-P1'), customerId: 'B' }];
    w.notificationSettings.push({ sub: alice.sub, email: alice.email, weekly: true, updatedAt: '2026-11-01T00:00:00.000Z' });
    const asked: string[][] = [];
    expect(await runWeeklySummary(dynamo(), now, fakeTelemetry(asked))).toMatchObject({ mailed: 1 });
    // Only Alice's property's devices, over the 7 days before the run.
    // (With the 15 minutes either side: the intervals that reach into the week and out of it, as the roll-up reads a day.)
    expect(asked).toEqual([['D-STEADY', 'D-SHORT', '2026-11-15T23:45:00.000Z', '2026-11-23T00:15:00.000Z']]);
    const text = mails()[0]!.text;
    // 20 A three-phase at 460 V and PF 0.85 is 13.545 kW: RTU-1 all week (one 5-minute sample short of 168 h), RTU-2 half of it.
    const kw = (Math.sqrt(3) * 460 * 20 * 0.85) / 1000;
    const hours = 168 - 5 / 60;
    const kwh = kw * hours * 1.5;
    const line = text.split('\n').find((l) => l.startsWith('  Energy (estimated): '))!;
    expect(line).toMatch(/^ {2}Energy \(estimated\): [\d,.]+ kWh, cost \$[\d,.]+; units flagged: RTU-2 \(short cycling\); readings cover 100 % of the week$/);
    const [gotKwh, gotCost] = [/: ([\d,.]+) kWh/, /cost \$([\d,.]+)/].map((re) => Number(re.exec(line)![1]!.replace(/,/g, '')));
    expect(gotKwh).toBeCloseTo(kwh, -1);
    expect(gotCost).toBeCloseTo(gotKwh * 0.15, 0);
    expect(text).toContain('Alpha North:\n  Work orders opened: 0; completed: 0\n  Invoices issued: 0\n  Energy (estimated): ');
    expect(text).toContain('https://portal.test/energy-estimates');
  });

  it('reads the week from the daily roll-up where it holds the days: no readings asked for, the same line', async () => {
    w.properties = properties.map((p) => (p.id === 'A-P1' ? { ...p, tariffPerKwh: 0.15 } : p));
    w.equipment = [unit('EQ-1', 'RTU-1', 'A-P1'), unit('EQ-2', 'RTU-2', 'A-P1'), { ...unit('EQ-B', 'RTU-B', 'B-P1'), customerId: 'B' }];
    w.notificationSettings.push({ sub: alice.sub, email: alice.email, weekly: true, updatedAt: '2026-11-01T00:00:00.000Z' });
    const raw: string[][] = [];
    await runWeeklySummary(dynamo(), now, fakeTelemetry(raw));
    const line = (text: string) => text.split('\n').find((l) => l.startsWith('  Energy (estimated): '));
    const rawLine = line(mails()[0]!.text);
    // The job's tallies of the seven days, from the same readings.
    const readingsOf = { 'D-STEADY': readingsOfSamples(week(() => true)), 'D-SHORT': readingsOfSamples(week((i) => i % 2 === 0)) };
    for (const [id, readings] of Object.entries(readingsOf)) {
      const days = new Map(Array.from({ length: 7 }, (_, i) => dayOf(from + i * 86_400_000)).map((d) => [d, { ...dayTally(readings, d), at: '2026-11-23T01:00:00.000Z' }]));
      await putRolledDays(dynamo(), 'A', id, days);
    }
    w.notificationSettings = [{ sub: alice.sub, email: alice.email, weekly: true, updatedAt: '2026-11-01T00:00:00.000Z' }];
    const asked: string[][] = [];
    expect(await runWeeklySummary(dynamo(), now, fakeTelemetry(asked))).toMatchObject({ mailed: 1 });
    expect(asked).toEqual([]);
    expect(line(mails()[1]!.text)).toBe(rawLine);
    expect(rawLine).toContain('units flagged: RTU-2 (short cycling)');
  });

  it('no monitored unit on the subscribed properties: no telemetry call and no energy line; the service failing: the mail without it', async () => {
    w.notificationSettings.push({ sub: alice.sub, email: alice.email, weekly: true, updatedAt: '2026-11-01T00:00:00.000Z' });
    w.equipment = [{ ...unit('EQ-B', 'RTU-B', 'B-P1'), customerId: 'B' }];
    const never = async (): Promise<TelemetryClient> => {
      throw new Error('the telemetry client was asked for');
    };
    const quiet = await runWeeklySummary(dynamo(), now, never);
    expect(quiet).toMatchObject({ mailed: 1, failed: 0 });
    expect(mails()[0]!.text).not.toContain('Energy');
    w.equipment = [unit('EQ-1', 'RTU-1', 'A-P1')];
    expect(await runWeeklySummary(dynamo(), now + 7 * 86_400_000, never)).toMatchObject({ mailed: 1, failed: 0 });
    expect(mails()[1]!.text).not.toContain('Energy');
  });
});

describe("SES's feedback", () => {
  const sns = (event: object) => ({ Records: [{ Sns: { Message: JSON.stringify(event) } }] });
  it('suppresses permanent bounces and complaints, not transient bounces; nothing is mailed to a suppressed address', async () => {
    await feedback(sns({ eventType: 'Bounce', bounce: { bounceType: 'Transient', bouncedRecipients: [{ emailAddress: bob.email }] } }));
    await feedback(sns({ eventType: 'Bounce', bounce: { bounceType: 'Permanent', bounceSubType: 'General', bouncedRecipients: [{ emailAddress: 'Alice@A.test', diagnosticCode: '550 user unknown' }] } }));
    await feedback(sns({ notificationType: 'Complaint', complaint: { complaintFeedbackType: 'abuse', complainedRecipients: [{ emailAddress: 'carol@c.test' }] } }));
    await feedback({ Records: [{ Sns: { Message: 'not json' } }] });
    expect(w.mailSuppression.map((s) => (s as { address: string; reason: string }).address).sort()).toEqual(['alice@a.test', 'carol@c.test']);
    expect(json(await settingsCall(alice.email, { action: 'get' })).suppressed).toBe(true);
  });
});

describe("the jobs' end-of-run metrics", () => {
  // Metrics on here only: each record reads the switch when it is written.
  beforeAll(() => (process.env.POWERTOOLS_METRICS_DISABLED = 'false'));
  afterAll(() => (process.env.POWERTOOLS_METRICS_DISABLED = 'true'));
  const MIN = 60_000;
  const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
  /** The job records a run writes, and how it ended. */
  async function run(fn: () => Promise<unknown>) {
    let outcome: { resolved?: unknown; rejected?: unknown } = {};
    const lines = await linesOf(async () => {
      outcome = await fn().then(
        (resolved) => ({ resolved }),
        (rejected: unknown) => ({ rejected }),
      );
    });
    const records = emfOf(lines).filter((r) => r.JobSucceeded !== undefined || r.JobFailed !== undefined);
    return { ...outcome, records: records.map((r) => ({ metric: r.JobSucceeded ? 'JobSucceeded' : 'JobFailed', job: r.job, dimensions: r._aws.CloudWatchMetrics[0]!.Dimensions })) };
  }
  const sets = [['service', 'job']];

  it('documents digest: JobSucceeded for a run that mailed; JobFailed and a rejection when a user’s mail failed, the others mailed', async () => {
    w.notificationSettings.push({ sub: alice.sub, email: alice.email, documents: true, documentsSince: ago(60 * MIN), updatedAt: ago(60 * MIN) });
    doc(w, 'documents/1/a.pdf', 'A-P1', ago(10 * MIN));
    const good = await run(() => digestJob());
    expect(good.resolved).toMatchObject({ mailed: 1, failed: 0 });
    expect(good.records).toEqual([{ metric: 'JobSucceeded', job: 'notifications-documents-digest', dimensions: sets }]);

    w.notificationSettings = [];
    w.notificationSettings.push({ sub: alice.sub, email: alice.email, documents: true, documentsSince: ago(30 * MIN), updatedAt: ago(30 * MIN) });
    w.notificationSettings.push({ sub: bob.sub, email: bob.email, documents: true, documentsSince: ago(30 * MIN), updatedAt: ago(30 * MIN) });
    doc(w, 'documents/2/b.pdf', 'A-P1', ago(5 * MIN));
    doc(w, 'documents/3/c.pdf', 'B-P1', ago(5 * MIN));
    mail.reset();
    ses.on(SendEmailCommand).rejectsOnce(new Error('SES down')).resolves({ MessageId: 'm' });
    const bad = await run(() => digestJob());
    expect(bad.rejected).toMatchObject({ name: 'JobFailedError', message: expect.stringContaining('notifications-documents-digest: 1 part') });
    expect(bad.records).toEqual([{ metric: 'JobFailed', job: 'notifications-documents-digest', dimensions: sets }]);
    // The failed user's mail, then the other user's, sent.
    expect(ses.commandCalls(SendEmailCommand)).toHaveLength(2);
  });

  it('weekly summary: JobSucceeded for a run that mailed; JobFailed and a rejection when SES fails', async () => {
    w.notificationSettings.push({ sub: alice.sub, email: alice.email, weekly: true, updatedAt: ago(60 * MIN) });
    const good = await run(() => weeklyJob());
    expect(good.resolved).toMatchObject({ mailed: 1, failed: 0 });
    expect(good.records).toEqual([{ metric: 'JobSucceeded', job: 'notifications-weekly-summary', dimensions: sets }]);

    w.notificationSettings = [{ sub: bob.sub, email: bob.email, weekly: true, updatedAt: ago(60 * MIN) }];
    ses.on(SendEmailCommand).rejects(new Error('SES down'));
    const bad = await run(() => weeklyJob());
    expect(bad.rejected).toMatchObject({ name: 'JobFailedError' });
    expect(bad.records).toEqual([{ metric: 'JobFailed', job: 'notifications-weekly-summary', dimensions: sets }]);
  });

  it('weekly summary: JobFailed and the error when the subscribers cannot be read', async () => {
    aws.failOnce(`Scan:${TABLES.NOTIFICATION_SETTINGS_TABLE}`);
    const bad = await run(() => weeklyJob());
    expect(String(bad.rejected)).toContain('failed (injected)');
    expect(bad.records).toEqual([{ metric: 'JobFailed', job: 'notifications-weekly-summary', dimensions: sets }]);
  });

  it("SES feedback: JobSucceeded when every address was suppressed; when one cannot be written, the others are, then JobFailed and a rejection (Lambda delivers the event again)", async () => {
    const bounce = (...addresses: string[]) => ({ Records: [{ Sns: { Message: JSON.stringify({ eventType: 'Bounce', bounce: { bounceType: 'Permanent', bouncedRecipients: addresses.map((emailAddress) => ({ emailAddress })) } }) } }] });
    const good = await run(() => feedback(bounce('one@x.test')));
    expect(good.resolved).toEqual({ suppressed: 1, failed: 0 });
    expect(good.records).toEqual([{ metric: 'JobSucceeded', job: 'notifications-mail-feedback', dimensions: sets }]);

    aws.failOnce('Put');
    const bad = await run(() => feedback(bounce('two@x.test', 'three@x.test')));
    expect(bad.rejected).toMatchObject({ name: 'JobFailedError', message: expect.stringContaining('notifications-mail-feedback: 1 part') });
    expect(bad.records).toEqual([{ metric: 'JobFailed', job: 'notifications-mail-feedback', dimensions: sets }]);
    expect(w.mailSuppression.map((s) => (s as { address: string }).address).sort()).toEqual(['one@x.test', 'three@x.test']);
  });
});
