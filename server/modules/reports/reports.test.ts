import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SignJWT, decodeJwt, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { bearer, createCustomer, createTestApp, createUser, STAFF, STAFF2, type TestContext, type TestUser } from '../../test/helpers.js';
import { signEmbedToken, verifyEmbedToken } from './embed-token.js';
import { defaultReports } from './reports.catalogue.js';
import { messages } from './reports.schema.js';
import './reports.tables.js';

let t: TestContext;
let admin: TestUser;
let alice: TestUser; // customer A, both properties
let bob: TestUser; // customer B
let nobody: TestUser; // nothing assigned
let custA: Awaited<ReturnType<typeof createCustomer>>;
let custB: Awaited<ReturnType<typeof createCustomer>>;

const EMBED_SHELL = '<!doctype html><html><body><div id="embed-root"></div></body></html>';

async function addRows(propertyId: string, tag: string) {
  const now = Date.now();
  await t.db
    .insertInto('work_orders')
    .values([
      { id: `WO-${tag}-1`, property_id: propertyId, kind: 'service', status: 'Open', priority: 'High', created_at: new Date(now - 5 * 864e5), description: `leak ${tag}`, technician: 'tech', amount: 100 },
      { id: `WO-${tag}-2`, property_id: propertyId, kind: 'maintenance', status: 'Completed', priority: 'Low', created_at: new Date(now - 40 * 864e5), scheduled_at: new Date(now - 30 * 864e5), completed_at: new Date(now - 31 * 864e5), description: `pm ${tag}`, amount: 250.5 },
      { id: `WO-${tag}-3`, property_id: propertyId, kind: 'capital', status: 'In Progress', priority: 'Medium', created_at: new Date(now - 90 * 864e5), description: `chiller ${tag}`, amount: 50000 },
    ])
    .execute();
  await t.db.insertInto('quotes').values({ id: `Q-${tag}`, property_id: propertyId, title: `quote ${tag}`, status: 'Sent', amount: 1200, created_at: new Date(now - 10 * 864e5) }).execute();
  await t.db
    .insertInto('invoices')
    .values({ id: `I-${tag}`, number: `INV-${tag}`, property_id: propertyId, work_order_id: `WO-${tag}-2`, issued_at: new Date(now - 30 * 864e5), due_at: new Date(now - 1 * 864e5), amount: 250.5, balance: 250.5, status: 'Overdue' })
    .execute();
  await t.db.insertInto('assets').values({ id: `A-${tag}`, property_id: propertyId, name: `RTU ${tag}`, asset_type: 'Rooftop Unit', make: 'Carrier', model: 'X', serial: `S-${tag}`, installed_on: '2010-06-01', condition: 'Fair' }).execute();
}

beforeAll(async () => {
  t = await createTestApp({}, { embedHtml: EMBED_SHELL });
  custA = await createCustomer(t.db, { properties: 2 });
  custB = await createCustomer(t.db, { properties: 1 });
  admin = await createUser(t, { email: `boss@${STAFF}` });
  alice = await createUser(t, { customers: [custA.id], properties: custA.properties.map((p) => p.id) });
  bob = await createUser(t, { customers: [custB.id], properties: [custB.properties[0]!.id] });
  nobody = await createUser(t);
  await addRows(custA.properties[0]!.id, 'A1');
  await addRows(custA.properties[1]!.id, 'A2');
  await addRows(custB.properties[0]!.id, 'B1');
});
afterAll(async () => t?.close());

