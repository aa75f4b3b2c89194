/**
 * The data-access functions (lambdas/shared/data/*.ts) against DynamoDB Local, the official
 * emulator, so dynalite cannot hide a real DynamoDB error: reserved words, key conditions, empty
 * lists and maps, projections, condition expressions, key sizes. Tables come from lambdas/shared/resources/tables.ts,
 * as the CDK app and the local stack make them.
 *
 * Needs java: jest.config.js leaves this file out, with one line saying so, when java is not on the
 * PATH (CI installs it).
 */
import { jest } from '@jest/globals';
import { DescribeTimeToLiveCommand, UpdateTimeToLiveCommand } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { appendAudit, listAudit } from '../../lambdas/shared/data/audit.js';
import { getCustomersAndProperties } from '../../lambdas/shared/data/catalog.js';
import { getCustomer, getCustomers, listCustomers, putCustomers, type CustomerItem } from '../../lambdas/shared/data/customers.js';
import { deleteDocument, documentsOfProperties, getDocument, putDocument, type DocumentItem } from '../../lambdas/shared/data/documents.js';
import { equipmentOfCustomer, putEquipment } from '../../lambdas/shared/data/equipment.js';
import { allProperties, getProperties, propertiesOfCustomers, putProperties, type PropertyItem } from '../../lambdas/shared/data/properties.js';
import { assertUnderLimit, clear, count, hit, limits, overLimit } from '../../lambdas/shared/data/rate-limits.js';
import { propertiesAndRows, readIndex, userAndIndex } from '../../lambdas/shared/data/report-reads.js';
import { ensureIndex, putReportRows, rowsOf, type ReportRow, type WorkOrderRow } from '../../lambdas/shared/data/report-rows.js';
import { defaultReports, storedReports, storeReports } from '../../lambdas/shared/data/reports.js';
import { changeEmail, createUser, deleteUser, getUserByEmail, getUserBySub, getUsersByEmail, listUsers, revokeTokens, setAssignments, type UserItem } from '../../lambdas/shared/data/users.js';
import { HttpError } from '../../lambdas/shared/platform/http.js';
import { ensureTables, localTableName } from '../../infra/local/dynamo.js';
import { tableList } from '../../lambdas/shared/resources/tables.js';
import { startDynamoDbLocal, type DynamoDbLocal } from '../support/dynamodb-local.js';

jest.setTimeout(120_000);

let ddb: DynamoDbLocal;
let db: DynamoDBDocumentClient;
const savedEnv: Record<string, string | undefined> = {};

