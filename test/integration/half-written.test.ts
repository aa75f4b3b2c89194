/**
 * Nothing half-written (issue 31): every write to two systems, with its second half failing on
 * purpose (FAULTS, lambdas/shared/platform/faults.ts, aimed at one operation of one table), ends with the
 * first half undone, or done completely by the same request sent again; where the undoing itself
 * fails, what is left is what the consistency check looks for (an object without a row, a pool user
 * without a row). Through the local stack over HTTP, as the web app calls it.
 */
import { AdminGetUserCommand, ListUsersCommand } from '@aws-sdk/client-cognito-identity-provider';
import { HeadObjectCommand, ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { jest } from '@jest/globals';
import { findInconsistencies } from '../../infra/admin/check.js';
import { getUserByEmail } from '../../lambdas/shared/data/users.js';
import { createTestUser, putCustomer, putProperty, request, signIn, startTestStack, type TestResponse, type TestStack } from '../support/local-stack.js';
import { multipart } from '../support/multipart.js';
import { postToStorage } from '../support/storage-post.js';

jest.setTimeout(120_000);

const PASSWORD = 'Passw0rd1';
const ADMIN = 'ops@staff.test';
const USER = 'facilities@alpha.test';
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46]);

let t: TestStack;
let s3: S3Client;
let admin: string;
let user: string;
let seq = 0;

/** Sends `send()` with FAULTS in force for it alone (fixtures before and checks after see healthy services). */
async function withFaults(faults: string, send: () => Promise<TestResponse>): Promise<TestResponse> {
  process.env.FAULTS = faults;
  try {
    return await send();
  } finally {
    delete process.env.FAULTS;
  }
}
const expect503 = (r: TestResponse) => {
  expect({ status: r.status, retryAfter: r.headers.get('retry-after') }).toEqual({ status: 503, retryAfter: '5' });
  expect((r.json as { error: string }).error).toMatch(/try again/i);
};
const objects = async (prefix: string) =>
  ((await s3.send(new ListObjectsV2Command({ Bucket: t.env.DOCUMENTS_BUCKET, Prefix: prefix }))).Contents ?? []).map((o) => o.Key!);
const exists = (key: string) =>
  s3.send(new HeadObjectCommand({ Bucket: t.env.DOCUMENTS_BUCKET, Key: key })).then(
    () => true,
    () => false,
  );
const documentRows = async () => ((await t.db.send(new ScanCommand({ TableName: t.env.DOCUMENTS_TABLE }))).Items ?? []).map((i) => i.key as string);
const requestRows = async () => (await t.db.send(new ScanCommand({ TableName: t.env.SERVICE_REQUESTS_TABLE }))).Items ?? [];
const poolUser = (email: string) =>
  t.cognito.send(new AdminGetUserCommand({ UserPoolId: t.stack.userPoolId, Username: email })).then(
    (u) => u,
    () => undefined,
  );
const poolUsersWithEmail = async (email: string) =>
  (await t.cognito.send(new ListUsersCommand({ UserPoolId: t.stack.userPoolId, Filter: `email = "${email}"` }))).Users ?? [];

/** What `npm run admin -- check` finds now (no grace period: everything planted here is seconds old). */
const check = async () => (await findInconsistencies(t.db, { graceMinutes: 0 })).findings;

const signup = (email: string) =>
  request('POST', '/api/users/signup', { token: admin, body: { name: 'new person', email, password: 'Temp1234!x', buildops_customer_ids: ['C-A'], buildops_property_ids: ['P-A1'] } });
const upload = (fileName: string) => {
  const m = multipart([{ name: 'propertyId', value: 'P-A1' }, { name: 'file', value: '%PDF-1.4 plan', filename: fileName }]);
  return request('POST', '/api/s3/uploaddocument', { token: admin, body: m.body, headers: { 'content-type': m.contentType } });
};

beforeAll(async () => {
  t = await startTestStack();
  s3 = t.storage;
  await putCustomer({ id: 'C-A', name: 'alpha' });
  await putProperty({ id: 'P-A1', customerId: 'C-A', name: 'Alpha One', propertyType: 'Office' });
  await createTestUser({ email: ADMIN, password: PASSWORD });
  await createTestUser({ email: USER, password: PASSWORD, customers: ['C-A'], properties: ['P-A1'] });
  [admin, user] = await Promise.all([signIn(ADMIN, PASSWORD), signIn(USER, PASSWORD)]);
});
afterAll(async () => {
  delete process.env.FAULTS;
  await t?.stop();
});

