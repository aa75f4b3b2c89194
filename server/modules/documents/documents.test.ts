import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentStorage } from '../../adapters/storage/storage.js';
import { bearer, createCustomer, createTestApp, createUser, STAFF, type TestContext, type TestUser } from '../../test/helpers.js';
import { documentMessages, tooLargeMessage } from './documents.schema.js';

/** A multipart body: fields in the given order; a part with a filename is a file. */
export function multipart(parts: { name: string; value: string | Buffer; filename?: string }[]) {
  const boundary = `----portal${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disp = `form-data; name="${p.name}"${p.filename !== undefined ? `; filename="${p.filename}"` : ''}`;
    const type = p.filename !== undefined ? 'Content-Type: application/octet-stream\r\n' : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disp}\r\n${type}\r\n`), Buffer.from(p.value), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const MAX = 64 * 1024;
let dir: string;
let t: TestContext;
let admin: TestUser;
let a: TestUser;
let b: TestUser;
let cA: Awaited<ReturnType<typeof createCustomer>>;
let cB: Awaited<ReturnType<typeof createCustomer>>;
let pA: string;
let pB: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'portal-docs-'));
  t = await createTestApp({ DATA_DIR: dir, DOCUMENT_MAX_BYTES: String(MAX) });
  cA = await createCustomer(t.db, { properties: 2 });
  cB = await createCustomer(t.db, { properties: 1 });
  pA = cA.properties[0]!.id;
  pB = cB.properties[0]!.id;
  admin = await createUser(t, { email: `boss@${STAFF}` });
  a = await createUser(t, { customers: [cA.id], properties: [pA] });
  b = await createUser(t, { customers: [cB.id], properties: [pB] });
});
afterAll(async () => {
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
});

const upload = (token: string | undefined, parts: Parameters<typeof multipart>[0], app = t.app) => {
  const m = multipart(parts);
  return app.inject({ method: 'POST', url: '/api/s3/uploaddocument', payload: m.payload, headers: { ...m.headers, ...(token ? bearer(token) : {}) } });
};
const get = (url: string, token?: string, app = t.app) => app.inject({ url, headers: token ? bearer(token) : {} });
const post = (url: string, token: string | undefined, payload: unknown) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: token ? bearer(token) : {} });
const storedFiles = () => readdirSync(path.join(dir, 'documents'), { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
const docCount = async () => (await t.db.selectFrom('documents').select('id').execute()).length;

describe('POST /api/s3/uploaddocument', () => {
  it('401, 400, 403, 404 and the file-name rule, leaving no row and no object', async () => {
    const file = { name: 'file', value: 'hello', filename: 'report.pdf' };
    expect((await upload(undefined, [{ name: 'propertyId', value: pA }, file])).statusCode).toBe(401);
    expect((await upload(a.token, [{ name: 'propertyId', value: pA }, file])).statusCode).toBe(403);
    const noProperty = await upload(admin.token, [file]);
    expect(noProperty.statusCode).toBe(400);
    expect(noProperty.json().error).toMatch(/propertyId/);
    const noFile = await upload(admin.token, [{ name: 'propertyId', value: pA }]);
    expect(noFile.json()).toEqual({ error: documentMessages.fileRequired });
    const badName = await upload(admin.token, [{ name: 'propertyId', value: pA }, { ...file, filename: 'my report.pdf' }]);
    expect(badName.statusCode).toBe(400);
    expect(badName.json().error).toBe(documentMessages.invalidFileName);
    expect((await upload(admin.token, [{ name: 'propertyId', value: pA }, { ...file, filename: '../x.pdf' }])).statusCode).toBe(400);
    expect((await upload(admin.token, [{ name: 'propertyId', value: 'ghost' }, file])).statusCode).toBe(404);
    // propertyId after the file: the object is stored first, then removed again.
    expect((await upload(admin.token, [file, { name: 'propertyId', value: 'ghost' }])).statusCode).toBe(404);
    const json = await t.app.inject({ method: 'POST', url: '/api/s3/uploaddocument', payload: { propertyId: pA }, headers: bearer(admin.token) });
    expect(json.statusCode).toBe(400);
    expect(await docCount()).toBe(0);
    expect(storedFiles()).toEqual([]);
  });

  it('413 with a clear message above DOCUMENT_MAX_BYTES, leaving no row and no object', async () => {
    const res = await upload(admin.token, [{ name: 'propertyId', value: pA }, { name: 'file', value: Buffer.alloc(MAX + 1, 1), filename: 'big.bin' }]);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ error: tooLargeMessage(MAX) });
    expect(res.json().error).toBe('The file is too large. The largest file you can upload is 64 KiB.');
    expect(await docCount()).toBe(0);
    expect(storedFiles()).toEqual([]);
  });

  it('stores the object then the row; the same name twice keeps both; either field order works', async () => {
    const first = await upload(admin.token, [{ name: 'propertyId', value: pA }, { name: 'file', value: Buffer.alloc(MAX, 7), filename: 'plan_v1-final.pdf' }]);
    expect(first.statusCode).toBe(201);
    const second = await upload(admin.token, [{ name: 'file', value: 'two', filename: 'plan_v1-final.pdf' }, { name: 'propertyId', value: pA }]);
    expect(second.statusCode).toBe(201);
    const k1 = first.json().DOCUMENT_URL as string;
    const k2 = second.json().DOCUMENT_URL as string;
    expect(k1).not.toBe(k2);
    expect(k1.split('/').pop()).toBe('plan_v1-final.pdf');
    expect(first.json()).toMatchObject({ PROPERTY_ID: pA, message: documentMessages.uploaded });
    expect(storedFiles()).toHaveLength(2);
    const row = await t.db.selectFrom('documents').selectAll().where('storage_key', '=', k1).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ file_name: 'plan_v1-final.pdf', content_type: 'application/pdf', uploaded_by: admin.email });
    expect(Number(row.size_bytes)).toBe(MAX);
  });
});

