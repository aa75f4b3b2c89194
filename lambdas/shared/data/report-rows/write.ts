/**
 * report-rows, the writes: rows upserted into the packed items, a quote's decision, the index
 * (item layout: ./items.ts).
 *
 * Access patterns:
 * - upsert (import, demo seed): the partition's Query of ./read.ts (consistent), ADD to the index,
 *   then a conditional Put or Delete of each item whose bucket changed; an import of quotes merges
 *   each row with the stored one in the same step (a portal decision kept), and a quote's decision
 *   changes its one row the same way (updateReportRow)
 * - build the index of data written before it (`admin migrate report-rows-index`): Scan of the
 *   keys, then an UpdateItem per property and dataset (ADD, so safe beside writers and to repeat)
 */
import { DeleteCommand, PutCommand, ScanCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ITEM_KEYS, PART_BYTES, bucketOf, byId, decode, indexKey, isPacked, packBucket, sameValue, table, unpackItem } from './items.js';
import { partitionItems } from './read.js';
import type { Dataset, ReportRow, ReportRowsItem, RowOf } from './rows.js';

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
