/**
 * The documents calls through the local stack over HTTP, on a real s3rver bucket (the old server's
 * documents tests, ported): upload, listing, presigned links fetched and compared, delete, the
 * presigned upload with its confirmation, and tenant B refused everywhere.
 */
import { jest } from '@jest/globals';
import { ListObjectsV2Command, PutObjectCommand } from '@aws-sdk/client-s3';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { documentMessages, tooLargeMessage } from '../../lambdas/shared/contract/documents.js';
import { createTestUser, putCustomer, putProperty, request, signIn, startTestStack, type TestStack } from '../support/local-stack.js';
import { multipart } from '../support/multipart.js';
import { postToStorage } from '../support/storage-post.js';

jest.setTimeout(60_000);

const PASSWORD = 'Passw0rd1';
const ADMIN = 'boss@staff.test';
const MiB = 1024 * 1024;
let t: TestStack;
let s3: TestStack['storage'];
let admin: string;
let a: string;
let b: string;

beforeAll(async () => {
  t = await startTestStack();
  s3 = t.storage;
  await putCustomer({ id: 'C-A', name: 'alpha' });
  await putCustomer({ id: 'C-B', name: 'beta' });
  await putProperty({ id: 'P-A0', customerId: 'C-A', name: 'A zero', propertyType: 'Office' });
  await putProperty({ id: 'P-A1', customerId: 'C-A', name: 'A one', propertyType: 'Office' });
  await putProperty({ id: 'P-B0', customerId: 'C-B', name: 'B zero', propertyType: 'Office' });
  await createTestUser({ email: ADMIN, password: PASSWORD });
  await createTestUser({ email: 'a@customer-a.test', password: PASSWORD, customers: ['C-A'], properties: ['P-A0'] });
  await createTestUser({ email: 'b@customer-b.test', password: PASSWORD, customers: ['C-B'], properties: ['P-B0'] });
  [admin, a, b] = await Promise.all([signIn(ADMIN, PASSWORD), signIn('a@customer-a.test', PASSWORD), signIn('b@customer-b.test', PASSWORD)]);
});
afterAll(async () => {
  await t?.stop();
});

const upload = (token: string | undefined, parts: Parameters<typeof multipart>[0]) => {
  const m = multipart(parts);
  return request('POST', '/api/s3/uploaddocument', { token, body: m.body, headers: { 'content-type': m.contentType } });
};
const get = (url: string, token?: string) => request('GET', url, { token });
const post = (url: string, token: string | undefined, body: unknown) => request('POST', url, { token, body });
const list = (ids: string, token?: string) => get(`/api/s3/getdocumentsbyproperty?propertyId=${encodeURIComponent(ids)}`, token);
const linkOf = async (key: string, token: string, download = false) => {
  const r = await get(`/api/s3/getpresignedurl?key=${encodeURIComponent(key)}${download ? '&download=1' : ''}`, token);
  expect(r.status).toBe(200);
  return (r.json as { url: string }).url;
};
const objects = async (prefix = '') =>
  ((await s3.send(new ListObjectsV2Command({ Bucket: t.env.DOCUMENTS_BUCKET, Prefix: prefix }))).Contents ?? []).map((o) => o.Key!);
const rows = async () => (await t.db.send(new ScanCommand({ TableName: t.env.DOCUMENTS_TABLE }))).Items ?? [];
const file = { name: 'file', value: 'hello', filename: 'report.pdf' };
const prop = (value: string) => ({ name: 'propertyId', value });

interface Doc {
  DOCUMENT_URL: string;
  UPLOADED_AT: string;
  PROPERTY_ID: string;
}