describe('GET /api/s3/getdocumentsbyproperty', () => {
  it('401, 400, 403 for any id out of scope, 404 unknown for an administrator', async () => {
    expect((await get(`/api/s3/getdocumentsbyproperty?propertyId=${pA}`)).statusCode).toBe(401);
    expect((await get('/api/s3/getdocumentsbyproperty', a.token)).statusCode).toBe(400);
    expect((await get('/api/s3/getdocumentsbyproperty?propertyId=,', a.token)).statusCode).toBe(400);
    expect((await get(`/api/s3/getdocumentsbyproperty?propertyId=${pA},${pB}`, a.token)).statusCode).toBe(403);
    expect((await get(`/api/s3/getdocumentsbyproperty?propertyId=${pA}`, b.token)).statusCode).toBe(403);
    expect((await get(`/api/s3/getdocumentsbyproperty?propertyId=${cA.properties[1]!.id}`, a.token)).statusCode).toBe(403);
    expect((await get(`/api/s3/getdocumentsbyproperty?propertyId=${pA},ghost`, admin.token)).statusCode).toBe(404);
  });

  it('lists documents newest first', async () => {
    await upload(admin.token, [{ name: 'propertyId', value: pB }, { name: 'file', value: 'b', filename: 'b.txt' }]);
    const res = await get(`/api/s3/getdocumentsbyproperty?propertyId=${pA}`, a.token);
    expect(res.statusCode).toBe(200);
    const docs = res.json();
    expect(docs).toHaveLength(2);
    expect(Object.keys(docs[0]).sort()).toEqual(['DOCUMENT_URL', 'PROPERTY_ID', 'UPLOADED_AT']);
    expect(Date.parse(docs[0].UPLOADED_AT)).toBeGreaterThanOrEqual(Date.parse(docs[1].UPLOADED_AT));
    const both = await get(`/api/s3/getdocumentsbyproperty?propertyId=${pA}, ${pB}`, admin.token);
    expect(both.json()).toHaveLength(3);
    expect(both.json()[0].PROPERTY_ID).toBe(pB);
  });
});

