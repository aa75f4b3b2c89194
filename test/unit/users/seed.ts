/** Two customers with properties, an administrator and two customers' users, as the user tests expect them. */
import { put, STAFF, user } from '../accounts/fixtures.js';

export const admin = `boss@${STAFF}`;
export function seed() {
  put('customers', { id: 'c-a', name: 'alpha' }, { id: 'c-b', name: 'beta' });
  put(
    'properties',
    { id: 'p-a0', customerId: 'c-a', name: 'A zero', propertyType: 'office' },
    { id: 'p-a1', customerId: 'c-a', name: 'A one', propertyType: 'office' },
    { id: 'p-a2', customerId: 'c-a', name: 'A two', propertyType: 'office' },
    { id: 'p-b0', customerId: 'c-b', name: 'B zero', propertyType: 'school' },
    { id: 'p-b1', customerId: 'c-b', name: 'B one', propertyType: 'school' },
  );
  put(
    'accounts',
    user(admin, { name: 'boss' }),
    user('a@customer.test', { name: 'user a', customerIds: ['c-a'], properties: { 'p-a0': 'c-a', 'p-a1': 'c-a' } }),
    // p-a2's customer is not assigned to b: it does not count
    user('b@customer.test', { name: 'user b', customerIds: ['c-b'], properties: { 'p-b0': 'c-b', 'p-a2': 'c-a' } }),
  );
}
