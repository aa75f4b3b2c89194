import { decodeJwt, decodeProtectedHeader, jwtVerify } from 'jose';
import { handler as filtered } from '../../../lambdas/reports/filtered.js';
import { handler as getReports } from '../../../lambdas/reports/get-reports.js';
import { messages } from '../../../lambdas/shared/contract/reports.js';
import { apiEvent, json } from '../support/events.js';
import { claims, STAFF, TABLES, user } from '../support/fake-aws.js';
import { EMBED_KEY, reportsAws, setEnv, SIGMA_SECRET, type Data } from './support/fixtures.js';
import { SPEC_REPORTS } from '../../support/spec-reports.js';

const FILTERED = 'POST /api/sigma/filtered';
const REPORTS = 'GET /api/reports';

const alice = user('alice@a.test', ['A'], { A1: 'A', A2: 'A' });
const bob = user('bob@b.test', ['B'], { B1: 'B' });
const nobody = user('nobody@c.test');
// B1 is assigned but its customer is not: it does not count.
const stray = user('stray@c.test', ['A'], { B1: 'B' });
const admin = user(`boss@${STAFF}`);
const colleague = user(`colleague@${STAFF}`);
const obrien = user("o'brien@a.test", ['A'], { A1: 'A' });

const data: Data = {
  users: [alice, bob, nobody, stray, admin, colleague, obrien],
  properties: [
    { id: 'A1', customerId: 'A', name: 'Alpha One', propertyType: 'Office' },
    { id: 'A2', customerId: 'A', name: 'Alpha Two', propertyType: 'Office' },
    { id: 'B1', customerId: 'B', name: 'Beta One', propertyType: 'Retail' },
  ],
  rows: [],
  reports: [],
};
const { world, ddb, secrets, callsTo } = reportsAws(data);

const WORKBOOK = 'https://app.sigmacomputing.com/acme/workbook/Dashboard-1aB2?:theme=Dark&:nodeId=abc&:responsive_height=true';
const sigmaCatalogue = () => [{ id: 'dashboard', name: 'Dashboard', group: 'General', frames: [WORKBOOK, '/embed/quotes'], position: 0 }];

beforeAll(setEnv);
afterAll(() => {
  ddb.restore();
  secrets.restore();
});
beforeEach(() => {
  ddb.resetHistory();
  world.reports = [];
  delete process.env.SIGMA_CLIENT_ID;
  delete process.env.SIGMA_SECRET_ID;
  delete process.env.EMBED_TOKEN_TTL;
});

const body = (u: { email: string; userId: string }, extra: Record<string, unknown> = {}) => ({
  userId: u.userId,
  email: u.email,
  _url: '/embed/dashboard',
  properties: [],
  customers: [],
  selectedReport: 'dashboard',
  userDetails: { name: 'x' },
  ...extra,
});
const post = (caller: string | null, payload: unknown) => filtered(apiEvent({ route: FILTERED, claims: caller ? claims(caller) : undefined, body: payload }));
const tokenOf = (url: string) => new URL(url, 'http://x').searchParams.get('token')!;
const verified = async (url: string) => (await jwtVerify(tokenOf(url), new TextEncoder().encode(EMBED_KEY), { audience: 'portal-embed', issuer: 'customer-portal' })).payload;

describe('GET /api/reports', () => {
  it('401 without a token and for a removed user', async () => {
    expect((await getReports(apiEvent({ route: REPORTS }))).statusCode).toBe(401);
    expect((await getReports(apiEvent({ route: REPORTS, claims: claims('gone@a.test') }))).statusCode).toBe(401);
  });
  it('the eight default reports with their groups and built-in frames', async () => {
    const r = await getReports(apiEvent({ route: REPORTS, claims: claims(nobody.email) }));
    expect(r.statusCode).toBe(200);
    const list = JSON.parse(r.body) as { id: string; name: string; group: string }[];
    expect(list.map((x) => [x.name, x.group])).toEqual(SPEC_REPORTS);
    expect(list[0]).toEqual({ id: 'dashboard', name: 'Dashboard', group: 'General', frames: ['/embed/dashboard'] });
  });
  it('the stored catalogue in its order, without the stored position', async () => {
    world.reports = [
      { id: 'b', name: 'Second', group: 'G', frames: ['/embed/quotes'], position: 1 },
      { id: 'a', name: 'First', group: 'G', frames: [WORKBOOK], position: 0 },
    ];
    const r = await getReports(apiEvent({ route: REPORTS, claims: claims(alice.email) }));
    expect(JSON.parse(r.body)).toEqual([
      { id: 'a', name: 'First', group: 'G', frames: [WORKBOOK] },
      { id: 'b', name: 'Second', group: 'G', frames: ['/embed/quotes'] },
    ]);
  });
});

