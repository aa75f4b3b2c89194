/**
 * What the built-in report host's data calls share: the embed token from `Authorization: Bearer`
 * checked (401), the users table checked again (403), and the rows of the properties in scope read
 * (one Query per property and dataset, all in parallel).
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { isPage, messages, type PageName } from '../contract/reports.js';
import { allProperties, getProperties } from '../data/properties.js';
import { rowsOf, type Dataset } from '../data/report-rows.js';
import { HttpError } from '../http.js';
import { verifyEmbedToken, type EmbedClaims } from './embed-token.js';
import type { PageInput } from './pages.js';
import { resolveEmbedScope, type DataScope } from './view-scope.js';

export interface EmbedAccess {
  claims: EmbedClaims;
  page: PageName;
  scope: DataScope;
}

/** The caller's embed token and the scope it may show now. */
export async function authorizeEmbed(db: DynamoDBDocumentClient, headers: Record<string, string>): Promise<EmbedAccess> {
  const match = /^Bearer\s+(\S+)$/i.exec(headers.authorization ?? '');
  const claims = match ? await verifyEmbedToken(match[1]!) : null;
  if (!claims || !isPage(claims.page)) throw new HttpError(401, messages.embedInvalid);
  const scope = await resolveEmbedScope(db, claims);
  if (!scope) throw new HttpError(403, messages.embedNoAccess);
  return { claims, page: claims.page, scope };
}

/**
 * The properties in scope (with their names) and the given datasets' rows of them. An
 * administrator's own view reads every property first; a narrowed view reads the properties and the
 * rows at the same time.
 */
export async function loadPageInput(
  db: DynamoDBDocumentClient,
  scope: DataScope,
  datasets: readonly Dataset[],
  attributes: Partial<Record<Dataset, string[]>> = {},
  now = Date.now(),
): Promise<PageInput> {
  const propertiesP = scope.all ? allProperties(db) : getProperties(db, scope.propertyIds);
  const ids = scope.all ? (await propertiesP).map((p) => p.id) : scope.propertyIds;
  const [properties, ...lists] = await Promise.all([propertiesP, ...datasets.map((d) => rowsOf(db, d, ids, attributes[d]))]);
  const names = new Map(properties.map((p) => [p.id, p.name]));
  const input: PageInput = { names, now };
  datasets.forEach((d, i) => {
    // Rows of a property that no longer exists are not shown (the old join on properties).
    (input as unknown as Record<Dataset, unknown[]>)[d] = lists[i]!.filter((r) => names.has(r.propertyId));
  });
  return input;
}
