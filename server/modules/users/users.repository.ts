import { sql } from 'kysely';
import type { DbOrTrx } from '../../db/index.js';

export interface PortalUser {
  NAME: string;
  EMAIL: string;
  CUSTOMER_NAME: string[];
  BUILDOPS_CUSTOMER_ID: string[];
  PROPERTIES: string[];
  BUILDOPS_PROPERTY_IDS: string[];
}

export function findUser(db: DbOrTrx, email: string) {
  return db.selectFrom('users').select(['id', 'email', 'name']).where('email', '=', email.trim().toLowerCase()).executeTakeFirst();
}

/**
 * Users as the portal-user entity of spec section 3. A property counts only while its customer is
 * assigned too (the rule of loadAssignments), so the answer matches what the user can see.
 */
export async function portalUsers(db: DbOrTrx, userIds?: number[]): Promise<PortalUser[]> {
  if (userIds && userIds.length === 0) return [];
  let users = db.selectFrom('users').select(['id', 'email', 'name']).orderBy('email');
  if (userIds) users = users.where('id', 'in', userIds);
  let customers = db
    .selectFrom('user_customers as uc')
    .innerJoin('customers as c', 'c.id', 'uc.customer_id')
    .select(['uc.user_id', 'c.id', 'c.name'])
    .orderBy('c.name')
    .orderBy('c.id');
  if (userIds) customers = customers.where('uc.user_id', 'in', userIds);
  let properties = db
    .selectFrom('user_properties as up')
    .innerJoin('properties as p', 'p.id', 'up.property_id')
    .innerJoin('user_customers as uc', (j) => j.onRef('uc.customer_id', '=', 'p.customer_id').onRef('uc.user_id', '=', 'up.user_id'))
    .select(['up.user_id', 'p.id', 'p.name'])
    .orderBy('p.name')
    .orderBy('p.id');
  if (userIds) properties = properties.where('up.user_id', 'in', userIds);
  const [u, c, p] = await Promise.all([users.execute(), customers.execute(), properties.execute()]);
  const byId = new Map<number, PortalUser>();
  for (const row of u)
    byId.set(row.id, { NAME: row.name, EMAIL: row.email, CUSTOMER_NAME: [], BUILDOPS_CUSTOMER_ID: [], PROPERTIES: [], BUILDOPS_PROPERTY_IDS: [] });
  for (const row of c) {
    const x = byId.get(row.user_id);
    x?.CUSTOMER_NAME.push(row.name);
    x?.BUILDOPS_CUSTOMER_ID.push(row.id);
  }
  for (const row of p) {
    const x = byId.get(row.user_id);
    x?.PROPERTIES.push(row.name);
    x?.BUILDOPS_PROPERTY_IDS.push(row.id);
  }
  return [...byId.values()];
}

/** One user as the portal-user entity, in one round trip; undefined when the email is unknown. */
export async function portalUserByEmail(db: DbOrTrx, email: string): Promise<PortalUser | undefined> {
  const row = await db
    .selectFrom('users as u')
    .select([
      'u.name',
      'u.email',
      sql<string>`(select coalesce(json_agg(json_build_array(c.id, c.name) order by c.name, c.id), '[]')::text
        from user_customers uc join customers c on c.id = uc.customer_id where uc.user_id = u.id)`.as('customers'),
      sql<string>`(select coalesce(json_agg(json_build_array(p.id, p.name) order by p.name, p.id), '[]')::text
        from user_properties up join properties p on p.id = up.property_id
        join user_customers uc on uc.customer_id = p.customer_id and uc.user_id = up.user_id
        where up.user_id = u.id)`.as('properties'),
    ])
    .where('u.email', '=', email)
    .executeTakeFirst();
  if (!row) return undefined;
  const customers = JSON.parse(row.customers) as [string, string][];
  const properties = JSON.parse(row.properties) as [string, string][];
  return {
    NAME: row.name,
    EMAIL: row.email,
    CUSTOMER_NAME: customers.map((c) => c[1]),
    BUILDOPS_CUSTOMER_ID: customers.map((c) => c[0]),
    PROPERTIES: properties.map((p) => p[1]),
    BUILDOPS_PROPERTY_IDS: properties.map((p) => p[0]),
  };
}

/** The ids among `ids` that are not customers. */
export async function missingCustomers(db: DbOrTrx, ids: string[]): Promise<string[]> {
  if (!ids.length) return [];
  const found = await db.selectFrom('customers').select('id').where('id', 'in', ids).execute();
  const have = new Set(found.map((r) => r.id));
  return ids.filter((id) => !have.has(id));
}

/** Properties by id with their customer. */
export function propertiesByIds(db: DbOrTrx, ids: string[]) {
  if (!ids.length) return Promise.resolve([]);
  return db.selectFrom('properties').select(['id', 'customer_id']).where('id', 'in', ids).execute();
}

/** Replaces a user's customers and drops property assignments outside them. */
export async function replaceCustomers(db: DbOrTrx, userId: number, customerIds: string[]) {
  await db.deleteFrom('user_customers').where('user_id', '=', userId).execute();
  if (customerIds.length)
    await db.insertInto('user_customers').values(customerIds.map((customer_id) => ({ user_id: userId, customer_id }))).execute();
  let drop = db.deleteFrom('user_properties').where('user_id', '=', userId);
  if (customerIds.length)
    drop = drop.where('property_id', 'not in', (eb) => eb.selectFrom('properties').select('id').where('customer_id', 'in', customerIds));
  await drop.execute();
}

export async function replaceProperties(db: DbOrTrx, userId: number, propertyIds: string[]) {
  await db.deleteFrom('user_properties').where('user_id', '=', userId).execute();
  if (propertyIds.length)
    await db.insertInto('user_properties').values(propertyIds.map((property_id) => ({ user_id: userId, property_id }))).execute();
}

export async function customerIdsOfUser(db: DbOrTrx, userId: number): Promise<string[]> {
  const rows = await db.selectFrom('user_customers').select('customer_id').where('user_id', '=', userId).execute();
  return rows.map((r) => r.customer_id);
}

export async function insertUser(db: DbOrTrx, email: string, name: string): Promise<number> {
  const row = await db
    .insertInto('users')
    .values({ email, name, password_hash: null, must_set_password: true })
    .onConflict((oc) => oc.column('email').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? 0;
}

export function usersByEmails(db: DbOrTrx, emails: string[]) {
  if (!emails.length) return Promise.resolve([]);
  return db.selectFrom('users').select(['id', 'email']).where('email', 'in', emails).execute();
}

export async function deleteUsers(db: DbOrTrx, ids: number[]) {
  if (ids.length) await db.deleteFrom('users').where('id', 'in', ids).execute();
}
