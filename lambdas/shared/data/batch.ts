/** Paging and batching helpers shared by the data-access files. */
import { BatchGetCommand, BatchWriteCommand, type BatchGetCommandOutput, QueryCommand, ScanCommand, type DynamoDBDocumentClient, type QueryCommandInput, type ScanCommandInput } from '@aws-sdk/lib-dynamodb';

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

/** What a BatchGetItem reads of one table's items besides the keys (a projection). */
export interface BatchGetRead {
  ProjectionExpression?: string;
  ExpressionAttributeNames?: Record<string, string>;
}

/**
 * Items of several tables by key in as few BatchGetItem requests as possible (one request carries
 * up to 100 keys across tables; several are sent at once), answering the items per table. Keys left
 * unprocessed are asked again: at once when the answer brought items (DynamoDB answers at most
 * 16 MB, the local emulator 1 MB), after a doubling pause when it brought none (throttling).
 */
export async function batchGetTables(db: DynamoDBDocumentClient, keysByTable: Record<string, Item[]>, reads: Record<string, BatchGetRead> = {}): Promise<Record<string, Item[]>> {
  const out: Record<string, Item[]> = Object.fromEntries(Object.keys(keysByTable).map((t) => [t, []]));
  const all = Object.entries(keysByTable).flatMap(([table, keys]) => keys.map((key) => ({ table, key })));
  // As few requests as the 100-key limit allows, of even size (they run at once).
  const size = Math.ceil(all.length / Math.ceil(all.length / 100));
  const chunks: (typeof all)[] = [];
  for (let i = 0; i < all.length; i += size) chunks.push(all.slice(i, i + size));
  await Promise.all(
    chunks.map(async (chunk) => {
      let pending: Record<string, { Keys: Item[] } & BatchGetRead> | undefined = {};
      for (const { table, key } of chunk) (pending[table] ??= { Keys: [], ...reads[table] }).Keys.push(key);
      for (let idle = 0; pending && Object.keys(pending).length > 0; ) {
        if (idle > 0) await new Promise((r) => setTimeout(r, Math.min(1000, 50 * 2 ** idle)));
        const r: BatchGetCommandOutput = await db.send(new BatchGetCommand({ RequestItems: pending }));
        let got = 0;
        for (const [table, items] of Object.entries(r.Responses ?? {})) {
          out[table]!.push(...(items as Item[]));
          got += items.length;
        }
        idle = got > 0 ? 0 : idle + 1;
        // The projection is sent again whatever the answer echoes (the local emulator drops it).
        const left: [string, { Keys?: Item[] }][] = Object.entries((r.UnprocessedKeys ?? {}) as Record<string, { Keys?: Item[] }>).filter(([, u]) => u.Keys?.length);
        pending = Object.fromEntries(left.map(([table, u]) => [table, { ...reads[table], Keys: u.Keys! }]));
      }
    }),
  );
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
