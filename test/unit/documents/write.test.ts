import { PutObjectCommand } from '@aws-sdk/client-s3';
import { jest } from '@jest/globals';
import { handler as deleteDocument } from '../../../lambdas/documents/delete-document.js';
import { handler as uploadDocument } from '../../../lambdas/documents/upload-document.js';
import { documentMessages, tooLargeMessage } from '../../../lambdas/shared/contract/documents.js';
import { apiEvent, json } from '../support/events.js';
import { claims, fakeAws, TABLES } from '../support/fake-aws.js';
import { admin, alice, bob, customers, doc, multipart, properties, setEnv } from './support/fixtures.js';

const UPLOAD = 'POST /api/s3/uploaddocument';
const DELETE = 'POST /api/s3/deletedocument';
const MiB = 1024 * 1024;

const aws = fakeAws({ users: [admin, alice, bob], customers, properties });
const w = aws.world;

beforeAll(setEnv);
afterAll(() => aws.restore());
beforeEach(() => aws.reset());

const as = (email?: string) => (email ? claims(email) : undefined);
type Parts = Parameters<typeof multipart>[0];
const upload = (email: string | undefined, parts: Parts) => {
  const m = multipart(parts);
  return uploadDocument(apiEvent({ route: UPLOAD, claims: as(email), rawBody: m.body, headers: { 'content-type': m.contentType } }));
};
const remove = (email: string | undefined, body: unknown) => deleteDocument(apiEvent({ route: DELETE, claims: as(email), body }));
const file = { name: 'file', value: 'hello', filename: 'report.pdf' };
const prop = (value: string) => ({ name: 'propertyId', value });
const nothingStored = () => {
  expect(w.documents).toEqual([]);
  expect(w.objects.size).toBe(0);
  expect(w.audit).toEqual([]);
};

describe('POST /api/s3/uploaddocument', () => {
  it('401 without a token', async () => {
    expect((await upload(undefined, [prop('A-P1'), file])).statusCode).toBe(401);
  });
  it('403 for a customer', async () => {
    const r = await upload(alice.email, [prop('A-P1'), file]);
    expect(r.statusCode).toBe(403);
    nothingStored();
  });
  it('400 for a body that is not multipart, or a form without propertyId or file, storing nothing', async () => {
    const asJson = await uploadDocument(apiEvent({ route: UPLOAD, claims: claims(admin.email), rawBody: JSON.stringify({ propertyId: 'A-P1' }) }));
    expect(asJson.statusCode).toBe(400);
    expect(json(asJson)).toEqual({ error: documentMessages.notMultipart });
    const noProperty = await upload(admin.email, [file]);
    expect(noProperty.statusCode).toBe(400);
    expect(json(noProperty)).toEqual({ error: 'Invalid body.propertyId: is required.' });
    expect(json(await upload(admin.email, [prop('  '), file]))).toEqual({ error: 'Invalid body.propertyId: is required.' });
    expect(json(await upload(admin.email, [prop('A-P1')]))).toEqual({ error: 'Please select a file' });
    expect(json(await upload(admin.email, [prop('A-P1'), { ...file, filename: '' }]))).toEqual({ error: 'Please select a file' });
    expect(json(await upload(admin.email, [prop('A-P1'), prop('A-P2'), file]))).toEqual({ error: documentMessages.propertyTwice });
    expect(json(await upload(admin.email, [prop('A-P1'), file, file]))).toEqual({ error: documentMessages.oneFile });
    const broken = await uploadDocument(
      apiEvent({ route: UPLOAD, claims: claims(admin.email), rawBody: 'garbage', headers: { 'content-type': 'multipart/form-data' } }),
    );
    expect(broken.statusCode).toBe(400);
    nothingStored();
  });
  it('400 with the spec message for a file name outside the rule, checked on the name as sent', async () => {
    for (const filename of ['my report.pdf', '../x.pdf', 'dir/x.pdf', 'rapport-é.pdf']) {
      const r = await upload(admin.email, [prop('A-P1'), { ...file, filename }]);
      expect(r.statusCode).toBe(400);
      expect(json(r).error).toBe(
        'The file name contains invalid characters (including spaces or special symbols).\n' +
          'Please rename the file using only letters, numbers, dots (.), underscores (_) and hyphens (-), then upload it again.\n' +
          'Example: my_file-name.png',
      );
    }
    nothingStored();
  });
  it('404 for an unknown property, whichever field comes first', async () => {
    const r = await upload(admin.email, [prop('ghost'), file]);
    expect(r.statusCode).toBe(404);
    expect(json(r)).toEqual({ error: 'No property with the id ghost.' });
    expect((await upload(admin.email, [file, prop('ghost')])).statusCode).toBe(404);
    nothingStored();
  });
  it('413 naming the 4 MiB limit above it, storing nothing', async () => {
    const r = await upload(admin.email, [prop('A-P1'), { name: 'file', value: Buffer.alloc(4 * MiB + 1, 1), filename: 'big.bin' }]);
    expect(r.statusCode).toBe(413);
    expect(json(r)).toEqual({ error: 'The file is too large. The largest file you can upload is 4 MiB.' });
    const huge = await upload(admin.email, [prop('A-P1'), { name: 'file', value: Buffer.alloc(6 * MiB, 1), filename: 'big.bin' }]);
    expect(json(huge)).toEqual({ error: tooLargeMessage(4 * MiB) });
    nothingStored();
  });
  it('503 when the bucket refuses the object, leaving no row', async () => {
    aws.failOnce('PutObject');
    const r = await upload(admin.email, [prop('A-P1'), file]);
    expect(r.statusCode).toBe(503);
    expect(json(r)).toEqual({ error: documentMessages.storageDown });
    nothingStored();
  });
  it('removes the object again when the row cannot be written', async () => {
    aws.failOnce(`Put:${TABLES.DOCUMENTS_TABLE}`);
    const r = await upload(admin.email, [prop('A-P1'), file]);
    expect(r.statusCode).toBe(500);
    expect(json(r)).toEqual({ error: 'Internal error' });
    expect(aws.s3.commandCalls(PutObjectCommand)).toHaveLength(1);
    nothingStored();
  });
  it('201: the object under documents/<uuid>/<name> with the type of its extension, then the row and the audit event', async () => {
    const r = await upload(admin.email, [prop('A-P1'), { name: 'file', value: Buffer.alloc(4 * MiB, 7), filename: 'plan_v1-final.pdf' }]);
    expect(r.statusCode).toBe(201);
    const body = json(r);
    expect(Object.keys(body).sort()).toEqual(['DOCUMENT_URL', 'PROPERTY_ID', 'UPLOADED_AT', 'message']);
    expect(body).toMatchObject({ message: 'File uploaded successfully.', PROPERTY_ID: 'A-P1' });
    const key = body.DOCUMENT_URL as string;
    expect(key).toMatch(/^documents\/[0-9a-f-]{36}\/plan_v1-final\.pdf$/);
    expect(new Date(body.UPLOADED_AT as string).toISOString()).toBe(body.UPLOADED_AT);
    expect(w.objects.get(key)?.contentType).toBe('application/pdf');
    expect(w.objects.get(key)?.body.length).toBe(4 * MiB);
    expect(w.documents).toEqual([
      { key, propertyId: 'A-P1', uploadedAt: body.UPLOADED_AT, fileName: 'plan_v1-final.pdf', contentType: 'application/pdf', sizeBytes: 4 * MiB, uploadedBy: admin.email },
    ]);
    expect(w.audit).toMatchObject([{ actorEmail: admin.email, action: 'document.upload', target: key, details: { propertyId: 'A-P1', size: 4 * MiB } }]);
  });
  it('the same name twice keeps both; propertyId may follow the file; an unknown extension is an octet-stream', async () => {
    const one = json(await upload(admin.email, [file, prop('A-P3')]));
    const two = json(await upload(admin.email, [prop('A-P3'), file]));
    expect(one.DOCUMENT_URL).not.toBe(two.DOCUMENT_URL);
    expect(one.PROPERTY_ID).toBe('A-P3');
    const odd = json(await upload(admin.email, [prop('A-P3'), { ...file, filename: 'drawing.xyz' }]));
    expect(w.objects.get(odd.DOCUMENT_URL as string)?.contentType).toBe('application/octet-stream');
  });
});

