/**
 * report-rows: the built-in report host's datasets (work orders, quotes, invoices, assets), packed:
 * one item holds a property's rows of one dataset dated in one year, column by column. A Dashboard
 * over 20,000 work orders then reads a few dozen items instead of 20,000 (DynamoDB's and the SDK's
 * cost is mostly per item and per byte), and a projection still reads only the columns a page needs.
 *
 * Item: { propertyId, sk: '<dataset>#<bucket>#<part>', rev, <field>: <deflated JSON array> ... }
 * - bucket: the year (YYYY) of the row's main date (work orders and quotes: createdAt, invoices:
 *   issuedAt), '-' when it has none; assets (a few dozen per property) are all in bucket '-'.
 *   Measured on the local stack for the Dashboard: year buckets read in about half the time of
 *   month buckets (fewer items), and deflated columns beat plain JSON strings and one blob per item.
 * - part: 1, 2, ... : a bucket is split so that no item passes PART_BYTES before compression
 *   (DynamoDB's limit is 400 KB), whatever the data compresses to.
 * - one binary attribute per field of the rows (every field but dataset and propertyId, which the
 *   key carries): the raw-deflated JSON array of the field's value for each row, in the same order;
 *   null where a row has no value (the row is then read without that field). `id` is always there.
 * - rev: counts the item's writes; every write is conditional on it, so concurrent writers of the
 *   same partition cannot lose each other's rows (a writer that loses the race reads and merges again).
 * An item without `rev` is one row as written before packing (still read; replaced when its id is
 * written again).
 * Dates are ISO strings (`2026-03-31` or `2026-03-31T14:05:00Z`), amounts numbers.
 *
 * Index item of a property's dataset: { propertyId, sk: 'index#<dataset>', parts?: string set of
 * the sks of that dataset's items }. Every writer ADDs the sks it read and wrote before writing
 * (an ADD is atomic and idempotent, so concurrent writers cannot lose each other's), and never
 * removes one: a listed sk whose item is gone reads as nothing. So an index item that exists lists
 * every item of its partition; one that does not (data written before this release and not yet
 * migrated by `admin migrate report-rows-index`) is read by the Query of ./read.ts instead.
 */
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { tableName } from '../../platform/env.js';
import type { Dataset, ReportRow, ReportRowsItem } from './rows.js';

export const table = () => tableName('reportRows');

/** Largest packed item written, in bytes (names and values); leaves room below DynamoDB's 400 KB. */
export const PART_BYTES = 300_000;
/** Item attributes that are not columns. */
export const ITEM_KEYS = new Set(['propertyId', 'sk', 'rev']);
/** Row fields the key carries, so no column. */
export const KEY_FIELDS = new Set(['propertyId', 'dataset']);
const NO_DATE = '-';
/** Assets, a work order's notes and lines and a quote's lines (one row per work order or quote) have no main date: bucket '-'. */
const mainDate: Partial<Record<Dataset, string>> = { wo: 'createdAt', quote: 'createdAt', invoice: 'issuedAt' };

export type Fields = Record<string, unknown>;

export const bucketOf = (row: ReportRow): string => {
  const field = mainDate[row.dataset];
  const d = field ? (row as unknown as Fields)[field] : undefined;
  return typeof d === 'string' && /^\d{4}-/.test(d) ? d.slice(0, 4) : NO_DATE;
};
const bytes = (s: string) => Buffer.byteLength(s, 'utf8');
/** A column as stored: its values as a JSON array, deflated (a string column is read too). */
const encode = (values: unknown[]) => deflateRawSync(JSON.stringify(values));
export const decode = (v: unknown): unknown[] => (v === undefined ? [] : JSON.parse(typeof v === 'string' ? v : inflateRawSync(v as Uint8Array).toString('utf8')));
export const sameValue = (a: unknown, b: unknown) => (a instanceof Uint8Array && b instanceof Uint8Array ? Buffer.compare(a, b) === 0 : a === b);
export const byId = (a: ReportRow, b: ReportRow) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

export const isPacked = (item: ReportRowsItem) => typeof item.rev === 'number';

