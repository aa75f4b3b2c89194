import { handler as getBuildings } from '../../../lambdas/catalog/get-buildings.js';
import { handler as getCustomerProperties } from '../../../lambdas/catalog/get-customer-properties.js';
import { handler as getCustomers } from '../../../lambdas/catalog/get-customers.js';
import { handler as listCustomers } from '../../../lambdas/catalog/list-customers.js';
import { apiEvent, json } from '../support/events.js';
import { claims, fakeAws, TABLES } from '../support/fake-aws.js';
import { admin, alice, bob, customers, properties, setEnv } from '../documents/support/fixtures.js';

const LIST = 'GET /api/users/customers';
const PROPS = 'POST /api/users/customers/properties';
const SIGMA = 'GET /api/sigma/customers';
const BUILDINGS = 'GET /api/sigma/buildings/{customerId}';

const aws = fakeAws({ users: [admin, alice, bob], customers: [...customers, { id: 'E', name: 'empty' }], properties });
beforeAll(setEnv);
afterAll(() => aws.restore());
beforeEach(() => aws.reset());

const as = (email?: string) => (email ? claims(email) : undefined);
const list = (email?: string) => listCustomers(apiEvent({ route: LIST, claims: as(email) }));
const props = (email: string | undefined, body: unknown) => getCustomerProperties(apiEvent({ route: PROPS, claims: as(email), body }));
const sigma = (email?: string) => getCustomers(apiEvent({ route: SIGMA, claims: as(email) }));
const buildings = (customerId: string, email?: string) => getBuildings(apiEvent({ route: BUILDINGS, claims: as(email), params: { customerId } }));

describe('GET /api/users/customers', () => {
  it('401 without a token', async () => {
    expect((await list()).statusCode).toBe(401);
  });
  it('403 for a customer, before reading customers', async () => {
    const r = await list(alice.email);
    expect(r.statusCode).toBe(403);
    expect(aws.callsTo(TABLES.CUSTOMERS_TABLE)).toBe(0);
  });
  it('every customer as { ID, NAME }, by name, for an administrator', async () => {
    const r = await list(admin.email);
    expect(r.statusCode).toBe(200);
    expect(JSON.parse(r.body)).toEqual([
      { ID: 'A', NAME: 'alpha' },
      { ID: 'A2', NAME: 'alpha two' },
      { ID: 'B', NAME: 'beta' },
      { ID: 'E', NAME: 'empty' },
    ]);
  });
});

describe('POST /api/users/customers/properties', () => {
  it('401 without a token', async () => {
    expect((await props(undefined, { customerIds: ['A'] })).statusCode).toBe(401);
  });
  it('400 naming the field for a missing or wrongly typed customerIds', async () => {
    const notList = await props(alice.email, { customerIds: 'A' });
    expect(notList.statusCode).toBe(400);
    expect(json(notList).error).toMatch(/^Invalid body\.customerIds: /);
    expect(json(await props(alice.email, {})).error).toMatch(/customerIds/);
    expect(json(await props(alice.email, { customerIds: [' '] })).error).toBe('Invalid body.customerIds.0: must not be empty');
  });
  it('403 naming the ids outside the scope, before reading properties', async () => {
    const r = await props(alice.email, { customerIds: ['A', 'B', 'ghost'] });
    expect(r.statusCode).toBe(403);
    expect(json(r)).toEqual({ error: 'You do not have access to customer B, ghost.' });
    expect((await props(alice.email, { customerIds: ['A2'] })).statusCode).toBe(403);
    expect(aws.callsTo(TABLES.PROPERTIES_TABLE)).toBe(0);
  });
  it('404 naming unknown ids for an administrator', async () => {
    const r = await props(admin.email, { customerIds: ['A', 'ghost'] });
    expect(r.statusCode).toBe(404);
    expect(json(r)).toEqual({ error: 'No customer with the id ghost.' });
  });
  it('a customer gets only their assigned properties; an administrator all; [] for none asked', async () => {
    const mine = await props(alice.email, { customerIds: ['A', 'A'] });
    expect(mine.statusCode).toBe(200);
    expect(JSON.parse(mine.body)).toEqual([
      { ID: 'A-P1', NAME: 'Alpha North', PROPERTY_TYPE: 'Office', CUSTOMER_ID: 'A' },
      { ID: 'A-P3', NAME: 'Alpha West', PROPERTY_TYPE: 'Office', CUSTOMER_ID: 'A' },
    ]);
    const all = JSON.parse((await props(admin.email, { customerIds: ['A', 'B', 'E'] })).body) as { ID: string }[];
    expect(all.map((p) => p.ID).sort()).toEqual(['A-P1', 'A-P2', 'A-P3', 'B-P1', 'B-P2']);
    expect(JSON.parse((await props(alice.email, { customerIds: [] })).body)).toEqual([]);
  });
});

