import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Simulator } from '../../../infra/local/simulator/simulator.js';
import { bearer, createCustomer, createTestApp, createUser, STAFF, type TestContext, type TestUser } from '../../test/helpers.js';

let t: TestContext;
let a: Awaited<ReturnType<typeof createCustomer>>;
let b: Awaited<ReturnType<typeof createCustomer>>;
let unmapped: Awaited<ReturnType<typeof createCustomer>>;
let userA: TestUser;
let admin: TestUser;
let sim: Simulator;

const devicesOf = (customerId: string, token: string) => t.app.inject({ method: 'GET', url: `/api/telemetry/${customerId}/devices`, headers: bearer(token) });
const samplesOf = (customerId: string, token: string, payload: unknown) =>
  t.app.inject({ method: 'POST', url: `/api/telemetry/${customerId}/samples`, headers: bearer(token), payload: payload as object });

beforeAll(async () => {
  // No TELEMETRY_BASE_URL: the module starts the embedded simulator, which gives each equipment row a device.
  t = await createTestApp();
  sim = t.app.ctx.services.telemetrySimulator as Simulator;
  a = await createCustomer(t.db, { properties: 1 });
  b = await createCustomer(t.db, { properties: 1 });
  unmapped = await createCustomer(t.db, { properties: 1 });
  const rows = (c: typeof a, n: number) =>
    Array.from({ length: n }, (_, i) => ({ id: `${c.id}-EQ${i + 1}`, customer_id: c.id, property_id: c.properties[0]!.id, building_name: c.properties[0]!.name, name: `RTU-${i + 1}`, equipment_type: 'Rooftop Unit' }));
  await t.db.insertInto('equipment').values([...rows(a, 3), ...rows(b, 2), ...rows(unmapped, 1)]).execute();
  await t.db
    .insertInto('telemetry_mappings')
    .values([
      { customer_id: a.id, telemetry_customer_id: 'ncl-a', telemetry_customer_name: 'A' },
      { customer_id: b.id, telemetry_customer_id: 'ncl-b', telemetry_customer_name: 'B' },
    ])
    .execute();
  userA = await createUser(t, { customers: [a.id], properties: [a.properties[0]!.id] });
  admin = await createUser(t, { email: `boss@${STAFF}` });
});
afterAll(() => t.close());

describe('GET /api/telemetry/:customerId/devices', () => {
  it('401 without a token', async () => {
    expect((await t.app.inject({ method: 'GET', url: `/api/telemetry/${a.id}/devices` })).statusCode).toBe(401);
  });
  it("403 for another customer's devices", async () => {
    const res = await devicesOf(b.id, userA.token);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: 'You do not have access to this customer.' });
  });
  it('404 for an unmapped or unknown customer (administrator)', async () => {
    expect((await devicesOf(unmapped.id, admin.token)).json()).toEqual({ error: 'This customer has no telemetry mapping.' });
    expect((await devicesOf('NOPE', admin.token)).statusCode).toBe(404);
  });
  it("lists only the devices of the customer's equipment rows", async () => {
    const res = await devicesOf(a.id, userA.token);
    expect(res.statusCode).toBe(200);
    const ids = (res.json() as { data: { deviceId: string; equipment: { id: string } }[] }).data;
    expect(ids.map((d) => d.equipment.id).sort()).toEqual([`${a.id}-EQ1`, `${a.id}-EQ2`, `${a.id}-EQ3`]);
    expect(ids[0]).toEqual({ deviceId: `SIM-${a.id}-EQ1`, equipment: { id: `${a.id}-EQ1` } });
  });
  it("hides devices of equipment on a property the caller is not assigned", async () => {
    // Fresh equipment: the client caches the device list for minutes, so this test uses its own app.
    const ctx = await createTestApp();
    try {
      const c = await createCustomer(ctx.db, { properties: 2 });
      await ctx.db.insertInto('telemetry_mappings').values({ customer_id: c.id, telemetry_customer_id: 'ncl-c' }).execute();
      await ctx.db
        .insertInto('equipment')
        .values(c.properties.map((p, i) => ({ id: `${c.id}-EQ${i + 1}`, customer_id: c.id, property_id: p.id, name: `AHU-${i + 1}` })))
        .execute();
      const cu = await createUser(ctx, { customers: [c.id], properties: [c.properties[0]!.id] });
      const res = await ctx.app.inject({ method: 'GET', url: `/api/telemetry/${c.id}/devices`, headers: bearer(cu.token) });
      expect(res.json().data.map((d: { equipment: { id: string } }) => d.equipment.id)).toEqual([`${c.id}-EQ1`]);
      const other = await ctx.app.inject({ method: 'POST', url: `/api/telemetry/${c.id}/samples`, headers: bearer(cu.token), payload: { deviceIds: [`SIM-${c.id}-EQ2`] } });
      expect(other.statusCode).toBe(403);
    } finally {
      await ctx.close();
    }
  });
  it('an administrator sees any mapped customer', async () => {
    expect((await devicesOf(b.id, admin.token)).json().data).toHaveLength(2);
  });
});

