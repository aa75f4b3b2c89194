/**
 * The reports calls through the local stack over HTTP (the old server's reports tests, ported):
 * the catalogue, signed frame URLs with every scope rule, the built-in host's data calls with their
 * embed token, and Sigma frames on a restart of the same stack with Sigma configured.
 */
import { rmSync } from 'node:fs';
import { jest } from '@jest/globals';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { decodeJwt, jwtVerify, SignJWT } from 'jose';
import { messages, pageNames, type PageData, type TablePage } from '../../lambdas/shared/contract/reports.js';
import { putReportRows, rowsOf as storedRows, type ReportRow, type WorkOrderRow } from '../../lambdas/shared/data/report-rows.js';
import { storeReports } from '../../lambdas/shared/data/reports.js';
import { deleteUser, setAssignments, type UserItem } from '../../lambdas/shared/data/users.js';
import { REGION } from '../../infra/local/stack.js';
import { createTestUser, putCustomer, putProperty, request, signIn, startTestStack, type TestStack } from '../support/local-stack.js';
import { SPEC_REPORTS } from '../support/spec-reports.js';

jest.setTimeout(90_000);

const PASSWORD = 'Passw0rd1';
let t: TestStack;
let dataDir: string;
const users: Record<'admin' | 'alice' | 'bob' | 'nobody', { row: UserItem; token: string }> = {} as never;

const DAY = 864e5;
const iso = (msAgo: number) => new Date(Date.now() - msAgo).toISOString();
function rowsOf(propertyId: string, tag: string): ReportRow[] {
  return [
    { dataset: 'wo', id: `WO-${tag}-1`, propertyId, kind: 'service', status: 'Open', priority: 'High', createdAt: iso(5 * DAY), description: `leak ${tag}`, technician: 'tech', amount: 100 },
    {
      dataset: 'wo',
      id: `WO-${tag}-2`,
      propertyId,
      kind: 'maintenance',
      status: 'Completed',
      priority: 'Low',
      createdAt: iso(40 * DAY),
      scheduledAt: iso(30 * DAY),
      completedAt: iso(31 * DAY),
      description: `pm ${tag}`,
      technician: '',
      amount: 250.5,
    },
    { dataset: 'wo', id: `WO-${tag}-3`, propertyId, kind: 'capital', status: 'In Progress', priority: 'Medium', createdAt: iso(90 * DAY), description: `chiller ${tag}`, technician: '', amount: 50000 },
    { dataset: 'quote', id: `Q-${tag}`, propertyId, title: `quote ${tag}`, status: 'Sent', amount: 1200, createdAt: iso(10 * DAY) },
    { dataset: 'invoice', id: `I-${tag}`, number: `INV-${tag}`, propertyId, workOrderId: `WO-${tag}-2`, issuedAt: iso(30 * DAY), dueAt: iso(DAY), amount: 250.5, balance: 250.5, status: 'Overdue' },
    { dataset: 'asset', id: `A-${tag}`, propertyId, name: `RTU ${tag}`, assetType: 'Rooftop Unit', make: 'Carrier', model: 'X', serial: `S-${tag}`, installedOn: '2010-06-01', condition: 'Fair' },
  ];
}

async function addUser(key: keyof typeof users, email: string, customers: string[] = [], properties: string[] = []) {
  const row = await createTestUser({ email, password: PASSWORD, customers, properties });
  users[key] = { row, token: await signIn(email, PASSWORD) };
}

