/**
 * What the user handlers share: users as spec section 3's portal-user entity (parallel arrays of
 * names and ids, sorted by name), who may read whom, and which accounts take assignments.
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { PortalUser } from '../../contract/users.js';
import { getCustomersAndProperties } from '../../data/catalog.js';
import { getUserByEmail, type UserItem } from '../../data/users.js';
import { isStaffEmail } from '../../platform/env.js';
import { badRequest, forbidden, notFound } from '../../platform/http.js';
import { assignedScope, canSeeUser, type Scope } from '../../platform/scope.js';

/** A user with the assignments that count (a property only while its customer is assigned). */
export interface Assigned {
  email: string;
  name: string;
  customerIds: Iterable<string>;
  propertyIds: Iterable<string>;
}

export const assignedOf = (row: UserItem): Assigned => ({ email: row.email, name: row.name, ...assignedScope(row) });

export const noUser = (email: string) => notFound(`No user with the email ${email}.`);

/**
 * The user behind an email the caller may read: 403 for anyone else's (before any read), then 404.
 * The caller's own account comes from the scope the middleware already read.
 */
export async function visibleUser(db: DynamoDBDocumentClient, caller: Scope, email: string): Promise<Assigned> {
  if (!canSeeUser(caller, email)) throw forbidden('You may only read your own account.');
  if (caller.email === email && !caller.isAdmin) return caller;
  const row = await getUserByEmail(db, email);
  if (!row) throw noUser(email);
  return assignedOf(row);
}

/** The user whose assignments an administrator changes: 404 unknown, 400 for staff accounts. */
export async function assignableUser(db: DynamoDBDocumentClient, email: string): Promise<UserItem> {
  const row = await getUserByEmail(db, email);
  if (!row) throw noUser(email);
  if (isStaffEmail(row.email)) throw badRequest(`${email} is a staff account; staff accounts have no customer or property assignments.`);
  return row;
}

/** Users as portal users, in the order given; customers and properties that no longer exist drop out. */
export async function toPortalUsers(db: DynamoDBDocumentClient, users: Assigned[]): Promise<PortalUser[]> {
  const sets = users.map((u) => ({ u, customers: new Set(u.customerIds), properties: new Set(u.propertyIds) }));
  const { customers, properties } = await getCustomersAndProperties(
    db,
    sets.flatMap((s) => [...s.customers]),
    sets.flatMap((s) => [...s.properties]),
  );
  return sets.map(({ u, customers: c, properties: p }) => {
    const mine = customers.filter((x) => c.has(x.id));
    const theirs = properties.filter((x) => p.has(x.id));
    return {
      NAME: u.name,
      EMAIL: u.email,
      CUSTOMER_NAME: mine.map((x) => x.name),
      BUILDOPS_CUSTOMER_ID: mine.map((x) => x.id),
      PROPERTIES: theirs.map((x) => x.name),
      BUILDOPS_PROPERTY_IDS: theirs.map((x) => x.id),
    };
  });
}
