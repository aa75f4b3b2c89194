import { handler as confirmUpload } from '../../../lambdas/documents/confirm-upload.js';
import { handler as createUploadUrl } from '../../../lambdas/documents/create-upload-url.js';
import { documentMessages } from '../../../lambdas/shared/contract/documents.js';
import { apiEvent, json } from '../support/events.js';
import { BUCKET, claims, fakeAws, TABLES } from '../support/fake-aws.js';
import { admin, alice, customers, properties, setEnv } from './support/fixtures.js';

const URL_ROUTE = 'POST /api/s3/upload-url';
const CONFIRM = 'POST /api/s3/confirm-upload';
const MiB = 1024 * 1024;
const UUID = '0f8fad5b-d9cb-469f-a165-70867728950e';

const aws = fakeAws({ users: [admin, alice], customers, properties });
const w = aws.world;

beforeAll(setEnv);
afterAll(() => aws.restore());
beforeEach(() => aws.reset());

const as = (email?: string) => (email ? claims(email) : undefined);
const ask = (email: string | undefined, body: unknown) => createUploadUrl(apiEvent({ route: URL_ROUTE, claims: as(email), body }));
const confirm = (email: string | undefined, body: unknown) => confirmUpload(apiEvent({ route: CONFIRM, claims: as(email), body }));
const good = { propertyId: 'A-P1', fileName: 'survey-2026.pdf', size: 50 * MiB, contentType: 'application/pdf' };
const sent = (key: string, size: number, contentType: string) => w.objects.set(key, { body: Buffer.alloc(0), size, contentType });

describe('POST /api/s3/upload-url', () => {
  it('401 without a token', async () => {
    expect((await ask(undefined, good)).statusCode).toBe(401);
  });
  it('400 naming the field for a missing or wrongly typed value', async () => {
    expect(json(await ask(admin.email, { ...good, fileName: undefined })).error).toMatch(/^Invalid body\.fileName: /);
    expect(json(await ask(admin.email, { ...good, size: 1.5 })).error).toMatch(/^Invalid body\.size: /);
    expect(json(await ask(admin.email, { ...good, size: '10' })).error).toMatch(/^Invalid body\.size: /);
    expect(json(await ask(admin.email, { ...good, propertyId: '' })).error).toBe('Invalid body.propertyId: is required');
  });
  it('400 with the spec message for a file name outside the rule', async () => {
    const r = await ask(admin.email, { ...good, fileName: 'my survey.pdf' });
    expect(r.statusCode).toBe(400);
    expect(json(r).error).toBe(documentMessages.invalidFileName);
  });
  it('403 for a customer', async () => {
    expect((await ask(alice.email, good)).statusCode).toBe(403);
  });
  it('413 naming the 100 MiB limit above it', async () => {
    const r = await ask(admin.email, { ...good, size: 100 * MiB + 1 });
    expect(r.statusCode).toBe(413);
    expect(json(r)).toEqual({ error: 'The file is too large. The largest file you can upload is 100 MiB.' });
  });
  it('404 for an unknown property', async () => {
    const r = await ask(admin.email, { ...good, propertyId: 'ghost' });
    expect(r.statusCode).toBe(404);
    expect(json(r)).toEqual({ error: 'No property with the id ghost.' });
  });
  it('a presigned POST to uploads/<uuid>/<name>: the policy signs the key, the content type of the extension and a size of 1 byte to 100 MiB', async () => {
    const started = Date.now();
    const r = await ask(admin.email, { ...good, contentType: 'application/x-whatever' });
    expect(r.statusCode).toBe(200);
    const body = json(r) as { url: string; key: string; fields: Record<string, string>; expiresAt: string; maxBytes: number };
    expect(body.key).toMatch(/^uploads\/[0-9a-f-]{36}\/survey-2026\.pdf$/);
    expect(body.maxBytes).toBe(100 * MiB);
    expect(body.fields).toMatchObject({ key: body.key, 'Content-Type': 'application/pdf', 'X-Amz-Algorithm': 'AWS4-HMAC-SHA256' });
    expect(body.fields['X-Amz-Signature']).toMatch(/^[0-9a-f]{64}$/);
    expect(decodeURIComponent(new URL(body.url).pathname)).toMatch(new RegExp(`^/${BUCKET}/?$|^/?$`));
    const policy = JSON.parse(Buffer.from(body.fields.Policy!, 'base64').toString()) as { expiration: string; conditions: unknown[] };
    expect(policy.conditions).toEqual(
      expect.arrayContaining([
        ['content-length-range', 1, 100 * MiB],
        ['eq', '$Content-Type', 'application/pdf'],
        { key: body.key },
        { bucket: BUCKET },
      ]),
    );
    const expires = Date.parse(body.expiresAt);
    expect(expires - started).toBeGreaterThanOrEqual(900_000);
    expect(expires - Date.now()).toBeLessThanOrEqual(900_000);
    expect(Math.abs(Date.parse(policy.expiration) - expires)).toBeLessThan(5_000);
    expect(w.objects.size).toBe(0);
  });
});

