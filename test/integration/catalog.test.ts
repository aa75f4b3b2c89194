/** The catalogue calls through the local stack over HTTP (the old server's catalogue tests, ported). */
import { jest } from '@jest/globals';
import { createTestUser, putCustomer, putProperty, request, signIn, startTestStack, type TestStack } from '../support/local-stack.js';

jest.setTimeout(60_000);

const PASSWORD = 'Passw0rd1';
let t: TestStack;
let admin: string;
let a: string;
let b: string;

const get = (url: string, token?: string) => request('GET', url, { token });
const post = (url: string, token: string | undefined, body: unknown) => request('POST', url, { token, body });

beforeAll(async () => {
  t = await startTestStack();
  await putCustomer({ id: 'C-A', name: 'alpha' });
  await putCustomer({ id: 'C-A2', name: 'alpha two' });
  await putCustomer({ id: 'C-B', name: 'beta' });
  for (const [id, customerId, name] of [
    ['P-A0', 'C-A', 'A zero'],
    ['P-A1', 'C-A', 'A one'],
    ['P-A2', 'C-A', 'A two'],
    ['P-A2-0', 'C-A2', 'A2 zero'],
    ['P-B0', 'C-B', 'B zero'],
    ['P-B1', 'C-B', 'B one'],
  ] as const)
    await putProperty({ id, customerId, name, propertyType: 'Office' });
  await createTestUser({ email: 'boss@staff.test', password: PASSWORD });
  // A property of C-A2 assigned without its customer: it must not count.
  await createTestUser({ email: 'a@customer-a.test', password: PASSWORD, customers: ['C-A'], properties: ['P-A0', 'P-A2', 'P-A2-0'] });
  await createTestUser({ email: 'b@customer-b.test', password: PASSWORD, customers: ['C-B'], properties: ['P-B0'] });
  [admin, a, b] = await Promise.all([signIn('boss@staff.test', PASSWORD), signIn('a@customer-a.test', PASSWORD), signIn('b@customer-b.test', PASSWORD)]);
});
afterAll(async () => t?.stop());

describe('GET /api/users/customers/', () => {
  it('401, 403 for a customer, then every customer as { ID, NAME } (with and without the slash)', async () => {
    expect((await get('/api/users/customers/')).status).toBe(401);
    expect((await get('/api/users/customers/', a)).status).toBe(403);
    for (const url of ['/api/users/customers', '/api/users/customers/']) {
      const res = await get(url, admin);
      expect(res.status).toBe(200);
      expect(res.json).toEqual([
        { ID: 'C-A', NAME: 'alpha' },
        { ID: 'C-A2', NAME: 'alpha two' },
        { ID: 'C-B', NAME: 'beta' },
      ]);
    }
  });
});

describe('POST /api/users/customers/properties', () => {
  it('401, 400, 403 for another tenant, 404 unknown for an administrator', async () => {
    expect((await post('/api/users/customers/properties', undefined, { customerIds: ['C-A'] })).status).toBe(401);
    expect((await post('/api/users/customers/properties', a, { customerIds: 'C-A' })).status).toBe(400);
    expect(((await post('/api/users/customers/properties', a, {})).json as { error: string }).error).toMatch(/customerIds/);
    const other = await post('/api/users/customers/properties', a, { customerIds: ['C-A', 'C-B'] });
    expect(other.status).toBe(403);
    expect(other.json).toEqual({ error: 'You do not have access to customer C-B.' });
    expect((await post('/api/users/customers/properties', b, { customerIds: ['C-A'] })).status).toBe(403);
    const ghost = await post('/api/users/customers/properties', admin, { customerIds: ['ghost'] });
    expect(ghost.status).toBe(404);
    expect(ghost.json).toEqual({ error: 'No customer with the id ghost.' });
  });

  it('gives a customer only their assigned properties, an administrator all', async () => {
    const mine = await post('/api/users/customers/properties', a, { customerIds: ['C-A'] });
    expect(mine.json).toEqual([
      { ID: 'P-A2', NAME: 'A two', PROPERTY_TYPE: 'Office', CUSTOMER_ID: 'C-A' },
      { ID: 'P-A0', NAME: 'A zero', PROPERTY_TYPE: 'Office', CUSTOMER_ID: 'C-A' },
    ]);
    expect((await post('/api/users/customers/properties', admin, { customerIds: ['C-A', 'C-B'] })).json).toHaveLength(5);
    expect((await post('/api/users/customers/properties', a, { customerIds: [] })).json).toEqual([]);
  });
});

describe('GET /api/sigma/customers', () => {
  it('401, then a customer sees only their own, an administrator all', async () => {
    expect((await get('/api/sigma/customers')).status).toBe(401);
    expect((await get('/api/sigma/customers', a)).json).toEqual({ customer_names: ['alpha'], customer_ids: ['C-A'] });
    expect((await get('/api/sigma/customers', b)).json).toEqual({ customer_names: ['beta'], customer_ids: ['C-B'] });
    expect((await get('/api/sigma/customers', admin)).json).toEqual({ customer_names: ['alpha', 'alpha two', 'beta'], customer_ids: ['C-A', 'C-A2', 'C-B'] });
  });
});

describe('GET /api/sigma/buildings/{customerId}', () => {
  it('401, 403 for another tenant (and for a property-only assignment), 404 unknown for an administrator', async () => {
    expect((await get('/api/sigma/buildings/C-A')).status).toBe(401);
    expect((await get('/api/sigma/buildings/C-B', a)).status).toBe(403);
    expect((await get('/api/sigma/buildings/C-A2', a)).status).toBe(403);
    expect((await get('/api/sigma/buildings/C-A', b)).status).toBe(403);
    expect((await get('/api/sigma/buildings/ghost', admin)).status).toBe(404);
  });

  it('answers the assigned properties as parallel arrays', async () => {
    expect((await get('/api/sigma/buildings/C-A', a)).json).toEqual({
      property_names: ['A two', 'A zero'],
      property_ids: ['P-A2', 'P-A0'],
      property_type: ['Office', 'Office'],
    });
    expect(((await get('/api/sigma/buildings/C-A', admin)).json as { property_ids: string[] }).property_ids).toHaveLength(3);
  });
});
