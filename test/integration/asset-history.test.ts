/**
 * An asset's history through the local stack over HTTP (issue 43, item 5): a customer opens their
 * asset's work orders, the quote made for one, the raised alert of its telemetry equipment and the
 * document that names it, newest first; another customer's asset answers exactly as a missing one
 * (404); an administrator viewing as a customer gets that customer's answer. The AWS calls are
 * recorded for the IAM check (test/iam).
 */
import { jest } from '@jest/globals';
import { putDocument } from '../../lambdas/shared/data/documents.js';
import { putRaised } from '../../lambdas/shared/data/equipment-alerts.js';
import { putEquipment } from '../../lambdas/shared/data/equipment.js';
import { putReportRows, type WorkOrderRow } from '../../lambdas/shared/data/report-rows.js';
import { createTestUser, putCustomer, putProperty, request, signIn, startTestStack, type TestStack } from '../support/local-stack.js';

jest.setTimeout(120_000);

const PASSWORD = 'Passw0rd1';
const ADMIN = 'history-admin@staff.test';
const USER_A = 'a@tenant-a.test';
const USER_B = 'b@tenant-b.test';

let t: TestStack;
const tokens: Record<'admin' | 'a' | 'b', string> = { admin: '', a: '', b: '' };

const wo = (id: string, propertyId: string, assetId: string, over: Partial<WorkOrderRow> = {}): WorkOrderRow => ({
  dataset: 'wo', id, propertyId, kind: 'service', status: 'Completed', priority: 'High', assetId,
  createdAt: '2026-03-10T09:00:00.000Z', completedAt: '2026-03-14T12:30:00.000Z', description: `No cooling ${id}`, technician: 'M. Chen', amount: 640,
  ...over,
});
const history = (token: string, assetId: string, email?: string) =>
  request('GET', `/api/assets/${assetId}/history${email ? `?email=${encodeURIComponent(email)}` : ''}`, { token });
const ids = (r: { json: unknown }) => (r.json as { timeline: { kind: string; id: string }[] }).timeline.map((e) => `${e.kind}:${e.id}`);

beforeAll(async () => {
  t = await startTestStack();
  await putCustomer({ id: 'C-A', name: 'alpha' });
  await putCustomer({ id: 'C-B', name: 'beta' });
  await putProperty({ id: 'P-A1', customerId: 'C-A', name: 'Alpha One', propertyType: 'Office', timeZone: 'America/Chicago' });
  await putProperty({ id: 'P-B1', customerId: 'C-B', name: 'Beta One', propertyType: 'Office' });
  const unit = { assetType: 'Rooftop unit', make: 'Carrier', model: '48TC', serial: 'S1', condition: 'Fair' } as const;
  await putReportRows(t.db, [
    { dataset: 'asset', id: 'AS-A1', propertyId: 'P-A1', name: 'RTU-1', ...unit },
    { dataset: 'asset', id: 'AS-A2', propertyId: 'P-A1', name: 'RTU-2', ...unit },
    { dataset: 'asset', id: 'AS-B1', propertyId: 'P-B1', name: 'Beta chiller', ...unit },
    wo('WO-A1', 'P-A1', 'AS-A1'),
    wo('WO-A2', 'P-A1', 'AS-A1', { status: 'Open', completedAt: undefined, scheduledAt: '2026-04-02T13:00:00.000Z' }),
    wo('WO-A3', 'P-A1', 'AS-A2'),
    wo('WO-B1', 'P-B1', 'AS-B1'),
    { dataset: 'quote', id: 'QT-A1', propertyId: 'P-A1', workOrderId: 'WO-A1', title: 'Replace RTU-1 compressor', status: 'Sent', amount: 9800, createdAt: '2026-03-16T10:00:00.000Z' },
  ]);
  await putEquipment(t.db, [{ customerId: 'C-A', id: 'EQ-A1', propertyId: 'P-A1', buildingName: 'Alpha One', name: 'RTU-1', equipmentType: 'RTU', telemetryData: '{}' }]);
  await putRaised(t.db, {
    customerId: 'C-A', key: 'DEV-A1#stale', deviceId: 'DEV-A1', rule: 'stale', status: 'active', since: '2026-03-20T07:00:00.000Z', raisedAt: '2026-03-20T08:00:00.000Z',
    detail: 'No report for 62 minutes', equipmentId: 'EQ-A1', equipmentName: 'RTU-1', buildingName: 'Alpha One', propertyId: 'P-A1', updatedAt: '2026-03-20T08:00:00.000Z',
  });
  const document = (key: string, propertyId: string, uploadedAt: string) =>
    putDocument(t.db, { key, propertyId, uploadedAt, fileName: key.slice(key.lastIndexOf('/') + 1), contentType: 'application/pdf', sizeBytes: 3, uploadedBy: ADMIN });
  await document('documents/h1/Service_Report_RTU-1.pdf', 'P-A1', '2026-03-18T09:00:00.000Z');
  await document('documents/h2/Backflow_Test_Certificate.pdf', 'P-A1', '2026-03-19T09:00:00.000Z');
  await createTestUser({ email: ADMIN, password: PASSWORD });
  await createTestUser({ email: USER_A, password: PASSWORD, customers: ['C-A'], properties: ['P-A1'] });
  await createTestUser({ email: USER_B, password: PASSWORD, customers: ['C-B'], properties: ['P-B1'] });
  [tokens.admin, tokens.a, tokens.b] = await Promise.all([ADMIN, USER_A, USER_B].map((e) => signIn(e, PASSWORD)));
});
afterAll(async () => t?.stop());

test("a customer's asset opens to its work orders, their quote, its raised alert and the document naming it, newest first", async () => {
  const r = await history(tokens.a, 'AS-A1');
  expect(r.status).toBe(200);
  expect((r.json as { asset: unknown }).asset).toMatchObject({ id: 'AS-A1', name: 'RTU-1', propertyName: 'Alpha One', timeZone: 'America/Chicago', equipmentId: 'EQ-A1' });
  expect(ids(r)).toEqual(['work-order:WO-A2', 'alert:DEV-A1#stale', 'document:documents/h1/Service_Report_RTU-1.pdf', 'quote:QT-A1', 'work-order:WO-A1']);
  expect(ids(await history(tokens.a, 'AS-A2'))).toEqual(['work-order:WO-A3']);
});

test("another customer's asset answers exactly as a missing one", async () => {
  const theirs = await history(tokens.a, 'AS-B1');
  const missing = await history(tokens.a, 'AS-NONE');
  expect([theirs.status, theirs.json]).toEqual([404, { error: 'No equipment AS-B1.' }]);
  expect([missing.status, missing.json]).toEqual([404, { error: 'No equipment AS-NONE.' }]);
  expect((await history(tokens.b, 'AS-A1')).status).toBe(404);
  expect(ids(await history(tokens.b, 'AS-B1'))).toEqual(['work-order:WO-B1']);
  const asOther = await history(tokens.a, 'AS-A1', USER_B);
  expect([asOther.status, asOther.json]).toEqual([403, { error: 'You may see equipment only for your own account.' }]);
});

test('an administrator viewing as a customer gets what that customer gets, and has no equipment of their own', async () => {
  const own = await history(tokens.a, 'AS-A1');
  const viewed = await history(tokens.admin, 'AS-A1', USER_A);
  expect([viewed.status, viewed.json]).toEqual([200, own.json]);
  expect((await history(tokens.admin, 'AS-B1', USER_A)).status).toBe(404);
  expect((await history(tokens.admin, 'AS-A1')).status).toBe(403);
});