describe('POST /api/sigma/filtered: refusals', () => {
  it('401 without a token and for a removed user', async () => {
    expect((await post(null, body(alice))).statusCode).toBe(401);
    expect((await post('gone@a.test', body({ email: 'gone@a.test', userId: 'u-gone' }))).statusCode).toBe(401);
  });

  it('400 for a bad body, naming the field', async () => {
    const noUrl = await post(alice.email, { ...body(alice), _url: undefined });
    expect(noUrl.statusCode).toBe(400);
    expect(json(noUrl).error).toMatch(/^Invalid body\._url/);
    const badEmail = await post(alice.email, body(alice, { email: 'not-an-email' }));
    expect(json(badEmail).error).toBe('Invalid body.email: must be an email address');
    const noReport = await post(alice.email, body(alice, { selectedReport: ' ' }));
    expect(json(noReport).error).toMatch(/^Invalid body\.selectedReport/);
    const mismatch = await post(alice.email, body(alice, { userId: bob.userId }));
    expect(mismatch.statusCode).toBe(400);
    expect(json(mismatch).error).toBe(messages.userIdMismatch);
  });

  it('400 for a period that is not two dates in order, at most 10 years apart', async () => {
    const error = async (extra: Record<string, unknown>) => {
      const r = await post(alice.email, body(alice, extra));
      expect(r.statusCode).toBe(400);
      return json(r).error;
    };
    expect(await error({ from: '2026-02-30', to: '2026-03-01' })).toBe('Invalid body.from: must be a date (YYYY-MM-DD)');
    expect(await error({ from: '2026-01-01', to: '1 March 2026' })).toBe('Invalid body.to: must be a date (YYYY-MM-DD)');
    expect(await error({ from: '2026-01-01' })).toBe('Invalid body.to: is required when body.from is given (a period has both dates, or neither)');
    expect(await error({ to: '2026-01-01' })).toBe('Invalid body.from: is required when body.to is given (a period has both dates, or neither)');
    expect(await error({ from: '2026-03-01', to: '2026-02-28' })).toBe('Invalid body.to: must not be before body.from');
    expect(await error({ from: '2016-01-01', to: '2026-01-01' })).toMatch(/^Invalid body\.to: must be less than 10 years after body\.from/);
  });

  it('400 for a URL that is not a configured frame of the report, letter for letter', async () => {
    for (const _url of ['/embed/quotes', 'https://evil.example/steal', '/embed/dashboard?x=1', '/embed/dashboard/../quotes', '/EMBED/dashboard']) {
      const r = await post(alice.email, body(alice, { _url }));
      expect(r.statusCode).toBe(400);
      expect(json(r).error).toBe(messages.unknownFrame('Dashboard'));
    }
  });

  it('404 for an unknown report', async () => {
    const r = await post(alice.email, body(alice, { selectedReport: 'Payroll' }));
    expect(r.statusCode).toBe(404);
    expect(json(r).error).toBe(messages.unknownReport('Payroll'));
  });

  it('403 for a customer asking for another user\'s view', async () => {
    const r = await post(alice.email, body(bob));
    expect(r.statusCode).toBe(403);
    expect(json(r).error).toBe(messages.ownViewOnly);
  });

  it('403 for an administrator viewing as staff; 404 for an unknown email', async () => {
    const staff = await post(admin.email, body(colleague));
    expect(staff.statusCode).toBe(403);
    expect(json(staff).error).toBe(messages.staffView);
    const ghost = await post(admin.email, body({ email: 'ghost@a.test', userId: '' }));
    expect(ghost.statusCode).toBe(404);
    expect(json(ghost).error).toBe(messages.unknownUser);
  });

  it('403 for nothing assigned (a property counts only while its customer is assigned), before signing anything', async () => {
    for (const u of [nobody, stray]) {
      const r = await post(u.email, body(u));
      expect(r.statusCode).toBe(403);
      expect(json(r).error).toBe(messages.noAssignments);
    }
    expect((await post(admin.email, body(nobody))).statusCode).toBe(403);
    expect(secrets.calls()).toHaveLength(0);
  });

  it('403 when the narrowing leaves nothing: another tenant\'s ids never reach the token', async () => {
    const r = await post(alice.email, body(alice, { properties: ['B1'], customers: ['B'] }));
    expect(r.statusCode).toBe(403);
    expect(json(r).error).toBe(messages.nothingInScope);
    const adminForeign = await post(admin.email, body(admin, { properties: ['NOPE'] }));
    expect(adminForeign.statusCode).toBe(403);
  });
});