describe('POST /api/s3/uploaddocument', () => {
  it('401, 400, 403, 404 and the file-name rule, leaving no row and no object', async () => {
    expect((await upload(undefined, [prop('P-A0'), file])).status).toBe(401);
    expect((await upload(a, [prop('P-A0'), file])).status).toBe(403);
    const noProperty = await upload(admin, [file]);
    expect(noProperty.status).toBe(400);
    expect((noProperty.json as { error: string }).error).toMatch(/propertyId/);
    expect((await upload(admin, [prop('P-A0')])).json).toEqual({ error: documentMessages.fileRequired });
    const badName = await upload(admin, [prop('P-A0'), { ...file, filename: 'my report.pdf' }]);
    expect(badName.status).toBe(400);
    expect(badName.json).toEqual({ error: documentMessages.invalidFileName });
    expect((await upload(admin, [prop('P-A0'), { ...file, filename: '../x.pdf' }])).status).toBe(400);
    expect((await upload(admin, [prop('ghost'), file])).status).toBe(404);
    expect((await upload(admin, [file, prop('ghost')])).status).toBe(404);
    expect((await post('/api/s3/uploaddocument', admin, { propertyId: 'P-A0' })).status).toBe(400);
    expect(await rows()).toEqual([]);
    expect(await objects()).toEqual([]);
  });

  it('413 naming the limit above it, leaving no row and no object', async () => {
    const res = await upload(admin, [prop('P-A0'), { name: 'file', value: Buffer.alloc(4 * MiB + 1, 1), filename: 'big.bin' }]);
    expect(res.status).toBe(413);
    expect(res.json).toEqual({ error: tooLargeMessage(4 * MiB) });
    expect(res.json).toEqual({ error: 'The file is too large. The largest file you can upload is 4 MiB.' });
    expect(await rows()).toEqual([]);
    expect(await objects()).toEqual([]);
  });

  it('stores the object then the row; the same name twice keeps both; either field order works', async () => {
    const first = await upload(admin, [prop('P-A0'), { name: 'file', value: Buffer.alloc(4 * MiB, 7), filename: 'plan_v1-final.pdf' }]);
    expect(first.status).toBe(201);
    const second = await upload(admin, [{ name: 'file', value: 'two', filename: 'plan_v1-final.pdf' }, prop('P-A0')]);
    expect(second.status).toBe(201);
    const k1 = (first.json as Doc).DOCUMENT_URL;
    const k2 = (second.json as Doc).DOCUMENT_URL;
    expect(k1).not.toBe(k2);
    expect(k1.split('/').pop()).toBe('plan_v1-final.pdf');
    expect(first.json).toMatchObject({ PROPERTY_ID: 'P-A0', message: documentMessages.uploaded });
    expect((await objects()).sort()).toEqual([k1, k2].sort());
    expect((await rows()).find((r) => r.key === k1)).toMatchObject({ fileName: 'plan_v1-final.pdf', contentType: 'application/pdf', uploadedBy: ADMIN, sizeBytes: 4 * MiB });
  });
});

describe('GET /api/s3/getdocumentsbyproperty', () => {
  it('401, 400, 403 for any id out of scope, 404 unknown for an administrator', async () => {
    expect((await list('P-A0')).status).toBe(401);
    expect((await get('/api/s3/getdocumentsbyproperty', a)).status).toBe(400);
    expect((await list(',', a)).status).toBe(400);
    expect((await list('P-A0,P-B0', a)).status).toBe(403);
    expect((await list('P-A0', b)).status).toBe(403);
    expect((await list('P-A1', a)).status).toBe(403);
    expect((await list('P-A0,ghost', admin)).status).toBe(404);
  });

  it('lists documents newest first', async () => {
    expect((await upload(admin, [prop('P-B0'), { name: 'file', value: 'b', filename: 'b.txt' }])).status).toBe(201);
    const res = await list('P-A0', a);
    expect(res.status).toBe(200);
    const docs = res.json as Doc[];
    expect(docs).toHaveLength(2);
    expect(Object.keys(docs[0]!).sort()).toEqual(['DOCUMENT_URL', 'PROPERTY_ID', 'UPLOADED_AT']);
    expect(Date.parse(docs[0]!.UPLOADED_AT)).toBeGreaterThanOrEqual(Date.parse(docs[1]!.UPLOADED_AT));
    const both = (await list('P-A0, P-B0', admin)).json as Doc[];
    expect(both).toHaveLength(3);
    expect(both[0]!.PROPERTY_ID).toBe('P-B0');
  });
});

