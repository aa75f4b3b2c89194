import { SignJWT } from 'jose';
import { handler as embedData } from '../../../lambdas/reports/embed-data.js';
import { handler as embedCsv } from '../../../lambdas/reports/embed-table-csv.js';
import { handler as embedTable } from '../../../lambdas/reports/embed-table.js';
import { messages, pageNames, type PageData, type TablePage } from '../../../lambdas/shared/contract/reports.js';
import { signEmbedToken } from '../../../lambdas/shared/domain/reports/embed-token.js';
import { apiEvent, json } from '../support/events.js';
import { assets, betaProperty, betaRows, invoices, NOW, properties, quotes, workOrders } from './fixture.js';
import { STAFF, TABLES, user } from '../support/fake-aws.js';
import { EMBED_KEY, reportsAws, useReportsAws, type Data } from './support/fixtures.js';

const DATA = 'GET /api/embed/data';
const TABLE = 'GET /api/embed/table';
const CSV = 'GET /api/embed/table.csv';

const alice = user('alice@a.test', ['A'], { P1: 'A', P2: 'A' });
const bob = user('bob@b.test', ['B'], { B1: 'B' });
const admin = user(`boss@${STAFF}`);


const data: Data = {
  users: [alice, bob, admin],
  properties: [...properties, betaProperty],
  rows: [...workOrders, ...quotes, ...invoices, ...assets, ...betaRows],
  reports: [],
};
const { world, ddb, secrets, callsTo } = reportsAws(data);

useReportsAws({ ddb, secrets }, NOW);

const tokenFor = async (u: { email: string; userId: string; sub: string }, page: string, p: string[], extra: { all?: boolean; now?: number; legacy?: boolean; df?: string; dt?: string } = {}) =>
  (await signEmbedToken({ uid: u.userId, sub: u.email, ...(extra.legacy ? {} : { acct: u.sub }), page, all: extra.all ?? false, c: [], p, ...(extra.df ? { df: extra.df, dt: extra.dt } : {}) }, extra.now)).token;
/** The keys a request asked of the report rows table, over all its calls. */
const rowKeysAsked = () =>
  ddb.calls().flatMap((c) => ((c.args[0].input as { RequestItems?: Record<string, { Keys: { sk: string }[] }> }).RequestItems?.[TABLES.REPORT_ROWS_TABLE]?.Keys ?? []).map((k) => k.sk));
const call = (route: string, token: string | null, query?: Record<string, string>) => {
  const handler = route === DATA ? embedData : route === TABLE ? embedTable : embedCsv;
  return handler(apiEvent({ route, query, headers: token ? { authorization: `Bearer ${token}` } : {} }));
};
const figures = (d: PageData) => Object.fromEntries(d.figures.map((f) => [f.label, f.value]));

describe('the report host data calls: refusals', () => {
  it('401 with the old message for no token, a tampered, expired, foreign or Cognito token, or an unknown page', async () => {
    const good = await tokenFor(alice, 'dashboard', ['P1']);
    const [h, p, s] = good.split('.');
    const widened = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(p!, 'base64url').toString()), all: true })).toString('base64url');
    const expired = await tokenFor(alice, 'dashboard', ['P1'], { now: NOW - 2 * 3600e3 });
    const foreign = await new SignJWT({ uid: alice.userId, page: 'dashboard', all: true, c: [], p: [] })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(alice.email)
      .setIssuer('customer-portal')
      .setAudience('portal-embed')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('some other key'));
    const otherAudience = await new SignJWT({ uid: alice.userId, page: 'dashboard', all: false, c: [], p: ['P1'], email: alice.email })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(alice.email)
      .setIssuer('customer-portal')
      .setAudience('portal-client')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(EMBED_KEY));
    const unknownPage = await tokenFor(alice, 'payroll', ['P1']);
    for (const route of [DATA, TABLE, CSV]) {
      const none = await call(route, null);
      expect(none.statusCode).toBe(401);
      expect(json(none)).toEqual({ error: messages.embedInvalid });
    }
    for (const bad of [`${h}.${widened}.${s}`, `${good}x`, expired, foreign, otherAudience, unknownPage]) {
      const r = await call(DATA, bad);
      expect(r.statusCode).toBe(401);
      expect(json(r)).toEqual({ error: messages.embedInvalid });
    }
    const basic = await embedData(apiEvent({ route: DATA, headers: { authorization: `Basic ${good}` } }));
    expect(basic.statusCode).toBe(401);
    expect(callsTo(TABLES.REPORT_ROWS_TABLE)).toBe(0);
  });

  it('403 once the user is gone, re-created under another id, or no longer assigned the properties; no rows read', async () => {
    const carol = user('carol@b.test', ['B'], { B1: 'B' });
    world.users.push(carol);
    try {
      const token = await tokenFor(carol, 'dashboard', ['B1']);
      expect((await call(DATA, token)).statusCode).toBe(200);
      carol.properties = {};
      const lost = await call(DATA, token);
      expect(lost.statusCode).toBe(403);
      expect(json(lost)).toEqual({ error: messages.embedNoAccess });
      carol.properties = { B1: 'B' };
      carol.customerIds = [];
      expect((await call(TABLE, token)).statusCode).toBe(403);
      carol.customerIds = ['B'];
      carol.userId = 'u-new';
      expect((await call(CSV, token)).statusCode).toBe(403);
      world.users.splice(world.users.indexOf(carol), 1);
      ddb.resetHistory();
      expect((await call(DATA, token)).statusCode).toBe(403);
      // Only the index items (the sks of the packed items, nothing shown) were read with the user's row.
      expect(rowKeysAsked().every((sk) => sk.startsWith('index#'))).toBe(true);
      expect(ddb.calls().filter((c) => c.args[0].constructor.name === 'QueryCommand')).toHaveLength(0);
    } finally {
      if (world.users.includes(carol)) world.users.splice(world.users.indexOf(carol), 1);
    }
  });

  it('403 for a customer token claiming everything', async () => {
    expect((await call(DATA, await tokenFor(alice, 'dashboard', [], { all: true }))).statusCode).toBe(403);
  });

  it('400 for a sort direction that is not asc or desc', async () => {
    const r = await call(TABLE, await tokenFor(alice, 'work-orders', ['P1', 'P2']), { dir: 'sideways' });
    expect(r.statusCode).toBe(400);
    expect(json(r).error).toMatch(/^Invalid query\.dir/);
  });
});