describe('GET /api/sigma/customers', () => {
  it('401 without a token', async () => {
    expect((await sigma()).statusCode).toBe(401);
  });
  it('a customer sees only their own customers (not one reached by a property alone)', async () => {
    expect(JSON.parse((await sigma(alice.email)).body)).toEqual({ customer_names: ['alpha'], customer_ids: ['A'] });
    expect(JSON.parse((await sigma(bob.email)).body)).toEqual({ customer_names: ['beta'], customer_ids: ['B'] });
  });
  it('an administrator sees every customer as parallel arrays', async () => {
    expect(JSON.parse((await sigma(admin.email)).body)).toEqual({ customer_names: ['alpha', 'alpha two', 'beta', 'empty'], customer_ids: ['A', 'A2', 'B', 'E'] });
  });
});

describe('GET /api/sigma/buildings/{customerId}', () => {
  it('401 without a token', async () => {
    expect((await buildings('A')).statusCode).toBe(401);
  });
  it('400 for an empty id', async () => {
    const r = await buildings(' ', alice.email);
    expect(r.statusCode).toBe(400);
    expect(json(r)).toEqual({ error: 'Invalid path.customerId: must not be empty' });
  });
  it('403 for another tenant and for a customer reached by a property alone, before reading properties', async () => {
    const r = await buildings('B', alice.email);
    expect(r.statusCode).toBe(403);
    expect(json(r)).toEqual({ error: 'You do not have access to customer B.' });
    expect((await buildings('A2', alice.email)).statusCode).toBe(403);
    expect(aws.callsTo(TABLES.PROPERTIES_TABLE)).toBe(0);
  });
  it('404 for an unknown customer (administrator)', async () => {
    const r = await buildings('ghost', admin.email);
    expect(r.statusCode).toBe(404);
    expect(json(r)).toEqual({ error: 'No customer with the id ghost.' });
  });
  it('the assigned properties as parallel arrays; all of them for an administrator', async () => {
    const r = await buildings('A', alice.email);
    expect(r.statusCode).toBe(200);
    expect(JSON.parse(r.body)).toEqual({
      property_names: ['Alpha North', 'Alpha West'],
      property_ids: ['A-P1', 'A-P3'],
      property_type: ['Office', 'Office'],
    });
    expect(JSON.parse((await buildings('A', admin.email)).body).property_ids).toEqual(['A-P1', 'A-P2', 'A-P3']);
  });
  it('two DynamoDB reads (the caller, the properties); a third only for an administrator asking about a customer without properties', async () => {
    await buildings('A', alice.email);
    expect(aws.ddb.calls()).toHaveLength(2);
    aws.reset();
    await buildings('A', admin.email);
    expect(aws.ddb.calls()).toHaveLength(2);
    aws.reset();
    const empty = await buildings('E', admin.email);
    expect(JSON.parse(empty.body)).toEqual({ property_names: [], property_ids: [], property_type: [] });
    expect(aws.ddb.calls()).toHaveLength(3);
  });
});
