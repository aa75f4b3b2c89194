/**
 * Bad input on every route of the route table, through the local stack over HTTP, as an
 * administrator (so scope does not hide a crash) and as a customer: malformed JSON, wrong JSON
 * types, NUL and control characters and 2,000-character values in every path and query parameter,
 * bodies over 1 MiB (the functions' limit) and over 10 MB (the gateway's). Each must be a 4xx with
 * an `error` (function) or `message` (gateway) body, never a 5xx.
 *
 * `samples` holds one valid request per route key (a route with none fails by name); every bad
 * request is that sample with one part spoiled.
 */
import { jest } from '@jest/globals';
import { putEquipment } from '../../lambdas/shared/data/equipment.js';
import { routeKey, routes, type Route } from '../../lambdas/routes.js';
import { createTestUser, putCustomer, putProperty, request, signIn, startTestStack, type TestResponse, type TestStack } from '../support/local-stack.js';
import { multipart } from '../support/multipart.js';

jest.setTimeout(300_000);

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
type JsonObject = { [k: string]: Json };

interface Sample {
  /** Valid path parameters, by name. */
  params?: Record<string, string>;
  /** Valid values of the query parameters the route takes. */
  query?: Record<string, string>;
  /** A valid JSON body (POST and PUT routes). */
  body?: JsonObject;
  /** Body fields whose schema accepts more than one type (a wrong type may be taken). */
  lenient?: string[];
  /** Number fields (at any depth) that take fractions: 1.5 is not a wrong type for them. */
  fractional?: string[];
  /** Query parameters that fall back to a default for a value they do not know. */
  lenientQuery?: string[];
  /** The body is multipart/form-data (the upload call). */
  multipart?: true;
  /** The call's credential is the caller's embed token (the report host's data calls). */
  embed?: true;
}

const PASSWORD = 'Passw0rd1';
const ADMIN = 'bad-input-admin@staff.test';
const USER_A = 'a@tenant-a.test';
const TARGET = 'target@tenant-a.test';
const UPLOAD_KEY = 'uploads/00000000-0000-4000-8000-000000000000/plan.pdf';
const CURSOR = '2026-01-01T00:00:00.000Z#00000000-0000-4000-8000-000000000000';

const FILE_BODY: JsonObject = { email: USER_A, propertyId: 'P-A1', equipmentId: 'EQ-A1', description: 'bad input', priority: 'routine', accessTimes: 'mornings', photos: [] };
const REFERENCE = 'SR-261125-142501-K7QX';
// A signal rule first: the suite spoils each field of a list's first object (its `on` too).
const RULES: Json = [
  { kind: 'air', rule: 'drift', forMinutes: 0, limit: 20, on: true },
  { kind: 'air', rule: 'high-current', forMinutes: 10, limit: 45 },
];