describe('POST /api/telemetry/:customerId/samples', () => {
  it('401 without a token', async () => {
    expect((await t.app.inject({ method: 'POST', url: `/api/telemetry/${a.id}/samples`, payload: { deviceIds: ['x'] } })).statusCode).toBe(401);
  });
  it('400 naming the field', async () => {
    const res = await samplesOf(a.id, userA.token, { deviceIds: [] });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/deviceIds/);
    expect((await samplesOf(a.id, userA.token, {})).json().error).toMatch(/deviceIds/);
  });
  it("403 for another customer, for another customer's device, and for a device of no equipment of theirs", async () => {
    expect((await samplesOf(b.id, userA.token, { deviceIds: [`SIM-${b.id}-EQ1`] })).statusCode).toBe(403);
    const foreign = await samplesOf(a.id, userA.token, { deviceIds: [`SIM-${a.id}-EQ1`, `SIM-${b.id}-EQ1`] });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toEqual({ error: `Device SIM-${b.id}-EQ1 does not belong to this customer's equipment.` });
    expect((await samplesOf(a.id, userA.token, { deviceIds: ['NCL-SPARE-01'] })).statusCode).toBe(403);
    // None of the refused requests reached the telemetry query.
    expect(sim.requests.filter((r) => r.url === '/v3/telemetry/query')).toHaveLength(0);
  });
  it('answers the latest sample per device', async () => {
    const res = await samplesOf(a.id, userA.token, { deviceIds: [`SIM-${a.id}-EQ1`, `SIM-${a.id}-EQ2`] });
    expect(res.statusCode).toBe(200);
    const data = res.json().data as Record<string, Record<string, unknown>>;
    expect(Object.keys(data).sort()).toEqual([`SIM-${a.id}-EQ1`, `SIM-${a.id}-EQ2`]);
    expect(Date.now() - Date.parse(data[`SIM-${a.id}-EQ1`]!._time as string)).toBeLessThan(2 * 60_000);
    expect(data[`SIM-${a.id}-EQ1`]).toHaveProperty(['amps-1']);
  });
  it('503 when the telemetry service is down, without leaking its address', async () => {
    sim.faults.push({ on: 'query', times: 20, status: 500 });
    const res = await samplesOf(a.id, userA.token, { deviceIds: [`SIM-${a.id}-EQ3`] });
    sim.faults.length = 0;
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ error: 'The telemetry service is not available. Please try again later.' });
  });
  it('is documented in the OpenAPI description', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as { paths: Record<string, unknown> };
    expect(doc.paths).toHaveProperty(['/api/telemetry/{customerId}/devices', 'get']);
    expect(doc.paths).toHaveProperty(['/api/telemetry/{customerId}/samples', 'post']);
  });
});

describe('an injected client', () => {
  it('is used instead of the simulator', async () => {
    const ctx = await createTestApp({}, {
      telemetry: {
        listDevices: async () => [{ deviceId: 'X1', equipment: { id: 'EQX' } }],
        latestSamples: async (ids: string[]) => Object.fromEntries(ids.map((id) => [id, { error: 'boom', _time: null }])),
      },
    });
    try {
      const c = await createCustomer(ctx.db, { properties: 1 });
      await ctx.db.insertInto('equipment').values({ id: 'EQX', customer_id: c.id, name: 'X' }).execute();
      await ctx.db.insertInto('telemetry_mappings').values({ customer_id: c.id, telemetry_customer_id: 'x' }).execute();
      const u = await createUser(ctx, { customers: [c.id] });
      expect(ctx.app.ctx.services.telemetrySimulator).toBeUndefined();
      const res = await ctx.app.inject({ method: 'POST', url: `/api/telemetry/${c.id}/samples`, headers: bearer(u.token), payload: { deviceIds: ['X1'] } });
      expect(res.json()).toEqual({ data: { X1: { error: 'boom', _time: null } } });
    } finally {
      await ctx.close();
    }
  });
});
