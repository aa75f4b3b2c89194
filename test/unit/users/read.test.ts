import { all, aws, claims, put, resetAws, user } from '../accounts/fixtures.js';
import { admin, seed } from './seed.js';
import { handler as getCustomerByEmail } from '../../../lambdas/users/get-customer-by-email.js';
import { handler as getProperty } from '../../../lambdas/users/get-property.js';
import { handler as listUsers } from '../../../lambdas/users/list-users.js';
import { handler as userCustomerByEmail } from '../../../lambdas/users/user-customer-by-email.js';
import { apiEvent, json } from '../support/events.js';

beforeEach(() => {
  resetAws();
  seed();
});

const userA = {
  NAME: 'user a',
  EMAIL: 'a@customer.test',
  CUSTOMER_NAME: ['alpha'],
  BUILDOPS_CUSTOMER_ID: ['c-a'],
  PROPERTIES: ['A one', 'A zero'],
  BUILDOPS_PROPERTY_IDS: ['p-a1', 'p-a0'],
};

describe('GET /api/users/getproperty/{email}', () => {
  const route = 'GET /api/users/getproperty/{email}';
  const call = (email: string, as?: string) => getProperty(apiEvent({ route, params: { email }, ...(as ? { claims: claims(as) } : {}) }));

  it('401 without a token, 401 for a removed user or an older token, 400 for a malformed email, 403 for another user', async () => {
    expect((await call('a@customer.test')).statusCode).toBe(401);
    expect((await call('a@customer.test', 'gone@customer.test')).statusCode).toBe(401);
    put('accounts', user('old@customer.test', { tokensValidAfter: 10 }));
    expect((await call('old@customer.test', 'old@customer.test')).statusCode).toBe(401);
    const bad = await call('not-an-email', 'a@customer.test');
    expect(bad.statusCode).toBe(400);
    expect(json(bad).error).toBe('Invalid path.email: must be an email address');
    const other = await call('a@customer.test', 'b@customer.test');
    expect(other.statusCode).toBe(403);
    expect(json(other)).toEqual({ error: 'You may only read your own account.' });
    expect((await call('nobody@customer.test', 'b@customer.test')).statusCode).toBe(403);
  });

  it('answers the own user as a one-item list of parallel arrays sorted by name, case-insensitive email', async () => {
    const r = await call('A@Customer.TEST', 'a@customer.test');
    expect(r.statusCode).toBe(200);
    expect(JSON.parse(r.body)).toEqual([userA]);
  });

  it('counts a property only while its customer is assigned; administrators read anyone, 404 for unknown', async () => {
    const b = JSON.parse((await call('b@customer.test', admin)).body);
    expect(b[0]).toMatchObject({ BUILDOPS_CUSTOMER_ID: ['c-b'], BUILDOPS_PROPERTY_IDS: ['p-b0'], PROPERTIES: ['B zero'] });
    const missing = await call('nobody@customer.test', admin);
    expect(missing.statusCode).toBe(404);
    expect(json(missing)).toEqual({ error: 'No user with the email nobody@customer.test.' });
  });

  it("reads the caller's row once: an administrator's own account comes from the middleware's read", async () => {
    aws.reset();
    const r = await call(admin, admin);
    expect(r.statusCode).toBe(200);
    expect(JSON.parse(r.body)[0]).toMatchObject({ EMAIL: admin, BUILDOPS_CUSTOMER_ID: [] });
    expect(aws.callsTo('accounts')).toBe(1);
    // Another user's row is read; the next request reads the caller's row again (nothing kept across requests).
    aws.reset();
    await call('b@customer.test', admin);
    await call(admin, admin);
    expect(aws.callsTo('accounts')).toBe(3);
  });
});

describe('GET /api/users/usercustomerbyemail and getcustomerbyemail', () => {
  it('401, 403, then the customers as parallel arrays (404 unknown for an administrator)', async () => {
    for (const [path, handler] of [
      ['usercustomerbyemail', userCustomerByEmail],
      ['getcustomerbyemail', getCustomerByEmail],
    ] as const) {
      const route = `GET /api/users/${path}/{email}`;
      const call = (email: string, as?: string) => handler(apiEvent({ route, params: { email }, ...(as ? { claims: claims(as) } : {}) }));
      expect((await call('a@customer.test')).statusCode).toBe(401);
      expect((await call('a@customer.test', 'b@customer.test')).statusCode).toBe(403);
      // usercustomerbyemail also marks the customers with a telemetry mapping (these have none).
      const mapped = (n: number) => (path === 'usercustomerbyemail' ? { TELEMETRY_MAPPED: Array<boolean>(n).fill(false) } : {});
      expect(JSON.parse((await call('a@customer.test', 'a@customer.test')).body)).toEqual({ CUSTOMER_NAME: ['alpha'], BUILDOPS_CUSTOMER_ID: ['c-a'], ...mapped(1) });
      expect(JSON.parse((await call('b@customer.test', admin)).body)).toEqual({ CUSTOMER_NAME: ['beta'], BUILDOPS_CUSTOMER_ID: ['c-b'], ...mapped(1) });
      expect((await call('nobody@customer.test', admin)).statusCode).toBe(404);
    }
  });
});

describe('GET /api/users', () => {
  const call = (as?: string) => listUsers(apiEvent({ route: 'GET /api/users', ...(as ? { claims: claims(as) } : {}) }));

  it('401 without a token, 403 for a customer', async () => {
    expect((await call()).statusCode).toBe(401);
    const r = await call('a@customer.test');
    expect(r.statusCode).toBe(403);
    expect(json(r)).toEqual({ error: 'Only administrators may list users.' });
  });

  it('answers every user by email, with their assignments', async () => {
    const r = await call(admin);
    expect(r.statusCode).toBe(200);
    const users = JSON.parse(r.body) as { EMAIL: string }[];
    expect(users.map((u) => u.EMAIL)).toEqual(['a@customer.test', 'b@customer.test', admin]);
    expect(users[0]).toEqual(userA);
    expect(users[1]).toMatchObject({ BUILDOPS_CUSTOMER_ID: ['c-b'], PROPERTIES: ['B zero'] });
    expect(all('accounts')).toHaveLength(3);
  });
});
