/**
 * The authorisation matrix: every /api route the app registers (app.ctx.routes) has an entry with
 * the expected status for each kind of caller. A route without an entry fails the test, naming it.
 *
 * To add a route: add one entry keyed "METHOD url" (the url exactly as registered, e.g.
 * "GET /api/users/getproperty/:email"). `request` builds the request for one caller; it may create
 * fresh rows (a user to remove, a document to delete) so that writes never depend on each other.
 * The resource in the request belongs to tenant A: customer A owns it, customer B is another tenant.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signLocalLink } from '../adapters/storage/storage.js';
import { bearer, createCustomer, createTestApp, createUser, STAFF, type TestContext, type TestUser } from './helpers.js';

type Caller = 'anonymous' | 'customerA' | 'customerB' | 'admin' | 'removed';
const callers: Caller[] = ['anonymous', 'customerA', 'customerB', 'admin', 'removed'];
type Expect = Record<Caller, number>;

interface Fixture {
  t: TestContext;
  admin: TestUser;
  userA: TestUser;
  custA: Awaited<ReturnType<typeof createCustomer>>;
  custB: Awaited<ReturnType<typeof createCustomer>>;
  propertyA: string;
  docA: string;
  /** A fresh document of property A (for delete). */
  newDocument(): Promise<string>;
  /** A fresh customer-A user (for writes that change or remove a user). */
  newUser(): Promise<TestUser>;
}

interface Entry {
  request(f: Fixture, caller: Caller): InjectOptions | Promise<InjectOptions>;
  expect: Expect;
}

/** Signed in and scoped: tenant A and administrators get `ok`, tenant B 403. */
const scoped = (ok = 200): Expect => ({ anonymous: 401, customerA: ok, customerB: 403, admin: ok, removed: 401 });
/** Administrators only. */
const adminOnly = (ok = 200): Expect => ({ anonymous: 401, customerA: 403, customerB: 403, admin: ok, removed: 401 });
/** Any signed-in caller (lists filtered to the caller's scope). */
const signedIn = (ok = 200): Expect => ({ anonymous: 401, customerA: ok, customerB: ok, admin: ok, removed: 401 });
/** Public: the same answer whoever asks (a token, valid or not, changes nothing). */
const publicRoute = (status: number): Expect => ({ anonymous: status, customerA: status, customerB: status, admin: status, removed: status });

