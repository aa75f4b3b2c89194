import { all, claims, get, put, resetAws, STAFF, subOf, user } from '../accounts/fixtures.js';
import { handler as putCustomers } from '../../../lambdas/users/put-customers.js';
import { handler as putProperties } from '../../../lambdas/users/put-properties.js';
import { apiEvent, json } from '../support/events.js';
import { admin, seed } from './seed.js';

const customers = (email: string, body: unknown, as?: string) =>
  putCustomers(apiEvent({ route: 'PUT /api/users/{email}/customers', params: { email }, body, ...(as ? { claims: claims(as) } : {}) }));
const properties = (email: string, body: unknown, as?: string) =>
  putProperties(apiEvent({ route: 'PUT /api/users/{email}/properties', params: { email }, body, ...(as ? { claims: claims(as) } : {}) }));

beforeEach(() => {
  resetAws();
  seed();
  put('accounts', user('u@customer.test', { customerIds: ['c-a', 'c-b'], properties: { 'p-a0': 'c-a', 'p-b0': 'c-b' } }));
});

describe('PUT /api/users/{email}/customers and /properties', () => {
  it('401, 400, 403, 404 and 400 for staff before anything changes', async () => {
    expect((await customers('u@customer.test', { customers: [] })).statusCode).toBe(401);
    const typed = await customers('u@customer.test', { customers: 'x' }, admin);
    expect(typed.statusCode).toBe(400);
    expect(json(typed).error).toMatch(/^Invalid body\.customers: /);
    expect(json(await customers('u@customer.test', { customers: [{ ID: 'nope' }] }, admin))).toEqual({ error: 'Invalid body.customers: unknown customer id nope.' });
    expect((await customers('u@customer.test', { customers: [] }, 'a@customer.test')).statusCode).toBe(403);
    expect((await properties('u@customer.test', { properties: [] }, 'a@customer.test')).statusCode).toBe(403);
    const unknown = await customers('nobody@customer.test', { customers: [] }, admin);
    expect(unknown.statusCode).toBe(404);
    expect(json(unknown)).toEqual({ error: 'No user with the email nobody@customer.test.' });
    const staff = await customers(admin, { customers: [{ ID: 'c-a' }] }, admin);
    expect(staff.statusCode).toBe(400);
    expect(json(staff)).toEqual({ error: `${admin} is a staff account; staff accounts have no customer or property assignments.` });
    expect(get('accounts', subOf('u@customer.test'))!.customerIds).toEqual(['c-a', 'c-b']);
    expect(all('audit')).toEqual([]);
  });

  it('replaces customers in one write, dropping properties outside them, and audits', async () => {
    const r = await customers('U@customer.test', { customers: [{ ID: 'c-b', NAME: 'beta' }] }, admin);
    expect(r.statusCode).toBe(200);
    expect(json(r)).toEqual({ message: 'Customers and Properties updated successfully!', BUILDOPS_CUSTOMER_ID: ['c-b'], BUILDOPS_PROPERTY_IDS: ['p-b0'] });
    expect(get('accounts', subOf('u@customer.test'))).toMatchObject({ customerIds: ['c-b'], properties: { 'p-b0': 'c-b' } });
    expect(all('audit').map((e) => `${e.action} ${e.target} ${e.actorEmail}`)).toEqual([`user.customers u@customer.test ${admin}`]);
  });

  it('stores and answers customers in name order', async () => {
    const r = await customers('u@customer.test', { customers: [{ ID: 'c-b' }, { ID: 'c-a' }, { ID: 'c-b' }] }, admin);
    expect(json(r).BUILDOPS_CUSTOMER_ID).toEqual(['c-a', 'c-b']);
    expect(json(r).BUILDOPS_PROPERTY_IDS).toEqual(['p-a0', 'p-b0']);
  });

  it('refuses unknown properties and properties of customers the user lacks', async () => {
    await customers('u@customer.test', { customers: [{ ID: 'c-b' }] }, admin);
    const outside = await properties('u@customer.test', { properties: [{ ID: 'p-a1' }] }, admin);
    expect(outside.statusCode).toBe(400);
    expect(json(outside)).toEqual({ error: 'Invalid body.properties: p-a1 belong to no customer of u@customer.test; assign the customer first.' });
    expect(json(await properties('u@customer.test', { properties: [{ ID: 'no-such' }] }, admin))).toEqual({
      error: 'Invalid body.properties: unknown property id no-such.',
    });
    expect(get('accounts', subOf('u@customer.test'))!.properties).toEqual({ 'p-b0': 'c-b' });
  });

  it('replaces properties and answers the saved state sorted by property name', async () => {
    await customers('u@customer.test', { customers: [{ ID: 'c-b' }] }, admin);
    const r = await properties('u@customer.test', { properties: [{ ID: 'p-b0', NAME: 'B zero' }, { ID: 'p-b1' }] }, admin);
    expect(r.statusCode).toBe(200);
    expect(json(r)).toEqual({ message: 'Customers and Properties updated successfully!', BUILDOPS_CUSTOMER_ID: ['c-b'], BUILDOPS_PROPERTY_IDS: ['p-b1', 'p-b0'] });
    expect(get('accounts', subOf('u@customer.test'))!.properties).toEqual({ 'p-b0': 'c-b', 'p-b1': 'c-b' });
    expect(all('audit').map((e) => e.action)).toEqual(['user.customers', 'user.properties']);
  });

  it(`refuses a staff account's properties too`, async () => {
    put('accounts', user(`helper@${STAFF}`));
    expect((await properties(`helper@${STAFF}`, { properties: [] }, admin)).statusCode).toBe(400);
  });
});
