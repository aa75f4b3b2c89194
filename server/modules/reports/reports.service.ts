import { isStaffEmail, type Config } from '../../config.js';
import type { DbOrTrx } from '../../db/index.js';
import { HttpError } from '../../lib/http-error.js';
import { loadAssignments } from '../../lib/scope.js';
import type { AuthUser } from '../../app.js';
import type { EmbedClaims } from './embed-token.js';
import type { DataScope } from './embed.pages.js';
import { messages, type FilteredBody } from './reports.schema.js';

export interface ViewedUser {
  id: number;
  email: string;
  isStaff: boolean;
}

/** The filters of a report view: everything (an administrator's own, unnarrowed view) or these ids. */
export interface ViewScope {
  all: boolean;
  customerIds: string[];
  propertyIds: string[];
}

/**
 * Whose view this is: a customer only their own; an administrator their own or, viewing as, any
 * non-staff user. The caller's session was already checked against the database by the /api hook.
 */
export async function resolveViewedUser(db: DbOrTrx, config: Pick<Config, 'staffDomains'>, caller: AuthUser, body: FilteredBody): Promise<ViewedUser> {
  let viewed: ViewedUser;
  if (body.email === caller.email) viewed = { id: caller.id, email: caller.email, isStaff: caller.isAdmin };
  else {
    if (!caller.isAdmin) throw new HttpError(403, messages.ownViewOnly);
    const row = await db.selectFrom('users').select(['id', 'email']).where('email', '=', body.email).executeTakeFirst();
    if (!row) throw new HttpError(404, messages.unknownUser);
    if (isStaffEmail(config, row.email)) throw new HttpError(403, messages.staffView);
    viewed = { id: row.id, email: row.email, isStaff: false };
  }
  const userId = body.userId;
  if (userId !== undefined && userId !== null && userId !== '' && String(userId) !== String(viewed.id)) throw new HttpError(400, messages.userIdMismatch);
  return viewed;
}

/**
 * The viewed user's filters, from their assignments in the database; the body's customers and
 * properties only narrow them. A non-staff user with nothing assigned, or a narrowing that leaves
 * nothing, is refused (403): never an unfiltered report.
 */
export async function resolveViewScope(db: DbOrTrx, viewed: ViewedUser, narrow: { customers: string[]; properties: string[] }): Promise<ViewScope> {
  let allowed: string[] | null = null;
  if (!viewed.isStaff) {
    const a = await loadAssignments(db, viewed.id);
    if (a.customerIds.size === 0 || a.propertyIds.size === 0) throw new HttpError(403, messages.noAssignments);
    allowed = [...a.propertyIds];
  } else if (!narrow.customers.length && !narrow.properties.length) {
    return { all: true, customerIds: [], propertyIds: [] };
  }
  let q = db.selectFrom('properties').select(['id', 'customer_id']);
  if (allowed) q = q.where('id', 'in', allowed);
  if (narrow.customers.length) q = q.where('customer_id', 'in', narrow.customers);
  if (narrow.properties.length) q = q.where('id', 'in', narrow.properties);
  const rows = await q.orderBy('customer_id').orderBy('id').execute();
  if (!rows.length) throw new HttpError(403, messages.nothingInScope);
  return { all: false, customerIds: [...new Set(rows.map((r) => r.customer_id))], propertyIds: rows.map((r) => r.id) };
}

/** Every customer and property id (an administrator's own view, for Sigma's user attributes). */
export async function everyId(db: DbOrTrx): Promise<{ customerIds: string[]; propertyIds: string[] }> {
  const customers = await db.selectFrom('customers').select('id').orderBy('id').execute();
  const properties = await db.selectFrom('properties').select('id').orderBy('id').execute();
  return { customerIds: customers.map((c) => c.id), propertyIds: properties.map((p) => p.id) };
}

/**
 * What a built-in page may show now: the token's scope, checked again against the database (the
 * viewed user must still exist with that email; a customer's properties must still be assigned).
 * null when nothing may be shown.
 */
export async function resolveEmbedScope(db: DbOrTrx, config: Pick<Config, 'staffDomains'>, claims: EmbedClaims): Promise<DataScope | null> {
  const user = await db.selectFrom('users').select(['id', 'email']).where('id', '=', claims.uid).executeTakeFirst();
  if (!user || user.email !== claims.sub) return null;
  if (isStaffEmail(config, user.email)) return claims.all ? { all: true } : claims.p.length ? { all: false, propertyIds: claims.p } : null;
  if (claims.all) return null;
  const a = await loadAssignments(db, user.id);
  const propertyIds = claims.p.filter((p) => a.propertyIds.has(p));
  return propertyIds.length ? { all: false, propertyIds } : null;
}
