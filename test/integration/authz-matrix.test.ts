/**
 * The authorization matrix, built from the route table (lambdas/routes.ts): every route key has an
 * entry with the status each kind of caller gets, through the local stack over HTTP. A route with
 * no entry fails by name; an entry for no route fails too.
 *
 * Callers: anonymous (no token), customer A (tenant A, whose data every request names), customer B
 * (another tenant), an administrator, a removed user (users row deleted after sign-in) and a user
 * whose password was reset after their token was issued. `request` builds one caller's request and
 * may create fresh rows (a user to remove, a document to delete), so writes never depend on each other.
 *
 * The same entries then run once more with each service the route uses failing on purpose (FAULTS,
 * lambdas/shared/platform/faults.ts): every answer is the expected one or a 503 with Retry-After and a
 * message, never another status.
 *
 * To add a route: add its entry keyed exactly as `routeKey` spells it, e.g. 'GET /api/users/getproperty/{email}'.
 */
import { jest } from '@jest/globals';
import { putEquipment } from '../../lambdas/shared/data/equipment.js';
import { deleteUser, setQuoteApproval } from '../../lambdas/shared/data/users.js';
import { putReportRows } from '../../lambdas/shared/data/report-rows.js';
import { routeKey, routes, type Route } from '../../lambdas/routes.js';
import { RETRY_AFTER_SECONDS } from '../../lambdas/shared/platform/http.js';
import { createTestUser, putCustomer, putProperty, request, signIn, startTestStack, type TestResponse, type TestStack } from '../support/local-stack.js';
import { unsubscribeToken } from '../../lambdas/shared/domain/notifications/unsubscribe-token.js';
import { postToStorage } from '../support/storage-post.js';
import { multipart } from '../support/multipart.js';

jest.setTimeout(180_000);

type Caller = 'anonymous' | 'customerA' | 'customerB' | 'admin' | 'removed' | 'reset';
const callers: Caller[] = ['anonymous', 'customerA', 'customerB', 'admin', 'removed', 'reset'];
type Expect = Record<Caller, number>;

interface Req {
  path: string;
  body?: unknown;
  headers?: Record<string, string>;
}
interface Entry {
  request(): Req | Promise<Req>;
  expect: Expect;
}

/** Signed in and scoped: tenant A and administrators get `ok`, tenant B 403; gone or revoked sessions 401. */
const scoped = (ok = 200): Expect => ({ anonymous: 401, customerA: ok, customerB: 403, admin: ok, removed: 401, reset: 401 });
/** Administrators only. */
const adminOnly = (ok = 200): Expect => ({ anonymous: 401, customerA: 403, customerB: 403, admin: ok, removed: 401, reset: 401 });
/** Any signed-in caller (answers filtered to the caller's scope). */
const signedIn = (ok = 200): Expect => ({ anonymous: 401, customerA: ok, customerB: ok, admin: ok, removed: 401, reset: 401 });
/** A customer's own settings: any customer, administrators have none. */
const ownSettings: Expect = { anonymous: 401, customerA: 200, customerB: 200, admin: 403, removed: 401, reset: 401 };
/** Public: the same answer whoever asks (a token, valid or not, changes nothing). */
const publicRoute = (status: number): Expect => ({ anonymous: status, customerA: status, customerB: status, admin: status, removed: status, reset: status });

const PASSWORD = 'Passw0rd1';
const ADMIN = 'matrix-admin@staff.test';
const USER_A = 'a@tenant-a.test';
const USER_B = 'b@tenant-b.test';
const REMOVED = 'removed@tenant-a.test';
const RESET = 'reset@tenant-a.test';
const DEVICE_A = 'SIM-EQ-A1';

let t: TestStack;
let seq = 0;
const tokens = {} as Record<Caller, string | undefined>;
/** Embed tokens (the report host's credential) issued before the matrix runs. */
const embedTokens: { a?: string; removed?: string } = {};
let documentA = '';
/** Customer A's Cognito sub (the unsubscribe token's account). */
let subA = '';
/** A service request of tenant A, filed by customer A. */
let requestA = '';

const fail = (what: string, r: TestResponse) => new Error(`${what}: ${r.status} ${r.text.slice(0, 200)}`);

/** A fresh document of property P-A1, uploaded by the administrator. */
async function newDocument(): Promise<string> {
  const m = multipart([
    { name: 'propertyId', value: 'P-A1' },
    { name: 'file', value: 'matrix', filename: `doc-${++seq}.pdf` },
  ]);
  const r = await request('POST', '/api/s3/uploaddocument', { token: tokens.admin, body: m.body, headers: m.headers });
  if (r.status !== 201) throw fail('fixture upload', r);
  return (r.json as { DOCUMENT_URL: string }).DOCUMENT_URL;
}

