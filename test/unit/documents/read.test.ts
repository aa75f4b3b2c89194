import { handler as getDocuments } from '../../../lambdas/documents/get-documents-by-property.js';
import { handler as getPresignedUrl } from '../../../lambdas/documents/get-presigned-url.js';
import { apiEvent, json } from '../support/events.js';
import { BUCKET, claims, fakeAws, TABLES, user } from '../support/fake-aws.js';
import { admin, alice, bob, customers, doc, properties, setEnv } from './support/fixtures.js';

const LIST = 'GET /api/s3/getdocumentsbyproperty';
const LINK = 'GET /api/s3/getpresignedurl';

/** An account of two customers (A and B), with some of each one's properties. */
const carol = user('carol@ab.test', ['A', 'B'], { 'A-P1': 'A', 'B-P1': 'B' });
const aws = fakeAws({ users: [admin, alice, bob, carol], customers, properties });
const w = aws.world;
doc(w, 'documents/u1/plan.pdf', 'A-P1', '2026-03-01T10:00:00.000Z');
doc(w, 'documents/u2/later.txt', 'A-P1', '2026-03-02T10:00:00.000Z');
doc(w, 'documents/u3/west.pdf', 'A-P3', '2026-03-01T12:00:00.000Z');
doc(w, 'documents/u4/beta.pdf', 'B-P1', '2026-03-05T10:00:00.000Z');
doc(w, 'documents/u5/page.html', 'A-P1', '2026-02-01T10:00:00.000Z');
w.documents.push({ ...w.documents[0]!, key: 'documents/u6/na%C3%AFve "plan".pdf', fileName: 'naïve "plan".pdf', uploadedAt: '2026-01-01T00:00:00.000Z' });

beforeAll(setEnv);
afterAll(() => aws.restore());
beforeEach(() => aws.reset());

const as = (email?: string) => (email ? claims(email) : undefined);
const list = (query: Record<string, string>, email?: string) => getDocuments(apiEvent({ route: LIST, claims: as(email), query }));
const link = (query: Record<string, string>, email?: string) => getPresignedUrl(apiEvent({ route: LINK, claims: as(email), query }));

describe('GET /api/s3/getdocumentsbyproperty', () => {
  it('401 without a token', async () => {
    expect((await list({ propertyId: 'A-P1' })).statusCode).toBe(401);
  });
  it('400 without a property id, or with only commas', async () => {
    const none = await list({}, alice.email);
    expect(none.statusCode).toBe(400);
    expect(json(none).error).toMatch(/^Invalid query\.propertyId: /);
    expect(json(await list({ propertyId: ',' }, alice.email))).toEqual({ error: 'Invalid query.propertyId: must name at least one property id' });
  });
  it('403 if any id is outside the scope (another tenant, an unassigned property of their own customer), before reading documents', async () => {
    const mixed = await list({ propertyId: 'A-P1,B-P1' }, alice.email);
    expect(mixed.statusCode).toBe(403);
    expect(json(mixed)).toEqual({ error: 'You do not have access to property B-P1.' });
    expect((await list({ propertyId: 'A-P1' }, bob.email)).statusCode).toBe(403);
    expect((await list({ propertyId: 'A-P2' }, alice.email)).statusCode).toBe(403);
    expect((await list({ propertyId: 'A2-P1' }, alice.email)).statusCode).toBe(403);
    expect(aws.callsTo(TABLES.DOCUMENTS_TABLE)).toBe(0);
  });
  it('an account of two customers lists both customers\' properties in one call, and is still refused any property outside its assignments', async () => {
    const both = await list({ propertyId: 'A-P1,B-P1' }, carol.email);
    expect(both.statusCode).toBe(200);
    const rows = JSON.parse(both.body) as { DOCUMENT_URL: string; PROPERTY_ID: string }[];
    expect(new Set(rows.map((d) => d.PROPERTY_ID))).toEqual(new Set(['A-P1', 'B-P1']));
    expect(rows[0]).toEqual({ DOCUMENT_URL: 'documents/u4/beta.pdf', UPLOADED_AT: '2026-03-05T10:00:00.000Z', PROPERTY_ID: 'B-P1' });
    aws.reset();
    // B-P2 is of an assigned customer but not assigned; A-P3 likewise; A2-P1 of a customer not assigned at all.
    for (const ids of ['A-P1,B-P2', 'A-P3,B-P1', 'A2-P1']) {
      const r = await list({ propertyId: ids }, carol.email);
      expect(r.statusCode).toBe(403);
      expect(json(r)).toEqual({ error: `You do not have access to property ${ids.split(',').find((id) => id !== 'A-P1' && id !== 'B-P1')}.` });
    }
    expect(aws.callsTo(TABLES.DOCUMENTS_TABLE)).toBe(0);
  });
  it('404 naming unknown ids for an administrator', async () => {
    const r = await list({ propertyId: 'A-P1,ghost' }, admin.email);
    expect(r.statusCode).toBe(404);
    expect(json(r)).toEqual({ error: 'No property with the id ghost.' });
  });
  it('lists { DOCUMENT_URL, UPLOADED_AT, PROPERTY_ID } newest first, one Query per property', async () => {
    const r = await list({ propertyId: 'A-P1' }, alice.email);
    expect(r.statusCode).toBe(200);
    expect(JSON.parse(r.body)).toEqual([
      { DOCUMENT_URL: 'documents/u2/later.txt', UPLOADED_AT: '2026-03-02T10:00:00.000Z', PROPERTY_ID: 'A-P1' },
      { DOCUMENT_URL: 'documents/u1/plan.pdf', UPLOADED_AT: '2026-03-01T10:00:00.000Z', PROPERTY_ID: 'A-P1' },
      { DOCUMENT_URL: 'documents/u5/page.html', UPLOADED_AT: '2026-02-01T10:00:00.000Z', PROPERTY_ID: 'A-P1' },
      { DOCUMENT_URL: 'documents/u6/na%C3%AFve "plan".pdf', UPLOADED_AT: '2026-01-01T00:00:00.000Z', PROPERTY_ID: 'A-P1' },
    ]);
    expect(aws.ddb.calls()).toHaveLength(2);
    aws.reset();
    const both = JSON.parse((await list({ propertyId: ' A-P3, A-P1,A-P3' }, alice.email)).body) as { DOCUMENT_URL: string }[];
    expect(both.map((d) => d.DOCUMENT_URL).slice(0, 3)).toEqual(['documents/u2/later.txt', 'documents/u3/west.pdf', 'documents/u1/plan.pdf']);
    expect(both).toHaveLength(5);
    expect(aws.callsTo(TABLES.DOCUMENTS_TABLE)).toBe(2);
    expect(JSON.parse((await list({ propertyId: 'A-P1,B-P1' }, admin.email)).body)[0].PROPERTY_ID).toBe('B-P1');
  });
});

