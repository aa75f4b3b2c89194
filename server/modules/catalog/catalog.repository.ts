import type { DbOrTrx } from '../../db/index.js';

/** Customers ordered by name; all of them, or only the given ids. */
export function listCustomers(db: DbOrTrx, ids?: string[]) {
  if (ids && !ids.length) return Promise.resolve([]);
  let q = db.selectFrom('customers').select(['id', 'name']).orderBy('name').orderBy('id');
  if (ids) q = q.where('id', 'in', ids);
  return q.execute();
}

/** Properties of the given customers, ordered by name. */
export function propertiesOfCustomers(db: DbOrTrx, customerIds: string[]) {
  if (!customerIds.length) return Promise.resolve([]);
  return db
    .selectFrom('properties')
    .select(['id', 'name', 'property_type', 'customer_id'])
    .where('customer_id', 'in', customerIds)
    .orderBy('name')
    .orderBy('id')
    .execute();
}