/** A fresh object under uploads/ sent to its presigned URL, not yet confirmed. */
async function newUpload(): Promise<string> {
  const r = await request('POST', '/api/s3/upload-url', { token: tokens.admin, body: { propertyId: 'P-A1', fileName: `big-${++seq}.pdf`, size: 6 } });
  if (r.status !== 200) throw fail('fixture upload URL', r);
  const target = r.json as { url: string; key: string; fields: Record<string, string> };
  const sent = await postToStorage(target, 'matrix');
  if (!sent.ok) throw new Error(`fixture POST to the upload form: ${sent.status}`);
  return target.key;
}

const QUOTE_SHOWN = (id: string) => ({ amount: 1200, title: `Matrix ${id}`, expiresAt: '2999-12-31' });
/** A fresh Sent quote of property P-A1. */
async function newQuote(amount = 1200): Promise<string> {
  const id = `QT-M${++seq}`;
  await putReportRows(t.db, [{ dataset: 'quote', id, propertyId: 'P-A1', title: `Matrix ${id}`, status: 'Sent', amount, createdAt: '2026-01-05T10:00:00Z', expiresAt: '2999-12-31' }]);
  return id;
}

/** A fresh work order of property P-A1 (issue 43). */
async function newWorkOrder(): Promise<string> {
  const id = `WO-M${++seq}`;
  await putReportRows(t.db, [{ dataset: 'wo', id, propertyId: 'P-A1', kind: 'service', status: 'Open', priority: 'Low', createdAt: '2026-01-05T10:00:00Z', description: `Matrix ${id}`, technician: 'M. Chen', amount: 0 }]);
  return id;
}

/** A fresh invoice of property P-A1. */
async function newInvoice(): Promise<string> {
  const id = `IN-M${++seq}`;
  await putReportRows(t.db, [{ dataset: 'invoice', id, number: `N-${id}`, propertyId: 'P-A1', issuedAt: '2026-01-05', dueAt: '2026-02-04', amount: 10, balance: 10, status: 'Open' }]);
  return id;
}

/** A fresh asset of property P-A1 with one work order on it. */
async function newAsset(): Promise<string> {
  const id = `AS-M${++seq}`;
  await putReportRows(t.db, [
    { dataset: 'asset', id, propertyId: 'P-A1', name: `Unit ${id}`, assetType: 'Rooftop unit', make: 'Carrier', model: '48TC', serial: 'S1', condition: 'Good' },
    { dataset: 'wo', id: `WO-${id}`, propertyId: 'P-A1', kind: 'service', status: 'Open', priority: 'Low', createdAt: '2026-01-05T10:00:00Z', description: `Matrix ${id}`, technician: 'M. Chen', amount: 0, assetId: id },
  ]);
  return id;
}

/** A fresh tenant-A user, for writes that change or remove a user. */
async function newUser(): Promise<string> {
  const email = `fresh-${++seq}@tenant-a.test`;
  await createTestUser({ email, password: PASSWORD, customers: ['C-A'], properties: ['P-A1'] });
  return email;
}

/** A fresh tenant-A user still on their invitation (created by the administrator, not registered). */
async function newInvitedUser(): Promise<string> {
  const email = `invited-${++seq}@tenant-a.test`;
  const r = await request('POST', '/api/users/signup', {
    token: tokens.admin,
    body: { name: 'invited', email, password: 'Temp1234!x', buildops_customer_ids: ['C-A'], buildops_property_ids: ['P-A1'] },
  });
  if (r.status !== 201) throw fail('fixture invited user', r);
  return email;
}

async function embedTokenFor(token: string | undefined, email: string): Promise<string> {
  const r = await request('POST', '/api/sigma/filtered', {
    token,
    body: { email, _url: '/embed/dashboard', selectedReport: 'dashboard', customers: [], properties: [] },
  });
  if (r.status !== 200) throw fail(`embed token for ${email}`, r);
  return new URL((r.json as { url: string }).url, 'http://x').searchParams.get('token')!;
}

/** The user resets their password by the mailed code, through the portal's calls. */
async function resetPassword(email: string, newPassword: string) {
  const sent = await request('POST', '/api/users/reset-password', { body: { email } });
  if (sent.status !== 200) throw fail('reset-password', sent);
  const mail = (await t.outbox()).reverse().find((m) => m.to === email);
  const code = mail?.text.split('\n').map((l) => l.trim()).find((l) => /^\d{6,8}$/.test(l));
  if (!code) throw new Error(`no reset code mailed to ${email}`);
  const done = await request('POST', '/api/users/reset-password/verify', { body: { email, code, newPassword } });
  if (done.status !== 200) throw fail('reset-password/verify', done);
}

const embedHeaders = () => ({ authorization: `Bearer ${embedTokens.a!}` });

