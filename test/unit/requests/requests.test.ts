import { SendEmailCommand } from '@aws-sdk/client-sesv2';
import { handler as createUploadUrl } from '../../../lambdas/documents/create-upload-url.js';
import { handler as listRequests } from '../../../lambdas/requests/list-requests.js';
import { handler as serviceRequests } from '../../../lambdas/requests/service-requests.js';
import { handler as updateRequest } from '../../../lambdas/requests/update-request.js';
import { newReference, referenceSince } from '../../../lambdas/shared/domain/requests/served.js';
import { looksLikeImage } from '../../../lambdas/shared/domain/requests/photos.js';
import { admin, alice, bob, customers, properties } from '../documents/support/fixtures.js';
import { apiEvent, json } from '../support/events.js';
import { claims, fakeAws, setTableEnv, TABLES } from '../support/fake-aws.js';
import { fakeSes } from '../support/ses.js';

const PHOTO = 'POST /api/s3/upload-url';
const LIST = 'GET /api/requests';
const FILE = 'POST /api/requests';
const UPDATE = 'PATCH /api/requests/{reference}';
const PHOTO_KEY = 'uploads/requests/00000000-0000-4000-8000-000000000001/leak.jpg';

const aws = fakeAws({
  users: [admin, alice, bob],
  customers,
  properties,
  equipment: [
    { customerId: 'A', id: 'EQ-1', propertyId: 'A-P1', buildingName: 'North', name: 'RTU-1', equipmentType: 'RTU', telemetryData: '{}' },
    { customerId: 'A', id: 'EQ-2', propertyId: 'A-P2', buildingName: 'South', name: 'RTU-2', equipmentType: 'RTU', telemetryData: '{}' },
  ],
}, { secrets: { embed: 'unsubscribe-key-for-tests' } });
const w = aws.world;
const mail = fakeSes();
const { ses, mails } = mail;

beforeAll(() => setTableEnv({ LOG_LEVEL: 'error', EMBED_SECRET_ID: 'embed', PUBLIC_URL: 'https://portal.test', MAIL_FROM: 'Portal <portal@example.com>', DISPATCH_EMAIL: 'dispatch@provider.test', DISPATCH_PHONE: '+1 555 0100' }));
afterAll(() => {
  aws.restore();
  mail.restore();
});
beforeEach(() => {
  aws.reset();
  mail.reset();
  w.serviceRequests = [];
  w.audit = [];
});

const as = (email?: string) => (email ? claims(email) : undefined);
const call = (h: typeof serviceRequests, route: string, email: string | undefined, input: { body?: unknown; query?: Record<string, string>; params?: Record<string, string> } = {}) =>
  h(apiEvent({ route, claims: as(email), ...input }));
const fileAs = (email: string | undefined, input: { body: object }) => call(serviceRequests, FILE, email, { body: input.body });
const updateAs = (email: string | undefined, input: { params: { customerId: string; reference: string }; body: object }) =>
  call(updateRequest, UPDATE, email, { params: { reference: input.params.reference }, body: { customerId: input.params.customerId, ...input.body } });
const listAs = (email: string | undefined, input: { query?: Record<string, string | number> } = {}) =>
  call(listRequests, LIST, email, { query: Object.fromEntries(Object.entries(input.query ?? {}).map(([k, v]) => [k, String(v)])) });
/** The previous release's form, answered for one release: POST /api/requests with the body's `action`. */
const legacyAs = (email: string | undefined, action: string, body: object = {}) => call(serviceRequests, FILE, email, { body: { action, ...body } });
const valid = { propertyId: 'A-P1', equipmentId: 'EQ-1', description: 'No cooling on the third floor', priority: 'urgent', accessTimes: 'Weekdays 8-17' };