const samples: Record<string, Sample> = {
  'GET /api/config': {},
  'GET /api/openapi.json': {},
  'POST /api/users/login': { body: { email: USER_A, password: 'Wrong1234' } },
  'POST /api/users/reset-password': { body: { email: 'nobody@tenant-a.test' } },
  'POST /api/users/reset-password/verify': { body: { email: 'nobody@tenant-a.test', code: '123456', newPassword: 'Abc12345' } },
  'POST /api/users/user-registration/verify': { body: { email: 'nobody@tenant-a.test', code: 'Temp1234', newPassword: 'Abc12345' } },
  'GET /api/users/getproperty/{email}': { params: { email: USER_A } },
  'GET /api/users/usercustomerbyemail/{email}': { params: { email: USER_A } },
  'GET /api/users/getcustomerbyemail/{email}': { params: { email: USER_A } },
  'GET /api/users': { query: { view: 'accounts' } },
  'PUT /api/users/{email}/customers': { params: { email: TARGET }, body: { customers: [{ ID: 'C-A', NAME: 'alpha' }] } },
  'PUT /api/users/{email}/properties': { params: { email: TARGET }, body: { properties: [{ ID: 'P-A1', NAME: 'Alpha One' }] } },
  // Its own account: the valid sample moves it (and back would need a second call), TARGET stays put.
  'PUT /api/users/{email}/email': { params: { email: 'rename@tenant-a.test' }, body: { email: 'moved@tenant-a.test' } },
  'PUT /api/users/{email}/name': { params: { email: TARGET }, body: { name: 'target person' } },
  'PUT /api/users/{email}/quote-approval': { params: { email: TARGET }, body: { limit: 5000 }, fractional: ['limit'], lenient: ['limit'] },
  'GET /api/quotes': { query: { email: USER_A, propertyIds: 'P-A1', quote: 'QT-BAD-1' } },
  'GET /api/quotes/decisions': { query: { days: '30' } },
  'POST /api/quotes/{quoteId}/ask-approval': { params: { quoteId: 'QT-BAD-1' }, body: { propertyId: 'P-A1', approver: 'Bad Input' } },
  'POST /api/quotes/{quoteId}/decision': {
    params: { quoteId: 'QT-BAD-1' },
    // Issue 43: the option chosen and the optional lines ticked of a quote with lines, and the total shown.
    body: { propertyId: 'P-A1', decision: 'decline', reason: 'bad input', poNumber: 'PO-1', signature: 'Bad Input', agreed: true, comment: 'bad input', option: 'Good', lines: ['L1'], shown: { amount: 100, title: 'Bad input', expiresAt: '2999-12-31', total: 100.5 } },
    fractional: ['amount'],
  },
  'POST /api/users/signup': {
    body: {
      name: 'bad input',
      email: 'signup@tenant-a.test',
      password: 'Temp1234!x',
      customers: [{ ID: 'C-A', NAME: 'alpha' }],
      buildops_customer_ids: ['C-A'],
      buildops_property_ids: ['P-A1'],
      properties: ['Alpha One'],
    },
    // A customer may be sent as an id or as { ID, NAME } or { id, name }.
    lenient: ['customers'],
  },
  'POST /api/users/remove-users': { body: { users: ['nobody@tenant-a.test'] } },
  'POST /api/users/send-account-mail': { body: { email: 'nobody@tenant-a.test', mail: 'reset-code' } },
  'GET /api/users/customers': {},
  'POST /api/users/customers/properties': { body: { customerIds: ['C-A'] } },
  'GET /api/sigma/customers': {},
  'GET /api/sigma/buildings/{customerId}': { params: { customerId: 'C-A' } },
  'GET /api/s3/getdocumentsbyproperty': { query: { propertyId: 'P-A1' } },
  'GET /api/s3/getpresignedurl': { query: { key: 'documents/00000000-0000-4000-8000-000000000000/plan.pdf', download: '1' } },
  'POST /api/s3/deletedocument': { body: { key: 'documents/00000000-0000-4000-8000-000000000000/plan.pdf', propertyId: 'P-A1' } },
  'POST /api/s3/uploaddocument': { multipart: true },
  'POST /api/s3/upload-url': { body: { propertyId: 'P-A1', fileName: 'plan.pdf', size: 1024, contentType: 'application/pdf' } },
  'POST /api/s3/confirm-upload': { body: { key: UPLOAD_KEY, propertyId: 'P-A1' } },
  'GET /api/analytics/data/{customerId}': { params: { customerId: 'C-A' } },
  'GET /api/analytics/nclarity-customer/{customerId}': { params: { customerId: 'C-A' } },
  'GET /api/audit': { query: { limit: '5', before: CURSOR } },
  'POST /api/audit/view-as': { body: { email: USER_A } },
  'GET /api/telemetry/{customerId}/devices': { params: { customerId: 'C-A' } },
  'POST /api/telemetry/{customerId}/samples': { params: { customerId: 'C-A' }, body: { deviceIds: ['SIM-EQ-A1'] } },
  'POST /api/telemetry/{customerId}/insight': { params: { customerId: 'C-A' }, body: { deviceIds: ['SIM-EQ-A1'], period: { from: '2026-11-01', to: '2026-11-02' }, baseline: true } },
  'GET /api/requests': { query: { email: USER_A, customerId: 'C-A', status: 'submitted', days: '7' } },
  'POST /api/requests': { body: FILE_BODY },
  'PATCH /api/requests/{reference}': { params: { reference: REFERENCE }, body: { customerId: 'C-A', status: 'scheduled', note: 'bad input' } },
  'GET /api/alerts': { query: { customerId: 'C-A' } },
  'GET /api/alerts/thresholds/{propertyId}': { params: { propertyId: 'P-A1' }, query: { customerId: 'C-A' } },
  'PUT /api/alerts/thresholds/{propertyId}': { params: { propertyId: 'P-A1' }, body: { customerId: 'C-A', rules: RULES }, fractional: ['limit'] },
  // Legacy, answered for one release (the previous release's web app); its other actions' bodies are in `legacyBodies`.
  'POST /api/alerts': { body: { action: 'set-thresholds', customerId: 'C-A', propertyId: 'P-A1', rules: RULES }, fractional: ['limit'] },
  'GET /api/notifications': {},
  'PATCH /api/notifications': { body: { settings: { documents: true, weekly: false, requests: true, alerts: true, quotes: true } } },
  // Legacy, answered for one release.
  'POST /api/notifications': { body: { action: 'set', settings: { documents: true, weekly: false, requests: true, alerts: true, quotes: true } } },
  'POST /api/notifications/unsubscribe': { body: { token: 'eyJ2IjoxfQ.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' } },
  'GET /api/reports': {},
  'POST /api/sigma/filtered': {
    body: { userId: null, email: USER_A, _url: '/embed/dashboard', selectedReport: 'dashboard', customers: [], properties: [], userDetails: { name: 'a' } },
    // The old client sends ids as strings or numbers, lists or comma text, and anything as userDetails.
    lenient: ['userId', 'selectedReport', 'customers', 'properties', 'userDetails'],
  },
  'GET /api/visits': { query: { email: USER_A, propertyId: 'P-A1', days: '7' } },
  'GET /api/calendar': {},
  'GET /api/work-orders/{workOrderId}': { params: { workOrderId: 'WO-BAD-1' }, query: { email: USER_A } },
  'GET /api/invoices/{invoiceId}': { params: { invoiceId: 'IN-BAD-1' }, query: { email: USER_A } },
  'GET /api/assets/{assetId}/history': { params: { assetId: 'AS-BAD-1' }, query: { email: USER_A } },
  'POST /api/calendar': { body: { replace: true } },
  'DELETE /api/calendar': {},
  'GET /api/calendar/{token}': { params: { token: 'eyJ2IjoxfQ.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.ics' } },
  'GET /api/embed/data': { embed: true },
  'GET /api/embed/table': { embed: true, query: { sort: 'created', dir: 'desc' }, lenientQuery: ['sort'] },
  'GET /api/embed/table.csv': { embed: true, query: { sort: 'created', dir: 'asc' }, lenientQuery: ['sort'] },
};