export const matrix: Record<string, Entry> = {
  // Accounts (public)
  'GET /api/config': { request: () => ({ path: '/api/config' }), expect: publicRoute(200) },
  'GET /api/openapi.json': { request: () => ({ path: '/api/openapi.json' }), expect: publicRoute(200) },
  'POST /api/users/login': { request: () => ({ path: '/api/users/login/', body: { email: USER_A, password: PASSWORD } }), expect: publicRoute(200) },
  'POST /api/users/reset-password': {
    // A new unknown email per call: the per-email limit of code requests stays out of the way.
    request: () => ({ path: '/api/users/reset-password', body: { email: `nobody-${++seq}@tenant-a.test` } }),
    expect: publicRoute(404),
  },
  'POST /api/users/reset-password/verify': {
    request: () => ({ path: '/api/users/reset-password/verify', body: { email: `nobody-${++seq}@tenant-a.test`, code: '00000000', newPassword: 'Abc12345' } }),
    expect: publicRoute(400),
  },
  'POST /api/users/user-registration/verify': {
    request: () => ({ path: '/api/users/user-registration/verify', body: { email: `nobody-${++seq}@tenant-a.test`, code: 'wrong', newPassword: 'Abc12345' } }),
    expect: publicRoute(400),
  },

  // Users
  'GET /api/users/getproperty/{email}': { request: () => ({ path: `/api/users/getproperty/${USER_A}` }), expect: scoped() },
  'GET /api/users/usercustomerbyemail/{email}': { request: () => ({ path: `/api/users/usercustomerbyemail/${USER_A}` }), expect: scoped() },
  'GET /api/users/getcustomerbyemail/{email}': { request: () => ({ path: `/api/users/getcustomerbyemail/${USER_A}` }), expect: scoped() },
  // With the administrators' user list's view (pool state, last sign-in): the spec's call is the same route.
  'GET /api/users': { request: () => ({ path: '/api/users/?view=accounts' }), expect: adminOnly() },
  'PUT /api/users/{email}/customers': {
    request: async () => ({ path: `/api/users/${await newUser()}/customers`, body: { customers: [{ ID: 'C-A', NAME: 'alpha' }] } }),
    expect: adminOnly(),
  },
  'PUT /api/users/{email}/properties': {
    request: async () => ({ path: `/api/users/${await newUser()}/properties`, body: { properties: [{ ID: 'P-A2', NAME: 'Alpha Two' }] } }),
    expect: adminOnly(),
  },
  'POST /api/users/signup': {
    request: () => ({
      path: '/api/users/signup',
      body: { name: 'matrix', email: `signup-${++seq}@tenant-a.test`, password: 'Temp1234!x', buildops_customer_ids: ['C-A'], buildops_property_ids: ['P-A1'] },
    }),
    expect: adminOnly(201),
  },
  'PUT /api/users/{email}/email': {
    request: async () => ({ path: `/api/users/${await newUser()}/email`, body: { email: `moved-${++seq}@tenant-a.test` } }),
    expect: adminOnly(),
  },
  'PUT /api/users/{email}/name': {
    request: async () => ({ path: `/api/users/${await newUser()}/name`, body: { name: `renamed ${++seq}` } }),
    expect: adminOnly(),
  },
  'PUT /api/users/{email}/quote-approval': {
    request: async () => ({ path: `/api/users/${await newUser()}/quote-approval`, body: { limit: 5000 } }),
    expect: adminOnly(),
  },
  // Quote decisions (issue 30): a fresh Sent quote of tenant A per call; customer A may approve
  // up to $100,000; administrators see but never decide, also not when viewing as a customer.
  'GET /api/quotes': { request: () => ({ path: '/api/quotes?propertyIds=P-A1' }), expect: scoped() },
  'POST /api/quotes/{quoteId}/decision': {
    request: async () => {
      const id = await newQuote();
      // Signed with customer A's own account name (createTestUser's default: the email's local part); another name is a 400 (issue 39).
      return { path: `/api/quotes/${id}/decision`, body: { propertyId: 'P-A1', decision: 'approve', signature: 'A', agreed: true, shown: QUOTE_SHOWN(id) } };
    },
    expect: { anonymous: 401, customerA: 200, customerB: 403, admin: 403, removed: 401, reset: 401 },
  },
  // Issue 39: over customer A's limit ($100,000), A asks the colleague who may approve any amount (the reset account's row).
  'POST /api/quotes/{quoteId}/ask-approval': {
    request: async () => ({ path: `/api/quotes/${await newQuote(500_000)}/ask-approval`, body: { propertyId: 'P-A1', approver: 'Reset' } }),
    expect: { anonymous: 401, customerA: 200, customerB: 403, admin: 403, removed: 401, reset: 401 },
  },
  // Issue 39: every customer's recent decisions, for administrators only.
  'GET /api/quotes/decisions': { request: () => ({ path: '/api/quotes/decisions?days=30' }), expect: adminOnly() },
  'POST /api/users/remove-users': { request: async () => ({ path: '/api/users/remove-users', body: { users: [await newUser()] } }), expect: adminOnly() },
  // The invitation again, to a fresh invited user per call (the reset-code kind is in users.test.ts).
  'POST /api/users/send-account-mail': {
    request: async () => ({ path: '/api/users/send-account-mail', body: { email: await newInvitedUser(), mail: 'invitation' } }),
    expect: adminOnly(),
  },

  // Catalogue
  'GET /api/users/customers': { request: () => ({ path: '/api/users/customers/' }), expect: adminOnly() },
  'POST /api/users/customers/properties': { request: () => ({ path: '/api/users/customers/properties', body: { customerIds: ['C-A'] } }), expect: scoped() },
  'GET /api/sigma/customers': { request: () => ({ path: '/api/sigma/customers' }), expect: signedIn() },
  'GET /api/sigma/buildings/{customerId}': { request: () => ({ path: '/api/sigma/buildings/C-A' }), expect: scoped() },

  // Documents
  'GET /api/s3/getdocumentsbyproperty': { request: () => ({ path: '/api/s3/getdocumentsbyproperty?propertyId=P-A1' }), expect: scoped() },
  'GET /api/s3/getpresignedurl': { request: () => ({ path: `/api/s3/getpresignedurl?key=${encodeURIComponent(documentA)}` }), expect: scoped() },
  'POST /api/s3/deletedocument': {
    request: async () => ({ path: '/api/s3/deletedocument', body: { key: await newDocument(), propertyId: 'P-A1' } }),
    expect: adminOnly(),
  },
  'POST /api/s3/uploaddocument': {
    request: () => {
      const m = multipart([
        { name: 'propertyId', value: 'P-A1' },
        { name: 'file', value: 'matrix', filename: `upload-${++seq}.txt` },
      ]);
      return { path: '/api/s3/uploaddocument', body: m.body, headers: m.headers };
    },
    expect: adminOnly(201),
  },
  'POST /api/s3/upload-url': {
    request: () => ({ path: '/api/s3/upload-url', body: { propertyId: 'P-A1', fileName: `large-${++seq}.pdf`, size: 1024 } }),
    expect: adminOnly(),
  },
  'POST /api/s3/confirm-upload': {
    request: async () => ({ path: '/api/s3/confirm-upload', body: { key: await newUpload(), propertyId: 'P-A1' } }),
    expect: adminOnly(201),
  },

  // Analytics and audit
  'GET /api/analytics/data/{customerId}': { request: () => ({ path: '/api/analytics/data/C-A' }), expect: scoped() },
  'GET /api/analytics/nclarity-customer/{customerId}': { request: () => ({ path: '/api/analytics/nclarity-customer/C-A' }), expect: scoped() },
  'GET /api/audit': { request: () => ({ path: '/api/audit?limit=5' }), expect: adminOnly() },
  'POST /api/audit/view-as': { request: () => ({ path: '/api/audit/view-as', body: { email: USER_A } }), expect: adminOnly() },

  // Telemetry (the stack's simulator: one device per equipment row)
  'GET /api/telemetry/{customerId}/devices': { request: () => ({ path: '/api/telemetry/C-A/devices' }), expect: scoped() },
  'POST /api/telemetry/{customerId}/samples': { request: () => ({ path: '/api/telemetry/C-A/samples', body: { deviceIds: [DEVICE_A] } }), expect: scoped() },
  'POST /api/telemetry/{customerId}/insight': { request: () => ({ path: '/api/telemetry/C-A/insight', body: { deviceIds: [DEVICE_A], period: { from: '2026-11-01', to: '2026-11-02' } } }), expect: scoped() },
  // Equipment alerts: read in scope, thresholds changed by administrators only.
  'GET /api/alerts': { request: () => ({ path: '/api/alerts?customerId=C-A' }), expect: scoped() },
  'GET /api/alerts/thresholds/{propertyId}': { request: () => ({ path: '/api/alerts/thresholds/P-A1?customerId=C-A' }), expect: scoped() },
  'PUT /api/alerts/thresholds/{propertyId}': {
    request: () => ({ path: '/api/alerts/thresholds/P-A1', body: { customerId: 'C-A', rules: [{ kind: 'air', rule: 'high-current', forMinutes: 10, limit: 45 }] } }),
    expect: adminOnly(),
  },
  // Legacy, answered for one release: the previous release's web app's form (its other actions below).
  'POST /api/alerts': { request: () => ({ path: '/api/alerts', body: { action: 'list', customerId: 'C-A' } }), expect: scoped() },
  // Notifications: each customer's own settings; administrators have none. The unsubscribe link
  // needs no session: its signed token names the account (tenant A's here), whoever sends it.
  'GET /api/notifications': { request: () => ({ path: '/api/notifications' }), expect: ownSettings },
  'PATCH /api/notifications': { request: () => ({ path: '/api/notifications', body: { settings: { weekly: false } } }), expect: ownSettings },
  // Legacy, answered for one release.
  'POST /api/notifications': { request: () => ({ path: '/api/notifications', body: { action: 'get' } }), expect: ownSettings },
  'POST /api/notifications/unsubscribe': {
    request: async () => ({ path: '/api/notifications/unsubscribe', body: { token: await unsubscribeToken({ sub: subA, topic: 'weekly', email: USER_A }) } }),
    expect: publicRoute(200),
  },

  // Service requests: a customer files and lists for their own account only; an administrator for the viewed customer
  'GET /api/requests': { request: () => ({ path: `/api/requests?email=${encodeURIComponent(USER_A)}` }), expect: scoped() },
  // The previous release's { action } bodies to this route are in the service requests test below.
  'POST /api/requests': {
    request: () => ({ path: '/api/requests', body: { email: USER_A, propertyId: 'P-A1', equipmentId: 'EQ-A1', description: `matrix ${++seq}`, priority: 'routine' } }),
    expect: scoped(201),
  },
  'PATCH /api/requests/{reference}': { request: () => ({ path: `/api/requests/${requestA}`, body: { customerId: 'C-A', status: 'scheduled', note: `matrix ${++seq}` } }), expect: adminOnly() },

  // Reports
  'GET /api/reports': { request: () => ({ path: '/api/reports' }), expect: signedIn() },
  'POST /api/sigma/filtered': {
    request: () => ({ path: '/api/sigma/filtered', body: { email: USER_A, _url: '/embed/dashboard', selectedReport: 'dashboard', customers: [], properties: [] } }),
    expect: scoped(),
  },
  // Upcoming visits: the viewed customer's in scope. The calendar feed's state is each customer's
  // own (administrators have none); the feed answers whoever holds its signed address.
  'GET /api/visits': { request: () => ({ path: `/api/visits?email=${encodeURIComponent(USER_A)}` }), expect: scoped() },
  'GET /api/calendar': { request: () => ({ path: '/api/calendar' }), expect: ownSettings },
  // A work order (issue 43): tenant A's, viewed as customer A (customer B may not view as A).
  'GET /api/work-orders/{workOrderId}': {
    request: async () => ({ path: `/api/work-orders/${await newWorkOrder()}?email=${encodeURIComponent(USER_A)}` }),
    expect: scoped(),
  },
  // An invoice (issue 43, item 4): tenant A's, viewed as customer A.
  'GET /api/invoices/{invoiceId}': {
    request: async () => ({ path: `/api/invoices/${await newInvoice()}?email=${encodeURIComponent(USER_A)}` }),
    expect: scoped(),
  },
  // An asset's history (issue 43, item 5): tenant A's, viewed as customer A.
  'GET /api/assets/{assetId}/history': {
    request: async () => ({ path: `/api/assets/${await newAsset()}/history?email=${encodeURIComponent(USER_A)}` }),
    expect: scoped(),
  },
  'POST /api/calendar': { request: () => ({ path: '/api/calendar', body: { replace: true } }), expect: ownSettings },
  'DELETE /api/calendar': { request: () => ({ path: '/api/calendar' }), expect: ownSettings },
  'GET /api/calendar/{token}': {
    request: async () => {
      const r = await request('POST', '/api/calendar', { token: tokens.customerA, body: { replace: false } });
      if (r.status !== 200) throw fail('fixture calendar feed', r);
      return { path: new URL((r.json as { url: string }).url).pathname };
    },
    expect: publicRoute(200),
  },
  // The report host's data calls: the embed token is the credential, whoever else asks.
  'GET /api/embed/data': { request: () => ({ path: '/api/embed/data', headers: embedHeaders() }), expect: publicRoute(200) },
  'GET /api/embed/table': { request: () => ({ path: '/api/embed/table?sort=createdAt&dir=desc', headers: embedHeaders() }), expect: publicRoute(200) },
  'GET /api/embed/table.csv': { request: () => ({ path: '/api/embed/table.csv', headers: embedHeaders() }), expect: publicRoute(200) },
};