beforeAll(async () => {
  ddb = await startDynamoDbLocal();
  db = DynamoDBDocumentClient.from(ddb.client, { marshallOptions: { removeUndefinedValues: true } });
  await ensureTables(ddb.client);
  for (const t of tableList) {
    savedEnv[t.env] = process.env[t.env];
    process.env[t.env] = localTableName(t);
    // dynalite has no TTL; DynamoDB Local has, as the deployed tables do.
    if (t.ttl) await ddb.client.send(new UpdateTimeToLiveCommand({ TableName: localTableName(t), TimeToLiveSpecification: { Enabled: true, AttributeName: t.ttl } }));
  }
});
afterAll(async () => {
  for (const [k, v] of Object.entries(savedEnv)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  await ddb?.stop();
});

const subOf = (email: string) => `sub-${email.toLowerCase()}`;
const user = (email: string, over: Partial<UserItem> = {}): UserItem => ({
  sub: subOf(email),
  email,
  userId: `id-${email}`,
  name: email.split('@')[0]!,
  customerIds: [],
  properties: {},
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...over,
});

describe('the tables', () => {
  it('are created from lambdas/shared/resources/tables.ts with their indexes, and TTL where a table names one', async () => {
    const ttl = await ddb.client.send(new DescribeTimeToLiveCommand({ TableName: localTableName({ id: 'rate-limits' }) }));
    expect(ttl.TimeToLiveDescription).toMatchObject({ TimeToLiveStatus: 'ENABLED', AttributeName: 'expiresAt' });
  });
});

describe('users', () => {
  it('creates once per sub, reads by sub and by email in any case (the byEmail index), and lists; empty keys are no user', async () => {
    expect(await createUser(db, user('ann@tenant-a.test', { pending: true }))).toBe(true);
    expect(await createUser(db, user('ann@tenant-a.test'))).toBe(false);
    expect(await createUser(db, user('bob@tenant-a.test'))).toBe(true);
    expect(await getUserBySub(db, subOf('ann@tenant-a.test'))).toMatchObject({ email: 'ann@tenant-a.test', customerIds: [], properties: {}, pending: true });
    expect(await getUserByEmail(db, 'ANN@Tenant-A.test')).toMatchObject({ sub: subOf('ann@tenant-a.test'), pending: true });
    expect(await getUserByEmail(db, 'nobody@tenant-a.test')).toBeUndefined();
    expect(await getUserByEmail(db, '')).toBeUndefined();
    expect(await getUserBySub(db, '')).toBeUndefined();
    const some = await getUsersByEmail(db, ['ann@tenant-a.test', 'ANN@tenant-a.test', 'bob@tenant-a.test', 'ghost@tenant-a.test']);
    expect(some.map((u) => u.email).sort()).toEqual(['ann@tenant-a.test', 'bob@tenant-a.test']);
    expect((await listUsers(db)).map((u) => u.email).sort()).toEqual(['ann@tenant-a.test', 'bob@tenant-a.test']);
  });

  it('sets assignments in one update (an attribute named properties, empty lists and maps), only for an existing user', async () => {
    const ann = subOf('ann@tenant-a.test');
    const saved = await setAssignments(db, ann, ['C-A', 'C-B'], { 'P-A1': 'C-A' });
    expect(saved).toMatchObject({ email: 'ann@tenant-a.test', customerIds: ['C-A', 'C-B'], properties: { 'P-A1': 'C-A' } });
    expect(await setAssignments(db, ann, [], {})).toMatchObject({ customerIds: [], properties: {} });
    expect(await getUserBySub(db, ann)).toMatchObject({ customerIds: [], properties: {} });
    expect(await setAssignments(db, subOf('ghost@tenant-a.test'), ['C-A'], {})).toBeUndefined();
    expect(await getUserBySub(db, subOf('ghost@tenant-a.test'))).toBeUndefined();
  });

  it('changes the email only from the one the row has, moving tokensValidAfter on', async () => {
    const bob = subOf('bob@tenant-a.test');
    expect(await changeEmail(db, bob, 'other@tenant-a.test', 'robert@tenant-a.test', 5)).toBe(false);
    expect(await changeEmail(db, bob, 'bob@tenant-a.test', 'Robert@tenant-a.test', 5)).toBe(true);
    expect(await getUserBySub(db, bob)).toMatchObject({ email: 'robert@tenant-a.test', tokensValidAfter: 5 });
    expect(await getUserByEmail(db, 'bob@tenant-a.test')).toBeUndefined();
    expect(await changeEmail(db, subOf('ghost@tenant-a.test'), 'ghost@tenant-a.test', 'g@tenant-a.test')).toBe(false);
    expect(await changeEmail(db, bob, 'robert@tenant-a.test', 'bob@tenant-a.test')).toBe(true);
  });

  it('revokes older tokens (tokensValidAfter, pending removed), ignores a user who is gone, and deletes', async () => {
    const ann = subOf('ann@tenant-a.test');
    await revokeTokens(db, ann, 1_767_225_600_000);
    const row = await getUserBySub(db, ann);
    expect(row?.tokensValidAfter).toBe(1_767_225_600_000);
    expect(row?.pending).toBeUndefined();
    await expect(revokeTokens(db, subOf('ghost@tenant-a.test'))).resolves.toBeUndefined();
    expect(await getUserBySub(db, subOf('ghost@tenant-a.test'))).toBeUndefined();
    await deleteUser(db, subOf('bob@tenant-a.test'));
    expect(await getUserByEmail(db, 'bob@tenant-a.test')).toBeUndefined();
  });
});

describe('customers and properties', () => {
  const customers: CustomerItem[] = Array.from({ length: 30 }, (_, i) => ({ id: `C-${String(i).padStart(2, '0')}`, name: `customer ${29 - i}` }));
  const properties: PropertyItem[] = [
    { id: 'P-1', customerId: 'C-00', name: 'Zeta', propertyType: 'Office' },
    { id: 'P-2', customerId: 'C-00', name: 'Alpha', propertyType: 'Retail' },
    { id: 'P-3', customerId: 'C-01', name: 'Mid', propertyType: 'Office' },
  ];

  beforeAll(async () => {
    await putCustomers(db, [...customers, { id: 'C-MAP', name: 'mapped', telemetryCustomerId: 'NC-1', telemetryCustomerName: 'Mapped Inc' }]);
    await putProperties(db, properties);
  });

  it('writes more than one batch and reads by id, several ids (duplicates too) and all, sorted by name', async () => {
    expect(await getCustomer(db, 'C-MAP')).toEqual({ id: 'C-MAP', name: 'mapped', telemetryCustomerId: 'NC-1', telemetryCustomerName: 'Mapped Inc' });
    expect(await getCustomer(db, 'C-none')).toBeUndefined();
    expect((await getCustomers(db, ['C-00', 'C-01', 'C-00', 'C-none'])).map((c) => c.id)).toEqual(['C-01', 'C-00']);
    expect(await getCustomers(db, [])).toEqual([]);
    const all = await listCustomers(db);
    expect(all).toHaveLength(31);
    expect(all[0]!.name).toBe('customer 0');
  });

  it('reads properties by customer through the byCustomer index, by ids and all, sorted by name', async () => {
    expect((await propertiesOfCustomers(db, ['C-00', 'C-01', 'C-00'])).map((p) => p.id)).toEqual(['P-2', 'P-3', 'P-1']);
    expect(await propertiesOfCustomers(db, ['C-none'])).toEqual([]);
    expect((await getProperties(db, ['P-1', 'P-3', 'P-none'])).map((p) => p.id)).toEqual(['P-3', 'P-1']);
    expect(await getProperties(db, [])).toEqual([]);
    expect((await allProperties(db)).map((p) => p.id)).toEqual(['P-2', 'P-3', 'P-1']);
  });

  it('reads customers and properties by id together in one request per 100 keys across both tables', async () => {
    const both = await getCustomersAndProperties(db, ['C-01', 'C-00', 'C-none', ...customers.map((c) => c.id)], ['P-1', 'P-2', 'P-none']);
    expect(both.customers).toHaveLength(30);
    expect(both.customers[0]!.name).toBe('customer 0');
    expect(both.properties.map((p) => p.id)).toEqual(['P-2', 'P-1']);
    expect(await getCustomersAndProperties(db, [], [])).toEqual({ customers: [], properties: [] });
  });

  it('reads a customer\'s equipment by its partition key', async () => {
    await putEquipment(db, [
      { customerId: 'C-00', id: 'E-1', propertyId: 'P-1', buildingName: 'N', name: 'RTU', equipmentType: 'RTU', telemetryData: '{}' },
      { customerId: 'C-00', id: 'E-2', buildingName: 'S', name: 'AHU', equipmentType: 'AHU', telemetryData: '' },
      { customerId: 'C-01', id: 'E-3', buildingName: 'S', name: 'AHU', equipmentType: 'AHU', telemetryData: '{}' },
    ]);
    expect((await equipmentOfCustomer(db, 'C-00')).map((e) => e.id)).toEqual(['E-1', 'E-2']);
    expect(await equipmentOfCustomer(db, 'C-none')).toEqual([]);
  });
});

describe('documents', () => {
  const doc = (key: string, propertyId: string, uploadedAt: string): DocumentItem => ({
    key,
    propertyId,
    uploadedAt,
    fileName: key.split('/').pop()!,
    contentType: 'application/pdf',
    sizeBytes: 10,
    uploadedBy: 'boss@staff.test',
  });

  it('adds a row once (a condition on the reserved attribute "key") and reads it back', async () => {
    expect(await putDocument(db, doc('documents/u1/a.pdf', 'P-1', '2026-01-01T00:00:00.000Z'))).toBe(true);
    expect(await putDocument(db, doc('documents/u1/a.pdf', 'P-1', '2026-01-09T00:00:00.000Z'))).toBe(false);
    expect(await getDocument(db, 'documents/u1/a.pdf')).toMatchObject({ propertyId: 'P-1', uploadedAt: '2026-01-01T00:00:00.000Z' });
    expect(await getDocument(db, 'documents/none.pdf')).toBeUndefined();
  });

  it('lists the documents of properties newest first through the byProperty index, projecting the reserved "key"', async () => {
    await putDocument(db, doc('documents/u2/b.pdf', 'P-1', '2026-01-03T00:00:00.000Z'));
    await putDocument(db, doc('documents/u3/c.pdf', 'P-2', '2026-01-02T00:00:00.000Z'));
    expect(await documentsOfProperties(db, ['P-1'])).toEqual([
      { key: 'documents/u2/b.pdf', propertyId: 'P-1', uploadedAt: '2026-01-03T00:00:00.000Z' },
      { key: 'documents/u1/a.pdf', propertyId: 'P-1', uploadedAt: '2026-01-01T00:00:00.000Z' },
    ]);
    expect((await documentsOfProperties(db, ['P-1', 'P-2', 'P-none'])).map((d) => d.key)).toEqual(['documents/u2/b.pdf', 'documents/u3/c.pdf', 'documents/u1/a.pdf']);
    expect(await documentsOfProperties(db, [])).toEqual([]);
  });

  it('deletes a row only for its own property, answering the old row', async () => {
    expect(await deleteDocument(db, 'documents/u2/b.pdf', 'P-2')).toBeUndefined();
    expect(await deleteDocument(db, 'documents/u2/b.pdf', 'P-1')).toMatchObject({ key: 'documents/u2/b.pdf', fileName: 'b.pdf' });
    expect(await getDocument(db, 'documents/u2/b.pdf')).toBeUndefined();
    expect(await deleteDocument(db, 'documents/none.pdf', 'P-1')).toBeUndefined();
  });

  it('refuses a key over 2048 bytes although it has fewer characters (dynalite counts characters; the Key schema counts bytes)', async () => {
    await expect(getDocument(db, `documents/${'\u20ac'.repeat(1000)}`)).rejects.toThrow(/must be under 2048 bytes/);
  });
});

describe('audit', () => {
  it('pages newest first by a cursor on the sort key (the partition key is the reserved "stream")', async () => {
    const written = [];
    for (let i = 0; i < 5; i++) {
      written.push(await appendAudit(db, 'boss@staff.test', 'user.create', `u${i}@tenant-a.test`, i === 0 ? {} : { customers: ['C-A'], n: i }));
      await new Promise((r) => setTimeout(r, 2));
    }
    const newest = [...written].reverse().map((e) => e.sk);
    const first = await listAudit(db, 2);
    expect(first.items.map((e) => e.sk)).toEqual(newest.slice(0, 2));
    expect(first.nextBefore).toBe(newest[1]);
    const second = await listAudit(db, 2, first.nextBefore!);
    expect(second.items.map((e) => e.sk)).toEqual(newest.slice(2, 4));
    const last = await listAudit(db, 2, second.nextBefore!);
    expect(last.items.map((e) => e.sk)).toEqual(newest.slice(4));
    expect(last.nextBefore).toBeNull();
    expect(last.items[0]).toMatchObject({ actorEmail: 'boss@staff.test', action: 'user.create', details: {} });
  });
});

describe('rate limits', () => {
  it('counts hits in a window, refuses with 429 and Retry-After at the limit, and forgets on clear', async () => {
    const limit = limits.codeRequestPerEmail;
    for (let i = 1; i <= limit.max; i++) expect(await hit(db, limit, 'Many@tenant-a.test')).toBe(i);
    expect(await overLimit(db, limit, 'many@tenant-a.test')).toBe(true);
    const refused = await assertUnderLimit(db, limit, 'many@tenant-a.test').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(HttpError);
    expect((refused as HttpError).statusCode).toBe(429);
    expect(Number((refused as HttpError).headers['retry-after'])).toBeGreaterThan(0);
    await clear(db, limit, 'many@tenant-a.test');
    expect(await count(db, limit, 'many@tenant-a.test')).toEqual({ hits: 0, retryAfter: 0 });
  });

  it.each([
    ['a sliding counter', limits.wrongCodePerEmail],
    ["a window from the first hit", limits.loginPerEmail],
  ])('starts %s again from one when its item outlived its expiry, with a new end', async (_, limit) => {
    const table = localTableName({ id: 'rate-limits' });
    const key = `${limit.kind}:late@tenant-a.test`;
    await db.send(new PutCommand({ TableName: table, Item: { key, hits: 9, expiresAt: Math.floor(Date.now() / 1000) - 60 } }));
    expect(await count(db, limit, 'late@tenant-a.test')).toEqual({ hits: 0, retryAfter: 0 });
    expect(await hit(db, limit, 'late@tenant-a.test')).toBe(1);
    expect(await hit(db, limit, 'late@tenant-a.test')).toBe(2);
    const item = (await db.send(new GetCommand({ TableName: table, Key: { key } }))).Item;
    expect(item?.expiresAt).toBeGreaterThan(Date.now() / 1000 + limit.windowSeconds - 60);
  });
});

describe('report rows and the report catalogue', () => {
  const rows: ReportRow[] = [
    { dataset: 'wo', id: 'WO-1', propertyId: 'P-1', kind: 'service', status: 'Open', priority: 'High', createdAt: '2026-01-01', description: 'leak', technician: '', amount: 100 },
    { dataset: 'wo', id: 'WO-2', propertyId: 'P-2', kind: 'capital', status: 'Completed', priority: 'Low', createdAt: '2026-01-02', description: 'chiller', technician: 't', amount: 5 },
    { dataset: 'quote', id: 'Q-1', propertyId: 'P-1', title: 'q', status: 'Sent', amount: 7, createdAt: '2026-01-03' },
    { dataset: 'invoice', id: 'I-1', number: 'INV-1', propertyId: 'P-1', issuedAt: '2026-01-01', dueAt: '2026-02-01', amount: 9, balance: 9, status: 'Open' },
    { dataset: 'asset', id: 'A-1', propertyId: 'P-1', name: 'RTU', assetType: 'Rooftop', make: 'Carrier', model: 'X', serial: 'S', condition: 'Fair' },
  ];

  it('queries one dataset of some properties by key prefix, whole or projected on reserved words', async () => {
    await putReportRows(db, rows);
    expect((await rowsOf(db, 'wo', ['P-1', 'P-2'])).map((r) => r.id).sort()).toEqual(['WO-1', 'WO-2']);
    expect(await rowsOf(db, 'quote', ['P-2'])).toEqual([]);
    const invoices = await rowsOf(db, 'invoice', ['P-1'], ['number', 'status', 'amount']);
    expect(invoices).toEqual([{ propertyId: 'P-1', id: 'I-1', dataset: 'invoice', number: 'INV-1', status: 'Open', amount: 9 }]);
    const assets = await rowsOf(db, 'asset', ['P-1'], ['name', 'condition', 'model']);
    expect(assets).toEqual([{ propertyId: 'P-1', id: 'A-1', dataset: 'asset', name: 'RTU', condition: 'Fair', model: 'X' }]);
  });

  it('packs rows per property, dataset and year, and concurrent writers of one year lose none (conditional writes)', async () => {
    const stored = await db.send(new QueryCommand({ TableName: process.env.REPORT_ROWS_TABLE!, KeyConditionExpression: 'propertyId = :p', ExpressionAttributeValues: { ':p': 'P-1' } }));
    expect(stored.Items!.map((i) => i.sk)).toEqual(['asset#-#1', 'index#asset', 'index#invoice', 'index#quote', 'index#wo', 'invoice#2026#1', 'quote#2026#1', 'wo#2026#1']);
    const wo = (i: number, createdAt: string): WorkOrderRow => ({ ...(rows[0] as WorkOrderRow), id: `WO-C${i}`, propertyId: 'P-9', createdAt });
    const many = Array.from({ length: 60 }, (_, i) => wo(i, i % 2 ? '2025-02-01' : '2026-03-01'));
    await Promise.all([0, 1, 2, 3].map((k) => putReportRows(db, many.filter((_, i) => i % 4 === k))));
    await putReportRows(db, [wo(1, '2026-03-09')]); // from 2025 to 2026
    const back = await rowsOf(db, 'wo', ['P-9']);
    expect(back.map((r) => r.id).sort()).toEqual(many.map((r) => r.id).sort());
    expect(back.find((r) => r.id === 'WO-C1')!.createdAt).toBe('2026-03-09');
    // The concurrent writers' index lists both years (string-set ADDs), and reading through it finds every row.
    const index = await readIndex(db, ['P-9'], ['wo']);
    expect([...index.values()][0]!.slice().sort()).toEqual(['wo#2025#1', 'wo#2026#1']);
    const { rows: through } = await propertiesAndRows(db, ['P-9'], ['wo'], index);
    expect(through.get('wo')!.map((r) => r.id).sort()).toEqual(many.map((r) => r.id).sort());
  });

  it('reads a user and the index in one BatchGetItem, then names and rows projected to the union of the datasets\' columns', async () => {
    await createUser(db, user('viewer@r.test'));
    await putProperties(db, [{ id: 'P-1', customerId: 'C-1', name: 'One', propertyType: 'Office' }]);
    const { user: found, index } = await userAndIndex(db, subOf('viewer@r.test'), ['P-1', 'P-404'], ['quote', 'invoice']);
    expect(found?.email).toBe('viewer@r.test');
    expect([...index.entries()].sort()).toEqual([
      ['P-1\u0000invoice', ['invoice#2026#1']],
      ['P-1\u0000quote', ['quote#2026#1']],
      ['P-404\u0000invoice', null],
      ['P-404\u0000quote', null],
    ]);
    const { properties, rows: got } = await propertiesAndRows(db, ['P-1'], ['quote', 'invoice'], index, { quote: ['status'], invoice: ['number', 'status'] });
    expect(properties.map((p) => p.name)).toEqual(['One']);
    expect(got.get('quote')).toEqual([{ dataset: 'quote', id: 'Q-1', propertyId: 'P-1', status: 'Sent' }]);
    expect(got.get('invoice')).toEqual([{ dataset: 'invoice', id: 'I-1', propertyId: 'P-1', number: 'INV-1', status: 'Open' }]);
    // The migration's write: an empty partition gets an index item without parts; repeating it changes nothing.
    await ensureIndex(db, 'P-404', 'quote', [], '2026-01-01T00:00:00.000Z');
    await ensureIndex(db, 'P-404', 'quote', [], '2026-02-01T00:00:00.000Z');
    await ensureIndex(db, 'P-1', 'quote', ['quote#2026#1']);
    const again = await readIndex(db, ['P-404', 'P-1'], ['quote']);
    expect([...again.values()]).toEqual([[], ['quote#2026#1']]);
    const marker = await db.send(new GetCommand({ TableName: process.env.REPORT_ROWS_TABLE!, Key: { propertyId: 'P-404', sk: 'index#quote' } }));
    expect(marker.Item).toEqual({ propertyId: 'P-404', sk: 'index#quote', indexedAt: '2026-01-01T00:00:00.000Z' });
  });

  it('stores a catalogue in order, replaces it (removing reports no longer in it), and an empty one means the defaults', async () => {
    expect(await storedReports(db)).toBeNull();
    await storeReports(db, defaultReports);
    expect(await storedReports(db)).toEqual(defaultReports);
    const fewer = [{ id: 'custom', name: 'Custom', group: 'General', frames: [] }, defaultReports[0]!];
    await storeReports(db, fewer);
    expect(await storedReports(db)).toEqual(fewer);
    await storeReports(db, []);
    expect(await storedReports(db)).toBeNull();
  });
});