/** The previous release's { action } bodies besides the samples' (answered for one release). */
const legacyBodies: Record<string, JsonObject[]> = {
  'POST /api/requests': [
    { action: 'file', ...FILE_BODY },
    { action: 'list', email: USER_A, customerId: 'C-A', status: 'submitted', days: 7 },
    { action: 'update', customerId: 'C-A', reference: REFERENCE, status: 'scheduled', note: 'bad input' },
  ],
  'POST /api/alerts': [
    { action: 'list', customerId: 'C-A' },
    { action: 'thresholds', customerId: 'C-A', propertyId: 'P-A1' },
  ],
  'POST /api/notifications': [{ action: 'get' }],
};

/** Values no parameter may take: always a 4xx. */
const hostile: Record<string, string> = {
  NUL: '\u0000',
  'NUL inside': 'C-A\u0000x',
  'control character': 'a\u0001b',
  'unit separator': '\u001f',
  DEL: 'a\u007f',
  'line break': 'a\nb',
  'carriage return': 'a\r\nb',
  '2,000 characters': 'x'.repeat(2000),
};
/** Odd but printable values: never a 5xx (a 200 is fine where the value means nothing special). */
const odd: Record<string, string> = {
  '1,000 three-byte characters': '\u20ac'.repeat(1000),
  '500 four-byte characters': '\u{1F600}'.repeat(500),
  slash: 'a/b',
  percent: '%',
  quote: `a'"b`,
  space: ' ',
};

/** Spoiled JSON bodies: all 400 (or the caller's 401/403 first). */
const malformed: Record<string, string> = {
  truncated: '{"email": "a@b.c"',
  'trailing comma': '{"email": "a@b.c",}',
  'single quotes': "{'email': 'a@b.c'}",
  'not JSON': 'email=a@b.c',
  'NUL byte': '\u0000',
  'lone brace': '{',
};
const wrongRoots: Record<string, string> = { array: '[]', string: '"text"', number: '42', null: 'null', boolean: 'true' };