describe('GET /api/s3/getpresignedurl and the signed local link', () => {
  it('401, 400 for unsafe keys, 404 unknown, 403 out of scope', async () => {
    const key = (await t.db.selectFrom('documents').select('storage_key').where('property_id', '=', pB).executeTakeFirstOrThrow()).storage_key;
    expect((await get(`/api/s3/getpresignedurl?key=${encodeURIComponent(key)}`)).statusCode).toBe(401);
    for (const bad of ['../etc/passwd', '/etc/passwd', 'a/../../b', 'a//b']) {
      const res = await get(`/api/s3/getpresignedurl?key=${encodeURIComponent(bad)}`, a.token);
      expect(res.statusCode, bad).toBe(400);
    }
    expect((await get('/api/s3/getpresignedurl?key=documents/x/none.pdf', a.token)).statusCode).toBe(404);
    expect((await get(`/api/s3/getpresignedurl?key=${encodeURIComponent(key)}`, a.token)).statusCode).toBe(403);
  });

  it('gives an expiring signed link that serves the file with its name and nosniff', async () => {
    const [doc] = (await get(`/api/s3/getdocumentsbyproperty?propertyId=${pA}`, a.token)).json();
    const res = await get(`/api/s3/getpresignedurl?key=${encodeURIComponent(doc.DOCUMENT_URL)}`, a.token);
    expect(res.statusCode).toBe(200);
    const { url } = res.json();
    expect(url).toMatch(/^\/api\/s3\/object\?/);
    const file = await get(url);
    expect(file.statusCode).toBe(200);
    expect(file.body).toBe('two');
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toMatch(/^inline; filename="plan_v1-final.pdf"/);
    expect(file.headers['x-content-type-options']).toBe('nosniff');

    const dl = await get((await get(`/api/s3/getpresignedurl?download=1&key=${encodeURIComponent(doc.DOCUMENT_URL)}`, a.token)).json().url);
    expect(dl.headers['content-disposition']).toMatch(/^attachment; filename="plan_v1-final.pdf"/);

    const u = new URL(url, 'http://x');
    u.searchParams.set('download', '1');
    expect((await get(u.pathname + u.search)).statusCode).toBe(403);
    const tampered = new URL(url, 'http://x');
    tampered.searchParams.set('exp', String(Number(tampered.searchParams.get('exp')) + 1000));
    expect((await get(tampered.pathname + tampered.search)).statusCode).toBe(403);
    const expired = new URL(url, 'http://x');
    expired.searchParams.set('exp', '1');
    expect((await get(expired.pathname + expired.search)).statusCode).toBe(403);
    expect((await get('/api/s3/object?key=../x&exp=1&sig=a')).statusCode).toBe(400);
  });

  it('never serves HTML or SVG inline', async () => {
    for (const name of ['page.html', 'pic.svg']) {
      const up = await upload(admin.token, [{ name: 'propertyId', value: pA }, { name: 'file', value: '<script>alert(1)</script>', filename: name }]);
      const { url } = (await get(`/api/s3/getpresignedurl?key=${encodeURIComponent(up.json().DOCUMENT_URL)}`, admin.token)).json();
      const file = await get(url);
      expect(file.headers['content-disposition']).toMatch(new RegExp(`^attachment; filename="${name}"`));
      expect(file.headers['content-type']).toBe('application/octet-stream');
      await post('/api/s3/deletedocument', admin.token, { key: up.json().DOCUMENT_URL, propertyId: pA });
    }
  });
});