describe('POST /api/sigma/filtered: built-in frames', () => {
  it('signs the frame with the user\'s own assignments, by report id or name, for an hour', async () => {
    const r = await post(alice.email, body(alice, { selectedReport: 'Work Orders', _url: '/embed/work-orders' }));
    expect(r.statusCode).toBe(200);
    const { url, expiresAt } = json(r) as { url: string; expiresAt: string };
    expect(url).toMatch(/^\/embed\/work-orders\?token=[\w-]+\.[\w-]+\.[\w-]+$/);
    const p = await verified(url);
    expect(p).toMatchObject({ uid: alice.userId, sub: alice.email, page: 'work-orders', all: false, c: ['A'], p: ['A1', 'A2'], aud: 'portal-embed' });
    expect(decodeProtectedHeader(tokenOf(url)).alg).toBe('HS256');
    const ttl = Date.parse(expiresAt) / 1000 - Date.now() / 1000;
    expect(ttl).toBeGreaterThan(3590);
    expect(ttl).toBeLessThanOrEqual(3600);
    expect(p.exp).toBe(Date.parse(expiresAt) / 1000);
    // The caller's row with their assignments (middleware), then the catalogue: nothing read twice.
    expect(ddb.calls()).toHaveLength(2);
  });

  it('narrows by properties and customers (arrays or comma-joined text) and drops foreign ids', async () => {
    const r = await post(alice.email, body(alice, { properties: ['B1', 'A2'], customers: 'A,B' }));
    expect(r.statusCode).toBe(200);
    const url = (json(r) as { url: string }).url;
    expect(await verified(url)).toMatchObject({ all: false, c: ['A'], p: ['A2'] });
    expect(url).not.toContain('B1');
  });

  it('carries a period into the token as its first and last day', async () => {
    const r = await post(alice.email, body(alice, { from: '2026-09-01', to: '2026-11-30' }));
    expect(await verified((json(r) as { url: string }).url)).toMatchObject({ df: '2026-09-01', dt: '2026-11-30', p: ['A1', 'A2'] });
    expect(await verified((json(await post(alice.email, body(alice))) as { url: string }).url)).not.toHaveProperty('dt');
    // The longest period (10 years less a day), and empty or null dates (no period).
    expect((await post(alice.email, body(alice, { from: '2016-01-01', to: '2025-12-31' }))).statusCode).toBe(200);
    expect(await verified((json(await post(alice.email, body(alice, { from: '', to: null }))) as { url: string }).url)).not.toHaveProperty('df');
  });

  it('takes its lifetime from EMBED_TOKEN_TTL', async () => {
    process.env.EMBED_TOKEN_TTL = '900';
    const r = await post(alice.email, body(alice));
    const p = decodeJwt(tokenOf((json(r) as { url: string }).url));
    expect(p.exp! - p.iat!).toBe(900);
  });

  it('gives an administrator every customer (all), a narrowed view, or a customer\'s view as that customer', async () => {
    const own = await post(admin.email, body(admin));
    expect(await verified((json(own) as { url: string }).url)).toMatchObject({ uid: admin.userId, all: true, c: [], p: [] });
    const narrowed = await post(admin.email, body(admin, { customers: ['B'] }));
    expect(await verified((json(narrowed) as { url: string }).url)).toMatchObject({ all: false, c: ['B'], p: ['B1'] });
    const props = await post(admin.email, body(admin, { properties: 'A2,B1', customers: ['B'] }));
    expect(await verified((json(props) as { url: string }).url)).toMatchObject({ all: false, c: ['B'], p: ['B1'] });
    const viewAs = await post(admin.email, body(bob));
    expect(viewAs.statusCode).toBe(200);
    expect(await verified((json(viewAs) as { url: string }).url)).toMatchObject({ uid: bob.userId, sub: bob.email, all: false, c: ['B'], p: ['B1'] });
  });

  it('an embed token is not signed with a key anyone else holds', async () => {
    const r = await post(alice.email, body(alice));
    await expect(jwtVerify(tokenOf((json(r) as { url: string }).url), new TextEncoder().encode('another key'))).rejects.toThrow(/signature/);
  });
});

