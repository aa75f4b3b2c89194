/**
 * Issue 42: POST /api/sigma/filtered with `withData` answers a built-in frame's data beside its URL,
 * so the first report frame draws one round sooner. The data must be exactly what
 * GET /api/embed/data answers for that URL's token: for every page, every kind of view (a
 * customer's own, narrowed, over a period, of two customers, an administrator's own and viewing as),
 * and never for a request the URL itself would refuse.
 */
import { handler as embedData } from '../../../lambdas/reports/embed-data.js';
import { handler as filtered } from '../../../lambdas/reports/filtered.js';
import { messages, pageNames, type FilteredReply } from '../../../lambdas/shared/contract/reports.js';
import { apiEvent, json } from '../support/events.js';
import { assets, betaProperty, betaRows, invoices, NOW, properties, quotes, workOrders } from './fixture.js';
import { claims, STAFF, TABLES, user } from '../support/fake-aws.js';
import { reportsAws, useReportsAws, type Data } from './support/fixtures.js';

const FILTERED = 'POST /api/sigma/filtered';
const DATA = 'GET /api/embed/data';

const alice = user('alice@a.test', ['A'], { P1: 'A', P2: 'A' });
const bob = user('bob@b.test', ['B'], { B1: 'B' });
const both = user('both@ab.test', ['A', 'B'], { P1: 'A', B1: 'B' });
const admin = user(`boss@${STAFF}`);

const data: Data & { customers: { id: string; name: string }[] } = {
  users: [alice, bob, both, admin],
  customers: [
    { id: 'A', name: 'alpha' },
    { id: 'B', name: 'beta' },
  ],
  properties: [...properties, betaProperty],
  rows: [...workOrders, ...quotes, ...invoices, ...assets, ...betaRows],
  reports: [],
};
const { ddb, secrets } = reportsAws(data);

useReportsAws({ ddb, secrets }, NOW);

const body = (u: { email: string; userId: string }, page: string, extra: Record<string, unknown> = {}) => ({
  userId: u.userId,
  email: u.email,
  _url: `/embed/${page}`,
  properties: [],
  customers: [],
  selectedReport: page === 'dashboard' ? 'dashboard' : page,
  userDetails: {},
  withData: true,
  ...extra,
});
const post = async (caller: string, payload: Record<string, unknown>) => filtered(apiEvent({ route: FILTERED, claims: claims(caller), body: payload }));
/** What the frame would have asked for itself: GET /api/embed/data with the URL's token. */
const embedOf = async (url: string) => {
  const token = new URL(url, 'http://x').searchParams.get('token')!;
  const r = await embedData(apiEvent({ route: DATA, headers: { authorization: `Bearer ${token}` } }));
  expect(r.statusCode).toBe(200);
  return json(r);
};
const reportRowsAsked = () => ddb.calls().filter((c) => JSON.stringify(c.args[0].input).includes(TABLES.REPORT_ROWS_TABLE)).length;

// The catalogue's ids of the built-in pages (GET /api/reports' defaults): the page name is the frame.
const REPORT_OF: Record<string, string> = {};
beforeAll(async () => {
  const { handler: getReports } = await import('../../../lambdas/reports/get-reports.js');
  const list = json(await getReports(apiEvent({ route: 'GET /api/reports', claims: claims(alice.email) }))) as unknown as { id: string; frames: string[] }[];
  for (const r of list) for (const f of r.frames) REPORT_OF[f.slice('/embed/'.length)] = r.id;
});
const ask = (caller: string, u: { email: string; userId: string }, page: string, extra: Record<string, unknown> = {}) =>
  post(caller, body(u, page, { selectedReport: REPORT_OF[page], ...extra }));

describe('POST /api/sigma/filtered with withData (issue 42)', () => {
  it.each([...pageNames])('answers the %s page\'s data exactly as GET /api/embed/data does for its URL', async (page) => {
    if (!REPORT_OF[page]) return expect(REPORT_OF).not.toHaveProperty(page);
    const r = await ask(alice.email, alice, page);
    expect(r.statusCode).toBe(200);
    const reply = json(r) as unknown as FilteredReply;
    expect(reply.data).toBeDefined();
    expect(reply.data).toEqual(await embedOf(reply.url));
  });

  it('follows every kind of view: narrowed, a period, two customers, an administrator own and viewing as', async () => {
    const views: [string, { email: string; userId: string }, Record<string, unknown>][] = [
      [alice.email, alice, { properties: ['P2'] }],
      [alice.email, alice, { from: '2026-01-01', to: '2026-03-31' }],
      [both.email, both, {}],
      [admin.email, admin, {}],
      [admin.email, bob, {}],
      [admin.email, admin, { customers: ['B'] }],
    ];
    for (const [caller, viewed, extra] of views) {
      for (const page of ['dashboard', 'invoicing']) {
        const reply = json(await ask(caller, viewed, page, extra)) as unknown as FilteredReply;
        expect(reply.data).toEqual(await embedOf(reply.url));
      }
    }
    // The two customers' money is each customer's part, and bob's view holds only bob's rows.
    const two = json(await ask(both.email, both, 'invoicing')) as unknown as FilteredReply;
    expect(two.data!.figures.find((f) => f.format === 'money')!.byCustomer!.map((c) => c.customer)).toEqual(['Alpha', 'Beta']);
    const asBob = json(await ask(admin.email, bob, 'invoicing')) as unknown as FilteredReply;
    expect(JSON.stringify(asBob.data)).toContain('INV-B1');
    expect(JSON.stringify(asBob.data)).not.toMatch(/P1|P2|North Tower|South Annex/);
  });

  it('answers no data unless asked, and then reads no report rows', async () => {
    const plain = json(await ask(alice.email, alice, 'dashboard', { withData: undefined })) as unknown as FilteredReply;
    expect(plain).not.toHaveProperty('data');
    expect(reportRowsAsked()).toBe(0);
  });

  it('refuses as it always did, before any data is answered', async () => {
    const other = await ask(alice.email, bob, 'dashboard');
    expect(other.statusCode).toBe(403);
    expect(json(other)).toEqual({ error: messages.ownViewOnly });
    const unknownFrame = await post(alice.email, body(alice, 'dashboard', { selectedReport: REPORT_OF.quotes }));
    expect(unknownFrame.statusCode).toBe(400);
    expect(JSON.stringify(json(unknownFrame))).not.toContain('figures');
    const outside = await ask(alice.email, alice, 'dashboard', { properties: ['B1'] });
    expect(outside.statusCode).toBe(403);
    const badFlag = await ask(alice.email, alice, 'dashboard', { withData: 'yes' });
    expect(badFlag.statusCode).toBe(400);
    expect(JSON.stringify(json(badFlag))).toContain('withData');
  });
});
