import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createCustomer, createTestApp, createUser, STAFF, type TestContext, type TestUser } from '../../test/helpers.js';

let t: TestContext;
let admin: TestUser;
let a: TestUser;
let cA: Awaited<ReturnType<typeof createCustomer>>;
let cA2: Awaited<ReturnType<typeof createCustomer>>;
let cB: Awaited<ReturnType<typeof createCustomer>>;

beforeAll(async () => {
  t = await createTestApp();
  cA = await createCustomer(t.db, { name: 'alpha', properties: 3 });
  cA2 = await createCustomer(t.db, { name: 'alpha two', properties: 1 });
  cB = await createCustomer(t.db, { name: 'beta', properties: 2 });
  admin = await createUser(t, { email: `boss@${STAFF}` });
  // Property of cA2 assigned without its customer: it must not count.
  a = await createUser(t, { customers: [cA.id], properties: [cA.properties[0]!.id, cA.properties[2]!.id, cA2.properties[0]!.id] });
});
afterAll(async () => t?.close());

const req = (method: 'GET' | 'POST', url: string, token?: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload === undefined ? {} : { payload: payload as object }) });

describe('GET /api/users/customers/', () => {
  it('401, 403 for a customer, then every customer as { ID, NAME }', async () => {
    expect((await req('GET', '/api/users/customers/')).statusCode).toBe(401);
    expect((await req('GET', '/api/users/customers/', a.token)).statusCode).toBe(403);
    const res = await req('GET', '/api/users/customers/', admin.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(expect.arrayContaining([{ ID: cA.id, NAME: 'alpha' }, { ID: cB.id, NAME: 'beta' }]));
  });
});

describe('POST /api/users/customers/properties', () => {
  it('401, 400, 403 for another tenant, 404 unknown for an administrator', async () => {
    expect((await req('POST', '/api/users/customers/properties', undefined, { customerIds: [cA.id] })).statusCode).toBe(401);
    expect((await req('POST', '/api/users/customers/properties', a.token, { customerIds: cA.id })).statusCode).toBe(400);
    expect((await req('POST', '/api/users/customers/properties', a.token, {})).json().error).toMatch(/customerIds/);
    expect((await req('POST', '/api/users/customers/properties', a.token, { customerIds: [cA.id, cB.id] })).statusCode).toBe(403);
    expect((await req('POST', '/api/users/customers/properties', admin.token, { customerIds: ['ghost'] })).statusCode).toBe(404);
  });

  it('gives a customer only their assigned properties, an administrator all', async () => {
    const mine = await req('POST', '/api/users/customers/properties', a.token, { customerIds: [cA.id] });
    expect(mine.json().map((p: { ID: string }) => p.ID).sort()).toEqual([cA.properties[0]!.id, cA.properties[2]!.id].sort());
    expect(mine.json()[0]).toEqual({ ID: cA.properties[0]!.id, NAME: cA.properties[0]!.name, PROPERTY_TYPE: 'Office' });
    const all = await req('POST', '/api/users/customers/properties', admin.token, { customerIds: [cA.id, cB.id] });
    expect(all.json()).toHaveLength(5);
    expect((await req('POST', '/api/users/customers/properties', a.token, { customerIds: [] })).json()).toEqual([]);
  });
});

describe('GET /api/sigma/customers', () => {
  it('401, then a customer sees only their own, an administrator all', async () => {
    expect((await req('GET', '/api/sigma/customers')).statusCode).toBe(401);
    expect((await req('GET', '/api/sigma/customers', a.token)).json()).toEqual({ customer_names: ['alpha'], customer_ids: [cA.id] });
    const all = (await req('GET', '/api/sigma/customers', admin.token)).json();
    expect(all.customer_ids).toEqual(expect.arrayContaining([cA.id, cA2.id, cB.id]));
    expect(all.customer_names).toHaveLength(all.customer_ids.length);
  });
});

describe('GET /api/sigma/buildings/:customerId', () => {
  it('401, 403 for another tenant (and for a property-only assignment), 404 unknown for an administrator', async () => {
    expect((await req('GET', `/api/sigma/buildings/${cA.id}`)).statusCode).toBe(401);
    expect((await req('GET', `/api/sigma/buildings/${cB.id}`, a.token)).statusCode).toBe(403);
    expect((await req('GET', `/api/sigma/buildings/${cA2.id}`, a.token)).statusCode).toBe(403);
    expect((await req('GET', '/api/sigma/buildings/ghost', admin.token)).statusCode).toBe(404);
  });

  it('answers the assigned properties as parallel arrays', async () => {
    const res = await req('GET', `/api/sigma/buildings/${cA.id}`, a.token);
    expect(res.json()).toEqual({
      property_names: [cA.properties[0]!.name, cA.properties[2]!.name],
      property_ids: [cA.properties[0]!.id, cA.properties[2]!.id],
      property_type: ['Office', 'Office'],
    });
    expect((await req('GET', `/api/sigma/buildings/${cA.id}`, admin.token)).json().property_ids).toHaveLength(3);
  });
});
