import { sql } from 'kysely';
import type { DbOrTrx } from '../db/index.js';

/** What a caller may see: an administrator sees everything; a customer only their assignments. */
export interface Scope {
  isAdmin: boolean;
  userId: number;
  email: string;
  /** Assigned customer ids (empty for administrators, who are not limited by them). */
  customerIds: ReadonlySet<string>;
  /** Assigned properties that belong to one of the assigned customers. */
  propertyIds: ReadonlySet<string>;
}

/** Loads a user's assignments; properties count only when their customer is assigned too. */
export async function loadAssignments(db: DbOrTrx, userId: number) {
  const customers = await db
    .selectFrom('user_customers')
    .select('customer_id')
    .where('user_id', '=', userId)
    .execute();
  const properties = await db
    .selectFrom('user_properties as up')
    .innerJoin('properties as p', 'p.id', 'up.property_id')
    .innerJoin('user_customers as uc', (j) => j.onRef('uc.customer_id', '=', 'p.customer_id').onRef('uc.user_id', '=', 'up.user_id'))
    .select('up.property_id')
    .where('up.user_id', '=', userId)
    .execute();
  return {
    customerIds: new Set(customers.map((c) => c.customer_id)),
    propertyIds: new Set(properties.map((p) => p.property_id)),
  };
}

export const canSeeCustomer = (scope: Scope, customerId: string) => scope.isAdmin || scope.customerIds.has(customerId);
export const canSeeProperty = (scope: Scope, propertyId: string) => scope.isAdmin || scope.propertyIds.has(propertyId);
/** A customer may read their own account's data; an administrator anyone's. */
export const canSeeUser = (scope: Scope, email: string) => scope.isAdmin || scope.email === email.toLowerCase();

/** The user row and their assignments in one round trip: what the authentication hook needs. */
export async function loadCaller(db: DbOrTrx, userId: number) {
  const row = await db
    .selectFrom('users as u')
    .select((eb) => [
      'u.id',
      'u.email',
      'u.name',
      'u.token_version',
      eb
        .selectFrom('user_customers as uc')
        .select(sql<string[]>`coalesce(array_agg(uc.customer_id), '{}')`.as('ids'))
        .whereRef('uc.user_id', '=', 'u.id')
        .as('customer_ids'),
      eb
        .selectFrom('user_properties as up')
        .innerJoin('properties as p', 'p.id', 'up.property_id')
        .innerJoin('user_customers as uc2', (j) => j.onRef('uc2.customer_id', '=', 'p.customer_id').onRef('uc2.user_id', '=', 'up.user_id'))
        .select(sql<string[]>`coalesce(array_agg(up.property_id), '{}')`.as('ids'))
        .whereRef('up.user_id', '=', 'u.id')
        .as('property_ids'),
    ])
    .where('u.id', '=', userId)
    .executeTakeFirst();
  if (!row) return undefined;
  return { ...row, customer_ids: row.customer_ids ?? [], property_ids: row.property_ids ?? [] };
}