type Who = 'admin' | 'customer';
const callers: Who[] = ['admin', 'customer'];
let t: TestStack;
const tokens = {} as Record<Who, string>;
const embedTokens = {} as Record<Who, string>;

const pathOf = (route: Route, params: Record<string, string> = {}) =>
  route.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? 'x'));
const withQuery = (path: string, query: Record<string, string> | undefined) => {
  const q = new URLSearchParams(query ?? {}).toString();
  return q ? `${path}?${q}` : path;
};

interface Call {
  path: string;
  body?: string | Buffer;
  type?: string;
}

async function call(route: Route, sample: Sample, who: Who, c: Call): Promise<TestResponse> {
  const headers: Record<string, string> = {};
  if (c.type) headers['content-type'] = c.type;
  if (sample.embed) headers.authorization = `Bearer ${embedTokens[who]}`;
  return request(route.method, c.path, { token: sample.embed ? undefined : tokens[who], body: c.body, headers });
}

/** What is wrong with an answer to bad input: a 5xx, or a 4xx without an error or message. */
function problem(res: TestResponse, allowOk: boolean): string | undefined {
  if (res.status >= 500) return `server error ${res.status} ${res.text.slice(0, 200)}`;
  if (res.status < 400) return allowOk ? undefined : `not refused: ${res.status} ${res.text.slice(0, 120)}`;
  const body = res.json as { error?: unknown; message?: unknown } | undefined;
  if (typeof body?.error !== 'string' && typeof body?.message !== 'string') return `${res.status} without an error or message: ${res.text.slice(0, 120)}`;
  return undefined;
}

/** Runs `cases` for every route and caller, collecting every problem with the route, caller and case. */
async function check(cases: (route: Route, sample: Sample) => { name: string; call: Call; allowOk?: boolean }[]): Promise<string[]> {
  const found: string[] = [];
  for (const route of routes) {
    const sample = samples[routeKey(route)];
    if (!sample) continue;
    for (const c of cases(route, sample)) {
      for (const who of callers) {
        const p = problem(await call(route, sample, who, c.call), c.allowOk ?? false);
        if (p) found.push(`${routeKey(route)} as ${who}, ${c.name}: ${p}`);
      }
    }
  }
  return found;
}

const hasBody = (route: Route) => route.method === 'POST' || route.method === 'PUT' || route.method === 'PATCH';
const json = (v: unknown) => ({ body: JSON.stringify(v), type: 'application/json' });
const validPath = (route: Route, s: Sample) => withQuery(pathOf(route, s.params), s.query);

/** Values of the wrong type for a field whose valid value is `v` (`fractional`: number fields that take 1.5). */
function wrongTypes(v: Json, fractional: readonly string[] = [], field = ''): Json[] {
  if (typeof v === 'string') return [42, true, null, [], {}, ['x']];
  if (typeof v === 'number') return ['12', true, null, [], {}, ...(fractional.includes(field) ? [] : [1.5])];
  if (typeof v === 'boolean') return ['true', 1, null, [], {}];
  if (Array.isArray(v)) {
    const element = v[0];
    const elements: Json[] = [[42], [null], [[]], [true]];
    // An array of objects: each field of its first element spoiled too.
    if (element && typeof element === 'object' && !Array.isArray(element))
      for (const [k, fieldValue] of Object.entries(element)) for (const w of wrongTypes(fieldValue, fractional, k)) elements.push([{ ...element, [k]: w }]);
    return ['x', 42, true, null, {}, ...elements];
  }
  if (v === null) return [];
  return ['x', 42, true, null, []];
}