describe("GET /api/requests: the request form's choices", () => {
  it('401 without a token; 403 for a customer naming another account', async () => {
    expect((await listAs(undefined)).statusCode).toBe(401);
    expect((await listAs(alice.email, { query: { email: bob.email } })).statusCode).toBe(403);
  });
  // Alpha Two's customer is not assigned to alice: its property is outside her scope.
  it("offers the caller's properties only, each with its own equipment, and the emergency phone", async () => {
    const r = await listAs(alice.email);
    expect(r.statusCode).toBe(200);
    expect(json(r).form).toEqual({
      properties: [
        { id: 'A-P1', name: 'Alpha North', customerId: 'A', equipment: [{ id: 'EQ-1', name: 'RTU-1', type: 'RTU', monitored: true }] },
        { id: 'A-P3', name: 'Alpha West', customerId: 'A', equipment: [] },
      ],
      dispatchPhone: '+1 555 0100',
    });
  });
  it("an administrator gets the viewed customer's, and none in their own view", async () => {
    const ids = async (query: Record<string, string | number>) =>
      ((json(await listAs(admin.email, { query })).form as { properties: { id: string }[] }).properties).map((p) => p.id);
    expect(await ids({ email: bob.email })).toEqual(['B-P1']);
    expect(await ids({})).toEqual([]);
  });
});

describe("POST /api/s3/upload-url, purpose 'request-photo'", () => {
  const photo = (email: string, body: object) => call(createUploadUrl, PHOTO, email, { body: { propertyId: 'A-P1', purpose: 'request-photo', ...body } });
  it('a customer may not upload documents; 400 for a file that is no image, 413 over 10 MiB, 403 outside the scope', async () => {
    expect(json(await call(createUploadUrl, PHOTO, alice.email, { body: { propertyId: 'A-P1', fileName: 'a.pdf', size: 10 } }))).toEqual({ error: 'Only administrators may upload documents.' });
    expect(json(await photo(alice.email, { fileName: 'notes.pdf', size: 10 })).error).toMatch(/must be a JPEG, PNG/);
    expect((await photo(alice.email, { fileName: 'a.jpg', size: 10 * 1024 * 1024 + 1 })).statusCode).toBe(413);
    expect((await photo(bob.email, { fileName: 'a.jpg', size: 10 })).statusCode).toBe(403);
  });
  it('a presigned POST under uploads/requests/ whose policy fixes the image type and the size', async () => {
    const r = json(await photo(alice.email, { fileName: 'IMG 0001.JPG', size: 2000 })) as { key: string; fields: Record<string, string>; maxBytes: number };
    expect(r.key).toMatch(/^uploads\/requests\/[0-9a-f-]{36}\/IMG_0001\.JPG$/);
    expect(r.fields['Content-Type']).toBe('image/jpeg');
    const policy = JSON.parse(Buffer.from(r.fields.Policy!, 'base64').toString('utf8')) as { conditions: unknown[] };
    expect(policy.conditions).toContainEqual(['content-length-range', 1, 10 * 1024 * 1024]);
    expect(r.maxBytes).toBe(10 * 1024 * 1024);
  });
});

