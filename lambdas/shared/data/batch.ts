/** Paging and batching helpers shared by the data-access files. */
import { BatchGetCommand, BatchWriteCommand, QueryCommand, ScanCommand, type DynamoDBDocumentClient, type QueryCommandInput, type ScanCommandInput } from '@aws-sdk/lib-dynamodb';

type Item = Record<string, unknown>;

/** Every item of a Query, following LastEvaluatedKey. */
export async function queryAll<T>(db: DynamoDBDocumentClient, input: QueryCommandInput): Promise<T[]> {
  const out: T[] = [];
  let start: Item | undefined;
  do {
    const r = await db.send(new QueryCommand({ ...input, ExclusiveStartKey: start }));
    out.push(...((r.Items ?? []) as T[]));
    start = r.LastEvaluatedKey;
  } while (start);
  return out;
}

/** Every item of a Scan, following LastEvaluatedKey. */
export async function scanAll<T>(db: DynamoDBDocumentClient, input: ScanCommandInput): Promise<T[]> {
  const out: T[] = [];
  let start: Item | undefined;
  do {
    const r = await db.send(new ScanCommand({ ...input, ExclusiveStartKey: start }));
    out.push(...((r.Items ?? []) as T[]));
    start = r.LastEvaluatedKey;
  } while (start);
  return out;
}

/** Items by key, 100 per request, retrying unprocessed keys; order is not kept. */
export async function batchGet<T>(db: DynamoDBDocumentClient, table: string, keys: Item[]): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < keys.length; i += 100) {
    let pending: Item[] | undefined = keys.slice(i, i + 100);
    for (let attempt = 0; pending && pending.length > 0; attempt++) {
      if (attempt > 0) await new Promise((r) => setTimeout(r, Math.min(1000, 50 * 2 ** attempt)));
      const r = await db.send(new BatchGetCommand({ RequestItems: { [table]: { Keys: pending } } }));
      out.push(...((r.Responses?.[table] ?? []) as T[]));
      pending = r.UnprocessedKeys?.[table]?.Keys as Item[] | undefined;
    }
  }
  return out;
}

/**
 * Items of several tables by key in as few BatchGetItem requests as possible (one request carries
 * up to 100 keys across tables), retrying unprocessed keys; answers the items per table.
 */
export async function batchGetTables(db: DynamoDBDocumentClient, keysByTable: Record<string, Item[]>): Promise<Record<string, Item[]>> {
  const out: Record<string, Item[]> = Object.fromEntries(Object.keys(keysByTable).map((t) => [t, []]));
  const all = Object.entries(keysByTable).flatMap(([table, keys]) => keys.map((key) => ({ table, key })));
  for (let i = 0; i < all.length; i += 100) {
    let pending: Record<string, { Keys: Item[] }> | undefined = {};
    for (const { table, key } of all.slice(i, i + 100)) (pending[table] ??= { Keys: [] }).Keys.push(key);
    for (let attempt = 0; pending && Object.keys(pending).length > 0; attempt++) {
      if (attempt > 0) await new Promise((r) => setTimeout(r, Math.min(1000, 50 * 2 ** attempt)));
      const r = await db.send(new BatchGetCommand({ RequestItems: pending }));
      for (const [table, items] of Object.entries(r.Responses ?? {})) out[table]!.push(...(items as Item[]));
      pending = r.UnprocessedKeys as Record<string, { Keys: Item[] }> | undefined;
    }
  }
  return out;
}

/** Items DynamoDB still left unprocessed after the last attempt (the table's throughput). */
export class UnprocessedItemsError extends Error {
  constructor(
    readonly left: number,
    readonly attempts: number,
  ) {
    super(`${left} items were still unprocessed after ${attempts} attempts`);
  }
}

export interface BatchRetry {
  /** Attempts per batch of 25, the first included (default 8). */
  maxAttempts?: number;
  /** Pause before the second attempt, doubling after (at most 10 s; default 50 ms). */
  delayMs?: number;
}

/** Puts (and deletes) in batches of 25, retrying unprocessed items with doubling pauses. Not atomic across batches. */
export async function batchWrite(db: DynamoDBDocumentClient, table: string, puts: Item[], deleteKeys: Item[] = [], retry: BatchRetry = {}): Promise<void> {
  const { maxAttempts = 8, delayMs = 50 } = retry;
  const requests = [...puts.map((Item) => ({ PutRequest: { Item } })), ...deleteKeys.map((Key) => ({ DeleteRequest: { Key } }))];
  for (let i = 0; i < requests.length; i += 25) {
    let pending = requests.slice(i, i + 25);
    for (let attempt = 1; ; attempt++) {
      const r = await db.send(new BatchWriteCommand({ RequestItems: { [table]: pending } }));
      pending = (r?.UnprocessedItems?.[table] ?? []) as typeof requests;
      if (!pending.length) break;
      if (attempt >= maxAttempts) throw new UnprocessedItemsError(pending.length, attempt);
      await new Promise((resolve) => setTimeout(resolve, Math.min(delayMs * 2 ** (attempt - 1), 10_000)));
    }
  }
}