beforeAll(async () => {
  t = await startTestStack();
  await putCustomer({ id: 'C-A', name: 'alpha', telemetryCustomerId: 'NC-A', telemetryCustomerName: 'Alpha' });
  await putProperty({ id: 'P-A1', customerId: 'C-A', name: 'Alpha One', propertyType: 'Office' });
  await putEquipment(t.db, [{ customerId: 'C-A', id: 'EQ-A1', propertyId: 'P-A1', buildingName: 'North', name: 'RTU-1', equipmentType: 'RTU', telemetryData: '{}' }]);
  await createTestUser({ email: ADMIN, password: PASSWORD });
  await createTestUser({ email: USER_A, password: PASSWORD, customers: ['C-A'], properties: ['P-A1'] });
  await createTestUser({ email: TARGET, password: PASSWORD, customers: ['C-A'], properties: ['P-A1'] });
  await createTestUser({ email: 'rename@tenant-a.test', password: PASSWORD, customers: ['C-A'], properties: ['P-A1'] });
  [tokens.admin, tokens.customer] = await Promise.all([signIn(ADMIN, PASSWORD), signIn(USER_A, PASSWORD)]);
  for (const who of callers) {
    const r = await request('POST', '/api/sigma/filtered', { token: tokens[who], body: samples['POST /api/sigma/filtered']!.body });
    if (r.status !== 200) throw new Error(`embed token for ${who}: ${r.status} ${r.text}`);
    embedTokens[who] = new URL((r.json as { url: string }).url, 'http://x').searchParams.get('token')!;
  }
});
afterAll(async () => t?.stop());