describe('POST /api/requests: filing', () => {
  it('401 without a token; 400 naming the field', async () => {
    expect((await fileAs(undefined, { body: valid })).statusCode).toBe(401);
    expect(json(await fileAs(alice.email, { body: { ...valid, propertyId: undefined } })).error).toMatch(/^Invalid body\.propertyId: /);
    expect(json(await fileAs(alice.email, { body: { ...valid, description: '  ' } })).error).toBe('Invalid body.description: is required: say what is wrong');
    expect(json(await fileAs(alice.email, { body: { ...valid, priority: 'asap' } })).error).toMatch(/^Invalid body\.priority: /);
    expect(json(await fileAs(alice.email, { body: { ...valid, description: 'x'.repeat(2001) } })).error).toMatch(/^Invalid body\.description: /);
    expect(json(await fileAs(alice.email, { body: { ...valid, photos: ['a', 'b', 'c', 'd', 'e', 'f'] } })).error).toBe('Invalid body.photos: may hold at most 5 photos');
  });
  it('403 for a property outside the scope, 400 for equipment of another property; nothing stored or mailed', async () => {
    const r = await fileAs(alice.email, { body: { ...valid, propertyId: 'A-P2', equipmentId: undefined } });
    expect(r.statusCode).toBe(403);
    expect(json(r)).toEqual({ error: 'You do not have access to property A-P2.' });
    expect((await fileAs(alice.email, { body: { ...valid, equipmentId: 'EQ-2' } })).statusCode).toBe(400);
    expect((await fileAs(bob.email, { body: valid })).statusCode).toBe(403);
    expect(w.serviceRequests).toEqual([]);
    expect(mails()).toEqual([]);
  });
  it('400 for a photo key not answered by photo-url, an upload that is not there, or one sent as another type', async () => {
    expect(json(await fileAs(alice.email, { body: { ...valid, photos: ['documents/x/leak.jpg'] } })).error).toMatch(/for a request photo/);
    expect(json(await fileAs(alice.email, { body: { ...valid, photos: [PHOTO_KEY] } })).error).toMatch(/was not uploaded/);
    w.objects.set(PHOTO_KEY, { body: Buffer.from('x'), contentType: 'text/html' });
    expect(json(await fileAs(alice.email, { body: { ...valid, photos: [PHOTO_KEY] } })).error).toMatch(/another content type/);
    // A text file named .jpg, sent as image/jpeg: its bytes are no image (issue 39).
    w.objects.set(PHOTO_KEY, { body: Buffer.from('hello, not a picture'), contentType: 'image/jpeg' });
    expect(json(await fileAs(alice.email, { body: { ...valid, photos: [PHOTO_KEY] } })).error).toBe(
      'Invalid body.photos: leak.jpg is not an image: its content is not a JPEG, PNG, GIF, WebP or HEIC picture, whatever its name says.',
    );
    expect(w.serviceRequests).toEqual([]);
  });
  it('knows each image type by its first bytes', () => {
    expect(looksLikeImage('image/jpeg', Uint8Array.from([0xff, 0xd8, 0xff, 0xe0]))).toBe(true);
    expect(looksLikeImage('image/png', Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe(true);
    expect(looksLikeImage('image/gif', Buffer.from('GIF89a'))).toBe(true);
    expect(looksLikeImage('image/webp', Buffer.from('RIFF\0\0\0\0WEBPVP8 '))).toBe(true);
    expect(looksLikeImage('image/heic', Buffer.from('\0\0\0\x18ftypheic'))).toBe(true);
    expect(looksLikeImage('image/png', Uint8Array.from([0xff, 0xd8, 0xff]))).toBe(false);
    expect(looksLikeImage('image/jpeg', Buffer.from('<html>'))).toBe(false);
  });
  it('stores the request with its photo moved under requests/<reference>/, mails dispatch (photo links) and the customer (reference)', async () => {
    w.objects.set(PHOTO_KEY, { body: Buffer.from([0xff, 0xd8, 0xff, 0xe0]), contentType: 'image/jpeg' });
    const r = await fileAs(alice.email, { body: { ...valid, photos: [PHOTO_KEY] } });
    expect(r.statusCode).toBe(201);
    const reference = (json(r).request as { reference: string }).reference;
    expect(reference).toMatch(/^SR-\d{6}-\d{6}-[A-Z0-9]{4}$/);
    expect(json(r).message).toBe(`Your request ${reference} was sent. We have emailed you a confirmation.`);
    expect(w.serviceRequests).toMatchObject([
      { customerId: 'A', reference, kind: 'request', customerName: 'alpha', propertyName: 'Alpha North', equipmentName: 'RTU-1', status: 'submitted', filedBy: alice.email, photos: [{ key: `requests/${reference}/1-leak.jpg`, size: 4 }] },
    ]);
    expect(w.serviceRequests[0]!.filedOnBehalfOf).toBeUndefined();
    expect(w.objects.has(PHOTO_KEY)).toBe(false);
    expect(w.objects.get(`requests/${reference}/1-leak.jpg`)?.contentType).toBe('image/jpeg');
    const [dispatch, confirmation] = mails();
    expect(dispatch!.to).toBe('dispatch@provider.test');
    expect(dispatch!.subject).toBe(`Service request ${reference}: Alpha, Alpha North`);
    expect(dispatch!.text).toContain('No cooling on the third floor');
    expect(dispatch!.text).toMatch(/Photos \(links valid for up to 7 days\):\n1\. https?:\/\/\S+requests\/SR-[^?]+1-leak\.jpg\?\S*X-Amz-Expires=604800/);
    expect(dispatch!.text).toContain('sign in and open Service Requests (https://portal.test/home?open=requests)');
    // The list signs fresh links, an hour each.
    const listed = json(await listAs(alice.email)).requests as { reference: string; photos: { fileName: string; url: string }[] }[];
    expect(listed[0]!.photos).toEqual([{ fileName: 'leak.jpg', url: expect.stringMatching(new RegExp(`requests/${reference}/1-leak\\.jpg\\?\\S*X-Amz-Expires=3600`)) }]);
    expect(confirmation!.to).toBe(alice.email);
    expect(confirmation!.subject).toBe(`We received your service request ${reference}`);
    expect(w.audit).toEqual([]);
  });
  it('an administrator files for the viewed customer: recorded on their behalf and audited; not in their own view', async () => {
    expect(json(await fileAs(admin.email, { body: valid })).error).toBe('Administrators file requests only while viewing the portal as a customer.');
    const r = await fileAs(admin.email, { body: { ...valid, email: alice.email, priority: 'emergency' } });
    expect(r.statusCode).toBe(201);
    expect(w.serviceRequests[0]).toMatchObject({ filedBy: alice.email, filedOnBehalfOf: admin.email, priority: 'emergency' });
    expect(json(r).message).toMatch(new RegExp(`^Request SR-\\S+ was sent for ${alice.email}, who has been emailed a confirmation\\.$`));
    expect(w.audit).toMatchObject([{ actorEmail: admin.email, action: 'request-filed', target: alice.email }]);
    expect(mails()[0]!.subject).toMatch(/^\[EMERGENCY\] /);
    expect(mails()[0]!.text).toContain(`filed on their behalf by ${admin.email}`);
  });
  it('the request stands when mail fails', async () => {
    ses.on(SendEmailCommand).rejects(new Error('SES down'));
    expect((await fileAs(alice.email, { body: valid })).statusCode).toBe(201);
    expect(w.serviceRequests).toHaveLength(1);
  });
});

describe('GET /api/requests and PATCH /api/requests/{reference}', () => {
  const file = async (email: string, body: object) => (json(await fileAs(email, { body: { ...valid, ...body } })).request as { reference: string }).reference;

  it("a customer sees their scope's requests only; filters by status and age", async () => {
    await file(alice.email, {});
    await file(bob.email, { propertyId: 'B-P1', equipmentId: undefined });
    const mine = json(await listAs(alice.email)).requests as { filedBy: string }[];
    expect(mine.map((r) => r.filedBy)).toEqual([alice.email]);
    expect((await listAs(alice.email, { query: { email: bob.email } })).statusCode).toBe(403);
    expect((await listAs(alice.email, { query: { customerId: 'B' } })).statusCode).toBe(403);
    expect(json(await listAs(alice.email, { query: { status: 'completed' } })).requests).toEqual([]);
    expect(json(await listAs(admin.email)).requests).toHaveLength(2);
    expect(json(await listAs(admin.email, { query: { customerId: 'B' } })).requests).toHaveLength(1);
    expect(json(await listAs(admin.email, { query: { days: 7 } })).requests).toHaveLength(2);
    w.serviceRequests[0]!.reference = 'SR-200101-000000-AAAA';
    expect(json(await listAs(admin.email, { query: { days: 30 } })).requests).toHaveLength(1);
  });
  it('400 naming the query parameter for a bad status, age or email', async () => {
    expect(json(await listAs(alice.email, { query: { days: 'week' } })).error).toMatch(/^Invalid query\.days: /);
    expect(json(await listAs(alice.email, { query: { days: 0 } })).error).toMatch(/^Invalid query\.days: /);
    expect(json(await listAs(alice.email, { query: { days: 7.5 } })).error).toMatch(/^Invalid query\.days: /);
    expect(json(await listAs(alice.email, { query: { status: 'open' } })).error).toMatch(/^Invalid query\.status: /);
    expect(json(await listAs(alice.email, { query: { email: 'nobody' } })).error).toBe('Invalid query.email: must be an email address');
  });
  it('only administrators change a status; 404 for no such request; the note is kept, audited and mailed', async () => {
    const reference = await file(alice.email, {});
    ses.resetHistory();
    const body = { status: 'scheduled', note: 'Technician Tuesday 9:00' };
    const refused = await updateAs(alice.email, { params: { customerId: 'A', reference }, body });
    expect([refused.statusCode, json(refused)]).toEqual([403, { error: 'Only administrators may change service requests.' }]);
    expect(json(await updateAs(admin.email, { params: { customerId: 'B', reference }, body }))).toEqual({ error: `No service request ${reference}.` });
    expect(json(await updateAs(admin.email, { params: { customerId: 'A', reference: 'nope' }, body })).error).toBe('Invalid path.reference: must be a reference such as SR-261125-142501-K7QX');
    expect(json(await updateAs(admin.email, { params: { customerId: 'A', reference }, body: { status: 'done' } })).error).toMatch(/^Invalid body\.status: /);
    expect(w.audit).toEqual([]);
    const r = await updateAs(admin.email, { params: { customerId: 'A', reference }, body });
    expect(r.statusCode).toBe(200);
    expect(json(r).request).toMatchObject({ status: 'scheduled', notes: [{ text: 'Technician Tuesday 9:00', status: 'scheduled' }] });
    expect(w.audit).toMatchObject([{ actorEmail: admin.email, action: 'request-status', target: alice.email, details: { reference, from: 'submitted', to: 'scheduled' } }]);
    expect(mails()).toMatchObject([{ to: alice.email, subject: `Your service request ${reference} is scheduled` }]);
    expect(mails()[0]!.text).toContain('Technician Tuesday 9:00');
    const seen = json(await listAs(alice.email)).requests as { status: string }[];
    expect(seen[0]!.status).toBe('scheduled');
  });
});

describe('references', () => {
  it('sort by time and carry the UTC date', () => {
    expect(newReference(new Date('2026-11-25T14:25:01Z'))).toMatch(/^SR-261125-142501-[A-Z2-9]{4}$/);
    expect(referenceSince(7, Date.parse('2026-11-25T00:00:00Z'))).toBe('SR-261118');
    expect(TABLES.SERVICE_REQUESTS_TABLE).toBe('service-requests');
  });
});

describe("the previous release's form, POST /api/requests with an `action` (answered for one release)", () => {
  it("'list', 'file' and 'update' answer as before, with the same scope, messages and audit", async () => {
    expect((await legacyAs(undefined, 'list')).statusCode).toBe(401);
    expect(json(await legacyAs(alice.email, 'list')).form).toEqual(json(await listAs(alice.email)).form);
    expect((await legacyAs(alice.email, 'list', { email: bob.email })).statusCode).toBe(403);
    expect(json(await legacyAs(alice.email, 'list', { days: '7' })).error).toMatch(/^Invalid body\.days: /);

    const filed = await legacyAs(alice.email, 'file', valid);
    expect(filed.statusCode).toBe(201);
    const reference = (json(filed).request as { reference: string }).reference;
    expect(json(filed).message).toBe(`Your request ${reference} was sent. We have emailed you a confirmation.`);
    expect((await legacyAs(alice.email, 'file', { ...valid, propertyId: 'A-P2', equipmentId: undefined })).statusCode).toBe(403);
    expect((json(await legacyAs(alice.email, 'list', { status: 'submitted' })).requests as { reference: string }[]).map((r) => r.reference)).toEqual([reference]);

    const change = { customerId: 'A', reference, status: 'completed', note: 'Fixed' };
    expect(json(await legacyAs(alice.email, 'update', change))).toEqual({ error: 'Only administrators may change service requests.' });
    expect(json(await legacyAs(admin.email, 'update', { ...change, reference: 'nope' })).error).toBe('Invalid body.reference: must be a reference such as SR-261125-142501-K7QX');
    const changed = await legacyAs(admin.email, 'update', change);
    expect([changed.statusCode, json(changed).message]).toEqual([200, `Request ${reference} updated.`]);
    expect(w.audit).toMatchObject([{ actorEmail: admin.email, action: 'request-status', target: alice.email, details: { reference, from: 'submitted', to: 'completed', note: 'Fixed' } }]);
    expect((json(await listAs(alice.email)).requests as { status: string }[])[0]!.status).toBe('completed');
  });
  it('400 naming the action for one it does not know; a body without one files a request', async () => {
    expect(json(await legacyAs(alice.email, 'delete', valid)).error).toMatch(/^Invalid body\.action: /);
    expect(json(await legacyAs(alice.email, '', valid)).error).toMatch(/^Invalid body\.action: /);
    expect(w.serviceRequests).toEqual([]);
    expect((await fileAs(alice.email, { body: valid })).statusCode).toBe(201);
  });
});