describe('POST /api/s3/confirm-upload', () => {
  const key = `uploads/${UUID}/survey-2026.pdf`;

  it('401 without a token', async () => {
    expect((await confirm(undefined, { key, propertyId: 'A-P1' })).statusCode).toBe(401);
  });
  it('400 for a key the portal did not make for an upload', async () => {
    for (const bad of ['documents/x/survey.pdf', `uploads/${UUID}/my file.pdf`, 'uploads/not-a-uuid/a.pdf', `uploads/${UUID}/a/b.pdf`]) {
      const r = await confirm(admin.email, { key: bad, propertyId: 'A-P1' });
      expect(r.statusCode).toBe(400);
      expect(json(r)).toEqual({ error: documentMessages.notUploadKey });
    }
    expect(json(await confirm(admin.email, { key: '../x', propertyId: 'A-P1' })).error).toMatch(/^Invalid body\.key: /);
  });
  it('403 for a customer', async () => {
    sent(key, 10, 'application/pdf');
    expect((await confirm(alice.email, { key, propertyId: 'A-P1' })).statusCode).toBe(403);
    expect(w.objects.has(key)).toBe(true);
    expect(w.documents).toEqual([]);
    w.objects.clear();
  });
  it('404 for an unknown property', async () => {
    expect((await confirm(admin.email, { key, propertyId: 'ghost' })).statusCode).toBe(404);
  });
  it('400 when no such upload was sent', async () => {
    const r = await confirm(admin.email, { key, propertyId: 'A-P1' });
    expect(r.statusCode).toBe(400);
    expect(json(r)).toEqual({ error: documentMessages.noUpload });
  });
  it('413 for an object over the limit, which is removed', async () => {
    sent(key, 100 * MiB + 1, 'application/pdf');
    const r = await confirm(admin.email, { key, propertyId: 'A-P1' });
    expect(r.statusCode).toBe(413);
    expect(json(r)).toEqual({ error: 'The file is too large. The largest file you can upload is 100 MiB.' });
    expect(w.objects.has(key)).toBe(false);
    expect(w.documents).toEqual([]);
  });
  it('400 for an object sent with another content type, which is removed', async () => {
    sent(key, 10, 'text/html');
    const r = await confirm(admin.email, { key, propertyId: 'A-P1' });
    expect(r.statusCode).toBe(400);
    expect(json(r)).toEqual({ error: 'Invalid upload: the file was sent as text/html; send it with Content-Type application/pdf.' });
    expect(w.objects.has(key)).toBe(false);
  });
  it('201: moves the object to documents/<same uuid>/<name>, writes the row and the event; a second confirm is refused', async () => {
    sent(key, 30 * MiB, 'application/pdf; charset=binary');
    const r = await confirm(admin.email, { key, propertyId: 'A-P1' });
    expect(r.statusCode).toBe(201);
    const body = json(r);
    const final = `documents/${UUID}/survey-2026.pdf`;
    expect(body).toEqual({ message: 'File uploaded successfully.', DOCUMENT_URL: final, UPLOADED_AT: expect.any(String), PROPERTY_ID: 'A-P1' });
    expect(w.objects.has(key)).toBe(false);
    expect(w.objects.get(final)).toMatchObject({ contentType: 'application/pdf', size: 30 * MiB });
    expect(w.documents).toMatchObject([{ key: final, propertyId: 'A-P1', fileName: 'survey-2026.pdf', contentType: 'application/pdf', sizeBytes: 30 * MiB }]);
    expect(w.audit).toMatchObject([{ actorEmail: admin.email, action: 'document.upload', target: final, details: { propertyId: 'A-P1', size: 30 * MiB } }]);
    const again = await confirm(admin.email, { key, propertyId: 'A-P1' });
    expect(again.statusCode).toBe(400);
    expect(w.documents).toHaveLength(1);
  });
  it('removes the copied object again when the row cannot be written, and keeps the upload for the same confirm sent again', async () => {
    const other = `uploads/${UUID.replace('0f8', 'aaa')}/b.txt`;
    sent(other, 5, 'text/plain');
    aws.failOnce(`Put:${TABLES.DOCUMENTS_TABLE}`);
    expect((await confirm(admin.email, { key: other, propertyId: 'A-P3' })).statusCode).toBe(500);
    expect([...w.objects.keys()].filter((k) => k.endsWith('/b.txt'))).toEqual([other]);
    expect(w.documents).toHaveLength(1);
    expect((await confirm(admin.email, { key: other, propertyId: 'A-P3' })).statusCode).toBe(201);
    expect([...w.objects.keys()].filter((k) => k.endsWith('/b.txt'))).toEqual([other.replace('uploads/', 'documents/')]);
    expect(w.documents).toHaveLength(2);
  });
});
