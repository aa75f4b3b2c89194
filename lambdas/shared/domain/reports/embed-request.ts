/**
 * What the built-in report host's data calls share: the embed token from `Authorization: Bearer`
 * checked (401), the users table checked again (403), and the rows of the properties in scope read.
 * Two BatchGetItem calls for a page over a few properties (./data/report-reads.ts): the viewed
 * user's row with the index of the token's properties (sks only, nothing shown), then, only for the
 * properties still in scope, their names with the rows; a third, of the customers' names, only when
 * those properties are of several customers.
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { isPage, messages, type PageName } from '../../contract/reports.js';
import { titleCase } from '../../contract/writing.js';
import { getCustomers } from '../../data/customers.js';
import { allProperties, type PropertyItem } from '../../data/properties.js';
import { propertiesAndRows, readIndex, userAndIndex } from '../../data/report-reads.js';
import { unread, type Dataset, type RowsIndex } from '../../data/report-rows.js';
import { getUserByEmail } from '../../data/users.js';
import { HttpError } from '../../platform/http.js';
import { verifyEmbedToken, type EmbedClaims } from './embed-token.js';
import type { PageInput } from './pages.js';
import { embedScopeOf, type DataScope } from './view-scope.js';

export interface EmbedAccess {
  claims: EmbedClaims;
  page: PageName;
  scope: DataScope;
  /** The index of the token's properties' datasets, read with the user's row. */
  index: RowsIndex;
}

/** The caller's embed token and the scope it may show now; `datasetsOf` names what the page will read. */
export async function authorizeEmbed(db: DynamoDBDocumentClient, headers: Record<string, string>, datasetsOf: (page: PageName) => readonly Dataset[]): Promise<EmbedAccess> {
  const match = /^Bearer\s+(\S+)$/i.exec(headers.authorization ?? '');
  const claims = match ? await verifyEmbedToken(match[1]!) : null;
  if (!claims || !isPage(claims.page)) throw new HttpError(401, messages.embedInvalid);
  const { user, index } = claims.acct
    ? await userAndIndex(db, claims.acct, claims.all ? [] : claims.p, datasetsOf(claims.page))
    : { user: await getUserByEmail(db, claims.sub), index: new Map() as RowsIndex };
  const scope = embedScopeOf(user, claims);
  if (!scope) throw new HttpError(403, messages.embedNoAccess);
  return { claims, page: claims.page, scope, index };
}

/**
 * The properties in scope (with their names) and the given datasets' rows of them. An
 * administrator's own view reads every property first (and then their index).
 */
export async function loadPageInput(
  db: DynamoDBDocumentClient,
  access: Pick<EmbedAccess, 'scope' | 'index'> & { claims?: Pick<EmbedClaims, 'df' | 'dt'> },
  datasets: readonly Dataset[],
  attributes: Partial<Record<Dataset, string[]>> = {},
  now = Date.now(),
): Promise<PageInput> {
  const { scope } = access;
  const known: PropertyItem[] | undefined = scope.all ? await allProperties(db) : undefined;
  const ids = scope.all ? known!.map((p) => p.id) : scope.propertyIds;
  const missing = unread(access.index, ids, datasets);
  const index = missing.length ? new Map([...access.index, ...(await readIndex(db, missing, datasets))]) : access.index;
  const { properties, rows } = await propertiesAndRows(db, ids, datasets, index, attributes, known);
  const names = new Map(properties.map((p) => [p.id, p.name]));
  const input: PageInput = { names, now };
  // Properties of several customers: their customers' names, for each customer's part of the money (issue 39).
  const customerIds = new Set(properties.map((p) => p.customerId));
  if (customerIds.size > 1) {
    const customers = new Map((await getCustomers(db, customerIds)).map((c) => [c.id, { id: c.id, name: titleCase(c.name) }]));
    input.customerOf = new Map(properties.map((p) => [p.id, customers.get(p.customerId) ?? { id: p.customerId, name: p.customerId }]));
  }
  const { df, dt } = access.claims ?? {};
  if (df && dt) input.period = { from: df, to: dt };
  for (const d of datasets) {
    // Rows of a property that no longer exists are not shown (the old join on properties).
    (input as unknown as Record<Dataset, unknown[]>)[d] = (rows.get(d) ?? []).filter((r) => names.has(r.propertyId));
  }
  return input;
}
