/**
 * The one in-memory AWS of the unit tests: `aws-sdk-client-mock` on the DynamoDB document client,
 * the S3 client (which also answers the functions' signed S3 requests, ./fake-s3-http.ts) and
 * (when given secrets) Secrets Manager. Tables are those of lambdas/shared/resources/tables.ts, named
 * by their id (the value `setTableEnv` gives each table's variable), keyed by their partition and
 * sort keys; requests are answered by evaluating the key, condition, update and projection
 * expressions the data-access files in lambdas/shared/data write. Every call is recorded; any
 * command can be made to fail once (`failOnce`).
 */
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  type CopyObjectCommandInput,
  type PutObjectCommandInput,
} from '@aws-sdk/client-s3';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import {
  BatchGetCommand,
  BatchWriteCommand,
  DeleteCommand,
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  ScanCommand,
  UpdateCommand,
  type BatchGetCommandInput,
  type BatchWriteCommandInput,
  type DeleteCommandInput,
  type GetCommandInput,
  type PutCommandInput,
  type QueryCommandInput,
  type ScanCommandInput,
  type UpdateCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { FAKE_S3_CREDENTIALS, FAKE_S3_ENDPOINT } from './fake-s3-http.js';
import { tables, type TableDef, type TableName } from '../../../lambdas/shared/resources/tables.js';
import type { AuditItem } from '../../../lambdas/shared/data/audit.js';
import type { CustomerItem } from '../../../lambdas/shared/data/customers.js';
import type { DocumentItem } from '../../../lambdas/shared/data/documents.js';
import type { EquipmentItem } from '../../../lambdas/shared/data/equipment.js';
import type { EquipmentAlertItem } from '../../../lambdas/shared/data/equipment-alerts.js';
import type { PropertyItem } from '../../../lambdas/shared/data/properties.js';
import type { ReportRowsItem } from '../../../lambdas/shared/data/report-rows.js';
import type { ServiceRequestItem } from '../../../lambdas/shared/data/service-requests.js';
import type { UserItem } from '../../../lambdas/shared/data/users.js';

export type Item = Record<string, unknown>;

export const STAFF = 'example-hvac.com';
export const BUCKET = 'docs-bucket';

/** Each table's variable and the name the functions see in it (the table's id). */
export const TABLES = Object.fromEntries(Object.values(tables).map((t) => [t.env, t.id])) as {
  [K in TableName as (typeof tables)[K]['env']]: (typeof tables)[K]['id'];
};

/**
 * Table names in the environment, a region and credentials (signing needs them), staff domains,
 * the bucket, and the fake S3's endpoint (./fake-s3-http.ts: the functions' S3 calls are signed
 * HTTP requests, answered there by the S3 client's mock).
 */
export function setTableEnv(extra: Record<string, string> = {}) {
  Object.assign(process.env, TABLES, {
    AWS_ENDPOINT_URL_S3: FAKE_S3_ENDPOINT,
    S3_FORCE_PATH_STYLE: 'true',
    AWS_REGION: 'eu-west-1',
    AWS_ACCESS_KEY_ID: FAKE_S3_CREDENTIALS.accessKeyId,
    AWS_SECRET_ACCESS_KEY: FAKE_S3_CREDENTIALS.secretAccessKey,
    STAFF_DOMAINS: STAFF,
    DOCUMENTS_BUCKET: BUCKET,
    ...extra,
  });
}

/** The rows of every table, by the table's key in lambdas/shared/resources/tables.ts. */
export interface Rows {
  users: UserItem[];
  legacyUsers: Omit<UserItem, 'sub'>[];
  customers: CustomerItem[];
  properties: PropertyItem[];
  documents: DocumentItem[];
  equipment: EquipmentItem[];
  equipmentAlerts: EquipmentAlertItem[];
  reportRows: ReportRowsItem[];
  reports: object[];
  audit: AuditItem[];
  serviceRequests: ServiceRequestItem[];
  notificationSettings: object[];
  mailSuppression: object[];
  quoteDecisions: object[];
  rateLimits: object[];
}
/** A stored object; `size` stands in for a body too large to hold in a test. */
export interface StoredObject {
  body: Buffer;
  contentType: string;
  size?: number;
}
export type World = Rows & { objects: Map<string, StoredObject> };

export interface FakeAwsOptions {
  /** Secret values by id; with them, Secrets Manager is mocked too. */
  secrets?: Record<string, string>;
}

const byId = new Map<string, TableName>(Object.entries(tables).map(([name, t]) => [t.id, name as TableName]));
const tableKey = (id: string): TableName => {
  const name = byId.get(id);
  if (!name) throw new Error(`fake DynamoDB: unknown table ${id}`);
  return name;
};
const defOf = (id: string): TableDef => tables[tableKey(id)];

const awsError = (name: string, message: string, status?: number) =>
  Object.assign(new Error(message), { name, $metadata: status ? { httpStatusCode: status } : {} });
const conditionFailed = () => awsError('ConditionalCheckFailedException', 'The conditional request failed', 400);

/** The primary key of an item, as one comparable string. */
const keyString = (def: TableDef, item: Item) => JSON.stringify([item[def.partitionKey.name], def.sortKey ? item[def.sortKey.name] : null]);
const keyOf = (def: TableDef, item: Item): Item => {
  const key: Item = { [def.partitionKey.name]: item[def.partitionKey.name] };
  if (def.sortKey) key[def.sortKey.name] = item[def.sortKey.name];
  return key;
};

/** DynamoDB order: numbers by value, strings by code unit. */
const compare = (a: unknown, b: unknown) => (typeof a === 'number' && typeof b === 'number' ? a - b : String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0);

interface Expr {
  ExpressionAttributeNames?: Record<string, string>;
  ExpressionAttributeValues?: Record<string, unknown>;
}
const nameOf = (e: Expr, path: string) => e.ExpressionAttributeNames?.[path.trim()] ?? path.trim();
const valueOf = (e: Expr, ref: string) => {
  const v = e.ExpressionAttributeValues ?? {};
  if (!(ref.trim() in v)) throw new Error(`fake DynamoDB: no value for ${ref}`);
  return v[ref.trim()];
};

/** One comparison of a key condition or a condition expression, on an item (or none). */
function term(e: Expr, t: string, item: Item | undefined): boolean {
  let m = /^NOT\s+(.+)$/.exec(t);
  if (m) return !term(e, m[1]!.trim(), item);
  m = /^attribute_(not_)?exists\((.+)\)$/.exec(t);
  if (m) return (item !== undefined && nameOf(e, m[2]!) in item) === !m[1];
  m = /^begins_with\((.+),(.+)\)$/.exec(t);
  if (m) {
    const v = item?.[nameOf(e, m[1]!)];
    return typeof v === 'string' && v.startsWith(String(valueOf(e, m[2]!)));
  }
  m = /^(\S+)\s*(=|<>|<=|>=|<|>)\s*(:\w+)$/.exec(t);
  if (!m) throw new Error(`fake DynamoDB: no support for condition ${t}`);
  const actual = item?.[nameOf(e, m[1]!)];
  const expected = valueOf(e, m[3]!);
  if (m[2] === '=') return actual !== undefined && JSON.stringify(actual) === JSON.stringify(expected);
  if (m[2] === '<>') return JSON.stringify(actual) !== JSON.stringify(expected);
  if (actual === undefined) return false;
  const c = compare(actual, expected);
  return m[2] === '<' ? c < 0 : m[2] === '<=' ? c <= 0 : m[2] === '>' ? c > 0 : c >= 0;
}

/** A condition of terms joined by OR and AND (AND binding tighter), without parentheses. */
const holds = (e: Expr & { ConditionExpression?: string }, item: Item | undefined) =>
  !e.ConditionExpression || e.ConditionExpression.split(/\s+OR\s+/).some((any) => any.split(/\s+AND\s+/).every((t) => term(e, t.trim(), item)));

function project(item: Item, e: Expr & { ProjectionExpression?: string }): Item {
  if (!e.ProjectionExpression) return structuredClone(item);
  const names = e.ProjectionExpression.split(',').map((n) => nameOf(e, n));
  return structuredClone(Object.fromEntries(names.filter((n) => n in item).map((n) => [n, item[n]])));
}

/** SET a = :v | a = b + :v | a = if_not_exists(a, :v) | a = list_append(a, :v), ADD a :n (a number or a set), REMOVE a: what the data files write. */
function applyUpdate(e: Expr & { UpdateExpression?: string }, old: Item): { item: Item; changed: string[] } {
  const item = structuredClone(old);
  const changed: string[] = [];
  const clauses = String(e.UpdateExpression).split(/\b(SET|ADD|REMOVE|DELETE)\b/).slice(1);
  for (let i = 0; i < clauses.length; i += 2) {
    const parts = clauses[i + 1]!.split(/,(?![^(]*\))/).map((p) => p.trim()).filter(Boolean);
    for (const p of parts) {
      if (clauses[i] === 'REMOVE') {
        delete item[nameOf(e, p)];
        continue;
      }
      if (clauses[i] === 'ADD') {
        const [path, ref] = p.split(/\s+/) as [string, string];
        const add = valueOf(e, ref);
        const had = item[nameOf(e, path)];
        item[nameOf(e, path)] = add instanceof Set ? new Set([...((had as Set<unknown> | undefined) ?? []), ...add]) : Number(had ?? 0) + Number(add);
        changed.push(nameOf(e, path));
        continue;
      }
      if (clauses[i] !== 'SET') throw new Error(`fake DynamoDB: no support for ${clauses[i]}`);
      const [path, rhs] = p.split('=').map((s) => s.trim()) as [string, string];
      const name = nameOf(e, path);
      const ifNot = /^if_not_exists\((.+),(.+)\)$/.exec(rhs);
      const arith = /^(\S+)\s*([+-])\s*(:\w+)$/.exec(rhs);
      const append = /^list_append\((.+),(.+)\)$/.exec(rhs);
      if (append) item[name] = [...((item[nameOf(e, append[1]!)] as unknown[] | undefined) ?? []), ...structuredClone(valueOf(e, append[2]!) as unknown[])];
      else if (ifNot) item[name] = item[nameOf(e, ifNot[1]!)] ?? valueOf(e, ifNot[2]!);
      else if (arith) item[name] = Number(item[nameOf(e, arith[1]!)] ?? 0) + (arith[2] === '-' ? -1 : 1) * Number(valueOf(e, arith[3]!));
      else item[name] = structuredClone(valueOf(e, rhs));
      changed.push(name);
    }
  }
  return { item, changed };
}

/** A fake seeded with copies of the given rows; tests read and change `world` directly. */
export function fakeAws(seed: Partial<Rows> = {}, options: FakeAwsOptions = {}) {
  const world = structuredClone(seed) as World;
  for (const name of Object.keys(tables) as TableName[]) world[name] ??= [];
  world.objects = new Map();

  const ddb = mockClient(DynamoDBDocumentClient);
  const s3 = mockClient(S3Client);
  const secrets = options.secrets ? mockClient(SecretsManagerClient) : undefined;

  // Operations that fail the next time they are called: 'PutObject', 'Put', 'Put:<table>', ...
  const faults = new Set<string>();
  const maybeFail = (op: string, table?: string) => {
    for (const f of table ? [op, `${op}:${table}`] : [op]) if (faults.delete(f)) throw new Error(`${f} failed (injected)`);
  };

  const rows = (id: string): Item[] => world[tableKey(id)] as unknown as Item[];
  const find = (id: string, key: Item) => {
    const def = defOf(id);
    const k = keyString(def, key);
    return rows(id).find((r) => keyString(def, r) === k);
  };
  const store = (id: string, item: Item) => {
    const old = find(id, item);
    const list = rows(id);
    if (old) list[list.indexOf(old)] = structuredClone(item);
    else list.push(structuredClone(item));
  };
  const remove = (id: string, key: Item) => {
    const old = find(id, key);
    if (old) rows(id).splice(rows(id).indexOf(old), 1);
    return old;
  };

  /** Items of a table or index matching a key condition, in key order, from an exclusive start key. */
  function select(i: QueryCommandInput | ScanCommandInput, query: boolean) {
    const def = defOf(i.TableName!);
    const index = i.IndexName ? def.indexes?.find((x) => x.name === i.IndexName) : def;
    if (!index) throw new Error(`fake DynamoDB: no index ${i.IndexName} on ${i.TableName}`);
    let items = rows(i.TableName!).filter((r) => r[index.partitionKey.name] !== undefined && (!index.sortKey || r[index.sortKey.name] !== undefined));
    if (query) {
      const kc = (i as QueryCommandInput).KeyConditionExpression!;
      items = items.filter((r) => kc.split(/\s+AND\s+/).every((t) => term(i, t.trim(), r)));
      if (index.sortKey) items.sort((a, b) => compare(a[index.sortKey!.name], b[index.sortKey!.name]));
      if ((i as QueryCommandInput).ScanIndexForward === false) items.reverse();
    }
    if (i.ExclusiveStartKey) {
      const start = keyString(def, i.ExclusiveStartKey);
      items = items.slice(items.findIndex((r) => keyString(def, r) === start) + 1);
    }
    // Unlike DynamoDB, which may answer a full page with a key and then an empty one, the key comes only when more items remain.
    const more = i.Limit !== undefined && items.length > i.Limit;
    if (i.Limit !== undefined) items = items.slice(0, i.Limit);
    const last = items[items.length - 1];
    const lastKey = more && last ? { ...keyOf(def, last), ...(index === def ? {} : keyOf(index as TableDef, last)) } : undefined;
    // As in DynamoDB, a filter drops items from the page read (Limit counts the items before it).
    if (i.FilterExpression) items = items.filter((r) => holds({ ...i, ConditionExpression: i.FilterExpression }, r));
    return { Items: items.map((r) => project(r, i)), Count: items.length, LastEvaluatedKey: lastKey };
  }

  const returned = (rv: string | undefined, old: Item | undefined, item: Item | undefined, changed: string[] = []) => {
    if (rv === 'ALL_OLD') return old && structuredClone(old);
    if (rv === 'ALL_NEW') return item && structuredClone(item);
    if (rv === 'UPDATED_NEW') return item && structuredClone(Object.fromEntries(changed.map((n) => [n, item[n]])));
    if (rv === 'UPDATED_OLD') return old && structuredClone(Object.fromEntries(changed.filter((n) => n in old).map((n) => [n, old[n]])));
    return undefined;
  };

  function install() {
    ddb.on(GetCommand).callsFake(async (i: GetCommandInput) => {
      maybeFail('Get', i.TableName);
      const row = find(i.TableName!, i.Key!);
      return { Item: row && project(row, i) };
    });
    ddb.on(PutCommand).callsFake(async (i: PutCommandInput) => {
      maybeFail('Put', i.TableName);
      const old = find(i.TableName!, i.Item!);
      if (!holds(i, old)) throw conditionFailed();
      store(i.TableName!, i.Item!);
      return { Attributes: returned(i.ReturnValues, old, i.Item) };
    });
    ddb.on(DeleteCommand).callsFake(async (i: DeleteCommandInput) => {
      maybeFail('Delete', i.TableName);
      const old = find(i.TableName!, i.Key!);
      if (!holds(i, old)) throw conditionFailed();
      remove(i.TableName!, i.Key!);
      return { Attributes: returned(i.ReturnValues, old, undefined) };
    });
    ddb.on(UpdateCommand).callsFake(async (i: UpdateCommandInput) => {
      maybeFail('Update', i.TableName);
      const old = find(i.TableName!, i.Key!);
      if (!holds(i, old)) throw conditionFailed();
      const { item, changed } = applyUpdate(i, old ?? structuredClone(i.Key!));
      store(i.TableName!, item);
      return { Attributes: returned(i.ReturnValues, old, item, changed) };
    });
    ddb.on(QueryCommand).callsFake(async (i: QueryCommandInput) => {
      maybeFail('Query', i.TableName);
      return select(i, true);
    });
    ddb.on(ScanCommand).callsFake(async (i: ScanCommandInput) => {
      maybeFail('Scan', i.TableName);
      return select(i, false);
    });
    ddb.on(BatchGetCommand).callsFake(async (i: BatchGetCommandInput) => {
      const requests = Object.entries(i.RequestItems!);
      for (const [t] of requests) maybeFail('BatchGet', t);
      if (requests.reduce((n, [, r]) => n + r.Keys!.length, 0) > 100) throw awsError('ValidationException', 'Too many items requested for the BatchGetItem call', 400);
      const Responses = Object.fromEntries(
        requests.map(([t, r]) => [t, r.Keys!.map((k) => find(t, k)).filter((x): x is Item => x !== undefined).map((x) => project(x, r))]),
      );
      return { Responses, UnprocessedKeys: {} };
    });
    ddb.on(BatchWriteCommand).callsFake(async (i: BatchWriteCommandInput) => {
      const requests = Object.entries(i.RequestItems!);
      for (const [t] of requests) maybeFail('BatchWrite', t);
      if (requests.reduce((n, [, r]) => n + r.length, 0) > 25) throw awsError('ValidationException', 'Too many items requested for the BatchWriteItem call', 400);
      for (const [t, list] of requests) {
        const keys = list.map((r) => keyString(defOf(t), (r.PutRequest?.Item ?? r.DeleteRequest!.Key)!));
        if (new Set(keys).size !== keys.length) throw awsError('ValidationException', 'Provided list of item keys contains duplicates', 400);
      }
      for (const [t, list] of requests)
        for (const r of list) {
          if (r.PutRequest) store(t, r.PutRequest.Item!);
          else remove(t, r.DeleteRequest!.Key!);
        }
      return { UnprocessedItems: {} };
    });

    const bucket = (b: string | undefined) => {
      if (b !== BUCKET) throw new Error(`fake S3: unexpected bucket ${b}`);
    };
    const stored = (key: string | undefined) => {
      const o = world.objects.get(key!);
      if (!o) throw awsError('NoSuchKey', 'The specified key does not exist.', 404);
      return o;
    };
    s3.on(PutObjectCommand).callsFake(async (i: PutObjectCommandInput) => {
      bucket(i.Bucket);
      maybeFail('PutObject');
      world.objects.set(i.Key!, { body: Buffer.from(i.Body as Buffer), contentType: i.ContentType ?? '' });
      return {};
    });
    s3.on(GetObjectCommand).callsFake(async (i: { Bucket?: string; Key?: string }) => {
      bucket(i.Bucket);
      maybeFail('GetObject');
      const o = stored(i.Key);
      const body = Buffer.from(o.body);
      return {
        ContentLength: o.size ?? o.body.length,
        ContentType: o.contentType,
        Body: { transformToByteArray: async () => new Uint8Array(body), transformToString: async (enc?: BufferEncoding) => body.toString(enc ?? 'utf8') },
      };
    });
    s3.on(HeadObjectCommand).callsFake(async (i: { Bucket?: string; Key?: string }) => {
      bucket(i.Bucket);
      maybeFail('HeadObject');
      const o = world.objects.get(i.Key!);
      if (!o) throw awsError('NotFound', 'NotFound', 404);
      return { ContentLength: o.size ?? o.body.length, ContentType: o.contentType };
    });
    s3.on(CopyObjectCommand).callsFake(async (i: CopyObjectCommandInput) => {
      bucket(i.Bucket);
      maybeFail('CopyObject');
      const o = stored(decodeURIComponent(i.CopySource!.slice(BUCKET.length + 1)));
      world.objects.set(i.Key!, { ...o, contentType: i.MetadataDirective === 'REPLACE' ? (i.ContentType ?? '') : o.contentType });
      return {};
    });
    s3.on(DeleteObjectCommand).callsFake(async (i: { Bucket?: string; Key?: string }) => {
      bucket(i.Bucket);
      maybeFail('DeleteObject');
      world.objects.delete(i.Key!);
      return {};
    });

    secrets?.on(GetSecretValueCommand).callsFake(async (i: { SecretId: string }) => {
      maybeFail('GetSecretValue');
      const value = options.secrets?.[i.SecretId];
      if (value === undefined) throw awsError('ResourceNotFoundException', 'Secrets Manager can’t find the specified secret.', 400);
      return { SecretString: value };
    });
  }
  install();

  const tableOf = (input: { TableName?: string; RequestItems?: Record<string, unknown> }) => (input.TableName ? [input.TableName] : Object.keys(input.RequestItems ?? {}));

  return {
    world,
    ddb,
    s3,
    /** Secrets Manager, mocked when secrets were given. */
    secrets: secrets!,
    /** DynamoDB calls naming a table since the last reset, of any kind (a batch counts once per table it names). */
    callsTo: (table: string) => ddb.calls().filter((c) => tableOf(c.args[0].input as { TableName?: string }).includes(table)).length,
    /** DynamoDB writes (Put, Delete, Update, BatchWrite) since the last reset. */
    writes: () => ddb.commandCalls(PutCommand).length + ddb.commandCalls(DeleteCommand).length + ddb.commandCalls(UpdateCommand).length + ddb.commandCalls(BatchWriteCommand).length,
    /** The next call of `op` fails: 'PutObject', 'Put' (any table), 'Put:<table id>', 'Query:<table id>', ... */
    failOnce: (op: string) => faults.add(op),
    /** Stores items in a table (by its id), replacing items with the same key. */
    put: (table: string, ...items: object[]) => items.forEach((it) => store(table, it as Item)),
    /** An item by its key (or, for a table without sort key, its partition key value). */
    get: (table: string, key: Item | string): Item | undefined => {
      const def = defOf(table);
      return find(table, typeof key === 'string' ? { [def.partitionKey.name]: key } : key);
    },
    /** A table's items in the order stored. */
    all: (table: string) => [...rows(table)],
    /** A table's items in key order. */
    sorted: (table: string) => [...rows(table)].sort((a, b) => compare(keyString(defOf(table), a), keyString(defOf(table), b))),
    /** Forgets recorded calls and pending failures; the data stay. */
    reset() {
      ddb.resetHistory();
      s3.resetHistory();
      secrets?.resetHistory();
      faults.clear();
    },
    /** Empties every table and the bucket, and resets. */
    clear() {
      for (const name of Object.keys(tables) as TableName[]) world[name] = [];
      world.objects.clear();
      this.reset();
    },
    restore() {
      ddb.restore();
      s3.restore();
      secrets?.restore();
    },
  };
}
export type FakeAws = ReturnType<typeof fakeAws>;

/** A user row of the users table. */
export const user = (email: string, customerIds: string[] = [], properties: Record<string, string> = {}): UserItem => ({
  sub: subOf(email),
  email,
  userId: `u-${email}`,
  name: email,
  customerIds,
  properties,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

/** The test accounts' Cognito sub: derived from the email, so rows and claims agree. */
export const subOf = (email: string) => `sub-${email.toLowerCase()}`;

/**
 * ID-token claims of a user signed in now, as the HTTP API passes them on (strings): sub, a
 * verified email, and for a staff-domain email the staff group and `mfa: '1'` (an administrator
 * who signed in with their authenticator app, as the pool and the pre-token trigger would have it).
 */
export const claims = (email: string, over: Record<string, string | number> = {}) => ({
  sub: subOf(email),
  email,
  email_verified: 'true',
  tva: Date.now(),
  ...(email.toLowerCase().endsWith(`@${STAFF}`) ? { 'cognito:groups': '[staff]', mfa: '1' } : {}),
  ...over,
});
