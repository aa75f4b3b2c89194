/**
 * report-rows, the reads: a page's datasets through the index items, a partition by Query, one row
 * (item layout: ./items.ts).
 *
 * Access patterns:
 * - the datasets of some properties (a report page): BatchGetItem of their index items, then
 *   BatchGetItem of the listed items (100 keys a request): two calls for up to 100 items, however
 *   many properties and datasets (../report-reads.ts adds the user and property rows to the same calls)
 * - one dataset of one property (unindexed partitions, writers): Query propertyId = :p AND
 *   begins_with(sk, '<dataset>#')
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { queryAll } from '../batch.js';
import { INDEX, KEY_FIELDS, slot, table, unpackItem } from './items.js';
import type { Dataset, ReportRow, ReportRowsItem, RowOf } from './rows.js';

/** The projection of `attributes` (plus the keys, id and rev): names as placeholders, since several are reserved words. */
function projection(attributes: readonly string[] | undefined) {
  if (!attributes) return {};
  const names = [...new Set(['propertyId', 'sk', 'rev', 'id', ...attributes.filter((a) => !KEY_FIELDS.has(a))])];
  return {
    ProjectionExpression: names.map((_, i) => `#a${i}`).join(', '),
    ExpressionAttributeNames: Object.fromEntries(names.map((n, i) => [`#a${i}`, n])),
  };
}

export const partitionItems = (db: DynamoDBDocumentClient, propertyId: string, dataset: Dataset, extra: object = {}) =>
  queryAll<ReportRowsItem>(db, {
    TableName: table(),
    KeyConditionExpression: 'propertyId = :p AND begins_with(sk, :d)',
    ExpressionAttributeValues: { ':p': propertyId, ':d': `${dataset}#` },
    ...extra,
  });

/**
 * One dataset's rows of the given properties (one Query per property, in parallel). With
 * `attributes`, only those (and dataset, id, propertyId) are read: the rows then carry nothing
 * else, so the caller must read no other field.
 */
export async function rowsOf<D extends Dataset>(
  db: DynamoDBDocumentClient,
  dataset: D,
  propertyIds: Iterable<string>,
  attributes?: readonly string[],
): Promise<RowOf<D>[]> {
  const lists = await Promise.all([...new Set(propertyIds)].map((p) => partitionItems(db, p, dataset, projection(attributes))));
  const out: RowOf<D>[] = [];
  for (const items of lists) for (const item of items) for (const row of unpackItem(item)) out.push(row as RowOf<D>);
  return out;
}

// ---- reading through the index -----------------------------------------------------------------

/** Where a property's dataset is: the sks its index lists, or null when it has no index item (read by Query). */
export type RowsIndex = ReadonlyMap<string, readonly string[] | null>;

/** A string set as read (the SDK's Set; any iterable of strings), or [] when absent. */
const strings = (v: unknown): string[] => (v && typeof v === 'object' && Symbol.iterator in v ? [...(v as Iterable<unknown>)].map(String) : []);

/** The index of these properties' datasets from the index items read (absent items: null). */
export function rowsIndex(items: readonly Record<string, unknown>[], propertyIds: readonly string[], datasets: readonly Dataset[]): RowsIndex {
  const found = new Map(items.map((i) => [`${String(i.propertyId)}\u0000${String(i.sk).slice(INDEX.length)}`, i.parts]));
  const index = new Map<string, readonly string[] | null>();
  for (const p of propertyIds)
    for (const d of datasets) {
      const k = slot(p, d);
      const parts = found.get(k);
      index.set(k, found.has(k) ? strings(parts) : null);
    }
  return index;
}

/** The properties whose index of some of these datasets was not read. */
export const unread = (index: RowsIndex, propertyIds: readonly string[], datasets: readonly Dataset[]) =>
  [...new Set(propertyIds)].filter((p) => datasets.some((d) => !index.has(slot(p, d))));

/** The keys of the items an index lists for these properties' datasets, and the partitions it does not cover. */
export function listedKeys(index: RowsIndex, propertyIds: readonly string[], datasets: readonly Dataset[]) {
  const keys: { propertyId: string; sk: string }[] = [];
  const unindexed: { propertyId: string; dataset: Dataset }[] = [];
  for (const propertyId of new Set(propertyIds))
    for (const dataset of datasets) {
      const parts = index.get(slot(propertyId, dataset));
      if (parts === null || parts === undefined) unindexed.push({ propertyId, dataset });
      else for (const sk of parts) if (sk.startsWith(`${dataset}#`)) keys.push({ propertyId, sk });
    }
  return { keys, unindexed };
}

/**
 * The projection that serves every dataset read in one request (DynamoDB takes one per table):
 * none when a dataset needs every attribute, else the union of their attributes.
 */
export function unionProjection(datasets: readonly Dataset[], attributes: Partial<Record<Dataset, readonly string[]>>) {
  if (datasets.some((d) => !attributes[d])) return {};
  return projection(datasets.flatMap((d) => attributes[d]!));
}

/**
 * The rows of stored items by dataset; with `attributes` for a dataset, its rows carry only those
 * (and dataset, id, propertyId): a column read for another dataset is neither decoded nor kept.
 */
export function rowsOfItems(items: readonly ReportRowsItem[], attributes: Partial<Record<Dataset, readonly string[]>> = {}): Map<Dataset, ReportRow[]> {
  const out = new Map<Dataset, ReportRow[]>();
  for (const item of items) {
    const dataset = item.sk.slice(0, item.sk.indexOf('#')) as Dataset;
    const wanted = attributes[dataset];
    const keep = wanted ? new Set(['propertyId', 'sk', 'rev', 'id', ...wanted]) : null;
    const list = out.get(dataset) ?? [];
    out.set(dataset, list);
    const rows = unpackItem(keep ? (Object.fromEntries(Object.entries(item).filter(([k]) => keep.has(k))) as ReportRowsItem) : item);
    for (const r of rows) list.push(r);
  }
  return out;
}

/** One stored row of a property's dataset, or undefined (a consistent read of the partition). */
export async function getReportRow<D extends Dataset>(db: DynamoDBDocumentClient, propertyId: string, dataset: D, id: string): Promise<RowOf<D> | undefined> {
  const items = await partitionItems(db, propertyId, dataset, { ConsistentRead: true });
  for (const item of items) for (const row of unpackItem(item)) if (row.id === id) return row as RowOf<D>;
  return undefined;
}
