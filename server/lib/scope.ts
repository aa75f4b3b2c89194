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
  const result = await sql<{ id: number; email: string; name: string; token_version: number; customer_ids: string[]; property_ids: string[] }>`
    select u.id, u.email, u.name, u.token_version,
      array(select uc.customer_id from user_customers uc where uc.user_id = u.id) as customer_ids,
      array(select up.property_id from user_properties up join properties p on p.id = up.property_id
            where up.user_id = u.id
              and exists (select 1 from user_customers uc where uc.user_id = up.user_id and uc.customer_id = p.customer_id)) as property_ids
    from users u where u.id = ${userId}`.execute(db);
  return result.rows[0];
}