describe('accounts: Cognito and the users table', () => {
  it('signup: a users row that cannot be written takes the new pool user away again; sent again, it creates both', async () => {
    const email = `signup-${++seq}@alpha.test`;
    expect503(await withFaults('dynamodb.PutItem@accounts:throttle', () => signup(email)));
    expect(await poolUser(email)).toBeUndefined();
    expect(await getUserByEmail(t.db, email)).toBeUndefined();
    expect((await signup(email)).status).toBe(201);
    expect(await poolUser(email)).toBeDefined();
    expect(await getUserByEmail(t.db, email)).toMatchObject({ email, pending: true });
  });

  it('signup: when taking the pool user away fails too, a pool user without a row is left, which the consistency check lists', async () => {
    const email = `orphan-${++seq}@alpha.test`;
    expect503(await withFaults('dynamodb.PutItem@accounts:throttle,cognito.AdminDeleteUser:throttle', () => signup(email)));
    const left = await poolUser(email);
    expect(left).toBeDefined();
    expect(await getUserByEmail(t.db, email)).toBeUndefined();
    expect((await check()).cognitoWithoutRow.map((u) => u.email)).toContain(email);
  });

  it('remove users: a row that cannot be deleted after the pool user went answers 503; sent again, the removal completes', async () => {
    const email = `leaving-${++seq}@alpha.test`;
    await createTestUser({ email, password: PASSWORD, customers: ['C-A'], properties: ['P-A1'] });
    const remove = () => request('POST', '/api/users/remove-users', { token: admin, body: { users: [email] } });
    expect503(await withFaults('dynamodb.DeleteItem@accounts:throttle', remove));
    expect(await poolUser(email)).toBeUndefined(); // sign-in is over already
    expect(await getUserByEmail(t.db, email)).toBeDefined(); // the half the check lists until it is done
    expect((await check()).rowWithoutCognito.map((u) => u.email)).toContain(email);
    const again = await remove();
    expect(again.status).toBe(200);
    expect(await getUserByEmail(t.db, email)).toBeUndefined();
  });

  it('change email: a row that cannot follow puts the pool back to the old address', async () => {
    const from = `mover-${++seq}@alpha.test`;
    const to = `moved-${seq}@alpha.test`;
    await createTestUser({ email: from, password: PASSWORD, customers: ['C-A'], properties: ['P-A1'] });
    const change = () => request('PUT', `/api/users/${encodeURIComponent(from)}/email`, { token: admin, body: { email: to } });
    expect503(await withFaults('dynamodb.UpdateItem@accounts:throttle', change));
    expect((await poolUsersWithEmail(from)).length).toBe(1);
    expect(await poolUsersWithEmail(to)).toEqual([]);
    expect(await getUserByEmail(t.db, from)).toBeDefined();
    expect((await change()).status).toBe(200);
    expect((await poolUsersWithEmail(to)).length).toBe(1);
    expect(await getUserByEmail(t.db, to)).toBeDefined();
  });
});