/** The caller's request: their bearer token, unless the request carries its own credential (embed calls). */
async function send(method: string, req: Req, caller: Caller): Promise<TestResponse> {
  const own = Object.keys(req.headers ?? {}).some((h) => h.toLowerCase() === 'authorization');
  return request(method, req.path, { token: own ? undefined : tokens[caller], body: req.body, headers: req.headers });
}

beforeAll(async () => {
  t = await startTestStack();
  await putCustomer({ id: 'C-A', name: 'alpha', telemetryCustomerId: 'NC-A', telemetryCustomerName: 'Alpha' });
  await putCustomer({ id: 'C-B', name: 'beta', telemetryCustomerId: 'NC-B', telemetryCustomerName: 'Beta' });
  await putProperty({ id: 'P-A1', customerId: 'C-A', name: 'Alpha One', propertyType: 'Office' });
  await putProperty({ id: 'P-A2', customerId: 'C-A', name: 'Alpha Two', propertyType: 'Office' });
  await putProperty({ id: 'P-B1', customerId: 'C-B', name: 'Beta One', propertyType: 'Office' });
  // Before the first device list: the telemetry handlers cache the fleet.
  await putEquipment(t.db, [
    { customerId: 'C-A', id: 'EQ-A1', propertyId: 'P-A1', buildingName: 'North', name: 'RTU-1', equipmentType: 'RTU', telemetryData: '{}' },
    { customerId: 'C-B', id: 'EQ-B1', propertyId: 'P-B1', buildingName: 'South', name: 'RTU-2', equipmentType: 'RTU', telemetryData: '{}' },
  ]);
  await createTestUser({ email: ADMIN, password: PASSWORD });
  subA = (await createTestUser({ email: USER_A, password: PASSWORD, customers: ['C-A'], properties: ['P-A1', 'P-A2'] })).sub;
  await setQuoteApproval(t.db, subA, { limit: 100_000 });
  await createTestUser({ email: USER_B, password: PASSWORD, customers: ['C-B'], properties: ['P-B1'] });
  const removedRow = await createTestUser({ email: REMOVED, password: PASSWORD, customers: ['C-A'], properties: ['P-A1', 'P-A2'] });
  const resetRow = await createTestUser({ email: RESET, password: PASSWORD, customers: ['C-A'], properties: ['P-A1', 'P-A2'] });
  await setQuoteApproval(t.db, resetRow.sub, { limit: null });
  const [admin, a, b, removed, reset] = await Promise.all([ADMIN, USER_A, USER_B, REMOVED, RESET].map((e) => signIn(e, PASSWORD)));
  Object.assign(tokens, { anonymous: undefined, customerA: a, customerB: b, admin, removed, reset });

  embedTokens.a = await embedTokenFor(a, USER_A);
  embedTokens.removed = await embedTokenFor(removed, REMOVED);
  await deleteUser(t.db, removedRow.sub);
  await resetPassword(RESET, 'NewPass12');
  documentA = await newDocument();
  const filed = await request('POST', '/api/requests', { token: tokens.customerA, body: { propertyId: 'P-A1', description: 'fixture', priority: 'routine' } });
  if (filed.status !== 201) throw fail('fixture service request', filed);
  requestA = (filed.json as { request: { reference: string } }).request.reference;
});
afterAll(async () => t?.stop());