const post = (user: TestUser | null, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/sigma/filtered', payload, headers: user ? bearer(user.token) : {} });
const body = (user: TestUser, extra: Record<string, unknown> = {}) => ({
  userId: user.id,
  email: user.email,
  _url: '/embed/dashboard',
  properties: [],
  customers: [],
  selectedReport: 'dashboard',
  userDetails: { name: user.name },
  ...extra,
});
const tokenOf = (url: string) => new URL(url, 'http://x').searchParams.get('token')!;
const claimsOf = async (url: string) => (await verifyEmbedToken(t.config, tokenOf(url)))!;
const data = (token: string, page = 'data') => t.app.inject({ url: `/embed/api/${page}`, headers: bearer(token) });

describe('GET /api/reports', () => {
  it('401s without a session', async () => {
    expect((await t.app.inject({ url: '/api/reports' })).statusCode).toBe(401);
  });

  it('lists the eight reports with their groups and built-in frames for any signed-in user', async () => {
    for (const u of [alice, admin, nobody]) {
      const res = await t.app.inject({ url: '/api/reports', headers: bearer(u.token) });
      expect(res.statusCode).toBe(200);
      expect(res.json().map((r: { name: string; group: string }) => [r.name, r.group])).toEqual([
        ['Dashboard', 'General'],
        ['Quotes', 'General'],
        ['Work Orders', 'Work History'],
        ['Maintenance', 'Work History'],
        ['Capital Projects', 'Work History'],
        ['Assets', 'General'],
        ['Invoicing', 'General'],
        ['Analytics', 'General'],
      ]);
      expect(res.json()[0]).toEqual({ id: 'dashboard', name: 'Dashboard', group: 'General', frames: ['/embed/dashboard'] });
    }
  });
});

describe('POST /api/sigma/filtered', () => {
  it('401s without a session and for a removed user', async () => {
    expect((await post(null, body(alice))).statusCode).toBe(401);
    const gone = await createUser(t, { customers: [custA.id], properties: [custA.properties[0]!.id] });
    await t.db.deleteFrom('users').where('id', '=', gone.id).execute();
    const res = await post(gone, body(gone));
    expect(res.statusCode).toBe(401);
  });

  it('400s a bad body naming the field', async () => {
    const noUrl = await post(alice, { ...body(alice), _url: undefined });
    expect(noUrl.statusCode).toBe(400);
    expect(noUrl.json().error).toMatch(/_url/);
    const badEmail = await post(alice, body(alice, { email: 'not-an-email' }));
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().error).toMatch(/email/);
    const mismatch = await post(alice, body(alice, { userId: bob.id }));
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().error).toMatch(/userId/);
  });

  it('400s a URL that is not a configured frame of the report (no arbitrary URL is signed)', async () => {
    for (const _url of ['/embed/quotes', 'https://evil.example/steal', '/embed/dashboard?x=1', '/embed/dashboard/../quotes']) {
      const res = await post(alice, body(alice, { _url }));
      expect(res.statusCode, _url).toBe(400);
      expect(res.json().error).toBe(messages.unknownFrame('Dashboard'));
    }
  });

  it('404s an unknown report', async () => {
    const res = await post(alice, body(alice, { selectedReport: 'Payroll' }));
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toMatch(/Payroll/);
  });

  it('403s a customer asking for another user\'s view', async () => {
    const res = await post(alice, body(bob, { userId: bob.id }));
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe(messages.ownViewOnly);
  });

  it('403s an administrator viewing as another staff user, and 404s an unknown email', async () => {
    const staff2 = await createUser(t, { email: `colleague@${STAFF}` });
    const res = await post(admin, body(staff2));
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe(messages.staffView);
    const unknown = await post(admin, { ...body(bob), email: 'ghost@customer.test', userId: null });
    expect(unknown.statusCode).toBe(404);
  });

  it('403s a non-staff user with no assignments instead of an unfiltered report', async () => {
    const res = await post(nobody, body(nobody));
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe(messages.noAssignments);
    const viewedByAdmin = await post(admin, body(nobody));
    expect(viewedByAdmin.statusCode).toBe(403);
  });

  it('never lets another tenant\'s properties or customers reach the token', async () => {
    const onlyForeign = await post(alice, body(alice, { properties: [custB.properties[0]!.id], customers: [custB.id] }));
    expect(onlyForeign.statusCode).toBe(403);
    expect(onlyForeign.json().error).toBe(messages.nothingInScope);

    const mixed = await post(alice, body(alice, { properties: [custB.properties[0]!.id, custA.properties[1]!.id], customers: `${custA.id},${custB.id}` }));
    expect(mixed.statusCode).toBe(200);
    const claims = await claimsOf(mixed.json().url);
    expect(claims).toMatchObject({ uid: alice.id, sub: alice.email, page: 'dashboard', all: false, c: [custA.id], p: [custA.properties[1]!.id] });
    expect(mixed.json().url).not.toContain(custB.id);
  });

  it('signs a built-in frame with the user\'s own assignments, by report id or name', async () => {
    const res = await post(alice, body(alice, { selectedReport: 'Work Orders', _url: '/embed/work-orders' }));
    expect(res.statusCode).toBe(200);
    const { url, expiresAt } = res.json();
    expect(url).toMatch(/^\/embed\/work-orders\?token=[\w-]+\.[\w-]+\.[\w-]+$/);
    const claims = await claimsOf(url);
    expect(claims.page).toBe('work-orders');
    expect([...claims.p].sort()).toEqual(custA.properties.map((p) => p.id).sort());
    expect(claims.c).toEqual([custA.id]);
    const ttl = Date.parse(expiresAt) / 1000 - Date.now() / 1000;
    expect(ttl).toBeGreaterThan(3500);
    expect(ttl).toBeLessThanOrEqual(3600);
    expect(decodeJwt(tokenOf(url)).aud).toBe('portal-embed');
  });

  it('gives an administrator their own view over everything, or a customer\'s view as that customer', async () => {
    const own = await post(admin, body(admin));
    expect(own.statusCode).toBe(200);
    expect(await claimsOf(own.json().url)).toMatchObject({ uid: admin.id, all: true, c: [], p: [] });
    const narrowed = await post(admin, body(admin, { customers: [custB.id] }));
    expect(await claimsOf(narrowed.json().url)).toMatchObject({ all: false, c: [custB.id], p: [custB.properties[0]!.id] });
    const viewAs = await post(admin, body(bob));
    expect(viewAs.statusCode).toBe(200);
    expect(await claimsOf(viewAs.json().url)).toMatchObject({ uid: bob.id, sub: bob.email, all: false, c: [custB.id], p: [custB.properties[0]!.id] });
  });
});