describe('GET /api/embed/data', () => {
  it('computes the Dashboard over exactly the properties in scope (figures worked out by hand)', async () => {
    const r = await call(DATA, await tokenFor(alice, 'dashboard', ['P1', 'P2']));
    expect(r.statusCode).toBe(200);
    expect(r.headers['server-timing']).toMatch(/^db;dur=[\d.]+, compute;dur=[\d.]+$/);
    const d = JSON.parse(r.body) as PageData;
    expect(figures(d)).toEqual({
      'Unfinished work orders': 2,
      'Completed, last 12 months': 3,
      'Average days to complete': (10 + 2.5 + 11) / 3,
      'Invoiced, last 12 months': 350.6,
      'Outstanding balance': 350.6,
      'Quotes awaiting approval': 1200,
      Assets: 4,
    });
    expect(d.charts[0]!.categories).toHaveLength(24);
    expect(d.table.rows.map((x) => x.id)).toEqual(['W1', 'W5', 'W2', 'W3', 'W6', 'W4']);
    expect(r.body).not.toMatch(/beta|Beta|WB1/);
    // Two calls: the user's row with the index of 4 datasets x 2 properties; then the properties' names with the listed items.
    expect(ddb.calls().map((c) => c.args[0].constructor.name)).toEqual(['BatchGetCommand', 'BatchGetCommand']);
    expect(rowKeysAsked().filter((sk) => sk.startsWith('index#'))).toHaveLength(8);
  });

  it('reads only the datasets a page shows, projected to the columns it uses', async () => {
    await call(DATA, await tokenFor(alice, 'assets', ['P1', 'P2']));
    expect(rowKeysAsked().every((sk) => /^(index#)?asset#?/.test(sk))).toBe(true);
    ddb.resetHistory();
    // The Analytics page reads assets only; a page of projected datasets sends their union.
    await call(DATA, await tokenFor(alice, 'analytics', ['P1']));
    expect(ddb.calls()).toHaveLength(2);
  });

  it('still answers a token signed before tokens carried the account key (the user read by email: one call more)', async () => {
    const r = await call(DATA, await tokenFor(alice, 'dashboard', ['P1', 'P2'], { legacy: true }));
    expect(r.statusCode).toBe(200);
    expect(figures(JSON.parse(r.body) as PageData)).toMatchObject({ 'Unfinished work orders': 2, Assets: 4 });
    expect(ddb.calls().map((c) => c.args[0].constructor.name)).toEqual(['QueryCommand', 'BatchGetCommand', 'BatchGetCommand']);
  });

  it('narrows to one property, and a customer never sees another tenant\'s rows on any page', async () => {
    const one = JSON.parse((await call(DATA, await tokenFor(alice, 'dashboard', ['P1']))).body) as PageData;
    expect(figures(one)).toMatchObject({ 'Unfinished work orders': 1, 'Outstanding balance': 350.6, 'Quotes awaiting approval': 1200, Assets: 2 });
    for (const page of pageNames) {
      const r = await call(DATA, await tokenFor(bob, page, ['B1']));
      expect(r.statusCode).toBe(200);
      const d = JSON.parse(r.body) as PageData;
      expect(d.page).toBe(page);
      expect(d.charts.length).toBeGreaterThan(0);
      expect(d.table.rows.length).toBeGreaterThan(0);
      for (const row of d.table.rows) expect(row.property).toBe('Beta One');
      expect(r.body).not.toMatch(/North Tower|South Annex|"W\d"|INV-\d/);
      const csv = await call(CSV, await tokenFor(bob, page, ['B1']));
      expect(csv.body).not.toMatch(/North Tower|South Annex/);
      expect(csv.body).toMatch(/Beta One/);
    }
  });

  it('shows an administrator\'s own view over every property', async () => {
    const r = await call(DATA, await tokenFor(admin, 'dashboard', [], { all: true }));
    const d = JSON.parse(r.body) as PageData;
    expect(figures(d)).toMatchObject({ 'Unfinished work orders': 5, Assets: 5 });
    expect(ddb.calls().some((c) => c.args[0].constructor.name === 'ScanCommand')).toBe(true);
    const narrowed = JSON.parse((await call(DATA, await tokenFor(admin, 'dashboard', ['B1']))).body) as PageData;
    expect(figures(narrowed)).toMatchObject({ 'Unfinished work orders': 3, Assets: 1 });
  });
});

describe('GET /api/embed/table and table.csv', () => {
  it('sorts by a known column, ignores an unknown one', async () => {
    const token = await tokenFor(alice, 'work-orders', ['P1', 'P2']);
    const asc = JSON.parse((await call(TABLE, token, { sort: 'amount', dir: 'asc' })).body) as TablePage;
    expect(asc).toMatchObject({ sort: 'amount', dir: 'asc', total: 3, title: 'Service work orders' });
    expect(asc.rows.map((x) => x.id)).toEqual(['W5', 'W1', 'W4']);
    const evil = JSON.parse((await call(TABLE, token, { sort: 'amount;drop table users', dir: 'asc' })).body) as TablePage;
    expect(evil).toMatchObject({ sort: 'created', dir: 'desc' });
    // Only the table's dataset is read: two calls a request.
    expect(callsTo(TABLES.REPORT_ROWS_TABLE)).toBe(4);
    expect(rowKeysAsked().every((sk) => /^(index#)?wo#?/.test(sk))).toBe(true);
  });

  it('narrows the page, its table and the CSV to the token\'s period', async () => {
    const token = await tokenFor(alice, 'invoicing', ['P1', 'P2'], { df: '2025-01-01', dt: '2025-12-31' });
    const d = JSON.parse((await call(DATA, token)).body) as PageData;
    expect(figures(d)).toEqual({ 'Invoiced, in period': 300, 'Paid, in period': 300, 'Outstanding balance': 350.6, 'Overdue balance': 250.5 });
    expect(d.period).toEqual({ from: '2025-01-01', to: '2025-12-31' });
    const t = JSON.parse((await call(TABLE, token, { sort: 'amount', dir: 'asc' })).body) as TablePage;
    expect([t.total, t.rows.map((x) => x.number)]).toEqual([1, ['INV-2']]);
    expect((await call(CSV, token)).body.split('\r\n')).toHaveLength(3);
    // A token whose period is not two dates in order is not a valid link.
    expect((await call(DATA, await tokenFor(alice, 'invoicing', ['P1'], { df: '2026-02-01', dt: '2026-01-01' }))).statusCode).toBe(401);
  });

  it('exports every row in scope as CSV in the table\'s order, named after the page and day', async () => {
    const r = await call(CSV, await tokenFor(alice, 'invoicing', ['P1', 'P2']), { sort: 'amount', dir: 'desc' });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(r.headers['content-disposition']).toBe('attachment; filename="invoicing-2026-03-15.csv"');
    expect(r.headers['cache-control']).toBe('no-store');
    expect(r.body.split('\r\n')).toEqual([
      'Invoice,Property,Work Order,Issued,Due,Paid,Status,Amount,Balance,Pay online',
      'INV-4,South Annex,,2026-02-01,2026-03-01,,Void,999,0,',
      'INV-2,South Annex,,2025-02-05,2025-03-07,2025-03-20,Paid,300,0,',
      'INV-1,North Tower,W2,2026-01-16,2026-02-15,,Overdue,250.5,250.5,https://pay.example.com/inv/1',
      'INV-3,North Tower,,2026-03-01,2026-03-31,,Open,100.1,100.1,',
      '',
    ]);
  });
});
