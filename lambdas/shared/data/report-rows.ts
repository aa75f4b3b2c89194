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
 * migrated by `admin migrate report-rows-index`) is read by the Query below instead.
 *
 * Access patterns:
 * - the datasets of some properties (a report page): BatchGetItem of their index items, then
 *   BatchGetItem of the listed items (100 keys a request): two calls for up to 100 items, however
 *   many properties and datasets (./report-reads.ts adds the user and property rows to the same calls)
 * - one dataset of one property (unindexed partitions, writers): Query propertyId = :p AND
 *   begins_with(sk, '<dataset>#')
 * - upsert (import, demo seed): the same Query (consistent), ADD to the index, then a conditional
 *   Put or Delete of each item whose bucket changed; an import of quotes merges each row with the
 *   stored one in the same step (a portal decision kept), and a quote's decision changes its one
 *   row the same way (updateReportRow)
 * - build the index of data written before it (`admin migrate report-rows-index`): Scan of the
 *   keys, then an UpdateItem per property and dataset (ADD, so safe beside writers and to repeat)
 */
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { DeleteCommand, PutCommand, ScanCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../platform/env.js';
import { queryAll } from './batch.js';

export interface WorkOrderRow {
  dataset: 'wo';
  id: string;
  propertyId: string;
  kind: 'service' | 'maintenance' | 'capital';
  status: 'Open' | 'In Progress' | 'On Hold' | 'Completed' | 'Cancelled';
  priority: 'Low' | 'Medium' | 'High' | 'Emergency';
  createdAt: string;
  scheduledAt?: string;
  completedAt?: string;
  description: string;
  technician: string;
  amount: number;
  /** The arrival window promised for the visit (ISO instants, both or neither, end after start): import columns window_start, window_end. */
  windowStart?: string;
  windowEnd?: string;
}
export interface QuoteRow {
  dataset: 'quote';
  id: string;
  propertyId: string;
  title: string;
  status: 'Draft' | 'Sent' | 'Approved' | 'Declined' | 'Expired';
  amount: number;
  createdAt: string;
  expiresAt?: string;
  decidedAt?: string;
  /** Who decided it in the portal (the signature typed, or the account's name), issue 30. */
  decidedBy?: string;
  /** 'portal': the status and decidedAt are a customer's decision in the portal, which imports keep while the source still says Sent. */
  decidedIn?: 'portal';
}
export interface InvoiceRow {
  dataset: 'invoice';
  id: string;
  number: string;
  propertyId: string;
  workOrderId?: string;
  issuedAt: string;
  dueAt: string;
  paidAt?: string;
  amount: number;
  balance: number;
  status: 'Open' | 'Paid' | 'Overdue' | 'Void';
  /** The provider's own payment page for this invoice (its processor's; https). No card data passes through the portal. */
  paymentUrl?: string;
}
export interface AssetRow {
  dataset: 'asset';
  id: string;
  propertyId: string;
  name: string;
  assetType: string;
  make: string;
  model: string;
  serial: string;
  installedOn?: string;
  condition: 'Good' | 'Fair' | 'Poor' | 'Critical';
}
export type ReportRow = WorkOrderRow | QuoteRow | InvoiceRow | AssetRow;
export type Dataset = ReportRow['dataset'];
type RowOf<D extends Dataset> = Extract<ReportRow, { dataset: D }>;

/** A stored item of the table (packed, or one row written before packing). */
export type ReportRowsItem = Record<string, unknown> & { propertyId: string; sk: string; rev?: number };

const table = () => tableName('reportRows');

/** Largest packed item written, in bytes (names and values); leaves room below DynamoDB's 400 KB. */
export const PART_BYTES = 300_000;
/** Item attributes that are not columns. */
const ITEM_KEYS = new Set(['propertyId', 'sk', 'rev']);
/** Row fields the key carries, so no column. */
const KEY_FIELDS = new Set(['propertyId', 'dataset']);
const NO_DATE = '-';
const mainDate: Record<Exclude<Dataset, 'asset'>, string> = { wo: 'createdAt', quote: 'createdAt', invoice: 'issuedAt' };

type Fields = Record<string, unknown>;

const bucketOf = (row: ReportRow): string => {
  const d = row.dataset === 'asset' ? undefined : (row as unknown as Fields)[mainDate[row.dataset]];
  return typeof d === 'string' && /^\d{4}-/.test(d) ? d.slice(0, 4) : NO_DATE;
};
const bytes = (s: string) => Buffer.byteLength(s, 'utf8');
/** A column as stored: its values as a JSON array, deflated (a string column is read too). */
const encode = (values: unknown[]) => deflateRawSync(JSON.stringify(values));
const decode = (v: unknown): unknown[] => (v === undefined ? [] : JSON.parse(typeof v === 'string' ? v : inflateRawSync(v as Uint8Array).toString('utf8')));
const sameValue = (a: unknown, b: unknown) => (a instanceof Uint8Array && b instanceof Uint8Array ? Buffer.compare(a, b) === 0 : a === b);
const byId = (a: ReportRow, b: ReportRow) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

// ---- reading ----------------------------------------------------------------------------------

const isPacked = (item: ReportRowsItem) => typeof item.rev === 'number';

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

/** The projection of `attributes` (plus the keys, id and rev): names as placeholders, since several are reserved words. */
function projection(attributes: readonly string[] | undefined) {
  if (!attributes) return {};
  const names = [...new Set(['propertyId', 'sk', 'rev', 'id', ...attributes.filter((a) => !KEY_FIELDS.has(a))])];
  return {
    ProjectionExpression: names.map((_, i) => `#a${i}`).join(', '),
    ExpressionAttributeNames: Object.fromEntries(names.map((n, i) => [`#a${i}`, n])),
  };
}

const partitionItems = (db: DynamoDBDocumentClient, propertyId: string, dataset: Dataset, extra: object = {}) =>
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

const INDEX = 'index#';
export const DATASETS: readonly Dataset[] = ['wo', 'quote', 'invoice', 'asset'];

/** The key of the index item of one property's dataset. */
export const indexKey = (propertyId: string, dataset: Dataset) => ({ propertyId, sk: `${INDEX}${dataset}` });

/** Where a property's dataset is: the sks its index lists, or null when it has no index item (read by Query). */
export type RowsIndex = ReadonlyMap<string, readonly string[] | null>;
const slot = (propertyId: string, dataset: Dataset) => `${propertyId}\u0000${dataset}`;

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

// ---- writing ----------------------------------------------------------------------------------

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

export interface PartitionWrite {
  /** Items to put: `rev` is the stored item's + 1; `expected` the stored rev (absent: the item must not exist). */
  puts: { item: ReportRowsItem; expected?: number }[];
  /** Items to delete: `expected` the stored rev (absent: an item written before packing). */
  deletes: { sk: string; expected?: number }[];
}

/**
 * What upserting `incoming` (rows of one property and dataset, by id) into the stored items of that
 * partition writes: every earlier copy of an incoming id leaves its item, each bucket that gained or
 * lost rows is packed again (its rows ordered by id), unchanged items are not written and an item
 * left empty is deleted.
 */
export function planPartition(propertyId: string, dataset: Dataset, stored: readonly ReportRowsItem[], incoming: ReadonlyMap<string, ReportRow>, partBytes = PART_BYTES): PartitionWrite {
  const byBucket = new Map<string, ReportRow[]>();
  for (const r of incoming.values()) {
    const m = bucketOf(r);
    const list = byBucket.get(m);
    if (list) list.push(r);
    else byBucket.set(m, [r]);
  }
  const touched = new Set(byBucket.keys());
  const bucketOfSk = (sk: string) => sk.slice(sk.indexOf('#') + 1, sk.lastIndexOf('#'));
  const packed = new Map<string, ReportRowsItem[]>();
  for (const item of stored.filter(isPacked)) {
    const m = bucketOfSk(item.sk);
    packed.set(m, [...(packed.get(m) ?? []), item]);
  }
  const deletes: PartitionWrite['deletes'] = [];
  for (const item of stored) {
    if (isPacked(item)) {
      if ((decode(item.id) as string[]).some((id) => incoming.has(id))) touched.add(bucketOfSk(item.sk));
    } else if (incoming.has(String(item.id))) deletes.push({ sk: item.sk });
  }
  const puts: PartitionWrite['puts'] = [];
  for (const bucket of touched) {
    const before = packed.get(bucket) ?? [];
    const kept = before.flatMap(unpackItem).filter((r) => !incoming.has(r.id));
    const rows = [...kept, ...(byBucket.get(bucket) ?? [])].sort(byId);
    const after = rows.length > 0 ? packBucket(propertyId, dataset, bucket, rows, partBytes) : [];
    const old = new Map(before.map((item) => [item.sk, item]));
    for (const item of after) {
      const prior = old.get(item.sk);
      old.delete(item.sk);
      if (!prior) puts.push({ item });
      else if (!sameColumns(prior, item)) puts.push({ item: { ...item, rev: prior.rev! + 1 }, expected: prior.rev! });
    }
    for (const prior of old.values()) deletes.push({ sk: prior.sk, expected: prior.rev! });
  }
  return { puts, deletes };
}

function sameColumns(a: ReportRowsItem, b: ReportRowsItem): boolean {
  const names = (x: ReportRowsItem) => Object.keys(x).filter((n) => !ITEM_KEYS.has(n));
  const an = names(a);
  return an.length === names(b).length && an.every((n) => sameValue(a[n], b[n]));
}

const isConflict = (e: unknown) => (e as Error).name === 'ConditionalCheckFailedException';

/** Runs `fn` over `xs` with at most `limit` at a time; settles every call, then throws the first error. */
async function eachLimited<T>(xs: readonly T[], limit: number, fn: (x: T) => Promise<unknown>): Promise<void> {
  let next = 0;
  const errors: unknown[] = [];
  const worker = async () => {
    while (next < xs.length) {
      const x = xs[next++]!;
      try {
        await fn(x);
      } catch (e) {
        errors.push(e);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, xs.length) }, worker));
  if (errors.length > 0) throw errors.find((e) => !isConflict(e)) ?? errors[0];
}