describe('POST /api/s3/deletedocument', () => {
  it('401, 400, 403, 404 (key of another property) before deleting anything', async () => {
    const [doc] = (await get(`/api/s3/getdocumentsbyproperty?propertyId=${pA}`, admin.token)).json();
    expect((await post('/api/s3/deletedocument', undefined, { key: doc.DOCUMENT_URL, propertyId: pA })).statusCode).toBe(401);
    expect((await post('/api/s3/deletedocument', admin.token, { key: '../x', propertyId: pA })).statusCode).toBe(400);
    expect((await post('/api/s3/deletedocument', admin.token, { key: doc.DOCUMENT_URL })).statusCode).toBe(400);
    expect((await post('/api/s3/deletedocument', a.token, { key: doc.DOCUMENT_URL, propertyId: pA })).statusCode).toBe(403);
    expect((await post('/api/s3/deletedocument', admin.token, { key: doc.DOCUMENT_URL, propertyId: pB })).statusCode).toBe(404);
    expect(await docCount()).toBe(3);
  });

  it('deletes the row, then the object; the link stops working', async () => {
    const [doc] = (await get(`/api/s3/getdocumentsbyproperty?propertyId=${pA}`, admin.token)).json();
    const { url } = (await get(`/api/s3/getpresignedurl?key=${encodeURIComponent(doc.DOCUMENT_URL)}`, admin.token)).json();
    const res = await post('/api/s3/deletedocument', admin.token, { key: doc.DOCUMENT_URL, propertyId: pA });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: documentMessages.deleted });
    expect((await get(url)).statusCode).toBe(404);
    expect(storedFiles()).toHaveLength(2);
    const actions = await t.db.selectFrom('audit_events').select(['action', 'target']).where('action', 'like', 'document.%').execute();
    expect(actions).toEqual(expect.arrayContaining([{ action: 'document.delete', target: doc.DOCUMENT_URL }, { action: 'document.upload', target: doc.DOCUMENT_URL }]));
  });
});

describe('a failing storage', () => {
  it('answers 503 and leaves no row', async () => {
    const failing: DocumentStorage = {
      kind: 's3',
      async put(_key: string, body: Readable) {
        body.resume();
        throw new Error('bucket unreachable');
      },
      async delete() {},
      async link() {
        return 'x';
      },
      async close() {},
    };
    const f = await createTestApp({ DATA_DIR: dir }, { storage: failing });
    try {
      await createCustomer(f.db, { id: 'CF', properties: 1 });
      const boss = await createUser(f, { email: `boss@${STAFF}` });
      const res = await upload(boss.token, [{ name: 'propertyId', value: 'CF-P1' }, { name: 'file', value: 'x', filename: 'a.pdf' }], f.app);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ error: documentMessages.storageDown });
      expect(await f.db.selectFrom('documents').selectAll().execute()).toEqual([]);
    } finally {
      await f.close();
    }
  });
});

describe('documents on S3 (s3rver)', () => {
  it('uploads, links with a real presigned URL, and deletes', async () => {
    const require = createRequire(import.meta.url);
    const S3rver = require('s3rver');
    const s3dir = mkdtempSync(path.join(os.tmpdir(), 'portal-s3-'));
    const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: s3dir, configureBuckets: [{ name: 'docs' }] });
    const { port } = await server.run();
    const s = await createTestApp({
      S3_BUCKET: 'docs',
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    });
    try {
      await createCustomer(s.db, { id: 'CS', properties: 1 });
      const boss = await createUser(s, { email: `boss@${STAFF}` });
      const body = Buffer.alloc(9 * 1024 * 1024, 3);
      const up = await upload(boss.token, [{ name: 'propertyId', value: 'CS-P1' }, { name: 'file', value: body, filename: 'scan.pdf' }], s.app);
      expect(up.statusCode).toBe(201);
      const key = up.json().DOCUMENT_URL;
      const { url } = (await get(`/api/s3/getpresignedurl?key=${encodeURIComponent(key)}&download=1`, boss.token, s.app)).json();
      expect(url).toContain(`127.0.0.1:${port}/docs/documents/`);
      expect(url).toContain('X-Amz-Signature');
      const res = await fetch(url);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="scan.pdf"/);
      expect(Buffer.from(await res.arrayBuffer()).equals(body)).toBe(true);
      const del = await s.app.inject({ method: 'POST', url: '/api/s3/deletedocument', payload: { key, propertyId: 'CS-P1' }, headers: bearer(boss.token) });
      expect(del.statusCode).toBe(200);
      expect((await fetch(url)).status).toBe(404);
    } finally {
      await s.close();
      await server.close();
      rmSync(s3dir, { recursive: true, force: true });
    }
  }, 60_000);
});