const params = (url: string) => new URL(url).searchParams;

describe('GET /api/s3/getpresignedurl', () => {
  it('401 without a token', async () => {
    expect((await link({ key: 'documents/u1/plan.pdf' })).statusCode).toBe(401);
  });
  it('400 for keys that are no document key', async () => {
    for (const bad of ['../etc/passwd', '/etc/passwd', 'a/../../b', 'a//b']) {
      const r = await link({ key: bad }, alice.email);
      expect(r.statusCode).toBe(400);
      expect(json(r).error).toBe('Invalid query.key: must be a document key (no absolute path, no empty, "." or ".." segments)');
    }
    expect((await link({ key: 'documents/u1/plan.pdf', download: 'yes' }, alice.email)).statusCode).toBe(400);
  });
  it('403 for a document of a property outside the scope', async () => {
    const r = await link({ key: 'documents/u4/beta.pdf' }, alice.email);
    expect(r.statusCode).toBe(403);
    expect(json(r)).toEqual({ error: 'You do not have access to this document.' });
  });
  it('404 for a key with no document row (an object path is never taken from the client)', async () => {
    w.objects.set('documents/stray/x.pdf', { body: Buffer.from('x'), contentType: 'application/pdf' });
    const r = await link({ key: 'documents/stray/x.pdf' }, admin.email);
    expect(r.statusCode).toBe(404);
    expect(json(r)).toEqual({ error: 'No document with that key.' });
  });
  it('a presigned GET, inline for a PDF, expiring after 300 seconds', async () => {
    const r = await link({ key: 'documents/u1/plan.pdf' }, alice.email);
    expect(r.statusCode).toBe(200);
    const { url } = json(r) as { url: string };
    expect(new URL(url).pathname).toMatch(new RegExp(`(/${BUCKET})?/documents/u1/plan\\.pdf$`));
    const q = params(url);
    expect(q.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    expect(q.get('X-Amz-Expires')).toBe('300');
    expect(q.get('response-content-disposition')).toBe(`inline; filename="plan.pdf"; filename*=UTF-8''plan.pdf`);
    expect(q.get('response-content-type')).toBe('application/pdf');
    expect(aws.ddb.calls()).toHaveLength(2);
    expect(aws.s3.calls()).toHaveLength(0);
  });
  it('download=1 always downloads; HTML is an octet-stream attachment; names are RFC 5987 encoded', async () => {
    const dl = params((json(await link({ key: 'documents/u1/plan.pdf', download: '1' }, alice.email)) as { url: string }).url);
    expect(dl.get('response-content-disposition')).toMatch(/^attachment; filename="plan.pdf"/);
    const html = params((json(await link({ key: 'documents/u5/page.html' }, alice.email)) as { url: string }).url);
    expect(html.get('response-content-disposition')).toMatch(/^attachment; filename="page.html"/);
    expect(html.get('response-content-type')).toBe('application/octet-stream');
    const odd = params((json(await link({ key: 'documents/u6/na%C3%AFve "plan".pdf' }, alice.email)) as { url: string }).url);
    expect(odd.get('response-content-disposition')).toBe(`inline; filename="na_ve _plan_.pdf"; filename*=UTF-8''na%C3%AFve%20%22plan%22.pdf`);
  });
});