function multipart(parts: { name: string; value: string; filename?: string }[]) {
  const boundary = '----matrix' + Math.random().toString(16).slice(2);
  const body = parts
    .map((p) => `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"${p.filename ? `; filename="${p.filename}"` : ''}\r\n\r\n${p.value}\r\n`)
    .join('');
  return { payload: `${body}--${boundary}--\r\n`, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

let seq = 0;

export const matrix: Record<string, Entry> = {
  // Public (accounts, OpenAPI, signed document links)
  'GET /api/openapi.json': { request: () => ({ url: '/api/openapi.json' }), expect: publicRoute(200) },
  'GET /api/config': { request: () => ({ url: '/api/config' }), expect: publicRoute(200) },
  'POST /api/users/login': {
    request: (f) => ({ method: 'POST', url: '/api/users/login', payload: { email: f.userA.email, password: f.userA.password } }),
    expect: publicRoute(200),
  },
  'POST /api/users/reset-password': {
    request: () => ({ method: 'POST', url: '/api/users/reset-password', payload: { email: 'nobody-matrix@customer.test' } }),
    expect: publicRoute(404),
  },
  'POST /api/users/reset-password/verify': {
    request: (f) => ({ method: 'POST', url: '/api/users/reset-password/verify', payload: { email: f.userA.email, code: '00000000', newPassword: 'Abc12345' } }),
    expect: publicRoute(400),
  },
  'POST /api/users/user-registration/verify': {
    request: (f) => ({ method: 'POST', url: '/api/users/user-registration/verify', payload: { email: f.userA.email, code: 'wrong', newPassword: 'Abc12345' } }),
    expect: publicRoute(400),
  },
  'GET /api/s3/object': {
    request: (f) => ({ url: signLocalLink(f.t.config.jwtSecret, { key: f.docA, exp: Math.floor(Date.now() / 1000) + 60, download: false }) }),
    expect: publicRoute(200),
  },

  // Users
  'GET /api/users/getproperty/:email': { request: (f) => ({ url: `/api/users/getproperty/${f.userA.email}` }), expect: scoped() },
  'GET /api/users/usercustomerbyemail/:email': { request: (f) => ({ url: `/api/users/usercustomerbyemail/${f.userA.email}` }), expect: scoped() },
  'GET /api/users/getcustomerbyemail/:email': { request: (f) => ({ url: `/api/users/getcustomerbyemail/${f.userA.email}` }), expect: scoped() },
  'GET /api/users': { request: () => ({ url: '/api/users/' }), expect: adminOnly() },
  'PUT /api/users/:email/customers': {
    request: async (f) => ({ method: 'PUT', url: `/api/users/${(await f.newUser()).email}/customers`, payload: { customers: [{ ID: f.custA.id, NAME: f.custA.name }] } }),
    expect: adminOnly(),
  },
  'PUT /api/users/:email/properties': {
    request: async (f) => ({ method: 'PUT', url: `/api/users/${(await f.newUser()).email}/properties`, payload: { properties: [{ ID: f.propertyA, NAME: 'x' }] } }),
    expect: adminOnly(),
  },
  'POST /api/users/signup': {
    request: (f) => ({
      method: 'POST',
      url: '/api/users/signup',
      payload: { name: 'matrix', email: `matrix-${seq++}@customer.test`, password: 'Temp1234!x', buildops_customer_ids: [f.custA.id], buildops_property_ids: [f.propertyA] },
    }),
    expect: adminOnly(201),
  },
  'POST /api/users/remove-users': {
    request: async (f) => ({ method: 'POST', url: '/api/users/remove-users', payload: { users: [(await f.newUser()).email] } }),
    expect: adminOnly(),
  },

  // Catalogue
  'GET /api/users/customers': { request: () => ({ url: '/api/users/customers/' }), expect: adminOnly() },
  'POST /api/users/customers/properties': {
    request: (f) => ({ method: 'POST', url: '/api/users/customers/properties', payload: { customerIds: [f.custA.id] } }),
    expect: scoped(),
  },
  'GET /api/sigma/customers': { request: () => ({ url: '/api/sigma/customers' }), expect: signedIn() },
  'GET /api/sigma/buildings/:customerId': { request: (f) => ({ url: `/api/sigma/buildings/${f.custA.id}` }), expect: scoped() },

  // Documents
  'GET /api/s3/getdocumentsbyproperty': { request: (f) => ({ url: `/api/s3/getdocumentsbyproperty?propertyId=${f.propertyA}` }), expect: scoped() },
  'GET /api/s3/getpresignedurl': { request: (f) => ({ url: `/api/s3/getpresignedurl?key=${encodeURIComponent(f.docA)}` }), expect: scoped() },
  'POST /api/s3/deletedocument': {
    request: async (f) => ({ method: 'POST', url: '/api/s3/deletedocument', payload: { key: await f.newDocument(), propertyId: f.propertyA } }),
    expect: adminOnly(),
  },
  'POST /api/s3/uploaddocument': {
    request: (f) => {
      const m = multipart([{ name: 'propertyId', value: f.propertyA }, { name: 'file', value: 'matrix', filename: 'matrix.txt' }]);
      return { method: 'POST', url: '/api/s3/uploaddocument', payload: m.payload, headers: m.headers };
    },
    expect: adminOnly(201),
  },

  // Analytics and audit
  'GET /api/analytics/data/:customerId': { request: (f) => ({ url: `/api/analytics/data/${f.custA.id}` }), expect: scoped() },
  'GET /api/analytics/nclarity-customer/:customerId': { request: (f) => ({ url: `/api/analytics/nclarity-customer/${f.custA.id}` }), expect: scoped() },
  'GET /api/audit': { request: () => ({ url: '/api/audit?limit=5' }), expect: adminOnly() },
  'POST /api/audit/view-as': { request: (f) => ({ method: 'POST', url: '/api/audit/view-as', payload: { email: f.userA.email } }), expect: adminOnly() },

  // Telemetry (built-in simulator: one device per equipment row)
  'GET /api/telemetry/:customerId/devices': { request: (f) => ({ url: `/api/telemetry/${f.custA.id}/devices` }), expect: scoped() },
  'POST /api/telemetry/:customerId/samples': {
    request: (f) => ({ method: 'POST', url: `/api/telemetry/${f.custA.id}/samples`, payload: { deviceIds: ['SIM-MATRIX-EQ-A'] } }),
    expect: scoped(),
  },

  // Reports
  'GET /api/reports': { request: () => ({ url: '/api/reports' }), expect: signedIn() },
  'POST /api/sigma/filtered': {
    request: async (f) => {
      const reports = (await f.t.app.inject({ url: '/api/reports', headers: bearer(f.admin.token) })).json() as { id: string; frames: string[] }[];
      const report = reports.find((r) => r.frames.length > 0)!;
      return {
        method: 'POST',
        url: '/api/sigma/filtered',
        payload: { email: f.userA.email, _url: report.frames[0], selectedReport: report.id, customers: [], properties: [] },
      };
    },
    expect: scoped(),
  },
};

let f: Fixture;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-matrix-'));
let removed: TestUser;
const tokens = {} as Record<Caller, string | undefined>;

beforeAll(async () => {
  const t = await createTestApp({ DATA_DIR: dataDir });
  const custA = await createCustomer(t.db, { name: 'tenant a', properties: 2 });
  const custB = await createCustomer(t.db, { name: 'tenant b', properties: 1 });
  const propertyA = custA.properties[0]!.id;
  const admin = await createUser(t, { email: `matrix-admin@${STAFF}` });
  const userA = await createUser(t, { customers: [custA.id], properties: custA.properties.map((p) => p.id) });
  const userB = await createUser(t, { customers: [custB.id], properties: custB.properties.map((p) => p.id) });
  removed = await createUser(t, { customers: [custA.id], properties: custA.properties.map((p) => p.id) });
  await t.db.deleteFrom('users').where('id', '=', removed.id).execute();
  await t.db.insertInto('equipment').values({ id: 'MATRIX-EQ-A', customer_id: custA.id, property_id: propertyA, name: 'RTU-1', building_name: 'North' }).execute();
  await t.db.insertInto('telemetry_mappings').values({ customer_id: custA.id, telemetry_customer_id: 'NC-A', telemetry_customer_name: 'Tenant A' }).execute();
  const newDocument = async () => {
    const m = multipart([{ name: 'propertyId', value: propertyA }, { name: 'file', value: 'hello', filename: 'doc.pdf' }]);
    const res = await t.app.inject({ method: 'POST', url: '/api/s3/uploaddocument', payload: m.payload, headers: { ...m.headers, ...bearer(admin.token) } });
    if (res.statusCode !== 201) throw new Error(`fixture upload failed: ${res.body}`);
    return res.json().DOCUMENT_URL as string;
  };
  const newUser = () => createUser(t, { customers: [custA.id] });
  f = { t, admin, userA, custA, custB, propertyA, docA: await newDocument(), newDocument, newUser };
  Object.assign(tokens, { anonymous: undefined, customerA: userA.token, customerB: userB.token, admin: admin.token, removed: removed.token });
}, 60_000);
afterAll(async () => {
  await f?.t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('authorisation matrix', () => {
  it('has an entry for every /api route the app registers, and none for routes that do not exist', () => {
    const keys = f.t.app.ctx.routes.filter((r) => r.url === '/api' || r.url.startsWith('/api/')).map((r) => `${r.method} ${r.url}`);
    const missing = keys.filter((k) => !(k in matrix));
    const stale = Object.keys(matrix).filter((k) => !keys.includes(k));
    expect(missing, `routes without an entry in server/test/authz-matrix.test.ts: ${missing.join(', ')}`).toEqual([]);
    expect(stale, `matrix entries for routes the app does not register: ${stale.join(', ')}`).toEqual([]);
  });

  it('answers each caller with the expected status on every route', async () => {
    const wrong: string[] = [];
    for (const [key, entry] of Object.entries(matrix)) {
      for (const caller of callers) {
        const req = await entry.request(f, caller);
        const token = tokens[caller];
        const res = await f.t.app.inject({ ...req, headers: { ...(req.headers ?? {}), ...(token ? bearer(token) : {}) } });
        if (res.statusCode !== entry.expect[caller]) wrong.push(`${key} as ${caller}: ${res.statusCode} (expected ${entry.expect[caller]}) ${res.body.slice(0, 160)}`);
        if (res.statusCode >= 500) wrong.push(`${key} as ${caller}: server error ${res.body.slice(0, 160)}`);
      }
    }
    expect(wrong).toEqual([]);
  }, 120_000);
});
