/**
 * Service requests through the local stack over HTTP: photos by presigned POST (the storage front
 * enforces the policy's type and size), filing with the dispatch and confirmation mails in the
 * outbox, scope, filing on a customer's behalf, and a change of status mailed and audited; then the
 * previous release's POST /api/requests { action } bodies, answered for one release.
 */
import { jest } from '@jest/globals';
import { putEquipment } from '../../lambdas/shared/data/equipment.js';
import { putReportRows, type AssetRow } from '../../lambdas/shared/data/report-rows.js';
import { createTestUser, putCustomer, putProperty, request, signIn, startTestStack, type TestStack } from '../support/local-stack.js';
import { postToStorage } from '../support/storage-post.js';

jest.setTimeout(180_000);

const PASSWORD = 'Passw0rd1';
const ADMIN = 'requests-admin@staff.test';
const USER_A = 'a@tenant-a.test';
const COLLEAGUE_A = 'colleague@tenant-a.test';
const USER_B = 'b@tenant-b.test';
const DISPATCH = 'dispatch@provider.test';
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46]);

let t: TestStack;
const tokens: Record<'admin' | 'a' | 'colleague' | 'b', string> = { admin: '', a: '', colleague: '', b: '' };

interface Target {
  url: string;
  key: string;
  fields: Record<string, string>;
}
const photoTarget = async (token: string, fileName: string, size = JPEG.length, propertyId = 'P-A1') => {
  const r = await request('POST', '/api/s3/upload-url', { token, body: { purpose: 'request-photo', propertyId, fileName, size } });
  return { status: r.status, target: r.json as Target, error: (r.json as { error?: string }).error };
};
const file = (token: string, body: object) => request('POST', '/api/requests', { token, body: { propertyId: 'P-A1', description: 'Leak above the server room', priority: 'urgent', ...body } });
const list = (token: string, query: Record<string, string | number> = {}) => {
  const q = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)])).toString();
  return request('GET', `/api/requests${q ? `?${q}` : ''}`, { token });
};
const changeStatus = (token: string, reference: string, body: object) => request('PATCH', `/api/requests/${encodeURIComponent(reference)}`, { token, body });
/** The previous release's web app: POST /api/requests with the body's `action`. */
const legacy = (token: string, action: string, body: object = {}) => request('POST', '/api/requests', { token, body: { action, ...body } });
const mailsTo = async (to: string) => (await t.outbox()).filter((m) => m.to === to);

beforeAll(async () => {
  t = await startTestStack({ env: { DISPATCH_EMAIL: DISPATCH, DISPATCH_PHONE: '+44 20 7946 0000' } });
  await putCustomer({ id: 'C-A', name: 'alpha' });
  await putCustomer({ id: 'C-B', name: 'beta' });
  await putProperty({ id: 'P-A1', customerId: 'C-A', name: 'Alpha One', propertyType: 'Office' });
  await putProperty({ id: 'P-A2', customerId: 'C-A', name: 'Alpha Two', propertyType: 'Office' });
  await putProperty({ id: 'P-B1', customerId: 'C-B', name: 'Beta One', propertyType: 'Office' });
  await putEquipment(t.db, [
    { customerId: 'C-A', id: 'EQ-A1', propertyId: 'P-A1', buildingName: 'North', name: 'RTU-1', equipmentType: 'Rooftop Unit', telemetryData: '{}' },
    { customerId: 'C-A', id: 'EQ-A2', propertyId: 'P-A2', buildingName: 'South', name: 'AHU-2', equipmentType: 'Air Handler', telemetryData: '{}' },
  ]);
  const asset = (id: string, name: string, assetType: string): AssetRow => ({ dataset: 'asset', id, propertyId: 'P-A1', name, assetType, make: 'Acme', model: 'M1', serial: id, condition: 'Good' });
  await putReportRows(t.db, [asset('AS-A1-1', 'RTU-1', 'Rooftop Unit'), asset('AS-A1-2', 'B-3', 'Boiler'), asset('AS-A1-3', 'EF-3', 'Exhaust Fan')]);
  await createTestUser({ email: ADMIN, password: PASSWORD });
  await createTestUser({ email: USER_A, password: PASSWORD, customers: ['C-A'], properties: ['P-A1'] });
  await createTestUser({ email: COLLEAGUE_A, password: PASSWORD, customers: ['C-A'], properties: ['P-A1', 'P-A2'] });
  await createTestUser({ email: USER_B, password: PASSWORD, customers: ['C-B'], properties: ['P-B1'] });
  [tokens.admin, tokens.a, tokens.colleague, tokens.b] = await Promise.all([ADMIN, USER_A, COLLEAGUE_A, USER_B].map((e) => signIn(e, PASSWORD)));
});
afterAll(async () => t?.stop());