describe('built-in report host', () => {
  const signedFor = async (user: TestUser, page = 'dashboard') => {
    const res = await post(user, body(user, { _url: `/embed/${page}`, selectedReport: page }));
    expect(res.statusCode).toBe(200);
    return tokenOf(res.json().url);
  };

  it('401s the data API without a token, with a tampered one, with an expired one and with a session token', async () => {
    const good = await signedFor(alice);
    const [h, p, s] = good.split('.');
    const payload = JSON.parse(Buffer.from(p!, 'base64url').toString());
    const widened = Buffer.from(JSON.stringify({ ...payload, all: true })).toString('base64url');
    const expired = (await signEmbedToken(t.config, { uid: alice.id, sub: alice.email, page: 'dashboard', all: false, c: [], p: [custA.properties[0]!.id] }, Date.now() - 2 * 3600e3)).token;
    const foreignKey = await new SignJWT({ uid: alice.id, page: 'dashboard', all: true, c: [], p: [] })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(alice.email)
      .setIssuer('customer-portal')
      .setAudience('portal-embed')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(t.config.jwtSecret));
    expect((await t.app.inject({ url: '/embed/api/data' })).statusCode).toBe(401);
    for (const bad of [`${h}.${widened}.${s}`, `${good}x`, expired, foreignKey, alice.token]) {
      const res = await data(bad);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: messages.embedInvalid });
    }
  });

  it('shows a clear page with no data for a tampered or expired link, and the page for a good one', async () => {
    const good = await signedFor(alice);
    const bad = await t.app.inject({ url: `/embed/dashboard?token=${good.slice(0, -2)}xx` });
    expect(bad.statusCode).toBe(401);
    expect(bad.headers['content-type']).toMatch(/text\/html/);
    expect(bad.body).toContain(messages.embedInvalid);
    expect(bad.body).not.toContain('<script');
    expect(bad.body).not.toContain('leak');
    const none = await t.app.inject({ url: '/embed/dashboard' });
    expect(none.statusCode).toBe(401);
    const otherPage = await t.app.inject({ url: `/embed/quotes?token=${good}` });
    expect(otherPage.statusCode).toBe(401);
    const ok = await t.app.inject({ url: `/embed/dashboard?token=${good}` });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toBe(EMBED_SHELL);
    expect(ok.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(ok.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(ok.headers['cache-control']).toBe('no-store');
  });

  it('never shows another tenant\'s rows on any page, in figures, charts, table or CSV', async () => {
    for (const report of defaultReports) {
      const page = report.id;
      const token = await signedFor(bob, page);
      const res = await data(token);
      expect(res.statusCode, page).toBe(200);
      const text = res.body;
      expect(text, page).not.toMatch(/A1|A2/);
      const d = res.json();
      expect(d.page).toBe(page);
      expect(d.charts.length).toBeGreaterThan(0);
      expect(d.table.rows.length, page).toBeGreaterThan(0);
      for (const row of d.table.rows) expect(row.property).toBe(custB.properties[0]!.name);
      const csv = await t.app.inject({ url: '/embed/api/table.csv', headers: bearer(token) });
      expect(csv.statusCode).toBe(200);
      expect(csv.body).not.toMatch(/A1|A2/);
      expect(csv.body).toMatch(/B1/);
    }
  });

  it('computes the figures in SQL over exactly the scope', async () => {
    const one = await post(alice, body(alice, { properties: [custA.properties[0]!.id] }));
    const d = (await data(tokenOf(one.json().url))).json();
    const fig = (label: string) => d.figures.find((f: { label: string }) => f.label === label)?.value;
    expect(fig('Open work orders')).toBe(2);
    expect(fig('Outstanding balance')).toBe(250.5);
    expect(fig('Quotes awaiting approval')).toBe(1200);
    expect(fig('Assets')).toBe(1);
    const both = (await data(await signedFor(alice))).json();
    expect(both.figures.find((f: { label: string }) => f.label === 'Outstanding balance').value).toBe(501);
    const all = (await data(await signedFor(admin))).json();
    expect(all.figures.find((f: { label: string }) => f.label === 'Open work orders').value).toBe(6);
    expect(both.charts[0].categories).toHaveLength(24);
  });

  it('sorts the table in SQL on a known column and ignores an unknown one', async () => {
    const token = await signedFor(alice, 'work-orders');
    const asc = await t.app.inject({ url: '/embed/api/table?sort=amount&dir=asc', headers: bearer(token) });
    expect(asc.statusCode).toBe(200);
    expect(asc.json()).toMatchObject({ sort: 'amount', dir: 'asc', total: 2 });
    const evil = await t.app.inject({ url: '/embed/api/table?sort=amount;drop%20table%20users&dir=asc', headers: bearer(token) });
    expect(evil.statusCode).toBe(200);
    expect(evil.json().sort).toBe('created');
    const badDir = await t.app.inject({ url: '/embed/api/table?dir=sideways', headers: bearer(token) });
    expect(badDir.statusCode).toBe(400);
  });

  it('stops showing data once the user is removed or loses the assignment', async () => {
    const carol = await createUser(t, { customers: [custB.id], properties: [custB.properties[0]!.id] });
    const token = await signedFor(carol);
    expect((await data(token)).statusCode).toBe(200);
    await t.db.deleteFrom('user_properties').where('user_id', '=', carol.id).execute();
    expect((await data(token)).statusCode).toBe(403);
    expect((await t.app.inject({ url: `/embed/dashboard?token=${token}` })).statusCode).toBe(403);
    await t.db.deleteFrom('users').where('id', '=', carol.id).execute();
    expect((await data(token)).statusCode).toBe(403);
  });

  it('embed tokens use their own key: the portal secret alone does not verify them', async () => {
    const token = await signedFor(alice);
    await expect(jwtVerify(token, new TextEncoder().encode(t.config.jwtSecret))).rejects.toThrow();
  });
});

