/**
 * The report host's reads across tables, in as few BatchGetItem calls as the keys allow (key design
 * in ./users.ts, ./properties.ts and ./report-rows/items.ts):
 * 1. the viewed user's row (by the users table's key) with the index items of the properties'
 *    datasets (which list the sks of their packed items, nothing of the rows themselves);
 * 2. after the caller's scope is checked against that row: the properties' rows (names) with the
 *    packed items their index lists, only of the properties in scope.
 * Up to 100 keys each, that is two calls for a page over a few properties; more keys take more
 * requests, sent at once. A partition without an index item (not migrated yet) is read by Query.
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../platform/env.js';
import { batchGetTables } from './batch.js';
import type { PropertyItem } from './properties.js';
import {
  firstUndatedKey,
  indexKey,
  isIndexItem,
  listedKeys,
  rowsIndex,
  rowsOf,
  rowsOfItems,
  unionProjection,
  type Dataset,
  type ReportRow,
  type ReportRowsItem,
  type RowsIndex,
} from './report-rows.js';
import type { UserItem } from './users.js';

const byName = (a: PropertyItem, b: PropertyItem) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id);
const indexKeys = (propertyIds: readonly string[], datasets: readonly Dataset[]) => [...new Set(propertyIds)].flatMap((p) => datasets.map((d) => indexKey(p, d)));

/** Call 1: a user's row by the users table's key (Cognito's sub) and the index of these properties' datasets. */
export async function userAndIndex(
  db: DynamoDBDocumentClient,
  sub: string,
  propertyIds: readonly string[],
  datasets: readonly Dataset[],
): Promise<{ user: UserItem | undefined; index: RowsIndex }> {
  const users = tableName('users');
  const rows = tableName('reportRows');
  const found = await batchGetTables(db, { [users]: sub ? [{ sub }] : [], [rows]: indexKeys(propertyIds, datasets) });
  return { user: found[users]![0] as unknown as UserItem | undefined, index: rowsIndex(found[rows]!, propertyIds, datasets) };
}

/** The index of these properties' datasets alone (a view whose properties were not known at call 1). */
export async function readIndex(db: DynamoDBDocumentClient, propertyIds: readonly string[], datasets: readonly Dataset[]): Promise<RowsIndex> {
  const rows = tableName('reportRows');
  const found = await batchGetTables(db, { [rows]: indexKeys(propertyIds, datasets) });
  return rowsIndex(found[rows]!, propertyIds, datasets);
}

/**
 * Call 2: the properties' rows (unless `properties` are known already) and these datasets' rows of
 * them, through the index; with `attributes` for a dataset, its rows carry only those.
 */
export async function propertiesAndRows(
  db: DynamoDBDocumentClient,
  propertyIds: readonly string[],
  datasets: readonly Dataset[],
  index: RowsIndex,
  attributes: Partial<Record<Dataset, readonly string[]>> = {},
  known?: readonly PropertyItem[],
): Promise<{ properties: PropertyItem[]; rows: Map<Dataset, ReportRow[]> }> {
  const properties = tableName('properties');
  const rows = tableName('reportRows');
  const { keys, unindexed } = listedKeys(index, propertyIds, datasets);
  const [found, ...queried] = await Promise.all([
    batchGetTables(
      db,
      { [properties]: known ? [] : [...new Set(propertyIds)].map((id) => ({ id })), [rows]: keys },
      { [rows]: unionProjection(datasets, attributes) },
    ),
    ...unindexed.map(({ propertyId, dataset }) => rowsOf(db, dataset, [propertyId], attributes[dataset]).then((r) => [dataset, r] as const)),
  ]);
  const byDataset = rowsOfItems(found[rows] as ReportRowsItem[], attributes);
  for (const [dataset, list] of queried) byDataset.set(dataset, [...(byDataset.get(dataset) ?? []), ...list]);
  return { properties: known ? [...known] : (found[properties] as unknown as PropertyItem[]).sort(byName), rows: byDataset };
}

/**
 * One undated dataset's rows of these properties (assets: a few dozen a property, one packed item),
 * with `attributes` only, in one BatchGetItem where each partition is one item: each property's
 * index item and the dataset's first item are asked together. A partition whose index lists more
 * items reads those next (a second call); one without an index item (not migrated yet) is read by
 * Query, as ./report-rows/read.ts does. So the Analytics rows learn their assets (issue 43) in one
 * call beside the equipment's.
 */
export async function undatedRows(db: DynamoDBDocumentClient, propertyIds: readonly string[], dataset: Dataset, attributes: readonly string[]): Promise<ReportRow[]> {
  const ids = [...new Set(propertyIds)];
  if (ids.length === 0) return [];
  const rows = tableName('reportRows');
  // The index item's `parts` rides in the same projection (no row has a column of that name).
  const read = { [rows]: unionProjection([dataset], { [dataset]: [...attributes, 'parts'] }) };
  const first = (await batchGetTables(db, { [rows]: ids.flatMap((p) => [indexKey(p, dataset), firstUndatedKey(p, dataset)]) }, read))[rows] as ReportRowsItem[];
  const index = rowsIndex(first.filter(isIndexItem), ids, [dataset]);
  const { keys, unindexed } = listedKeys(index, ids, [dataset]);
  const keyOf = (i: { propertyId: string; sk: string }) => `${i.propertyId}\u0000${i.sk}`;
  const listed = new Set(keys.map(keyOf));
  // Only items the index lists: an unindexed partition is read whole by its Query instead.
  const got = first.filter((i) => !isIndexItem(i) && listed.has(keyOf(i)));
  const have = new Set(got.map(keyOf));
  const rest = keys.filter((k) => !have.has(keyOf(k)));
  const [more, ...queried] = await Promise.all([
    rest.length ? batchGetTables(db, { [rows]: rest }, read).then((r) => r[rows] as ReportRowsItem[]) : Promise.resolve([]),
    ...unindexed.map(({ propertyId }) => rowsOf(db, dataset, [propertyId], attributes)),
  ]);
  return [...(rowsOfItems([...got, ...more], { [dataset]: attributes }).get(dataset) ?? []), ...(queried.flat() as ReportRow[])];
}