describe('service requests through the local stack', () => {
  it("offers a customer their own properties with each one's units: assets on record and monitored devices, one entry per unit, and the emergency phone", async () => {
    const r = await list(tokens.colleague);
    expect(r.status).toBe(200);
    expect((r.json as { form: unknown }).form).toEqual({
      properties: [
        {
          id: 'P-A1',
          name: 'Alpha One',
          customerId: 'C-A',
          equipment: [
            { id: 'asset:AS-A1-2', name: 'B-3', type: 'Boiler', monitored: false },
            { id: 'asset:AS-A1-3', name: 'EF-3', type: 'Exhaust Fan', monitored: false },
            // The device RTU-1 is the asset RTU-1: listed once, under the device's id, marked monitored.
            { id: 'EQ-A1', name: 'RTU-1', type: 'Rooftop Unit', monitored: true },
          ],
        },
        { id: 'P-A2', name: 'Alpha Two', customerId: 'C-A', equipment: [{ id: 'EQ-A2', name: 'AHU-2', type: 'Air Handler', monitored: true }] },
      ],
      dispatchPhone: '+44 20 7946 0000',
    });
  });


  it('storage itself refuses a photo of another type or larger than the policy allows', async () => {
    const { target } = await photoTarget(tokens.a, 'leak.jpg');
    expect(target.key).toMatch(/^uploads\/requests\/[0-9a-f-]{36}\/leak\.jpg$/);
    const wrongType = await postToStorage(target, JPEG, { 'Content-Type': 'text/html' });
    expect(wrongType.status).toBe(403);
    const tooLarge = await postToStorage(target, Buffer.alloc(10 * 1024 * 1024 + 1));
    expect(tooLarge.status).toBe(400);
    expect(await tooLarge.text()).toContain('EntityTooLarge');
    expect((await photoTarget(tokens.a, 'notes.pdf')).status).toBe(400);
    expect((await photoTarget(tokens.a, 'leak.jpg', 10)).status).toBe(200);
    expect((await photoTarget(tokens.a, 'leak.jpg', 10, 'P-B1')).status).toBe(403);
  });

  it('files a request with a photo: stored, dispatch mailed with a working photo link, the customer mailed the reference', async () => {
    const { target } = await photoTarget(tokens.a, 'leak.jpg');
    expect((await postToStorage(target, JPEG)).status).toBeLessThan(300);
    const r = await file(tokens.a, { equipmentId: 'EQ-A1', accessTimes: 'Mornings', photos: [target.key] });
    expect(r.status).toBe(201);
    const reference = (r.json as { request: { reference: string } }).request.reference;
    expect((r.json as { request: object }).request).toMatchObject({ customerName: 'alpha', propertyName: 'Alpha One', equipmentName: 'RTU-1', photoCount: 1, status: 'submitted', filedBy: USER_A, filedOnBehalfOf: null });

    const [dispatch] = await mailsTo(DISPATCH);
    expect(dispatch!.subject).toBe(`Service request ${reference}: Alpha, Alpha One`);
    expect(dispatch!.text).toContain('Priority: Urgent');
    // Names and times as every mail writes them: the customer title-cased, the time in UTC and saying so.
    expect(dispatch!.text).toContain('Customer: Alpha\n');
    expect(dispatch!.text).toMatch(/^Filed at: \d{1,2} [A-Z][a-z]{2} \d{4}, \d{1,2}:\d{2} [AP]M UTC$/m);
    expect(dispatch!.text).toContain('Preferred access times: Mornings');
    const link = /^1\. (http\S+)/m.exec(dispatch!.text)![1]!;
    const photo = await fetch(link);
    expect(photo.status).toBe(200);
    expect(photo.headers.get('content-type')).toBe('image/jpeg');
    expect(Buffer.from(await photo.arrayBuffer()).equals(JPEG)).toBe(true);
    expect((await mailsTo(USER_A)).map((m) => m.subject)).toEqual([`We received your service request ${reference}`]);

    // The upload was moved: its key cannot be filed twice.
    const again = await file(tokens.a, { photos: [target.key] });
    expect(again.status).toBe(400);
  });

  it('keeps each customer to their scope: another tenant neither files for nor sees tenant A', async () => {
    expect((await file(tokens.b, {})).status).toBe(403);
    expect((await file(tokens.a, { propertyId: 'P-A2' })).status).toBe(403);
    expect((await file(tokens.a, { equipmentId: 'EQ-A2' })).status).toBe(400);
    expect((await list(tokens.b, { email: USER_A })).status).toBe(403);
    expect(((await list(tokens.b)).json as { requests: unknown[] }).requests).toEqual([]);
    // A colleague on the same property sees it.
    const seen = (await list(tokens.colleague)).json as { requests: { filedBy: string }[] };
    expect(seen.requests.map((x) => x.filedBy)).toContain(USER_A);
  });

  it('an administrator files on behalf of the viewed customer, changes the status with a note; audited and mailed', async () => {
    const filed = await file(tokens.admin, { email: USER_A, priority: 'emergency' });
    expect(filed.status).toBe(201);
    const request1 = (filed.json as { request: { reference: string; filedOnBehalfOf: string } }).request;
    expect(request1.filedOnBehalfOf).toBe(ADMIN);
    expect((await mailsTo(DISPATCH)).at(-1)!.subject).toMatch(/^\[EMERGENCY\] /);

    const all = (await list(tokens.admin, { customerId: 'C-A', status: 'submitted', days: 7 })).json as { requests: { reference: string }[] };
    expect(all.requests.map((x) => x.reference)).toContain(request1.reference);

    const note = { customerId: 'C-A', status: 'in progress', note: 'Engineer on site' };
    const refused = await changeStatus(tokens.a, request1.reference, note);
    expect([refused.status, refused.json]).toEqual([403, { error: 'Only administrators may change service requests.' }]);
    expect((await changeStatus(tokens.admin, 'SR-1', note)).json).toEqual({ error: 'Invalid path.reference: must be a reference such as SR-261125-142501-K7QX' });
    expect((await changeStatus(tokens.admin, request1.reference, { ...note, customerId: 'C-B' })).status).toBe(404);
    const changed = await changeStatus(tokens.admin, request1.reference, note);
    expect([changed.status, (changed.json as { message: string }).message]).toEqual([200, `Request ${request1.reference} updated.`]);
    expect((await mailsTo(USER_A)).at(-1)!.subject).toBe(`Your service request ${request1.reference} is in progress`);
    const audit = (await request('GET', '/api/audit?limit=5', { token: tokens.admin })).json as { events: { action: string; target: string; details: Record<string, unknown> }[] };
    expect(audit.events.slice(0, 2)).toMatchObject([
      { action: 'request-status', target: USER_A, details: { reference: request1.reference, from: 'submitted', to: 'in progress', note: 'Engineer on site' } },
      { action: 'request-filed', target: USER_A, details: { reference: request1.reference } },
    ]);
    const mine = (await list(tokens.a)).json as { requests: { reference: string; status: string; notes: { text: string }[] }[] };
    expect(mine.requests.find((x) => x.reference === request1.reference)).toMatchObject({ status: 'in progress', notes: [{ text: 'Engineer on site' }] });
  });

  it("answers the previous release's { action } bodies as before, for one release: list, file and update, with the same scope, mails and audit", async () => {
    expect((await legacy(tokens.b, 'list', { email: USER_A })).status).toBe(403);
    const formOf = (r: { json: unknown }) => (r.json as { form: unknown }).form;
    expect(formOf(await legacy(tokens.colleague, 'list'))).toEqual(formOf(await list(tokens.colleague)));
    expect((await legacy(tokens.a, 'file', { propertyId: 'P-A2', description: 'x', priority: 'routine' })).status).toBe(403);
    const filed = await legacy(tokens.a, 'file', { propertyId: 'P-A1', description: 'Filed from an open tab of the previous release', priority: 'routine' });
    expect(filed.status).toBe(201);
    const reference = (filed.json as { request: { reference: string } }).request.reference;
    expect((await mailsTo(USER_A)).at(-1)!.subject).toBe(`We received your service request ${reference}`);
    expect((await mailsTo(DISPATCH)).at(-1)!.subject).toBe(`Service request ${reference}: Alpha, Alpha One`);

    const update = { customerId: 'C-A', reference, status: 'completed', note: 'Done' };
    expect((await legacy(tokens.a, 'update', update)).json).toEqual({ error: 'Only administrators may change service requests.' });
    const changed = await legacy(tokens.admin, 'update', update);
    expect([changed.status, (changed.json as { message: string }).message]).toEqual([200, `Request ${reference} updated.`]);
    expect((await mailsTo(USER_A)).at(-1)!.subject).toBe(`Your service request ${reference} is completed`);
    const audit = (await request('GET', '/api/audit?limit=1', { token: tokens.admin })).json as { events: { action: string; details: Record<string, unknown> }[] };
    expect(audit.events[0]).toMatchObject({ action: 'request-status', details: { reference, from: 'submitted', to: 'completed', note: 'Done' } });

    // Both forms list the same requests.
    const viaLegacy = (await legacy(tokens.a, 'list', { status: 'completed' })).json as { requests: { reference: string }[] };
    const viaGet = (await list(tokens.a, { status: 'completed' })).json as { requests: { reference: string }[] };
    expect(viaLegacy.requests.map((r) => r.reference)).toEqual([reference]);
    expect(viaGet.requests.map((r) => r.reference)).toEqual([reference]);
    expect((await legacy(tokens.a, 'archive')).status).toBe(400);
  });
});

describe('units on record', () => {
  // After the other tests: filing mails the dispatch address, which they read.
  it('files a request about an asset on record that is not monitored; an asset of another property is refused', async () => {
    const r = await file(tokens.a, { equipmentId: 'asset:AS-A1-2' });
    expect(r.status).toBe(201);
    expect((r.json as { request: object }).request).toMatchObject({ propertyName: 'Alpha One', equipmentName: 'B-3' });
    expect((await file(tokens.colleague, { propertyId: 'P-A2', equipmentId: 'asset:AS-A1-2' })).status).toBe(400);
    expect((await file(tokens.a, { equipmentId: 'asset:AS-NOPE' })).status).toBe(400);
  });
});