beforeAll(async () => {
  t = await startTestStack();
  dataDir = t.dataDir;
  await putCustomer({ id: 'C-A', name: 'alpha' });
  await putCustomer({ id: 'C-B', name: 'beta' });
  await putProperty({ id: 'P-A1', customerId: 'C-A', name: 'Alpha One', propertyType: 'Office' });
  await putProperty({ id: 'P-A2', customerId: 'C-A', name: 'Alpha Two', propertyType: 'Office' });
  await putProperty({ id: 'P-B1', customerId: 'C-B', name: 'Beta One', propertyType: 'Office' });
  await putReportRows(t.db, [...rowsOf('P-A1', 'A1'), ...rowsOf('P-A2', 'A2'), ...rowsOf('P-B1', 'B1')]);
  await addUser('admin', 'boss@staff.test');
  await addUser('alice', 'alice@customer-a.test', ['C-A'], ['P-A1', 'P-A2']);
  await addUser('bob', 'bob@customer-b.test', ['C-B'], ['P-B1']);
  await addUser('nobody', 'nobody@customer-c.test');
});
afterAll(async () => {
  await t?.stop({ keepData: true });
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

type Who = { row: UserItem; token: string };
const post = (who: Who | null, payload: unknown) => request('POST', '/api/sigma/filtered', { token: who?.token, body: payload });
const body = (u: UserItem, extra: Record<string, unknown> = {}) => ({
  userId: u.userId,
  email: u.email,
  _url: '/embed/dashboard',
  properties: [],
  customers: [],
  selectedReport: 'dashboard',
  userDetails: { name: u.name },
  ...extra,
});
const tokenOf = (url: string) => new URL(url, 'http://x').searchParams.get('token')!;
const claimsOf = (url: string) => decodeJwt(tokenOf(url));
const embed = (path: string, token?: string) => request('GET', `/api/embed/${path}`, { token });
async function signedFor(who: Who, page = 'dashboard', extra: Record<string, unknown> = {}) {
  const r = await post(who, body(who.row, { _url: `/embed/${page}`, selectedReport: page, ...extra }));
  expect(r.status).toBe(200);
  return tokenOf((r.json as { url: string }).url);
}
async function embedKey(): Promise<Uint8Array> {
  const sm = new SecretsManagerClient({
    endpoint: t.stack.endpoints.secrets,
    region: REGION,
    credentials: { accessKeyId: t.env.AWS_ACCESS_KEY_ID!, secretAccessKey: t.env.AWS_SECRET_ACCESS_KEY! },
  });
  const r = await sm.send(new GetSecretValueCommand({ SecretId: t.env.EMBED_SECRET_ID! }));
  sm.destroy();
  return new TextEncoder().encode(r.SecretString!);
}

describe('GET /api/reports', () => {
  it('401 without a session', async () => {
    expect((await request('GET', '/api/reports')).status).toBe(401);
  });

  it('lists the eight reports with their groups and built-in frames for any signed-in user', async () => {
    for (const who of [users.alice, users.admin, users.nobody]) {
      const r = await request('GET', '/api/reports', { token: who.token });
      expect(r.status).toBe(200);
      const list = r.json as { name: string; group: string }[];
      expect(list.map((x) => [x.name, x.group])).toEqual(SPEC_REPORTS);
      expect(list[0]).toEqual({ id: 'dashboard', name: 'Dashboard', group: 'General', frames: ['/embed/dashboard'] });
    }
  });
});

describe('POST /api/sigma/filtered', () => {
  it('401 without a session and for a removed user', async () => {
    expect((await post(null, body(users.alice.row))).status).toBe(401);
    const gone = await createTestUser({ email: 'gone@customer-a.test', password: PASSWORD, customers: ['C-A'], properties: ['P-A1'] });
    const token = await signIn(gone.email, PASSWORD);
    await deleteUser(t.db, gone.sub);
    expect((await post({ row: gone, token }, body(gone))).status).toBe(401);
  });

  it('400 for a bad body, naming the field', async () => {
    const noUrl = await post(users.alice, { ...body(users.alice.row), _url: undefined });
    expect(noUrl.status).toBe(400);
    expect((noUrl.json as { error: string }).error).toMatch(/_url/);
    const badEmail = await post(users.alice, body(users.alice.row, { email: 'not-an-email' }));
    expect(badEmail.status).toBe(400);
    expect((badEmail.json as { error: string }).error).toMatch(/email/);
    const mismatch = await post(users.alice, body(users.alice.row, { userId: users.bob.row.userId }));
    expect(mismatch.status).toBe(400);
    expect((mismatch.json as { error: string }).error).toMatch(/userId/);
  });

  it('400 for a URL that is not a configured frame of the report (no arbitrary URL is signed)', async () => {
    for (const _url of ['/embed/quotes', 'https://evil.example/steal', '/embed/dashboard?x=1', '/embed/dashboard/../quotes']) {
      const r = await post(users.alice, body(users.alice.row, { _url }));
      expect(r.status).toBe(400);
      expect(r.json).toEqual({ error: messages.unknownFrame('Dashboard') });
    }
  });

  it('404 for an unknown report', async () => {
    const r = await post(users.alice, body(users.alice.row, { selectedReport: 'Payroll' }));
    expect(r.status).toBe(404);
    expect((r.json as { error: string }).error).toMatch(/Payroll/);
  });

  it('403 for a customer asking for another user\'s view', async () => {
    const r = await post(users.alice, body(users.bob.row));
    expect(r.status).toBe(403);
    expect(r.json).toEqual({ error: messages.ownViewOnly });
  });

  it('403 for an administrator viewing as another staff user, 404 for an unknown email', async () => {
    const staff2 = await createTestUser({ email: 'colleague@staff.test', password: PASSWORD });
    const r = await post(users.admin, body(staff2));
    expect(r.status).toBe(403);
    expect(r.json).toEqual({ error: messages.staffView });
    const unknown = await post(users.admin, { ...body(users.bob.row), email: 'ghost@customer.test', userId: null });
    expect(unknown.status).toBe(404);
  });

  it('403 for a non-staff user with no assignments instead of an unfiltered report', async () => {
    const r = await post(users.nobody, body(users.nobody.row));
    expect(r.status).toBe(403);
    expect(r.json).toEqual({ error: messages.noAssignments });
    expect((await post(users.admin, body(users.nobody.row))).status).toBe(403);
  });

  it('never lets another tenant\'s properties or customers reach the token', async () => {
    const onlyForeign = await post(users.alice, body(users.alice.row, { properties: ['P-B1'], customers: ['C-B'] }));
    expect(onlyForeign.status).toBe(403);
    expect(onlyForeign.json).toEqual({ error: messages.nothingInScope });
    const mixed = await post(users.alice, body(users.alice.row, { properties: ['P-B1', 'P-A2'], customers: 'C-A,C-B' }));
    expect(mixed.status).toBe(200);
    const url = (mixed.json as { url: string }).url;
    expect(claimsOf(url)).toMatchObject({ uid: users.alice.row.userId, sub: users.alice.row.email, page: 'dashboard', all: false, c: ['C-A'], p: ['P-A2'] });
    expect(url).not.toContain('C-B');
  });

  it('signs a built-in frame with the user\'s own assignments, by report id or name, for an hour', async () => {
    const r = await post(users.alice, body(users.alice.row, { selectedReport: 'Work Orders', _url: '/embed/work-orders' }));
    expect(r.status).toBe(200);
    const { url, expiresAt } = r.json as { url: string; expiresAt: string };
    expect(url).toMatch(/^\/embed\/work-orders\?token=[\w-]+\.[\w-]+\.[\w-]+$/);
    const { payload } = await jwtVerify(tokenOf(url), await embedKey(), { audience: 'portal-embed' });
    expect(payload).toMatchObject({ page: 'work-orders', c: ['C-A'] });
    expect([...(payload.p as string[])].sort()).toEqual(['P-A1', 'P-A2']);
    const ttl = Date.parse(expiresAt) / 1000 - Date.now() / 1000;
    expect(ttl).toBeGreaterThan(3500);
    expect(ttl).toBeLessThanOrEqual(3600);
  });

  it('gives an administrator their own view over everything, or a customer\'s view as that customer', async () => {
    const own = await post(users.admin, body(users.admin.row));
    expect(own.status).toBe(200);
    expect(claimsOf((own.json as { url: string }).url)).toMatchObject({ uid: users.admin.row.userId, all: true, c: [], p: [] });
    const narrowed = await post(users.admin, body(users.admin.row, { customers: ['C-B'] }));
    expect(claimsOf((narrowed.json as { url: string }).url)).toMatchObject({ all: false, c: ['C-B'], p: ['P-B1'] });
    const viewAs = await post(users.admin, body(users.bob.row));
    expect(viewAs.status).toBe(200);
    expect(claimsOf((viewAs.json as { url: string }).url)).toMatchObject({ uid: users.bob.row.userId, sub: users.bob.row.email, all: false, c: ['C-B'], p: ['P-B1'] });
  });

  it('503 for a Sigma frame while Sigma is not configured', async () => {
    const workbook = 'https://app.sigmacomputing.com/acme/workbook/D-1';
    await storeReports(t.db, [{ id: 'dashboard', name: 'Dashboard', group: 'General', frames: [workbook] }]);
    try {
      const r = await post(users.alice, body(users.alice.row, { _url: workbook }));
      expect(r.status).toBe(503);
      expect(r.json).toEqual({ error: messages.sigmaNotConfigured });
    } finally {
      await storeReports(t.db, []);
    }
  });
});

describe('the built-in report host\'s data calls', () => {
  it('401 without a token, with a tampered, expired or foreign one, and with a session token', async () => {
    const good = await signedFor(users.alice);
    const [h, p, s] = good.split('.');
    const payload = JSON.parse(Buffer.from(p!, 'base64url').toString()) as Record<string, unknown>;
    const widened = Buffer.from(JSON.stringify({ ...payload, all: true })).toString('base64url');
    const key = await embedKey();
    const expired = await new SignJWT({ ...payload, exp: undefined, iat: undefined })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
      .sign(key);
    const foreign = await new SignJWT({ ...payload, exp: undefined }).setProtectedHeader({ alg: 'HS256' }).setExpirationTime('1h').sign(new TextEncoder().encode('not the key'));
    expect((await embed('data')).status).toBe(401);
    for (const bad of [`${h}.${widened}.${s}`, `${good}x`, expired, foreign, users.alice.token]) {
      const r = await embed('data', bad);
      expect(r.status).toBe(401);
      expect(r.json).toEqual({ error: messages.embedInvalid });
    }
    expect((await embed('data', good)).status).toBe(200);
  });

  it('never shows another tenant\'s rows on any page, in figures, charts, table or CSV', async () => {
    for (const page of pageNames) {
      const token = await signedFor(users.bob, page);
      const r = await embed('data', token);
      expect(r.status).toBe(200);
      expect(r.text).not.toMatch(/A1|A2/);
      const d = r.json as PageData;
      expect(d.page).toBe(page);
      expect(d.charts.length).toBeGreaterThan(0);
      expect(d.table.rows.length).toBeGreaterThan(0);
      for (const row of d.table.rows) expect(row.property).toBe('Beta One');
      const csv = await embed('table.csv', token);
      expect(csv.status).toBe(200);
      expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
      expect(csv.headers.get('content-disposition')).toMatch(new RegExp(`^attachment; filename="${page}-\\d{4}-\\d{2}-\\d{2}\\.csv"$`));
      expect(csv.text).not.toMatch(/A1|A2/);
      expect(csv.text).toMatch(/B1/);
    }
  });

  it('computes the figures over exactly the scope', async () => {
    const fig = (d: PageData, label: string) => d.figures.find((f) => f.label === label)?.value;
    const one = (await embed('data', await signedFor(users.alice, 'dashboard', { properties: ['P-A1'] }))).json as PageData;
    expect(fig(one, 'Unfinished work orders')).toBe(2);
    expect(fig(one, 'Outstanding balance')).toBe(250.5);
    expect(fig(one, 'Quotes awaiting approval')).toBe(1200);
    expect(fig(one, 'Assets')).toBe(1);
    const both = (await embed('data', await signedFor(users.alice))).json as PageData;
    expect(fig(both, 'Outstanding balance')).toBe(501);
    expect(both.charts[0]!.categories).toHaveLength(24);
    const all = (await embed('data', await signedFor(users.admin))).json as PageData;
    expect(fig(all, 'Unfinished work orders')).toBe(6);
  });

  it("gives an account of two customers each customer's part of the money and a Customer column, of its own properties only (issue 39)", async () => {
    const row = await createTestUser({ email: 'dana@two-customers.test', password: PASSWORD, customers: ['C-A', 'C-B'], properties: ['P-A1', 'P-B1'] });
    const dana = { row, token: await signIn(row.email, PASSWORD) };
    const d = (await embed('data', await signedFor(dana))).json as PageData;
    const outstanding = d.figures.find((f) => f.label === 'Outstanding balance')!;
    // Alpha's part is Alpha One's alone: Alpha Two is not assigned to this account.
    expect(outstanding).toMatchObject({ value: 501, byCustomer: [{ customer: 'Alpha', value: 250.5 }, { customer: 'Beta', value: 250.5 }] });
    expect(d.figures.find((f) => f.label === 'Assets')!.byCustomer).toBeUndefined();
    // The money chart too: each month's invoiced and paid, stacked by customer (Alpha Two's money in none).
    const invoiced = d.charts.find((c) => c.id === 'invoiced')!;
    expect(invoiced.series.map((s) => [s.customer, s.stack])).toEqual([['Alpha', 'Invoiced'], ['Alpha', 'Paid'], ['Beta', 'Invoiced'], ['Beta', 'Paid']]);
    const sum = (name: string) => invoiced.series.filter((s) => s.name.startsWith(name)).flatMap((s) => s.data).reduce((a, b) => a + b, 0);
    expect([sum('Alpha: Invoiced'), sum('Beta: Invoiced')]).toEqual([250.5, 250.5]);
    expect(d.charts.find((c) => c.id === 'work-orders')!.series.some((s) => s.customer)).toBe(false);
    const token = await signedFor(dana, 'invoicing');
    const table = (await embed('table?sort=customer&dir=desc', token)).json as TablePage;
    expect(table.columns.map((c) => c.key).slice(0, 3)).toEqual(['number', 'customer', 'property']);
    expect(table.rows.map((r) => [r.customer, r.property])).toEqual([['Beta', 'Beta One'], ['Alpha', 'Alpha One']]);
    expect((await embed('table.csv', token)).text.split('\r\n')[0]).toMatch(/^Invoice,Customer,Property,/);
    // The first load asks the data with the URL (issue 42): the same answer as the frame's own call.
    for (const page of ['dashboard', 'invoicing']) {
      const first = await post(dana, body(dana.row, { _url: `/embed/${page}`, selectedReport: page, withData: true }));
      expect(first.status).toBe(200);
      const { url, data } = first.json as { url: string; data: PageData };
      expect(data.figures.find((f) => f.format === 'money')!.byCustomer!.map((c) => c.customer)).toEqual(['Alpha', 'Beta']);
      expect(data).toEqual((await embed('data', tokenOf(url))).json);
    }
    // One customer's account: no parts, no Customer column.
    const alice = (await embed('data', await signedFor(users.alice, 'invoicing'))).json as PageData;
    expect(alice.figures.some((f) => f.byCustomer)).toBe(false);
    expect(alice.table.columns.map((c) => c.key)).not.toContain('customer');
    await deleteUser(t.db, row.sub);
  });

  it('narrows to a period: 400 for one that is not, then the rows, windowed figures, table and CSV of it', async () => {
    const bad = await post(users.alice, body(users.alice.row, { from: '2026-03-01', to: '2026-02-01' }));
    expect(bad.status).toBe(400);
    expect((bad.json as { error: string }).error).toBe('Invalid body.to: must not be before body.from');
    const day = (msAgo: number) => new Date(Date.now() - msAgo).toISOString().slice(0, 10);
    // The last 20 days: each property's open work order (5 days old), not the visit (40 days) or the project (90).
    const token = await signedFor(users.alice, 'dashboard', { from: day(20 * DAY), to: day(0) });
    expect(claimsOf(`/embed/dashboard?token=${token}`)).toMatchObject({ df: day(20 * DAY), dt: day(0) });
    const d = (await embed('data', token)).json as PageData;
    const fig = (label: string) => d.figures.find((f) => f.label === label)?.value;
    expect(d.period).toEqual({ from: day(20 * DAY), to: day(0) });
    expect(d.table.rows.map((r) => r.id).sort()).toEqual(['WO-A1-1', 'WO-A2-1']);
    expect(fig('Completed, in period')).toBe(0);
    expect(fig('Invoiced, in period')).toBe(0);
    // Point in time: as without a period.
    expect(fig('Unfinished work orders')).toBe(4);
    expect(fig('Outstanding balance')).toBe(501);
    expect((await embed('table?sort=amount&dir=asc', token)).json).toMatchObject({ total: 2 });
    const csv = await embed('table.csv', token);
    expect(csv.text.trim().split('\r\n')).toHaveLength(3);
  });

  it('sorts the table on a known column and ignores an unknown one', async () => {
    const token = await signedFor(users.alice, 'work-orders');
    const asc = await embed('table?sort=amount&dir=asc', token);
    expect(asc.status).toBe(200);
    expect(asc.json).toMatchObject({ sort: 'amount', dir: 'asc', total: 2 });
    const evil = await embed('table?sort=amount;drop%20table%20users&dir=asc', token);
    expect(evil.status).toBe(200);
    expect((evil.json as TablePage).sort).toBe('created');
    expect((await embed('table?dir=sideways', token)).status).toBe(400);
  });

  it('stops showing data once the user is removed or loses the assignment', async () => {
    const carol = await createTestUser({ email: 'carol@customer-b.test', password: PASSWORD, customers: ['C-B'], properties: ['P-B1'] });
    const token = await signedFor({ row: carol, token: await signIn(carol.email, PASSWORD) });
    expect((await embed('data', token)).status).toBe(200);
    await setAssignments(t.db, carol.sub, ['C-B'], {});
    const lost = await embed('data', token);
    expect(lost.status).toBe(403);
    expect(lost.json).toEqual({ error: messages.embedNoAccess });
    await deleteUser(t.db, carol.sub);
    expect((await embed('table', token)).status).toBe(403);
  });
});

describe('report rows written by concurrent callers (dynalite)', () => {
  const wo = (i: number, year: string, status: WorkOrderRow['status'] = 'Open'): WorkOrderRow => ({
    dataset: 'wo',
    id: `WO-C-${String(i).padStart(3, '0')}`,
    propertyId: 'P-CONCURRENT',
    kind: 'service',
    status,
    priority: 'Low',
    createdAt: `${year}-03-15`,
    description: `job ${i}`,
    technician: '',
    amount: i,
  });

  it('loses no row when eight callers write the same years at once, and a rewrite moves rows between years', async () => {
    const rows = Array.from({ length: 240 }, (_, i) => wo(i, ['2024', '2025', '2026'][i % 3]!));
    await Promise.all(Array.from({ length: 8 }, (_, k) => putReportRows(t.db, rows.filter((_, i) => i % 8 === k))));
    const ids = (list: ReportRow[]) => list.map((r) => r.id).sort();
    expect(ids(await storedRows(t.db, 'wo', ['P-CONCURRENT']))).toEqual(ids(rows));
    // Every row moved to another year or changed in place, again by eight callers at once.
    const changed = rows.map((r, i) => (i % 2 ? { ...r, createdAt: '2027-04-15' } : { ...r, status: 'Completed' as const }));
    await Promise.all(Array.from({ length: 8 }, (_, k) => putReportRows(t.db, changed.filter((_, i) => i % 8 === k))));
    const back = await storedRows(t.db, 'wo', ['P-CONCURRENT']);
    expect(back.sort((a, b) => (a.id < b.id ? -1 : 1))).toEqual(changed);
  });
});

describe('Sigma frames (the same stack restarted with Sigma configured)', () => {
  const workbook = 'https://app.sigmacomputing.com/acme/workbook/Dashboard-1aB2?:theme=Dark&:nodeId=abc&:responsive_height=true';

  beforeAll(async () => {
    await t.stop({ keepData: true });
    t = await startTestStack({ dataDir, env: { SIGMA_CLIENT_ID: 'client-1', SIGMA_SECRET: 'sigma-secret-value', SIGMA_TEAMS: 'Customers', SIGMA_ACCOUNT_TYPE: 'Viewer' } });
    await storeReports(t.db, [{ id: 'dashboard', name: 'Dashboard', group: 'General', frames: [workbook, '/embed/quotes'] }]);
    for (const who of [users.alice, users.admin]) who.token = await signIn(who.row.email, PASSWORD);
  });

  it('serves the stored catalogue and signs Sigma frames with the viewed user\'s ids', async () => {
    const list = await request('GET', '/api/reports', { token: users.alice.token });
    expect(list.json).toEqual([{ id: 'dashboard', name: 'Dashboard', group: 'General', frames: [workbook, '/embed/quotes'] }]);
    const r = await post(users.alice, { email: users.alice.row.email, _url: workbook, selectedReport: 'Dashboard', properties: ['P-A2', 'PROP-OF-SOMEONE-ELSE'] });
    expect(r.status).toBe(200);
    const url = (r.json as { url: string }).url;
    expect(url.startsWith('https://app.sigmacomputing.com/acme/workbook/Dashboard-1aB2?:jwt=')).toBe(true);
    expect(url).toContain('&:embed=true');
    expect(url).toContain(':theme=Dark');
    expect(url).not.toContain('nodeId');
    const jwt = /:jwt=([^&]+)/.exec(url)![1]!;
    const { payload } = await jwtVerify(jwt, new TextEncoder().encode('sigma-secret-value'), { audience: 'sigmacomputing', issuer: 'client-1' });
    expect(payload).toMatchObject({ sub: users.alice.row.email, teams: ['customers'], account_type: 'Viewer', user_attributes: { customer_ids: 'C-A', property_ids: 'P-A2' } });
    const own = await post(users.admin, { email: users.admin.row.email, _url: workbook, selectedReport: 'dashboard' });
    expect(decodeJwt(/:jwt=([^&]+)/.exec((own.json as { url: string }).url)![1]!).user_attributes).toEqual({ customer_ids: 'C-A,C-B', property_ids: 'P-A1,P-A2,P-B1' });
  });

  it('422 for an email Sigma cannot take', async () => {
    const row = await createTestUser({ email: "o'brien@customer-a.test", password: PASSWORD, customers: ['C-A'], properties: ['P-A1'] });
    const token = await signIn(row.email, PASSWORD);
    const r = await post({ row, token }, { email: row.email, _url: workbook, selectedReport: 'dashboard' });
    expect(r.status).toBe(422);
    expect(r.json).toEqual({ error: messages.sigmaEmail });
  });
});