describe('documents: S3 and the documents table', () => {
  it('upload: a row that cannot be written removes the stored object; where that fails too, the object is left for the check', async () => {
    const before = await objects('documents/');
    expect503(await withFaults('dynamodb.PutItem@documents:throttle', () => upload(`plan-${++seq}.pdf`)));
    expect(await objects('documents/')).toEqual(before);
    expect(await documentRows()).toEqual([]);

    expect503(await withFaults('dynamodb.PutItem@documents:throttle,s3.DeleteObject:503', () => upload(`kept-${++seq}.pdf`)));
    const orphans = (await objects('documents/')).filter((k) => !before.includes(k));
    expect(orphans).toHaveLength(1);
    expect(orphans[0]).toMatch(new RegExp(`/kept-${seq}\\.pdf$`));
    expect(await documentRows()).toEqual([]);
    expect((await check()).objectWithoutRow.map((o) => o.key)).toContain(orphans[0]);
  });

  it('confirm of a presigned upload: a failed row write keeps the upload, and the same confirm sent again completes it', async () => {
    const fileName = `big-${++seq}.pdf`;
    const form = await request('POST', '/api/s3/upload-url', { token: admin, body: { propertyId: 'P-A1', fileName, size: 13 } });
    expect(form.status).toBe(200);
    const target = form.json as { url: string; key: string; fields: Record<string, string> };
    expect((await postToStorage(target, '%PDF-1.4 big!')).status).toBeLessThan(300);
    const confirm = () => request('POST', '/api/s3/confirm-upload', { token: admin, body: { key: target.key, propertyId: 'P-A1' } });
    expect503(await withFaults('dynamodb.PutItem@documents:throttle', confirm));
    expect(await exists(target.key)).toBe(true);
    expect((await objects('documents/')).some((k) => k.endsWith(`/${fileName}`))).toBe(false);
    const done = await confirm();
    expect(done.status).toBe(201);
    const key = (done.json as { DOCUMENT_URL: string }).DOCUMENT_URL;
    expect(await exists(key)).toBe(true);
    expect(await exists(target.key)).toBe(false);
    expect(await documentRows()).toContain(key);
  });

  it('delete: the row goes first (users stop seeing it at once); an object that cannot be deleted is left for the check, and the answer is still 200', async () => {
    const up = await upload(`old-${++seq}.pdf`);
    expect(up.status).toBe(201);
    const key = (up.json as { DOCUMENT_URL: string }).DOCUMENT_URL;
    const r = await withFaults('s3.DeleteObject:503', () => request('POST', '/api/s3/deletedocument', { token: admin, body: { key, propertyId: 'P-A1' } }));
    expect(r.status).toBe(200);
    expect(await documentRows()).not.toContain(key);
    expect(await exists(key)).toBe(true);
    expect((await check()).objectWithoutRow.map((o) => o.key)).toContain(key);
  });
});

describe('service requests: photos in S3 and the request row', () => {
  it('a request row that cannot be written removes the photo copies and keeps the uploads; sent again, it is filed with its photo', async () => {
    const form = await request('POST', '/api/s3/upload-url', { token: user, body: { purpose: 'request-photo', propertyId: 'P-A1', fileName: 'leak.jpg', size: JPEG.length } });
    expect(form.status).toBe(200);
    const target = form.json as { url: string; key: string; fields: Record<string, string> };
    expect((await postToStorage(target, JPEG)).status).toBeLessThan(300);
    const file = () => request('POST', '/api/requests', { token: user, body: { propertyId: 'P-A1', description: 'Leak in the plant room', priority: 'urgent', photos: [target.key] } });
    const filedBefore = await objects('requests/');
    expect503(await withFaults('dynamodb.PutItem@service-requests:throttle', file));
    expect(await exists(target.key)).toBe(true);
    expect(await objects('requests/')).toEqual(filedBefore);
    expect(await requestRows()).toEqual([]);
    const done = await file();
    expect(done.status).toBe(201);
    const reference = (done.json as { request: { reference: string; photoCount: number } }).request;
    expect(reference.photoCount).toBe(1);
    expect(await exists(target.key)).toBe(false);
    expect((await requestRows()).map((r) => r.reference)).toEqual([reference.reference]);
  });
});

describe('the mail jobs: the claim and the mail', () => {
  it('a mail SES refuses gives its claim back: the run fails, and the next run sends it, once', async () => {
    const token = await signIn(USER, PASSWORD);
    expect((await request('PATCH', '/api/notifications', { token, body: { settings: { weekly: true } } })).status).toBe(200);
    const weekly = async () => (await t.outbox()).filter((m) => m.to === USER && /week/i.test(m.subject));
    process.env.FAULTS = 'ses:reject';
    await expect(t.stack.runJob('notifications/weekly-summary')).rejects.toThrow(/part/);
    delete process.env.FAULTS;
    expect(await weekly()).toEqual([]);
    await t.stack.runJob('notifications/weekly-summary');
    expect(await weekly()).toHaveLength(1);
    await t.stack.runJob('notifications/weekly-summary');
    expect(await weekly()).toHaveLength(1);
  });
});
