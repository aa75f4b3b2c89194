import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createCustomer, createTestApp, createUser, STAFF, type TestContext, type TestUser } from '../../test/helpers.js';

let t: TestContext;
let admin: TestUser;
let a: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  const c = await createCustomer(t.db);
  admin = await createUser(t, { email: `boss@${STAFF}` });
  a = await createUser(t, { customers: [c.id] });
});
afterAll(async () => t?.close());

const req = (method: 'GET' | 'POST', url: string, token?: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload === undefined ? {} : { payload: payload as object }) });

describe('POST /api/audit/view-as', () => {
  it('401, 400, 403, 404 before recording anything', async () => {
    expect((await req('POST', '/api/audit/view-as', undefined, { email: a.email })).statusCode).toBe(401);
    expect((await req('POST', '/api/audit/view-as', admin.token, { email: 'x' })).statusCode).toBe(400);
    expect((await req('POST', '/api/audit/view-as', admin.token, { email: `someone@${STAFF}` })).statusCode).toBe(400);
    expect((await req('POST', '/api/audit/view-as', a.token, { email: a.email })).statusCode).toBe(403);
    expect((await req('POST', '/api/audit/view-as', admin.token, { email: 'ghost@customer.test' })).statusCode).toBe(404);
    expect(await t.db.selectFrom('audit_events').selectAll().execute()).toEqual([]);
  });

  it('records a view-as event', async () => {
    const res = await req('POST', '/api/audit/view-as', admin.token, { email: a.email.toUpperCase() });
    expect(res.statusCode).toBe(200);
    const rows = await t.db.selectFrom('audit_events').selectAll().execute();
    expect(rows).toMatchObject([{ actor_email: admin.email, action: 'view-as', target: a.email }]);
  });
});

describe('GET /api/audit', () => {
  it('401, 400, 403, then pages newest first', async () => {
    expect((await req('GET', '/api/audit')).statusCode).toBe(401);
    expect((await req('GET', '/api/audit?limit=0', admin.token)).statusCode).toBe(400);
    expect((await req('GET', '/api/audit?before=abc', admin.token)).statusCode).toBe(400);
    expect((await req('GET', '/api/audit', a.token)).statusCode).toBe(403);
    for (let i = 0; i < 4; i++) await req('POST', '/api/audit/view-as', admin.token, { email: a.email });
    const first = (await req('GET', '/api/audit?limit=3', admin.token)).json();
    expect(first.events).toHaveLength(3);
    expect(first.events[0]).toMatchObject({ actor: admin.email, action: 'view-as', target: a.email, details: {} });
    expect(first.events[0].id).toBeGreaterThan(first.events[1].id);
    const second = (await req('GET', `/api/audit?limit=3&before=${first.nextBefore}`, admin.token)).json();
    expect(second.events).toHaveLength(2);
    expect(second.nextBefore).toBeNull();
    expect(second.events[0].id).toBeLessThan(first.events[2].id);
  });
});