describe('the authorization matrix', () => {
  it('has an entry for every route of the route table, and none for a route it does not have', () => {
    const keys = routes.map(routeKey);
    const missing = keys.filter((k) => !(k in matrix));
    const stale = Object.keys(matrix).filter((k) => !keys.includes(k));
    expect({ missing, stale }).toEqual({ missing: [], stale: [] });
  });

  it('answers each caller with the expected status on every route, and never with a 5xx', async () => {
    const wrong: string[] = [];
    for (const route of routes) {
      const key = routeKey(route);
      const entry = matrix[key];
      if (!entry) continue;
      for (const caller of callers) {
        const res = await send(route.method, await entry.request(), caller);
        if (res.status >= 500) wrong.push(`${key} as ${caller}: server error ${res.status} ${res.text.slice(0, 160)}`);
        else if (res.status !== entry.expect[caller]) wrong.push(`${key} as ${caller}: ${res.status} (expected ${entry.expect[caller]}) ${res.text.slice(0, 160)}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('refuses the removed and the reset user with the session message, and a token from before the reset only', async () => {
    for (const caller of ['removed', 'reset'] as const) {
      const r = await request('GET', '/api/reports', { token: tokens[caller] });
      expect(r.status).toBe(401);
      expect(r.json).toEqual({ error: 'Your session has expired or is invalid. Please log in again.' });
    }
    const fresh = await signIn(RESET, 'NewPass12');
    expect((await request('GET', `/api/users/getproperty/${RESET}`, { token: fresh })).status).toBe(200);
  });

  it('equipment alerts: thresholds are read in scope and changed by administrators only, by the new routes and the legacy form alike; notifications are per account', async () => {
    const rules = [{ kind: 'air', rule: 'high-current', forMinutes: 10, limit: 45 }];
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/alerts/thresholds/P-A1?customerId=C-A'],
      ['PUT', '/api/alerts/thresholds/P-A1', { customerId: 'C-A', rules }],
      ['GET', '/api/alerts/thresholds/P-B1?customerId=C-A'],
      ['PUT', '/api/alerts/thresholds/P-B1', { customerId: 'C-A', rules }],
      ['GET', '/api/alerts?customerId=C-B'],
      // The previous release's form, answered for one release.
      ['POST', '/api/alerts', { action: 'thresholds', customerId: 'C-A', propertyId: 'P-A1' }],
      ['POST', '/api/alerts', { action: 'set-thresholds', customerId: 'C-A', propertyId: 'P-A1', rules }],
      ['POST', '/api/alerts', { action: 'thresholds', customerId: 'C-A', propertyId: 'P-B1' }],
    ];
    const got: Record<string, number[]> = {};
    for (const caller of callers) {
      got[caller] = [];
      for (const [method, path, body] of calls) got[caller].push((await request(method, path, { token: tokens[caller], body })).status);
    }
    expect(got).toEqual({
      anonymous: [401, 401, 401, 401, 401, 401, 401, 401],
      customerA: [200, 403, 403, 403, 403, 200, 403, 403],
      customerB: [403, 403, 403, 403, 200, 403, 403, 403],
      admin: [200, 200, 404, 404, 200, 200, 200, 404],
      removed: [401, 401, 401, 401, 401, 401, 401, 401],
      reset: [401, 401, 401, 401, 401, 401, 401, 401],
    });
    // B's settings are B's: A's change, by the new route or the legacy form, does not reach them.
    await request('PATCH', '/api/notifications', { token: tokens.customerA, body: { settings: { documents: true } } });
    await request('POST', '/api/notifications', { token: tokens.customerA, body: { action: 'set', settings: { weekly: true } } });
    const a = await request('GET', '/api/notifications', { token: tokens.customerA });
    expect((a.json as { email: string; settings: object }).settings).toMatchObject({ documents: true, weekly: true });
    const b = await request('GET', '/api/notifications', { token: tokens.customerB });
    expect((b.json as { email: string; settings: { documents: boolean } })).toMatchObject({ email: USER_B, settings: { documents: false, weekly: false } });
  });

  it("service requests: each customer lists their own scope's only, only administrators change a status (the legacy form too), photo uploads only in one's scope", async () => {
    const calls: [string, string, unknown?][] = [
      ['GET', `/api/requests?email=${encodeURIComponent(USER_A)}`],
      ['PATCH', `/api/requests/${requestA}`, { customerId: 'C-A', status: 'scheduled' }],
      ['GET', '/api/requests?customerId=C-A'],
      ['POST', '/api/s3/upload-url', { purpose: 'request-photo', propertyId: 'P-A1', fileName: 'leak.jpg', size: 1024 }],
      // The previous release's form, answered for one release.
      ['POST', '/api/requests', { action: 'list', email: USER_A }],
      ['POST', '/api/requests', { action: 'update', customerId: 'C-A', reference: requestA, status: 'scheduled' }],
      ['POST', '/api/requests', { action: 'file', email: USER_A, propertyId: 'P-A1', description: 'legacy', priority: 'routine' }],
    ];
    const got: Record<string, number[]> = {};
    for (const caller of callers) {
      got[caller] = [];
      for (const [method, path, body] of calls) got[caller].push((await request(method, path, { token: tokens[caller], body })).status);
    }
    expect(got).toEqual({
      anonymous: [401, 401, 401, 401, 401, 401, 401],
      customerA: [200, 403, 200, 200, 200, 403, 201],
      customerB: [403, 403, 403, 403, 403, 403, 403],
      admin: [200, 200, 200, 200, 200, 200, 201],
      removed: [401, 401, 401, 401, 401, 401, 401],
      reset: [401, 401, 401, 401, 401, 401, 401],
    });
    // Customer B's own list holds none of tenant A's requests, by either form.
    const own = await request('GET', '/api/requests', { token: tokens.customerB });
    expect((own.json as { requests: unknown[] }).requests).toEqual([]);
    const legacyOwn = await request('POST', '/api/requests', { token: tokens.customerB, body: { action: 'list' } });
    expect((legacyOwn.json as { requests: unknown[] }).requests).toEqual([]);
  });

  it('refuses a Cognito token as an embed token, and the embed token of a removed user', async () => {
    for (const path of ['/api/embed/data', '/api/embed/table', '/api/embed/table.csv']) {
      expect((await request('GET', path, { token: tokens.customerA })).status).toBe(401);
      expect((await request('GET', path)).status).toBe(401);
      expect((await request('GET', path, { token: embedTokens.removed })).status).toBe(403);
    }
  });
});

/**
 * The faults a route meets, one at a time: its row's services (tables: DynamoDB; bucket: S3;
 * secrets: Secrets Manager, and the telemetry service behind the telemetry key; mail: SES; events:
 * EventBridge), and Cognito for every route (the account routes call its public API, which no
 * grant names).
 */
function faultsOf(route: Route): string[] {
  const out = ['cognito:TooManyRequestsException'];
  if (route.tables) out.push('dynamodb:throttle');
  if (route.bucket) out.push('s3:503');
  if (route.secrets) out.push('secrets:throttle');
  if (route.secrets?.includes('telemetry')) out.push('telemetry:hang');
  if (route.mail) out.push('ses:reject');
  if (route.events) out.push('events:throttle');
  return out;
}

/**
 * Sent one at a time, each just after its fixture: the calendar routes (a feed made for GET
 * /api/calendar/{token} is replaced or removed by POST and DELETE /api/calendar).
 */
const ALONE = (key: string) => / \/api\/calendar/.test(key);
/**
 * Requests side by side, each route's its own; those on one row go one after another: customer A's
 * notification settings (the notifications routes) and service request A (the requests routes).
 */
const laneOf = (key: string) => /^\w+ \/api\/(notifications|requests)\b/.exec(key)?.[1] ?? key;

describe('every route under failing services (FAULTS)', () => {
  afterEach(() => {
    delete process.env.FAULTS;
  });

  it('answers as expected or 503 with Retry-After and a message, never a 500, whichever service fails', async () => {
    const wrong: string[] = [];
    const unavailable: Record<string, number> = {};
    let checked = 0;
    const check = (key: string, caller: Caller, fault: string, expected: number, res: TestResponse) => {
      checked++;
      const what = `${key} as ${caller} with ${fault}`;
      if (res.status === 503) {
        unavailable[fault] = (unavailable[fault] ?? 0) + 1;
        const error = (res.json as { error?: unknown } | undefined)?.error;
        if (res.headers.get('retry-after') !== String(RETRY_AFTER_SECONDS)) wrong.push(`${what}: 503 without Retry-After ${RETRY_AFTER_SECONDS}`);
        if (typeof error !== 'string' || !/try again/i.test(error)) wrong.push(`${what}: 503 without a try-again message: ${res.text.slice(0, 160)}`);
      } else if (res.status !== expected) wrong.push(`${what}: ${res.status} (expected ${expected} or 503) ${res.text.slice(0, 160)}`);
    };
    // Every route with an entry, as the caller it serves: the customer where they may, else the administrator, else anyone.
    const cases = routes.flatMap((route) => {
      const key = routeKey(route);
      const entry = matrix[key];
      if (!entry) return [];
      const caller = (['customerA', 'admin', 'anonymous'] as const).find((c) => entry.expect[c] < 300) ?? 'anonymous';
      return [{ route, key, entry, caller, faults: faultsOf(route) }];
    });
    // FAULTS holds for the whole process: one fault at a time, and under it every route that meets
    // it (the SDK's backoff after a throttle, about a second a request, is waited out side by side).
    for (const fault of [...new Set(cases.flatMap((c) => c.faults))]) {
      const meeting = cases.filter((c) => c.faults.includes(fault));
      const together = meeting.filter((c) => !ALONE(c.key));
      const reqs = await Promise.all(together.map((c) => c.entry.request())); // fixtures first, with every service healthy
      const lanes = new Map<string, number[]>();
      together.forEach((c, i) => lanes.set(laneOf(c.key), [...(lanes.get(laneOf(c.key)) ?? []), i]));
      process.env.FAULTS = fault;
      const answers: TestResponse[] = [];
      await Promise.all(
        [...lanes.values()].map(async (lane) => {
          for (const i of lane) answers[i] = await send(together[i]!.route.method, reqs[i]!, together[i]!.caller);
        }),
      );
      delete process.env.FAULTS;
      together.forEach((c, i) => check(c.key, c.caller, fault, c.entry.expect[c.caller], answers[i]!));
      for (const c of meeting.filter((m) => ALONE(m.key))) {
        const req = await c.entry.request();
        process.env.FAULTS = fault;
        const res = await send(c.route.method, req, c.caller);
        delete process.env.FAULTS;
        check(c.key, c.caller, fault, c.entry.expect[c.caller], res);
      }
    }
    expect(wrong).toEqual([]);
    // The faults did happen: a signed-in route reads the caller's row first, and the S3 and Cognito
    // routes cannot answer without them. (The telemetry routes answer from their caches here; the
    // service's hang is in telemetry.test.ts.)
    expect(unavailable['dynamodb:throttle']).toBeGreaterThan(40);
    expect(unavailable['s3:503']).toBeGreaterThan(0);
    expect(unavailable['cognito:TooManyRequestsException']).toBeGreaterThan(0);
    // Every route with an entry met each of its faults.
    expect(checked).toBe(cases.reduce((n, c) => n + c.faults.length, 0));
  });
});