/** A second app with other settings over the same test database (one database per file). */
async function appWith(env: Record<string, string>, services: Record<string, unknown> = {}) {
  const config = loadConfig({ STAFF_DOMAINS: `${STAFF},${STAFF2}`, LOG_LEVEL: 'silent', DATA_DIR: '.tmp/test-data', ...env }, { inMemory: true });
  const app = await buildApp(config, { db: { db: t.db, kind: t.app.ctx.dbKind, close: async () => {} }, serveWeb: false, logger: false, services });
  await app.ready();
  return { app, db: t.db, config, close: () => app.close() };
}

describe('REPORTS_FILE and Sigma', () => {
  it('serves the configured catalogue, signs Sigma frames and allows only Sigma\'s origin in frame-src', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'reports-'));
    const file = path.join(dir, 'reports.json');
    const workbook = 'https://app.sigmacomputing.com/acme/workbook/Dashboard-1aB2?:theme=Dark&:nodeId=abc&:responsive_height=true';
    writeFileSync(file, JSON.stringify({ reports: [{ id: 'dashboard', name: 'Dashboard', frames: [workbook, '/embed/quotes'] }] }));
    const s = await appWith(
      { REPORTS_FILE: file, SIGMA_CLIENT_ID: 'client-1', SIGMA_SECRET: 'sigma-secret-value', SIGMA_TEAMS: 'Customers', SIGMA_ACCOUNT_TYPE: 'Viewer' },
      { embedHtml: EMBED_SHELL },
    );
    try {
      const cust = await createCustomer(s.db, { properties: 2 });
      const user = await createUser(s, { customers: [cust.id], properties: cust.properties.map((p) => p.id) });
      const list = await s.app.inject({ url: '/api/reports', headers: bearer(user.token) });
      expect(list.json()).toEqual([{ id: 'dashboard', name: 'Dashboard', group: 'General', frames: [workbook, '/embed/quotes'] }]);
      const res = await s.app.inject({
        method: 'POST',
        url: '/api/sigma/filtered',
        headers: bearer(user.token),
        payload: { email: user.email, _url: workbook, selectedReport: 'Dashboard', properties: [cust.properties[1]!.id, 'PROP-OF-SOMEONE-ELSE'] },
      });
      expect(res.statusCode).toBe(200);
      const url: string = res.json().url;
      expect(url.startsWith('https://app.sigmacomputing.com/acme/workbook/Dashboard-1aB2?:jwt=')).toBe(true);
      expect(url).toContain('&:embed=true');
      expect(url).toContain(':theme=Dark');
      expect(url).not.toContain('nodeId');
      const jwt = /:jwt=([^&]+)/.exec(url)![1]!;
      const { payload } = await jwtVerify(jwt, new TextEncoder().encode('sigma-secret-value'), { audience: 'sigmacomputing', issuer: 'client-1' });
      expect(payload).toMatchObject({ sub: user.email, teams: ['customers'], account_type: 'Viewer', user_attributes: { customer_ids: cust.id, property_ids: cust.properties[1]!.id } });

      const page = await s.app.inject({ url: '/embed/quotes' });
      const csp = String(page.headers['content-security-policy']);
      expect(csp).toContain("frame-src 'self' https://app.sigmacomputing.com;");
    } finally {
      await s.close();
    }
  });

  it('refuses an email Sigma cannot take with a clear message (and logs it)', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'reports-'));
    const file = path.join(dir, 'reports.json');
    writeFileSync(file, JSON.stringify([{ id: 'dashboard', name: 'Dashboard', group: 'General', frames: ['https://app.sigmacomputing.com/acme/workbook/D-1'] }]));
    const s = await appWith({ REPORTS_FILE: file, SIGMA_CLIENT_ID: 'c', SIGMA_SECRET: 's' });
    try {
      const cust = await createCustomer(s.db, { properties: 1 });
      const user = await createUser(s, { email: "o'brien@customer.test", customers: [cust.id], properties: [cust.properties[0]!.id] });
      const res = await s.app.inject({
        method: 'POST',
        url: '/api/sigma/filtered',
        headers: bearer(user.token),
        payload: { email: user.email, _url: 'https://app.sigmacomputing.com/acme/workbook/D-1', selectedReport: 'dashboard' },
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().error).toBe(messages.sigmaEmail);
    } finally {
      await s.close();
    }
  });

  it('503s a Sigma frame when Sigma is not configured', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'reports-'));
    const file = path.join(dir, 'reports.json');
    writeFileSync(file, JSON.stringify([{ id: 'dashboard', name: 'Dashboard', frames: ['https://app.sigmacomputing.com/acme/workbook/D-1'] }]));
    const s = await appWith({ REPORTS_FILE: file });
    try {
      const cust = await createCustomer(s.db, { properties: 1 });
      const user = await createUser(s, { customers: [cust.id], properties: [cust.properties[0]!.id] });
      const res = await s.app.inject({
        method: 'POST',
        url: '/api/sigma/filtered',
        headers: bearer(user.token),
        payload: { email: user.email, _url: 'https://app.sigmacomputing.com/acme/workbook/D-1', selectedReport: 'dashboard' },
      });
      expect(res.statusCode).toBe(503);
    } finally {
      await s.close();
    }
  });
});