const CONCURRENT_WRITES = 16;
const CONCURRENT_PARTITIONS = 4;
const ATTEMPTS = 20;

async function writePartition(db: DynamoDBDocumentClient, propertyId: string, plan: PartitionWrite): Promise<void> {
  const TableName = table();
  const revIs = (expected: number) => ({ ConditionExpression: '#r = :r', ExpressionAttributeNames: { '#r': 'rev' }, ExpressionAttributeValues: { ':r': expected } });
  const absent = { ConditionExpression: 'attribute_not_exists(sk)' };
  const calls: (() => Promise<unknown>)[] = [
    ...plan.puts.map(({ item, expected }) => () => db.send(new PutCommand({ TableName, Item: item, ...(expected === undefined ? absent : revIs(expected)) }))),
    ...plan.deletes.map(({ sk, expected }) => () => db.send(new DeleteCommand({ TableName, Key: { propertyId, sk }, ...(expected === undefined ? {} : revIs(expected)) }))),
  ];
  await eachLimited(calls, CONCURRENT_WRITES, (call) => call());
}

/** Lists these sks in the index of the property's dataset (ADD: concurrent writers keep each other's). */
export async function addToIndex(db: DynamoDBDocumentClient, propertyId: string, dataset: Dataset, sks: Iterable<string>): Promise<void> {
  const parts = new Set(sks);
  if (parts.size === 0) return;
  await db.send(new UpdateCommand({ TableName: table(), Key: indexKey(propertyId, dataset), UpdateExpression: 'ADD parts :s', ExpressionAttributeValues: { ':s': parts } }));
}