describe('GET /api/s3/getpresignedurl', () => {
  it('401, 400 for unsafe keys, 404 unknown, 403 out of scope', async () => {
    const [docB] = (await list('P-B0', admin)).json as Doc[];
    expect((await get(`/api/s3/getpresignedurl?key=${encodeURIComponent(docB!.DOCUMENT_URL)}`)).status).toBe(401);
    for (const bad of ['../etc/passwd', '/etc/passwd', 'a/../../b', 'a//b']) {
      expect((await get(`/api/s3/getpresignedurl?key=${encodeURIComponent(bad)}`, a)).status).toBe(400);
    }
    expect((await get('/api/s3/getpresignedurl?key=documents/x/none.pdf', a)).status).toBe(404);
    expect((await get(`/api/s3/getpresignedurl?key=${encodeURIComponent(docB!.DOCUMENT_URL)}`, a)).status).toBe(403);
  });

  it('gives a presigned link that serves the file inline with its name; download=1 downloads', async () => {
    const [doc] = (await list('P-A0', a)).json as Doc[];
    const url = await linkOf(doc!.DOCUMENT_URL, a);
    expect(url).toContain(`${t.stack.endpoints.s3}/${t.env.DOCUMENTS_BUCKET}/documents/`);
    expect(url).toContain('X-Amz-Signature');
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('two');
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toMatch(/^inline; filename="plan_v1-final.pdf"/);
    const dl = await fetch(await linkOf(doc!.DOCUMENT_URL, a, true));
    expect(dl.headers.get('content-disposition')).toMatch(/^attachment; filename="plan_v1-final.pdf"/);
    const big = (await list('P-A0', a)).json as Doc[];
    const bytes = Buffer.from(await (await fetch(await linkOf(big[1]!.DOCUMENT_URL, a))).arrayBuffer());
    expect(bytes.equals(Buffer.alloc(4 * MiB, 7))).toBe(true);
  });

  it('never serves HTML or SVG inline', async () => {
    for (const name of ['page.html', 'pic.svg']) {
      const up = await upload(admin, [prop('P-A0'), { name: 'file', value: '<script>alert(1)</script>', filename: name }]);
      const key = (up.json as Doc).DOCUMENT_URL;
      const res = await fetch(await linkOf(key, admin));
      await res.arrayBuffer();
      expect(res.headers.get('content-disposition')).toMatch(new RegExp(`^attachment; filename="${name}"`));
      expect(res.headers.get('content-type')).toBe('application/octet-stream');
      expect((await post('/api/s3/deletedocument', admin, { key, propertyId: 'P-A0' })).status).toBe(200);
    }
  });
});

describe('POST /api/s3/deletedocument', () => {
  it('401, 400, 403, 404 (key of another property) before deleting anything', async () => {
    const [doc] = (await list('P-A0', admin)).json as Doc[];
    const key = doc!.DOCUMENT_URL;
    expect((await post('/api/s3/deletedocument', undefined, { key, propertyId: 'P-A0' })).status).toBe(401);
    expect((await post('/api/s3/deletedocument', admin, { key: '../x', propertyId: 'P-A0' })).status).toBe(400);
    expect((await post('/api/s3/deletedocument', admin, { key })).status).toBe(400);
    expect((await post('/api/s3/deletedocument', a, { key, propertyId: 'P-A0' })).status).toBe(403);
    const other = await post('/api/s3/deletedocument', admin, { key, propertyId: 'P-B0' });
    expect(other.status).toBe(404);
    expect(other.json).toEqual({ error: 'No document with that key in property P-B0.' });
    expect(await rows()).toHaveLength(3);
    expect(await objects()).toHaveLength(3);
  });

  it('deletes the row, then the object; the link stops working; both writes are audited', async () => {
    const [doc] = (await list('P-A0', admin)).json as Doc[];
    const key = doc!.DOCUMENT_URL;
    const url = await linkOf(key, admin);
    const res = await post('/api/s3/deletedocument', admin, { key, propertyId: 'P-A0' });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ message: documentMessages.deleted });
    expect((await fetch(url)).status).toBe(404);
    expect(await objects()).toHaveLength(2);
    expect((await list('P-A0', a)).json).toHaveLength(1);
    const audit = ((await t.db.send(new ScanCommand({ TableName: t.env.AUDIT_TABLE }))).Items ?? []).map((e) => ({ action: e.action, target: e.target }));
    expect(audit).toEqual(expect.arrayContaining([{ action: 'document.delete', target: key }, { action: 'document.upload', target: key }]));
  });
});