describe('bad input on every route', () => {
  it('has a valid sample request for every route of the route table, and each is answered without a 5xx', async () => {
    const keys = routes.map(routeKey);
    expect({ missing: keys.filter((k) => !(k in samples)), stale: Object.keys(samples).filter((k) => !keys.includes(k)) }).toEqual({ missing: [], stale: [] });
    const found = await check((route, s) => [
      { name: 'the valid sample', call: s.multipart ? { path: validPath(route, s) } : { path: validPath(route, s), ...(s.body ? json(s.body) : {}) }, allowOk: true },
    ]);
    expect(found).toEqual([]);
  });

  it('refuses NUL, control characters and 2,000-character values in every path and query parameter', async () => {
    const found = await check((route, s) => {
      const cases: { name: string; call: Call }[] = [];
      const body = s.body ? json(s.body) : {};
      for (const [param, value] of Object.entries(s.params ?? {}))
        for (const [what, bad] of Object.entries(hostile)) cases.push({ name: `path ${param} ${what} (valid ${value})`, call: { path: withQuery(pathOf(route, { ...s.params, [param]: bad }), s.query), ...body } });
      // Every route, with or without query parameters of its own: a spoiled one it does not read too.
      for (const param of [...Object.keys(s.query ?? {}), 'unexpected'])
        for (const [what, bad] of Object.entries(hostile)) cases.push({ name: `query ${param} ${what}`, call: { path: withQuery(pathOf(route, s.params), { ...s.query, [param]: bad }), ...body } });
      return cases;
    });
    expect(found).toEqual([]);
  });

  it('answers odd but printable path and query values (long multi-byte text, slashes) without a 5xx', async () => {
    const found = await check((route, s) => {
      const cases: { name: string; call: Call; allowOk?: boolean }[] = [];
      const body = s.body ? json(s.body) : {};
      for (const param of Object.keys(s.params ?? {}))
        for (const [what, value] of Object.entries(odd)) cases.push({ name: `path ${param} ${what}`, call: { path: withQuery(pathOf(route, { ...s.params, [param]: value }), s.query), ...body }, allowOk: true });
      for (const param of Object.keys(s.query ?? {}))
        for (const [what, value] of Object.entries(odd))
          cases.push({ name: `query ${param} ${what}`, call: { path: withQuery(pathOf(route, s.params), { ...s.query, [param]: value }), ...body }, allowOk: true });
      return cases;
    });
    expect(found).toEqual([]);
  });

  it('refuses malformed JSON and bodies that are not a JSON object', async () => {
    const found = await check((route, s) => {
      if (!hasBody(route)) return [];
      const cases = Object.entries({ ...malformed, ...wrongRoots }).map(([what, text]) => ({ name: `body ${what}`, call: { path: validPath(route, s), body: text, type: 'application/json' } }));
      // fetch sends a string body without a content type as text/plain: 415 where JSON is read.
      cases.push({ name: 'malformed body as text/plain', call: { path: validPath(route, s), body: malformed.truncated!, type: '' } });
      return cases;
    });
    expect(found).toEqual([]);
  });

  it('refuses a wrong JSON type in every body field, and in the fields of listed objects', async () => {
    const found = await check((route, s) => {
      if (!s.body) return [];
      const cases: { name: string; call: Call; allowOk?: boolean }[] = [];
      for (const [field, value] of Object.entries(s.body))
        for (const wrong of wrongTypes(value, s.fractional, field))
          cases.push({ name: `body.${field} = ${JSON.stringify(wrong)}`, call: { path: validPath(route, s), ...json({ ...s.body, [field]: wrong }) }, allowOk: s.lenient?.includes(field) });
      for (const field of Object.keys(s.body)) cases.push({ name: `body without ${field}`, call: { path: validPath(route, s), ...json({ ...s.body, [field]: undefined }) }, allowOk: true });
      return cases;
    });
    expect(found).toEqual([]);
  });

  it("refuses a wrong JSON type in every field of the previous release's { action } bodies, answered for one release", async () => {
    const found: string[] = [];
    for (const [key, bodies] of Object.entries(legacyBodies)) {
      const route = routes.find((r) => routeKey(r) === key)!;
      expect({ key, legacy: route.legacy?.form }).toEqual({ key, legacy: key === 'POST /api/requests' ? 'action-body' : 'route' });
      for (const body of bodies) {
        const sample: Sample = { body };
        const cases: { name: string; body: JsonObject; allowOk: boolean }[] = [{ name: 'the valid body', body, allowOk: true }];
        for (const [field, value] of Object.entries(body)) {
          for (const wrong of wrongTypes(value, ['limit'], field)) cases.push({ name: `body.${field} = ${JSON.stringify(wrong)}`, body: { ...body, [field]: wrong }, allowOk: false });
          cases.push({ name: `body without ${field}`, body: { ...body, [field]: undefined } as JsonObject, allowOk: true });
        }
        for (const c of cases)
          for (const who of callers) {
            const p = problem(await call(route, sample, who, { path: route.path, ...json(c.body) }), c.allowOk);
            if (p) found.push(`${key} { action: '${String(body.action)}' } as ${who}, ${c.name}: ${p}`);
          }
      }
    }
    expect(found).toEqual([]);
  });

  it('answers NUL, control characters and long text inside body strings without a 5xx', async () => {
    const found = await check((route, s) => {
      if (!s.body) return [];
      const cases: { name: string; call: Call; allowOk: boolean }[] = [];
      for (const [field, value] of Object.entries(s.body)) {
        const spoil = (bad: string): Json => (typeof value === 'string' ? bad : Array.isArray(value) && typeof value[0] === 'string' ? [bad] : null);
        for (const [what, bad] of Object.entries({ ...hostile, ...odd })) {
          const v = spoil(bad);
          if (v !== null) cases.push({ name: `body.${field} ${what}`, call: { path: validPath(route, s), ...json({ ...s.body, [field]: v }) }, allowOk: true });
        }
      }
      return cases;
    });
    expect(found).toEqual([]);
  });

  it('measures document keys in bytes, as S3 and DynamoDB do (dynalite counts characters, so the check must be ours)', async () => {
    const key = `documents/${'\u20ac'.repeat(400)}.pdf`;
    const link = await request('GET', `/api/s3/getpresignedurl?key=${encodeURIComponent(key)}`, { token: tokens.admin });
    expect(link.status).toBe(400);
    expect((link.json as { error: string }).error).toMatch(/^Invalid query\.key: /);
    const del = await request('POST', '/api/s3/deletedocument', { token: tokens.admin, body: { key, propertyId: 'P-A1' } });
    expect(del.status).toBe(400);
    expect((del.json as { error: string }).error).toMatch(/^Invalid body\.key: /);
  });

  it("refuses the signal rules' settings out of their bounds, and turning off a rule that is always on, with a 400 that says which", async () => {
    const put = (rule: JsonObject) => request('PUT', '/api/alerts/thresholds/P-A1', { token: tokens.admin, body: { customerId: 'C-A', rules: [rule] } });
    const cases: [JsonObject, string][] = [
      [{ kind: 'air', rule: 'short-cycling', forMinutes: 0, limit: 0, on: true }, 'Invalid body.rules: the limit of short-cycling must be a whole number of starts a day from 1 to 100.'],
      [{ kind: 'air', rule: 'short-cycling', forMinutes: 0, limit: 6.5, on: true }, 'Invalid body.rules: the limit of short-cycling must be a whole number of starts a day from 1 to 100.'],
      [{ kind: 'air', rule: 'delta-t', forMinutes: 10, limit: 0, on: true }, 'Invalid body.rules: the minutes of delta-t must be from 30 to 1440.'],
      [{ kind: 'air', rule: 'drift', forMinutes: 0, limit: 0, on: true }, 'Invalid body.rules: the limit of drift must be a percentage from 1 to 500.'],
      [{ kind: 'heat', rule: 'drift', forMinutes: 0, limit: 501, on: false }, 'Invalid body.rules: the limit of drift must be a percentage from 1 to 500.'],
      [{ kind: 'chiller', rule: 'delta-t', forMinutes: 120, limit: 0, on: true }, 'Invalid body.rules: chiller equipment has no rule delta-t.'],
      [{ kind: 'air', rule: 'stale', forMinutes: 0, limit: 0, on: false }, 'Invalid body.rules: the rule stale cannot be turned off.'],
    ];
    for (const [rule, error] of cases) {
      const r = await put(rule);
      expect({ rule, status: r.status, json: r.json }).toEqual({ rule, status: 400, json: { error } });
    }
    const on = await put({ kind: 'air', rule: 'delta-t', forMinutes: 180, limit: 0, on: true });
    expect(on.status).toBe(200);
    expect((on.json as { rules: JsonObject[] }).rules.find((r) => r.kind === 'air' && r.rule === 'delta-t')).toEqual({
      kind: 'air', rule: 'delta-t', forMinutes: 180, limit: 0, unit: 'none', defaultForMinutes: 120, defaultLimit: 0, on: true, defaultOn: false,
    });
    expect((await request('PUT', '/api/alerts/thresholds/P-A1', { token: tokens.admin, body: { customerId: 'C-A', rules: [] } })).status).toBe(200);
  });

  it('answers a blank email on the reset request as an unknown one (DynamoDB refuses an empty key)', async () => {
    const r = await request('POST', '/api/users/reset-password', { body: { email: '   ' } });
    expect(r.status).toBe(404);
    expect(r.json).toEqual({ error: 'Email does not exist in our system. Please try again.' });
  });

  it('refuses a JSON body over 1 MiB with 413 (403 first for a customer on an administrators-only route)', async () => {
    const pad = 'x'.repeat(1024 * 1024 + 16);
    const found: string[] = [];
    for (const route of routes.filter(hasBody)) {
      const s = samples[routeKey(route)]!;
      for (const who of callers) {
        const res = await call(route, s, who, { path: validPath(route, s), ...json({ ...(s.body ?? {}), pad }) });
        const p = problem(res, false);
        // The multipart call reads its body itself: a JSON body of any size is the wrong kind (400).
        const expected = route.access === 'admin' && who === 'customer' ? 403 : s.multipart ? 400 : 413;
        if (p) found.push(`${routeKey(route)} as ${who}: ${p}`);
        else if (res.status !== expected) found.push(`${routeKey(route)} as ${who}: ${res.status} (expected ${expected}) ${res.text.slice(0, 120)}`);
      }
    }
    expect(found).toEqual([]);
  });

  it('refuses an upload over the multipart limit with 413 naming the limit', async () => {
    const route = routes.find((r) => routeKey(r) === 'POST /api/s3/uploaddocument')!;
    const m = multipart([
      { name: 'propertyId', value: 'P-A1' },
      { name: 'file', value: 'x'.repeat(5 * 1024 * 1024), filename: 'big.pdf' },
    ]);
    const res = await call(route, samples[routeKey(route)]!, 'admin', { path: route.path, body: m.body, type: m.contentType });
    expect(res.status).toBe(413);
    expect(res.json).toEqual({ error: 'The file is too large. The largest file you can upload is 4 MiB.' });
  });

  it("answers a body over 10 MB with the gateway's 413, on every route that takes a body", async () => {
    const big = Buffer.alloc(10 * 1024 * 1024 + 1, 0x20);
    const found: string[] = [];
    for (const route of routes.filter(hasBody)) {
      const s = samples[routeKey(route)]!;
      for (const who of callers) {
        const res = await call(route, s, who, { path: validPath(route, s), body: big, type: s.multipart ? 'multipart/form-data; boundary=x' : 'application/json' });
        if (res.status !== 413 || (res.json as { message?: string } | undefined)?.message !== 'Request Entity Too Large')
          found.push(`${routeKey(route)} as ${who}: ${res.status} ${res.text.slice(0, 120)}`);
      }
    }
    expect(found).toEqual([]);
  });
});
