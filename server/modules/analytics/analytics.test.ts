import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createCustomer, createTestApp, createUser, STAFF, type TestContext, type TestUser } from '../../test/helpers.js';

let t: TestContext;
let admin: TestUser;
let a: TestUser;
let cA: Awaited<ReturnType<typeof createCustomer>>;
let cB: Awaited<ReturnType<typeof createCustomer>>;

beforeAll(async () => {
  t = await createTestApp();
  cA = await createCustomer(t.db, { name: 'alpha', properties: 2 });
  cB = await createCustomer(t.db, { name: 'beta', properties: 1 });
  admin = await createUser(t, { email: `boss@${STAFF}` });
  a = await createUser(t, { customers: [cA.id], properties: [cA.properties[0]!.id] });
  await t.db
    .insertInto('equipment')
    .values([
      { id: 'E1', customer_id: cA.id, property_id: cA.properties[0]!.id, building_name: 'North', name: 'RTU-1', equipment_type: 'RTU', telemetry_data: '{"sadb-1":12.5}' },
      { id: 'E2', customer_id: cA.id, property_id: cA.properties[1]!.id, building_name: 'South', name: 'RTU-2', equipment_type: 'RTU', telemetry_data: 'not json' },
      { id: 'E3', customer_id: cA.id, property_id: null, building_name: 'Site', name: 'Chiller', equipment_type: 'Chiller' },
      { id: 'E4', customer_id: cB.id, property_id: cB.properties[0]!.id, building_name: 'B', name: 'AHU', equipment_type: 'AHU' },
    ])
    .execute();
  await t.db.insertInto('telemetry_mappings').values({ customer_id: cA.id, telemetry_customer_id: 'NC-1', telemetry_customer_name: 'Alpha Inc' }).execute();
});
afterAll(async () => t?.close());

const get = (url: string, token?: string) => t.app.inject({ url, headers: token ? bearer(token) : {} });

describe('GET /api/analytics/data/:customerId', () => {
  it('401, 403 for another tenant, 404 unknown for an administrator', async () => {
    expect((await get(`/api/analytics/data/${cA.id}`)).statusCode).toBe(401);
    expect((await get(`/api/analytics/data/${cB.id}`, a.token)).statusCode).toBe(403);
    expect((await get('/api/analytics/data/ghost', a.token)).statusCode).toBe(403);
    expect((await get('/api/analytics/data/ghost', admin.token)).statusCode).toBe(404);
  });

  it('answers the rows of the assigned properties with TELEMETRY_DATA as stored text', async () => {
    const res = await get(`/api/analytics/data/${cA.id}`, a.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { BUILDING_NAME: 'North', EQUIPMENT_ID: 'E1', EQUIPMENT_NAME: 'RTU-1', EQUIPMENT_TYPE: 'RTU', TELEMETRY_DATA: '{"sadb-1":12.5}' },
      { BUILDING_NAME: 'Site', EQUIPMENT_ID: 'E3', EQUIPMENT_NAME: 'Chiller', EQUIPMENT_TYPE: 'Chiller', TELEMETRY_DATA: '{}' },
    ]);
    const all = (await get(`/api/analytics/data/${cA.id}`, admin.token)).json();
    expect(all.map((r: { EQUIPMENT_ID: string }) => r.EQUIPMENT_ID)).toEqual(['E1', 'E3', 'E2']);
    expect(all[2].TELEMETRY_DATA).toBe('not json');
  });
});

describe('GET /api/analytics/nclarity-customer/:customerId', () => {
  it('401, 403, then the mapping or 404 without one', async () => {
    expect((await get(`/api/analytics/nclarity-customer/${cA.id}`)).statusCode).toBe(401);
    expect((await get(`/api/analytics/nclarity-customer/${cB.id}`, a.token)).statusCode).toBe(403);
    expect((await get(`/api/analytics/nclarity-customer/${cA.id}`, a.token)).json()).toEqual({ nclarityCustomer: { ID: 'NC-1', NAME: 'Alpha Inc' } });
    const none = await get(`/api/analytics/nclarity-customer/${cB.id}`, admin.token);
    expect(none.statusCode).toBe(404);
    expect(none.json().error).toMatch(/no telemetry mapping/);
  });
});