describe('POST /api/sigma/filtered: Sigma frames', () => {
  const sigmaBody = (u: { email: string; userId: string }, extra: Record<string, unknown> = {}) => body(u, { _url: WORKBOOK, selectedReport: 'Dashboard', ...extra });

  it('503 when Sigma is not configured', async () => {
    world.reports = sigmaCatalogue();
    const r = await post(alice.email, sigmaBody(alice));
    expect(r.statusCode).toBe(503);
    expect(json(r).error).toBe(messages.sigmaNotConfigured);
  });

  it('422 for an email Sigma cannot take', async () => {
    world.reports = sigmaCatalogue();
    Object.assign(process.env, { SIGMA_CLIENT_ID: 'client-1', SIGMA_SECRET_ID: 'sigma' });
    const r = await post(obrien.email, sigmaBody(obrien));
    expect(r.statusCode).toBe(422);
    expect(json(r).error).toBe(messages.sigmaEmail);
  });

  it('signs the workbook URL with the viewed user\'s ids as user attributes and keeps only Sigma\'s parameters', async () => {
    world.reports = sigmaCatalogue();
    Object.assign(process.env, { SIGMA_CLIENT_ID: 'client-1', SIGMA_SECRET_ID: 'sigma', SIGMA_TEAMS: 'Customers', SIGMA_ACCOUNT_TYPE: 'Viewer', SIGMA_SESSION_SECONDS: '7200' });
    try {
      const r = await post(alice.email, sigmaBody(alice, { properties: ['A2', 'B1'] }));
      expect(r.statusCode).toBe(200);
      const { url, expiresAt } = json(r) as { url: string; expiresAt: string };
      expect(url.startsWith('https://app.sigmacomputing.com/acme/workbook/Dashboard-1aB2?:jwt=')).toBe(true);
      expect(url).toContain('&:embed=true');
      expect(url).toContain(':theme=Dark');
      expect(url).toContain(':responsive_height=true');
      expect(url).not.toContain('nodeId');
      const jwt = /:jwt=([^&]+)/.exec(url)![1]!;
      expect(decodeProtectedHeader(jwt)).toEqual({ alg: 'HS256', typ: 'JWT', kid: 'client-1' });
      const { payload } = await jwtVerify(jwt, new TextEncoder().encode(SIGMA_SECRET), { audience: 'sigmacomputing', issuer: 'client-1' });
      expect(payload).toMatchObject({
        sub: alice.email,
        ver: '1.1',
        teams: ['customers'],
        account_type: 'Viewer',
        user_attributes: { customer_ids: 'A', property_ids: 'A2' },
      });
      expect(payload.exp! - payload.iat!).toBe(7200);
      expect(expiresAt).toBe(new Date(payload.exp! * 1000).toISOString());

      const own = await post(admin.email, sigmaBody(admin));
      const adminJwt = decodeJwt(/:jwt=([^&]+)/.exec((json(own) as { url: string }).url)![1]!);
      expect(adminJwt.user_attributes).toEqual({ customer_ids: 'A,B', property_ids: 'A1,A2,B1' });
      expect(callsTo(TABLES.PROPERTIES_TABLE)).toBeGreaterThan(0);
    } finally {
      for (const k of ['SIGMA_TEAMS', 'SIGMA_ACCOUNT_TYPE', 'SIGMA_SESSION_SECONDS']) delete process.env[k];
    }
  });

  it('passes a period to the workbook\'s date controls as URL parameters (user attributes unchanged)', async () => {
    world.reports = sigmaCatalogue();
    process.env.SIGMA_CLIENT_ID = 'client-1';
    process.env.SIGMA_SECRET_ID = 'sigma';
    const r = await post(alice.email, sigmaBody(alice, { from: '2026-09-01', to: '2026-11-30' }));
    expect(r.statusCode).toBe(200);
    const { url } = json(r) as { url: string };
    expect(url).toMatch(/&date_from=2026-09-01&date_to=2026-11-30$/);
    expect(decodeJwt(/:jwt=([^&]+)/.exec(url)![1]!).user_attributes).toEqual({ customer_ids: 'A', property_ids: 'A1,A2' });
    const none = (json(await post(alice.email, sigmaBody(alice))) as { url: string }).url;
    expect(none).not.toContain('date_');
  });

  it('signs a built-in frame of the same report with the portal\'s own key', async () => {
    world.reports = sigmaCatalogue();
    const r = await post(alice.email, body(alice, { _url: '/embed/quotes' }));
    expect(r.statusCode).toBe(200);
    expect(await verified((json(r) as { url: string }).url)).toMatchObject({ page: 'quotes' });
  });
});
