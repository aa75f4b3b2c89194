/**
 * Whose report view a request is, and what it may show: the scope rules of the reports area.
 * Filters always come from the viewed user's assignments in the users table; what the client sends
 * only narrows them.
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { messages, type FilteredBody } from '../../contract/reports.js';
import { allProperties, getProperties, propertiesOfCustomers, type PropertyItem } from '../../data/properties.js';
import { getUserByEmail, type UserItem } from '../../data/users.js';
import { isStaffEmail } from '../../platform/env.js';
import { badRequest, forbidden, notFound } from '../../platform/http.js';
import { assignedScope, type Scope } from '../../platform/scope.js';
import type { EmbedClaims } from './embed-token.js';

export interface ViewedUser {
  /** The users table's key of the account (Cognito's sub). */
  sub: string;
  userId: string;
  email: string;
  isStaff: boolean;
  /** Assigned properties (whose customer is assigned too) -> their customer. */
  properties: ReadonlyMap<string, string>;
  customerCount: number;
}

/** The filters of a report view: everything (an administrator's own, unnarrowed view) or these ids. */
export interface ViewScope {
  all: boolean;
  customerIds: string[];
  propertyIds: string[];
}

/** Which rows a page may show: everything (an administrator's own view) or the listed properties. */
export type DataScope = { all: true } | { all: false; propertyIds: string[] };

function assigned(row: { customerIds?: string[]; properties?: Record<string, string> }) {
  const { customerIds, propertyIds } = assignedScope(row);
  const properties = new Map([...propertyIds].map((p) => [p, row.properties![p]!]));
  return { properties, customerCount: customerIds.size };
}

/**
 * Whose view this is: a customer only their own; an administrator their own or, viewing as, any
 * non-staff user. One GetItem of the viewed user's row (for an administrator's own view, none).
 */
export async function resolveViewedUser(
  db: DynamoDBDocumentClient,
  caller: Scope,
  body: Pick<FilteredBody, 'email' | 'userId'>,
): Promise<ViewedUser> {
  let viewed: ViewedUser;
  if (body.email === caller.email) {
    // The caller's own assignments come from the scope the middleware read (an administrator's own
    // view has none and needs none).
    viewed = { sub: caller.sub, userId: caller.userId, email: caller.email, isStaff: caller.isAdmin, properties: caller.propertyCustomers, customerCount: caller.customerIds.size };
  } else {
    if (!caller.isAdmin) throw forbidden(messages.ownViewOnly);
    const row = await getUserByEmail(db, body.email);
    if (!row) throw notFound(messages.unknownUser);
    if (isStaffEmail(row.email)) throw forbidden(messages.staffView);
    viewed = { sub: row.sub, userId: row.userId, email: row.email, isStaff: false, ...assigned(row) };
  }
  const userId = body.userId;
  if (userId !== undefined && userId !== null && userId !== '' && String(userId) !== viewed.userId) throw badRequest(messages.userIdMismatch);
  return viewed;
}

const byCustomerThenId = (a: { customerId: string; id: string }, b: { customerId: string; id: string }) =>
  a.customerId < b.customerId ? -1 : a.customerId > b.customerId ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;

function toScope(rows: { id: string; customerId: string }[]): ViewScope {
  if (!rows.length) throw forbidden(messages.nothingInScope);
  rows.sort(byCustomerThenId);
  return { all: false, customerIds: [...new Set(rows.map((r) => r.customerId))], propertyIds: rows.map((r) => r.id) };
}

/**
 * The viewed user's filters; the body's customers and properties only narrow them. A non-staff user
 * with nothing assigned, or a narrowing that leaves nothing, is refused (403): never an unfiltered
 * report. A customer's scope comes from their own row (no read); an administrator's narrowing reads
 * the properties it names.
 */
export async function resolveViewScope(db: DynamoDBDocumentClient, viewed: ViewedUser, narrow: { customers: string[]; properties: string[] }): Promise<ViewScope> {
  const customers = new Set(narrow.customers);
  const properties = new Set(narrow.properties);
  if (!viewed.isStaff) {
    if (viewed.customerCount === 0 || viewed.properties.size === 0) throw forbidden(messages.noAssignments);
    const rows = [...viewed.properties]
      .map(([id, customerId]) => ({ id, customerId }))
      .filter((r) => (!customers.size || customers.has(r.customerId)) && (!properties.size || properties.has(r.id)));
    return toScope(rows);
  }
  if (!customers.size && !properties.size) return { all: true, customerIds: [], propertyIds: [] };
  const found: PropertyItem[] = properties.size ? await getProperties(db, properties) : await propertiesOfCustomers(db, customers);
  return toScope(found.filter((p) => !customers.size || customers.has(p.customerId)).map((p) => ({ id: p.id, customerId: p.customerId })));
}

/** Every customer and property id that has a property (an administrator's own view, for Sigma's user attributes). */
export async function everyId(db: DynamoDBDocumentClient): Promise<{ customerIds: string[]; propertyIds: string[] }> {
  const all = (await allProperties(db)).map((p) => ({ id: p.id, customerId: p.customerId }));
  const ids = (xs: string[]) => [...new Set(xs)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return { customerIds: ids(all.map((p) => p.customerId)), propertyIds: ids(all.map((p) => p.id)) };
}

/**
 * What a built-in page may show now: the token's scope, checked again against the viewed user's row
 * as read now (undefined: gone). The row must still be the same account with the same email; a
 * customer's properties must still be assigned. null when nothing may be shown.
 */
export function embedScopeOf(user: UserItem | undefined, claims: EmbedClaims): DataScope | null {
  if (!user || user.userId !== claims.uid || user.email !== claims.sub.toLowerCase()) return null;
  if (isStaffEmail(user.email)) return claims.all ? { all: true } : claims.p.length ? { all: false, propertyIds: claims.p } : null;
  if (claims.all) return null;
  const { propertyIds: now } = assignedScope(user);
  const propertyIds = claims.p.filter((p) => now.has(p));
  return propertyIds.length ? { all: false, propertyIds } : null;
}