describe('presigned upload: POST /api/s3/upload-url, a form POST to S3, POST /api/s3/confirm-upload', () => {
  const ask = (token: string | undefined, body: unknown) => post('/api/s3/upload-url', token, body);
  const confirm = (token: string | undefined, body: unknown) => post('/api/s3/confirm-upload', token, body);

  it('401, 400, 403, 404 and 413 before any URL is given', async () => {
    const body = { propertyId: 'P-A1', fileName: 'survey.pdf', size: 1000 };
    expect((await ask(undefined, body)).status).toBe(401);
    expect((await ask(admin, { ...body, size: 'big' })).status).toBe(400);
    expect((await ask(admin, { ...body, fileName: 'my survey.pdf' })).json).toEqual({ error: documentMessages.invalidFileName });
    expect((await ask(a, body)).status).toBe(403);
    expect((await ask(admin, { ...body, propertyId: 'ghost' })).status).toBe(404);
    const big = await ask(admin, { ...body, size: 100 * MiB + 1 });
    expect(big.status).toBe(413);
    expect(big.json).toEqual({ error: 'The file is too large. The largest file you can upload is 100 MiB.' });
  });

  it('the browser sends the file straight to the bucket; the confirmation checks it, moves it and records it', async () => {
    const content = Buffer.alloc(6 * MiB, 9);
    const r = await ask(admin, { propertyId: 'P-A1', fileName: 'survey-2026.pdf', size: content.length, contentType: 'application/pdf' });
    expect(r.status).toBe(200);
    const target = r.json as { url: string; key: string; fields: Record<string, string>; maxBytes: number };
    const { key } = target;
    expect(key).toMatch(/^uploads\/[0-9a-f-]{36}\/survey-2026\.pdf$/);
    expect(target.maxBytes).toBe(100 * MiB);
    expect(target.fields).toMatchObject({ key, 'Content-Type': 'application/pdf' });
    expect((await confirm(admin, { key, propertyId: 'P-A1' })).json).toEqual({ error: documentMessages.noUpload });
    const sent = await postToStorage(target, content);
    expect(sent.status).toBe(204);
    expect(await objects('uploads/')).toEqual([key]);

    expect((await confirm(undefined, { key, propertyId: 'P-A1' })).status).toBe(401);
    expect((await confirm(admin, { key: 'documents/x/survey.pdf', propertyId: 'P-A1' })).json).toEqual({ error: documentMessages.notUploadKey });
    expect((await confirm(a, { key, propertyId: 'P-A1' })).status).toBe(403);
    expect((await confirm(b, { key, propertyId: 'P-A1' })).status).toBe(403);
    expect((await confirm(admin, { key, propertyId: 'ghost' })).status).toBe(404);

    const done = await confirm(admin, { key, propertyId: 'P-A1' });
    expect(done.status).toBe(201);
    const final = key.replace(/^uploads\//, 'documents/');
    expect(done.json).toEqual({ message: documentMessages.uploaded, DOCUMENT_URL: final, UPLOADED_AT: expect.any(String), PROPERTY_ID: 'P-A1' });
    expect(await objects('uploads/')).toEqual([]);
    expect((await list('P-A1', admin)).json).toEqual([{ DOCUMENT_URL: final, UPLOADED_AT: (done.json as Doc).UPLOADED_AT, PROPERTY_ID: 'P-A1' }]);
    const fetched = await fetch(await linkOf(final, admin));
    expect(fetched.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await fetched.arrayBuffer()).equals(content)).toBe(true);
    expect((await confirm(admin, { key, propertyId: 'P-A1' })).status).toBe(400);
  });

  it('the bucket itself refuses a larger file, another type or key, and a forged policy; nothing is stored', async () => {
    const r = await ask(admin, { propertyId: 'P-A1', fileName: 'notes.txt', size: 5 });
    const target = r.json as { url: string; key: string; fields: Record<string, string> };
    const code = async (res: Response) => /<Code>([^<]+)<\/Code>/.exec(await res.text())?.[1];
    // Larger than the policy's content-length-range, whatever size was announced to the portal.
    const tooBig = await postToStorage(target, Buffer.alloc(100 * MiB + 1, 1));
    expect([tooBig.status, await code(tooBig)]).toEqual([400, 'EntityTooLarge']);
    const empty = await postToStorage(target, Buffer.alloc(0));
    expect([empty.status, await code(empty)]).toEqual([400, 'EntityTooSmall']);
    const html = await postToStorage(target, '<b>x', { 'Content-Type': 'text/html' });
    expect([html.status, await code(html)]).toEqual([403, 'AccessDenied']);
    const elsewhere = await postToStorage(target, 'x', { key: 'documents/other/notes.txt' });
    expect([elsewhere.status, await code(elsewhere)]).toEqual([403, 'AccessDenied']);
    // A policy changed by the browser no longer matches its signature.
    const policy = JSON.parse(Buffer.from(target.fields.Policy!, 'base64').toString()) as { conditions: unknown[] };
    policy.conditions = policy.conditions.filter((c) => !(Array.isArray(c) && c[0] === 'content-length-range'));
    const forged = await postToStorage(target, 'x', { Policy: Buffer.from(JSON.stringify(policy)).toString('base64') });
    expect([forged.status, await code(forged)]).toEqual([403, 'SignatureDoesNotMatch']);
    expect(await objects('uploads/')).toEqual([]);
    expect(await objects('documents/other/')).toEqual([]);
  });

  it('the confirmation still refuses an object of another type under the key, and removes it', async () => {
    const r = await ask(admin, { propertyId: 'P-A1', fileName: 'notes.txt', size: 5 });
    const { key } = r.json as { key: string };
    // Written past the form (as an operator's tool could): the confirmation is the second check.
    await s3.send(new PutObjectCommand({ Bucket: t.env.DOCUMENTS_BUCKET, Key: key, Body: '<b>x', ContentType: 'text/html' }));
    const res = await confirm(admin, { key, propertyId: 'P-A1' });
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ error: 'Invalid upload: the file was sent as text/html; send it with Content-Type text/plain.' });
    expect(await objects('uploads/')).toEqual([]);
  });
});

describe('tenant B', () => {
  it('is refused every call on tenant A documents', async () => {
    const [doc] = (await list('P-A0', admin)).json as Doc[];
    const key = doc!.DOCUMENT_URL;
    expect((await list('P-A0', b)).status).toBe(403);
    expect((await get(`/api/s3/getpresignedurl?key=${encodeURIComponent(key)}`, b)).status).toBe(403);
    expect((await get(`/api/s3/getpresignedurl?key=${encodeURIComponent(key)}&download=1`, b)).status).toBe(403);
    expect((await post('/api/s3/deletedocument', b, { key, propertyId: 'P-A0' })).status).toBe(403);
    expect((await upload(b, [prop('P-A0'), file])).status).toBe(403);
    expect((await post('/api/s3/upload-url', b, { propertyId: 'P-A0', fileName: 'x.pdf', size: 1 })).status).toBe(403);
    expect((await list('P-A0', a)).json).toHaveLength(1);
  });
});