describe('POST /api/s3/deletedocument', () => {
  let key: string;
  beforeAll(() => {
    key = doc(w, 'documents/d1/old.pdf', 'A-P1', '2026-01-01T00:00:00.000Z').key;
  });
  const untouched = () => {
    expect(w.documents.some((d) => d.key === key)).toBe(true);
    expect(w.objects.has(key)).toBe(true);
  };

  it('401 without a token', async () => {
    expect((await remove(undefined, { key, propertyId: 'A-P1' })).statusCode).toBe(401);
    untouched();
  });
  it('400 for an unsafe key or a missing propertyId', async () => {
    expect(json(await remove(admin.email, { key: '../x', propertyId: 'A-P1' })).error).toMatch(/^Invalid body\.key: /);
    const r = await remove(admin.email, { key });
    expect(r.statusCode).toBe(400);
    expect(json(r).error).toMatch(/^Invalid body\.propertyId: /);
    untouched();
  });
  it('403 for a customer, even of that property', async () => {
    expect((await remove(alice.email, { key, propertyId: 'A-P1' })).statusCode).toBe(403);
    expect(aws.writes()).toBe(0);
    untouched();
  });
  it('404 for the key of another property or an unknown key', async () => {
    const r = await remove(admin.email, { key, propertyId: 'B-P1' });
    expect(r.statusCode).toBe(404);
    expect(json(r)).toEqual({ error: 'No document with that key in property B-P1.' });
    expect((await remove(admin.email, { key: 'documents/zz/none.pdf', propertyId: 'A-P1' })).statusCode).toBe(404);
    untouched();
  });
  it('deletes the row, then the object, and records the event', async () => {
    const before = w.audit.length;
    const r = await remove(admin.email, { key, propertyId: 'A-P1' });
    expect(r.statusCode).toBe(200);
    expect(json(r)).toEqual({ message: 'Document deleted successfully.' });
    expect(w.documents.some((d) => d.key === key)).toBe(false);
    expect(w.objects.has(key)).toBe(false);
    expect(w.audit.slice(before)).toMatchObject([{ actorEmail: admin.email, action: 'document.delete', target: key, details: { propertyId: 'A-P1' } }]);
  });
  it('a failed object delete still removes the document for users and logs the orphan', async () => {
    const orphan = doc(w, 'documents/d2/orphan.pdf', 'A-P1', '2026-01-02T00:00:00.000Z').key;
    aws.failOnce('DeleteObject');
    const stderr = jest.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      const r = await remove(admin.email, { key: orphan, propertyId: 'A-P1' });
      expect(r.statusCode).toBe(200);
      expect(stderr.mock.calls.map((c) => String(c[0])).join('')).toContain('orphaned object');
    } finally {
      stderr.mockRestore();
    }
    expect(w.documents.some((d) => d.key === orphan)).toBe(false);
    expect(w.objects.has(orphan)).toBe(true);
  });
});