/**
 * Makes sure the index item of a property's dataset exists and lists these sks (the migration:
 * an index item with no parts says the partition is empty). Idempotent.
 */
export async function ensureIndex(db: DynamoDBDocumentClient, propertyId: string, dataset: Dataset, sks: Iterable<string>, at = new Date().toISOString()): Promise<void> {
  const parts = new Set(sks);
  await db.send(
    new UpdateCommand({
      TableName: table(),
      Key: indexKey(propertyId, dataset),
      UpdateExpression: `SET indexedAt = if_not_exists(indexedAt, :at)${parts.size ? ' ADD parts :s' : ''}`,
      ExpressionAttributeValues: { ':at': at, ...(parts.size ? { ':s': parts } : {}) },
    }),
  );
}

/** Every item's key (index items included), page by page: what the index migration reads. */
export async function* storedKeys(db: DynamoDBDocumentClient): AsyncGenerator<{ propertyId: string; sk: string }[]> {
  let start: Record<string, unknown> | undefined;
  do {
    const r = await db.send(new ScanCommand({ TableName: table(), ProjectionExpression: 'propertyId, sk', ExclusiveStartKey: start }));
    yield (r.Items ?? []) as { propertyId: string; sk: string }[];
    start = r.LastEvaluatedKey;
  } while (start);
}

