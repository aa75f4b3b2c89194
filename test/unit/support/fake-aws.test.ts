/**
 * The shared fake answers the data-access files as DynamoDB and S3 would: these checks drive it
 * through the real modules, so a fake that drifted from them fails here before it misleads a handler test.
 */
import { CopyObjectCommand, DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { BatchWriteCommand, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, storage } from '../../../lambdas/shared/platform/clients.js';
import { listAudit } from '../../../lambdas/shared/data/audit.js';
import { batchGetTables } from '../../../lambdas/shared/data/batch.js';
import { deleteDocument, documentsOfProperties, putDocument, type DocumentItem } from '../../../lambdas/shared/data/documents.js';
import { hit, limits } from '../../../lambdas/shared/data/rate-limits.js';
import { createUser, setAssignments } from '../../../lambdas/shared/data/users.js';
import { copyObject, deleteObject, firstBytes, headObject, putObject } from '../../../lambdas/shared/domain/documents/objects.js';
import { s3Send } from '../../../lambdas/shared/platform/s3-requests.js';
import { BUCKET, fakeAws, setTableEnv, TABLES, subOf, user } from './fake-aws.js';

const aws = fakeAws();
beforeAll(() => setTableEnv());
beforeEach(() => aws.clear());
afterAll(() => aws.restore());

const docItem = (key: string, propertyId: string, uploadedAt: string): DocumentItem => ({
  key,
  propertyId,
  uploadedAt,
  fileName: key,
  contentType: 'text/plain',
  sizeBytes: 1,
  uploadedBy: 'x@y.test',
});

describe('the shared fake DynamoDB', () => {
  it('queries an index by its key, newest first, with only the projected attributes', async () => {
    aws.put(TABLES.DOCUMENTS_TABLE, docItem('b', 'P1', '2026-02-01'), docItem('a', 'P1', '2026-01-01'), docItem('c', 'P2', '2026-03-01'));
    expect(await documentsOfProperties(dynamo(), ['P1'])).toEqual([
      { key: 'b', propertyId: 'P1', uploadedAt: '2026-02-01' },
      { key: 'a', propertyId: 'P1', uploadedAt: '2026-01-01' },
    ]);
  });

  it('pages a query with Limit and a sort-key condition, and gives a next key only while items remain', async () => {
    for (let i = 0; i < 3; i++) aws.put(TABLES.AUDIT_TABLE, { stream: 'audit', sk: `2026-01-0${i + 1}#x`, action: `act${i}` });
    aws.put(TABLES.AUDIT_TABLE, { stream: 'other', sk: '2027', action: 'elsewhere' });
    const first = await listAudit(dynamo(), 2);
    expect(first.items.map((e) => e.action)).toEqual(['act2', 'act1']);
    const second = await listAudit(dynamo(), 2, first.nextBefore!);
    expect(second.items.map((e) => e.action)).toEqual(['act0']);
    expect(second.nextBefore).toBeNull();
  });

  it('refuses conditional writes whose condition fails', async () => {
    expect(await createUser(dynamo(), user('a@b.test'))).toBe(true);
    expect(await createUser(dynamo(), user('a@b.test'))).toBe(false);
    expect(await setAssignments(dynamo(), subOf('gone@b.test'), [], {})).toBeUndefined();
    expect(await setAssignments(dynamo(), subOf('a@b.test'), ['C'], { P: 'C' })).toMatchObject({ email: 'a@b.test', customerIds: ['C'], properties: { P: 'C' } });
    aws.put(TABLES.DOCUMENTS_TABLE, docItem('k', 'P1', '2026-01-01'));
    expect(await deleteDocument(dynamo(), 'k', 'P2')).toBeUndefined();
    expect(aws.all(TABLES.DOCUMENTS_TABLE)).toHaveLength(1);
    expect(await deleteDocument(dynamo(), 'k', 'P1')).toMatchObject({ key: 'k' });
    expect(aws.all(TABLES.DOCUMENTS_TABLE)).toEqual([]);
  });

  it('applies ADD and SET updates, and a sliding counter past its expiry starts again', async () => {
    expect(await hit(dynamo(), limits.wrongCodePerEmail, 'a@b.test')).toBe(1);
    expect(await hit(dynamo(), limits.wrongCodePerEmail, 'a@b.test')).toBe(2);
    const [item] = aws.all(TABLES.RATE_LIMITS_TABLE);
    item!.expiresAt = 1;
    expect(await hit(dynamo(), limits.wrongCodePerEmail, 'a@b.test')).toBe(1);
    expect(aws.ddb.commandCalls(UpdateCommand)).toHaveLength(4);
  });

  it('reads several tables in one BatchGet, and refuses an oversized or duplicated BatchWrite', async () => {
    aws.put(TABLES.USERS_TABLE, user('a@b.test'));
    aws.put(TABLES.CUSTOMERS_TABLE, { id: 'C', name: 'c' });
    const got = await batchGetTables(dynamo(), { [TABLES.USERS_TABLE]: [{ sub: subOf('a@b.test') }, { sub: subOf('no@b.test') }], [TABLES.CUSTOMERS_TABLE]: [{ id: 'C' }] });
    expect(got).toEqual({ [TABLES.USERS_TABLE]: [user('a@b.test')], [TABLES.CUSTOMERS_TABLE]: [{ id: 'C', name: 'c' }] });
    expect(aws.callsTo(TABLES.USERS_TABLE)).toBe(1);
    const put = (id: string) => ({ PutRequest: { Item: { id, name: id } } });
    const write = (n: number, id = (i: number) => `C${i}`) =>
      dynamo().send(new BatchWriteCommand({ RequestItems: { [TABLES.CUSTOMERS_TABLE]: Array.from({ length: n }, (_, i) => put(id(i))) } }));
    await expect(write(26)).rejects.toMatchObject({ name: 'ValidationException' });
    await expect(write(2, () => 'same')).rejects.toMatchObject({ name: 'ValidationException' });
    await write(25);
    expect(aws.all(TABLES.CUSTOMERS_TABLE)).toHaveLength(26);
    expect(aws.writes()).toBe(3);
  });

  it('fails a command once, on any table or on the one named', async () => {
    aws.failOnce(`Get:${TABLES.USERS_TABLE}`);
    const get = (TableName: string, Key: Record<string, string>) => dynamo().send(new GetCommand({ TableName, Key }));
    expect((await get(TABLES.CUSTOMERS_TABLE, { id: 'x' })).Item).toBeUndefined();
    await expect(get(TABLES.USERS_TABLE, { sub: 'x' })).rejects.toThrow('injected');
    expect((await get(TABLES.USERS_TABLE, { sub: 'x' })).Item).toBeUndefined();
    aws.failOnce('Put');
    expect(await putDocument(dynamo(), docItem('k', 'P', '2026')).catch((e: Error) => e.message)).toMatch(/injected/);
    expect(aws.ddb.calls()).toHaveLength(4);
  });
});

describe('the shared fake S3', () => {
  it('puts, reads, heads, copies and deletes objects in the documents bucket', async () => {
    const s3 = storage();
    await s3.send(new PutObjectCommand({ Bucket: BUCKET, Key: 'a/x.txt', Body: Buffer.from('abc'), ContentType: 'text/plain' }));
    expect(await (await s3.send(new GetObjectCommand({ Bucket: BUCKET, Key: 'a/x.txt' }))).Body!.transformToString()).toBe('abc');
    await s3.send(new CopyObjectCommand({ Bucket: BUCKET, Key: 'b/y.pdf', CopySource: `${BUCKET}/${encodeURIComponent('a/x.txt')}`, MetadataDirective: 'REPLACE', ContentType: 'application/pdf' }));
    expect(await s3.send(new HeadObjectCommand({ Bucket: BUCKET, Key: 'b/y.pdf' }))).toMatchObject({ ContentLength: 3, ContentType: 'application/pdf' });
    await s3.send(new DeleteObjectCommand({ Bucket: BUCKET, Key: 'a/x.txt' }));
    await expect(s3.send(new HeadObjectCommand({ Bucket: BUCKET, Key: 'a/x.txt' }))).rejects.toMatchObject({ name: 'NotFound' });
    await expect(s3.send(new GetObjectCommand({ Bucket: 'other', Key: 'b/y.pdf' }))).rejects.toThrow('unexpected bucket');
    expect([...aws.world.objects.keys()]).toEqual(['b/y.pdf']);
  });

  it("answers the functions' signed requests over HTTP from the same objects, through the client's mock", async () => {
    await putObject('a/x y.txt', Buffer.from('abcdef'), 'text/plain');
    expect(aws.world.objects.get('a/x y.txt')).toEqual({ body: Buffer.from('abcdef'), contentType: 'text/plain' });
    expect(aws.s3.commandCalls(PutObjectCommand)[0]!.args[0].input).toMatchObject({ Bucket: BUCKET, Key: 'a/x y.txt', ContentType: 'text/plain', ContentLength: 6 });
    expect(await firstBytes('a/x y.txt', 4)).toEqual(new Uint8Array(Buffer.from('abcd')));
    expect(aws.s3.commandCalls(GetObjectCommand)[0]!.args[0].input).toMatchObject({ Range: 'bytes=0-3' });
    await copyObject('a/x y.txt', 'b/(y).pdf', 'application/pdf');
    expect(aws.s3.commandCalls(CopyObjectCommand)[0]!.args[0].input).toEqual({
      Bucket: BUCKET, Key: 'b/(y).pdf', CopySource: `${BUCKET}/a/x%20y.txt`, MetadataDirective: 'REPLACE', ContentType: 'application/pdf', TaggingDirective: 'REPLACE',
    });
    expect(await headObject('b/(y).pdf')).toEqual({ size: 6, contentType: 'application/pdf' });
    await deleteObject('a/x y.txt');
    expect(await headObject('a/x y.txt')).toBeNull();
    expect(await firstBytes('a/x y.txt', 4)).toBeNull();
    expect([...aws.world.objects.keys()]).toEqual(['b/(y).pdf']);
  });

  it('refuses a request whose signature does not hold, as S3 does', async () => {
    const secret = process.env.AWS_SECRET_ACCESS_KEY;
    process.env.AWS_SECRET_ACCESS_KEY = 'another-secret';
    try {
      await expect(s3Send({ operation: 'HeadObject', method: 'HEAD', bucket: BUCKET, key: 'a', input: {} })).rejects.toMatchObject({ $metadata: { httpStatusCode: 403 } });
      await expect(s3Send({ operation: 'DeleteObject', method: 'DELETE', bucket: BUCKET, key: 'a', input: {} })).rejects.toMatchObject({ name: 'SignatureDoesNotMatch' });
    } finally {
      process.env.AWS_SECRET_ACCESS_KEY = secret;
    }
    expect(aws.s3.calls()).toHaveLength(0);
  });
});