/** The rows of one stored item, each { dataset, id, propertyId, ...its fields present in the item }. */
export function unpackItem(item: ReportRowsItem): ReportRow[] {
  const dataset = item.sk.slice(0, item.sk.indexOf('#'));
  if (!isPacked(item)) {
    const { sk: _sk, ...row } = item;
    return [{ dataset, ...row } as unknown as ReportRow];
  }
  const ids = decode(item.id) as string[];
  const rows: Fields[] = ids.map((id) => ({ dataset, id, propertyId: item.propertyId }));
  for (const name in item) {
    if (ITEM_KEYS.has(name) || name === 'id') continue;
    const values = decode(item[name]);
    for (let i = 0; i < rows.length; i++) {
      const v = values[i];
      if (v !== null && v !== undefined) rows[i]![name] = v;
    }
  }
  return rows as unknown as ReportRow[];
}

// ---- the index items ---------------------------------------------------------------------------

export const INDEX = 'index#';
export const DATASETS: readonly Dataset[] = ['wo', 'quote', 'invoice', 'asset', 'note', 'line', 'photo', 'qline'];

/** The key of the index item of one property's dataset. */
export const indexKey = (propertyId: string, dataset: Dataset) => ({ propertyId, sk: `${INDEX}${dataset}` });

export const slot = (propertyId: string, dataset: Dataset) => `${propertyId}\u0000${dataset}`;

/** The key of the first packed item of a property's undated dataset (bucket '-', part 1): its only item while its rows fit in one, as a property's few dozen assets do. */
export const firstUndatedKey = (propertyId: string, dataset: Dataset) => ({ propertyId, sk: `${dataset}#${NO_DATE}#1` });

export const isIndexItem = (item: { sk: unknown }) => String(item.sk).startsWith(INDEX);

/** The index items that list these stored items (every kind: packed, one row, already indexed ones skipped). */
export function indexItemsOf(items: readonly ReportRowsItem[]): (ReturnType<typeof indexKey> & { parts: Set<string> })[] {
  const out = new Map<string, ReturnType<typeof indexKey> & { parts: Set<string> }>();
  for (const item of items) {
    if (isIndexItem(item)) continue;
    const dataset = item.sk.slice(0, item.sk.indexOf('#')) as Dataset;
    const k = slot(item.propertyId, dataset);
    let entry = out.get(k);
    if (!entry) out.set(k, (entry = { ...indexKey(item.propertyId, dataset), parts: new Set() }));
    entry.parts.add(item.sk);
  }
  return [...out.values()];
}

// ---- packing ----------------------------------------------------------------------------------

/** The packed items of rows of one property, dataset and bucket: parts 1, 2, ... */
export function packBucket(propertyId: string, dataset: Dataset, bucket: string, rows: readonly ReportRow[], partBytes = PART_BYTES): ReportRowsItem[] {
  const names = [...new Set(rows.flatMap((r) => Object.keys(r)))].filter((n) => !KEY_FIELDS.has(n) && n !== 'id').sort();
  const columns = ['id', ...names];
  // Each row's share of an item: its values as JSON plus a separator per column.
  const sizes = rows.map((r) => columns.reduce((n, c) => n + bytes(JSON.stringify((r as unknown as Fields)[c] ?? null)) + 1, 0));
  const base = 200 + columns.reduce((n, c) => n + bytes(c) + 2, 0);
  const parts: ReportRow[][] = [];
  let current: ReportRow[] = [];
  let size = base;
  rows.forEach((r, i) => {
    if (current.length > 0 && size + sizes[i]! > partBytes) {
      parts.push(current);
      current = [];
      size = base;
    }
    current.push(r);
    size += sizes[i]!;
  });
  if (current.length > 0) parts.push(current);
  return parts.map((part, i) => {
    const item: ReportRowsItem = { propertyId, sk: `${dataset}#${bucket}#${i + 1}`, rev: 1 };
    for (const c of columns) item[c] = encode(part.map((r) => (r as unknown as Fields)[c] ?? null));
    return item;
  });
}

/** Rows packed as they would be stored (for tests and fakes): grouped by property, dataset and bucket, ordered by id. */
export function packRows(rows: readonly ReportRow[], partBytes = PART_BYTES): ReportRowsItem[] {
  const groups = new Map<string, ReportRow[]>();
  for (const r of rows) {
    const k = `${r.propertyId}\u0000${r.dataset}\u0000${bucketOf(r)}`;
    const list = groups.get(k);
    if (list) list.push(r);
    else groups.set(k, [r]);
  }
  return [...groups].flatMap(([k, list]) => {
    const [p, d, m] = k.split('\u0000') as [string, Dataset, string];
    return packBucket(p, d, m, [...list].sort(byId), partBytes);
  });
}