/** What is written into a partition: the incoming rows, or made from the stored ones (read in the same attempt). */
type Incoming = ReadonlyMap<string, ReportRow> | ((stored: ReadonlyMap<string, ReportRow>) => ReadonlyMap<string, ReportRow>);

async function upsertPartition(db: DynamoDBDocumentClient, propertyId: string, dataset: Dataset, given: Incoming): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const stored = await partitionItems(db, propertyId, dataset, { ConsistentRead: true });
    const incoming = typeof given === 'function' ? given(new Map(stored.flatMap(unpackItem).map((r) => [r.id, r]))) : given;
    const plan = planPartition(propertyId, dataset, stored, incoming);
    // Before the items: a reader that finds the index item must find every item of the partition.
    if (plan.puts.length || plan.deletes.length) await addToIndex(db, propertyId, dataset, [...stored.map((i) => i.sk), ...plan.puts.map((p) => p.item.sk)]);
    try {
      await writePartition(db, propertyId, plan);
      return;
    } catch (e) {
      if (!isConflict(e) || attempt >= ATTEMPTS) throw e;
      // Another writer changed the partition since it was read: read it again and merge.
      await new Promise((r) => setTimeout(r, Math.random() * Math.min(1000, 20 * 2 ** attempt)));
    }
  }
}

/**
 * Inserts or replaces rows by (property, dataset, id); a repeated id in `rows`: the later wins.
 * Partitions are written independently (a failure can leave earlier partitions written).
 */
export async function putReportRows(db: DynamoDBDocumentClient, rows: ReportRow[], options: { merge?: MergeRow } = {}): Promise<void> {
  const partitions = new Map<string, { propertyId: string; dataset: Dataset; rows: Map<string, ReportRow> }>();
  for (const r of rows) {
    const k = `${r.propertyId}\u0000${r.dataset}`;
    let p = partitions.get(k);
    if (!p) partitions.set(k, (p = { propertyId: r.propertyId, dataset: r.dataset, rows: new Map() }));
    p.rows.set(r.id, r);
  }
  const { merge } = options;
  await eachLimited([...partitions.values()], CONCURRENT_PARTITIONS, (p) =>
    upsertPartition(db, p.propertyId, p.dataset, merge ? (stored) => new Map([...p.rows].map(([id, r]) => [id, merge(stored.get(id), r)])) : p.rows),
  );
}

/**
 * How an import writes a row over the stored one (read in the same conditional write, so a change
 * made meanwhile is merged, not lost): the row to store. May be called again on a retry.
 */
export type MergeRow = (stored: ReportRow | undefined, incoming: ReportRow) => ReportRow;

/**
 * Changes one stored row (a quote's decision) within the partition's conditional writes: `change`
 * gets the row as stored now (undefined: there is none) and answers the row to store, or throws to
 * refuse (nothing is written); on a concurrent writer it runs again on the fresh row. Answers the
 * row stored.
 */
export async function updateReportRow<D extends Dataset>(
  db: DynamoDBDocumentClient,
  propertyId: string,
  dataset: D,
  id: string,
  change: (row: RowOf<D> | undefined) => RowOf<D>,
): Promise<RowOf<D>> {
  let written: RowOf<D> | undefined;
  await upsertPartition(db, propertyId, dataset, (stored) => {
    written = change(stored.get(id) as RowOf<D> | undefined);
    return new Map([[id, written as ReportRow]]);
  });
  return written!;
}

/** One stored row of a property's dataset, or undefined (a consistent read of the partition). */
export async function getReportRow<D extends Dataset>(db: DynamoDBDocumentClient, propertyId: string, dataset: D, id: string): Promise<RowOf<D> | undefined> {
  const items = await partitionItems(db, propertyId, dataset, { ConsistentRead: true });
  for (const item of items) for (const row of unpackItem(item)) if (row.id === id) return row as RowOf<D>;
  return undefined;
}
