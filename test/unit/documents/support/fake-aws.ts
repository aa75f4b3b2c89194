/**
 * In-memory DynamoDB and S3 for the catalogue, documents and audit handler tests:
 * `aws-sdk-client-mock` on the document client and the S3 client, answering from plain arrays and a
 * map of objects, with the conditions and index queries the data-access files use. Calls are
 * recorded, so tests can check that nothing was read or written before a refusal.
 */
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  type CopyObjectCommandInput,
  type HeadObjectCommandInput,
  type PutObjectCommandInput,
} from '@aws-sdk/client-s3';
import {
  BatchGetCommand,
  DeleteCommand,
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  ScanCommand,
  type BatchGetCommandInput,
  type DeleteCommandInput,
  type GetCommandInput,
  type PutCommandInput,
  type QueryCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import type { AuditItem } from '../../../../lambdas/shared/data/audit.js';
import type { CustomerItem } from '../../../../lambdas/shared/data/customers.js';
import type { DocumentItem } from '../../../../lambdas/shared/data/documents.js';
import type { PropertyItem } from '../../../../lambdas/shared/data/properties.js';
import type { UserItem } from '../../../../lambdas/shared/data/users.js';

export const STAFF = 'example-hvac.com';
export const BUCKET = 'docs-bucket';
export const TABLES = {
  USERS_TABLE: 't-users',
  CUSTOMERS_TABLE: 't-customers',
  PROPERTIES_TABLE: 't-properties',
  DOCUMENTS_TABLE: 't-documents',
  AUDIT_TABLE: 't-audit',
} as const;

export function setEnv() {
  Object.assign(process.env, TABLES, {
    STAFF_DOMAINS: STAFF,
    DOCUMENTS_BUCKET: BUCKET,
    AWS_REGION: 'eu-west-1',
    AWS_ACCESS_KEY_ID: 'AKIDTEST',
    AWS_SECRET_ACCESS_KEY: 'secret-for-tests',
    LOG_LEVEL: 'error',
  });
}

export interface World {
  users: UserItem[];
  customers: CustomerItem[];
  properties: PropertyItem[];
  documents: DocumentItem[];
  audit: AuditItem[];
  /** Stored objects; `size` stands in for a body too large to hold in a test. */
  objects: Map<string, { body: Buffer; contentType: string; size?: number }>;
}

type Item = Record<string, unknown>;

const conditionFailed = () => Object.assign(new Error('The conditional request failed'), { name: 'ConditionalCheckFailedException' });
const notFound = () => Object.assign(new Error('NotFound'), { name: 'NotFound', $metadata: { httpStatusCode: 404 } });

export function fakeAws(seed: Partial<Omit<World, 'objects'>> = {}) {
  const world: World = {
    users: [],
    customers: [],
    properties: [],
    documents: [],
    audit: [],
    ...structuredClone(seed),
    objects: new Map(),
  };
  const ddb = mockClient(DynamoDBDocumentClient);
  const s3 = mockClient(S3Client);
  // Operations that fail once, the next time they are called: 'PutObject', 'Put:<table>', ...
  const faults = new Set<string>();
  const maybeFail = (op: string) => {
    if (faults.delete(op)) throw new Error(`${op} failed (injected)`);
  };

  const rowsOf = (table: string): Item[] => {
    const name = Object.entries(TABLES).find(([, v]) => v === table)?.[0];
    if (name === 'USERS_TABLE') return world.users as unknown as Item[];
    if (name === 'CUSTOMERS_TABLE') return world.customers as unknown as Item[];
    if (name === 'PROPERTIES_TABLE') return world.properties as unknown as Item[];
    if (name === 'DOCUMENTS_TABLE') return world.documents as unknown as Item[];
    if (name === 'AUDIT_TABLE') return world.audit as unknown as Item[];
    throw new Error(`unexpected table ${table}`);
  };
  const keyOf = (table: string) =>
    table === TABLES.USERS_TABLE ? 'email' : table === TABLES.DOCUMENTS_TABLE ? 'key' : table === TABLES.AUDIT_TABLE ? 'sk' : 'id';
  const find = (table: string, key: Item) => rowsOf(table).find((r) => r[keyOf(table)] === key[keyOf(table)]);

  ddb.on(GetCommand).callsFake((i: GetCommandInput) => ({ Item: structuredClone(find(i.TableName!, i.Key!)) }));
  ddb.on(BatchGetCommand).callsFake((i: BatchGetCommandInput) => ({
    Responses: Object.fromEntries(
      Object.entries(i.RequestItems!).map(([t, r]) => [t, r.Keys!.map((k) => find(t, k)).filter(Boolean).map((x) => structuredClone(x))]),
    ),
  }));
  ddb.on(ScanCommand).callsFake((i: { TableName: string }) => ({ Items: structuredClone(rowsOf(i.TableName)) }));
  ddb.on(QueryCommand).callsFake((i: QueryCommandInput) => {
    const v = i.ExpressionAttributeValues as Record<string, string>;
    let items: Item[];
    if (i.TableName === TABLES.PROPERTIES_TABLE && i.IndexName === 'byCustomer') {
      items = rowsOf(i.TableName).filter((r) => r.customerId === v[':c']);
      items.sort((a, b) => String(a.id).localeCompare(String(b.id)));
    } else if (i.TableName === TABLES.DOCUMENTS_TABLE && i.IndexName === 'byProperty') {
      items = rowsOf(i.TableName)
        .filter((r) => r.propertyId === v[':p'])
        .sort((a, b) => String(a.uploadedAt).localeCompare(String(b.uploadedAt)))
        .map((r) => ({ key: r.key, propertyId: r.propertyId, uploadedAt: r.uploadedAt }));
    } else if (i.TableName === TABLES.AUDIT_TABLE) {
      items = rowsOf(i.TableName)
        .filter((r) => r.stream === v[':s'] && (v[':b'] === undefined || String(r.sk) < v[':b']))
        .sort((a, b) => String(a.sk).localeCompare(String(b.sk)));
    } else throw new Error(`unexpected Query on ${i.TableName} ${i.IndexName ?? ''}`);
    if (i.ScanIndexForward === false) items.reverse();
    const limited = i.Limit !== undefined && items.length > i.Limit;
    if (i.Limit !== undefined) items = items.slice(0, i.Limit);
    return { Items: structuredClone(items), LastEvaluatedKey: limited ? { sk: items[items.length - 1]!.sk } : undefined };
  });
  ddb.on(PutCommand).callsFake((i: PutCommandInput) => {
    maybeFail(`Put:${i.TableName}`);
    const rows = rowsOf(i.TableName!);
    if (i.ConditionExpression?.startsWith('attribute_not_exists') && find(i.TableName!, i.Item!)) throw conditionFailed();
    rows.push(structuredClone(i.Item!));
    return {};
  });
  ddb.on(DeleteCommand).callsFake((i: DeleteCommandInput) => {
    const rows = rowsOf(i.TableName!);
    const row = find(i.TableName!, i.Key!);
    if (i.ConditionExpression === 'propertyId = :p' && (!row || row.propertyId !== i.ExpressionAttributeValues![':p'])) throw conditionFailed();
    if (row) rows.splice(rows.indexOf(row), 1);
    return { Attributes: i.ReturnValues === 'ALL_OLD' ? row : undefined };
  });

  const check = (bucket: string | undefined) => {
    if (bucket !== BUCKET) throw new Error(`unexpected bucket ${bucket}`);
  };
  s3.on(PutObjectCommand).callsFake((i: PutObjectCommandInput) => {
    check(i.Bucket);
    maybeFail('PutObject');
    world.objects.set(i.Key!, { body: Buffer.from(i.Body as Buffer), contentType: i.ContentType ?? '' });
    return {};
  });
  s3.on(HeadObjectCommand).callsFake((i: HeadObjectCommandInput) => {
    check(i.Bucket);
    const o = world.objects.get(i.Key!);
    if (!o) throw notFound();
    return { ContentLength: o.size ?? o.body.length, ContentType: o.contentType };
  });
  s3.on(CopyObjectCommand).callsFake((i: CopyObjectCommandInput) => {
    check(i.Bucket);
    maybeFail('CopyObject');
    const from = decodeURIComponent(i.CopySource!.slice(BUCKET.length + 1));
    const o = world.objects.get(from);
    if (!o) throw Object.assign(new Error('NoSuchKey'), { name: 'NoSuchKey' });
    world.objects.set(i.Key!, { ...o, contentType: i.MetadataDirective === 'REPLACE' ? (i.ContentType ?? '') : o.contentType });
    return {};
  });
  s3.on(DeleteObjectCommand).callsFake((i: { Bucket?: string; Key?: string }) => {
    check(i.Bucket);
    maybeFail('DeleteObject');
    world.objects.delete(i.Key!);
    return {};
  });

  /** DynamoDB calls on a table since the last reset, of any kind (BatchGet counted per table named). */
  const callsTo = (table: string) =>
    ddb.calls().filter((c) => {
      const input = c.args[0].input as { TableName?: string; RequestItems?: Record<string, unknown> };
      return input.TableName === table || (input.RequestItems && table in input.RequestItems);
    }).length;
  /** DynamoDB writes (Put, Delete) since the last reset. */
  const writes = () => ddb.commandCalls(PutCommand).length + ddb.commandCalls(DeleteCommand).length;
  const reset = () => {
    ddb.resetHistory();
    s3.resetHistory();
    faults.clear();
  };
  /** The next call of `op` fails: 'PutObject', 'DeleteObject', 'CopyObject' or 'Put:<table name>'. */
  const failOnce = (op: string) => faults.add(op);
  const restore = () => {
    ddb.restore();
    s3.restore();
  };
  return { world, ddb, s3, callsTo, writes, reset, restore, failOnce };
}

export const user = (email: string, customerIds: string[] = [], properties: Record<string, string> = {}): UserItem => ({
  email,
  userId: `u-${email}`,
  name: email,
  customerIds,
  properties,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

export const claims = (email: string) => ({ email, tva: Date.now() });

export const property = (id: string, customerId: string, name = `${id} name`, propertyType = 'Office'): PropertyItem => ({ id, customerId, name, propertyType });

/** The tenants every test file of these areas shares: customer A (with A2 only by a property), customer B, staff. */
export const admin = user(`boss@${STAFF}`);
export const alice = user('alice@a.test', ['A'], { 'A-P1': 'A', 'A-P3': 'A', 'A2-P1': 'A2' });
export const bob = user('bob@b.test', ['B'], { 'B-P1': 'B' });
export const customers: CustomerItem[] = [
  { id: 'A', name: 'alpha' },
  { id: 'A2', name: 'alpha two' },
  { id: 'B', name: 'beta' },
];
export const properties: PropertyItem[] = [
  property('A-P1', 'A', 'Alpha North'),
  property('A-P2', 'A', 'Alpha South', 'Retail'),
  property('A-P3', 'A', 'Alpha West'),
  property('A2-P1', 'A2', 'Alpha Two'),
  property('B-P1', 'B', 'Beta One'),
  property('B-P2', 'B', 'Beta Two'),
];

/** A multipart/form-data body: parts in the given order; a part with a filename is a file. */
export function multipart(parts: { name: string; value: string | Buffer; filename?: string }[]) {
  const boundary = `----portal${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disp = `form-data; name="${p.name}"${p.filename !== undefined ? `; filename="${p.filename}"` : ''}`;
    const type = p.filename !== undefined ? 'Content-Type: application/octet-stream\r\n' : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disp}\r\n${type}\r\n`), Buffer.from(p.value), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** A document row (and, with `withObject`, its object) for a property. */
export function doc(world: World, key: string, propertyId: string, uploadedAt: string, withObject = true): DocumentItem {
  const fileName = key.slice(key.lastIndexOf('/') + 1);
  const contentType = fileName.endsWith('.pdf') ? 'application/pdf' : fileName.endsWith('.html') ? 'text/html' : 'text/plain';
  const item: DocumentItem = { key, propertyId, uploadedAt, fileName, contentType, sizeBytes: 3, uploadedBy: admin.email };
  world.documents.push(item);
  if (withObject) world.objects.set(key, { body: Buffer.from('abc'), contentType });
  return item;
}
