/**
 * A work order a customer can open (issue 43): the timeline from the row's dates, the lines' totals,
 * and GET /api/work-orders/{workOrderId} on the shared AWS fake: refusals before any answer, the
 * scope (another customer's work order answers as a missing one), viewing as, and its reads.
 */
import { handler } from '../../../lambdas/work-orders/get-work-order.js';
import type { WorkOrderReply } from '../../../lambdas/shared/contract/work-orders.js';
import { indexItemsOf, packRows, type ReportRow, type WorkOrderRow } from '../../../lambdas/shared/data/report-rows.js';
import { linesOf, timelineOf } from '../../../lambdas/shared/domain/work-orders/view.js';
import { propertyPhotoPrefix, serviceReport } from '../../../lambdas/shared/domain/work-orders/photos.js';
import type { DocumentItem } from '../../../lambdas/shared/data/documents.js';
import { admin, alice, bob, customers, properties } from '../documents/support/fixtures.js';
import { apiEvent, json } from '../support/events.js';
import { claims, fakeAws, setTableEnv, TABLES } from '../support/fake-aws.js';

const aws = fakeAws({ users: [admin, alice, bob], customers, properties });
const w = aws.world;

const wo = (id: string, propertyId: string, over: Partial<WorkOrderRow> = {}): WorkOrderRow => ({
  dataset: 'wo',
  id,
  propertyId,
  kind: 'service',
  status: 'Completed',
  priority: 'High',
  createdAt: '2026-03-10T09:00:00.000Z',
  scheduledAt: '2026-03-14T08:00:00.000Z',
  windowStart: '2026-03-14T08:00:00.000Z',
  windowEnd: '2026-03-14T11:00:00.000Z',
  completedAt: '2026-03-14T12:30:00.000Z',
  description: 'No cooling on RTU-1',
  technician: 'M. Chen',
  amount: 2400,
  ...over,
});

const rows: ReportRow[] = [
  wo('WO-1', 'A-P1', { assetId: 'AS-1', requestId: 'SR-9' }),
  wo('WO-2', 'B-P1', { description: 'Beta chiller' }),
  wo('WO-3', 'A-P3', { status: 'Open', scheduledAt: undefined, windowStart: undefined, windowEnd: undefined, completedAt: undefined }),
  { dataset: 'asset', id: 'AS-1', propertyId: 'A-P1', name: 'RTU-1', assetType: 'Rooftop unit', make: 'Carrier', model: '48TC', serial: 'S1', condition: 'Fair' },
  { dataset: 'note', id: 'WO-1', propertyId: 'A-P1', notes: [
    { at: '2026-03-14T11:50:00.000Z', author: 'M. Chen', text: 'Replaced the capacitor; cooling restored.' },
    { at: '2026-03-14T08:20:00.000Z', author: 'M. Chen', text: 'On site; compressor not starting.' },
  ] },
  { dataset: 'line', id: 'WO-1', propertyId: 'A-P1', lines: [
    { kind: 'parts', description: 'Run capacitor 45/5 uF', quantity: 1, unitPrice: 86.4 },
    { kind: 'labour', description: 'Technician hours', quantity: 2.5, unitPrice: 125.1 },
  ] },
  { dataset: 'invoice', id: 'INV-1', number: '10041', propertyId: 'A-P1', workOrderId: 'WO-1', issuedAt: '2026-03-15', dueAt: '2026-04-14', amount: 2400, balance: 2400, status: 'Open', paymentUrl: 'https://pay.example.com/10041' },
  { dataset: 'invoice', id: 'INV-2', number: '10042', propertyId: 'A-P1', issuedAt: '2026-03-15', dueAt: '2026-04-14', amount: 10, balance: 0, status: 'Paid' },
  { dataset: 'quote', id: 'Q-1', propertyId: 'A-P1', workOrderId: 'WO-1', title: 'Replace RTU-1 compressor', status: 'Sent', amount: 9800, createdAt: '2026-03-14' },
  { dataset: 'quote', id: 'Q-2', propertyId: 'A-P1', title: 'Other', status: 'Sent', amount: 5, createdAt: '2026-03-14' },
  { dataset: 'photo', id: 'WO-1', propertyId: 'A-P1', photos: [
    { stage: 'after', key: 'work-orders/A-P1/WO-1/after-1.jpg', fileName: 'after-1.jpg', caption: 'Coil cleaned' },
    { stage: 'before', key: 'work-orders/A-P1/WO-1/before-1.png', fileName: 'before-1.png', caption: '' },
    // Not under the property's own prefix, or not an image: never served.
    { stage: 'before', key: 'work-orders/B-P1/WO-2/before-1.png', fileName: 'before-1.png', caption: 'theirs' },
    { stage: 'after', key: 'work-orders/A-P1/WO-1/notes.pdf', fileName: 'notes.pdf', caption: '' },
  ] },
];

const doc = (key: string, propertyId: string, uploadedAt: string): DocumentItem => ({ key, propertyId, uploadedAt, fileName: key.split('/').pop()!, contentType: 'application/pdf', sizeBytes: 10, uploadedBy: 'cli' });

beforeAll(() => setTableEnv({ LOG_LEVEL: 'error' }));
afterAll(() => aws.restore());
beforeEach(() => {
  aws.reset();
  const packed = packRows(rows);
  w.reportRows = [...packed, ...indexItemsOf(packed)];
  w.documents = [
    doc('documents/u1/Service_Report_WO-1.pdf', 'A-P1', '2026-03-15T10:00:00.000Z'),
    doc('documents/u2/service_report_wo-1_signed.pdf', 'A-P1', '2026-03-16T10:00:00.000Z'),
    doc('documents/u3/Service_Report_WO-10.pdf', 'A-P1', '2026-03-17T10:00:00.000Z'),
    doc('documents/u4/Service_Report_WO-2.pdf', 'A-P1', '2026-03-17T10:00:00.000Z'),
  ];
});

const call = (email: string | null, id: string, query: Record<string, string> = {}) =>
  handler(apiEvent({ route: 'GET /api/work-orders/{workOrderId}', ...(email ? { claims: claims(email) } : {}), params: { workOrderId: id }, query }));
const answer = (r: { body: string }) => json(r as never) as unknown as WorkOrderReply;

describe('the timeline and the lines', () => {
  it('marks each step reached from the row, with the scheduled window, and the steps not reached', () => {
    expect(timelineOf(wo('X', 'P'))).toEqual([
      { step: 'requested', reached: true, at: '2026-03-10T09:00:00.000Z' },
      { step: 'scheduled', reached: true, at: '2026-03-14T08:00:00.000Z', windowStart: '2026-03-14T08:00:00.000Z', windowEnd: '2026-03-14T11:00:00.000Z' },
      { step: 'onSite', reached: true, at: '2026-03-14T08:00:00.000Z' },
      { step: 'completed', reached: true, at: '2026-03-14T12:30:00.000Z' },
    ]);
    const scheduled = timelineOf(wo('X', 'P', { status: 'Open', completedAt: undefined, windowStart: undefined, windowEnd: undefined }));
    expect(scheduled.map((s) => [s.step, s.reached, s.at])).toEqual([
      ['requested', true, '2026-03-10T09:00:00.000Z'],
      ['scheduled', true, '2026-03-14T08:00:00.000Z'],
      ['onSite', false, null],
      ['completed', false, null],
    ]);
    const working = timelineOf(wo('X', 'P', { status: 'In Progress', completedAt: undefined }));
    expect(working.map((s) => s.reached)).toEqual([true, true, true, false]);
    // A service call sent out at once: no scheduled time, yet the steps before on site were passed.
    const dispatched = timelineOf(wo('X', 'P', { scheduledAt: undefined, windowStart: undefined, windowEnd: undefined }));
    expect(dispatched.map((s) => [s.step, s.reached, s.at])).toEqual([
      ['requested', true, '2026-03-10T09:00:00.000Z'],
      ['scheduled', true, null],
      ['onSite', true, null],
      ['completed', true, '2026-03-14T12:30:00.000Z'],
    ]);
    const cancelled = timelineOf(wo('X', 'P', { status: 'Cancelled', scheduledAt: undefined, windowStart: undefined, windowEnd: undefined }));
    expect(cancelled.map((s) => s.reached)).toEqual([true, false, false, false]);
  });

  it('totals each line (quantity × unit price, to the cent) and the lines', () => {
    const r = linesOf({ dataset: 'line', id: 'X', propertyId: 'P', lines: [
      { kind: 'labour', description: 'Hours', quantity: 2.5, unitPrice: 125.1 },
      { kind: 'parts', description: 'Filter', quantity: 3, unitPrice: 0.1 },
    ] });
    expect(r.lines.map((l) => l.total)).toEqual([312.75, 0.3]);
    expect(r.linesTotal).toBe(313.05);
    expect(linesOf(undefined)).toEqual({ lines: [], linesTotal: 0 });
  });
});

describe('the photos and the signed report', () => {
  it("finds the report as the newest document of the work order's own property naming Service_Report_<id> as a whole word", () => {
    const docs = [
      doc('documents/x/Service_Report_WO-10.pdf', 'P', '2026-03-18'),
      doc('documents/y/Service_Report_WO-1.pdf', 'Q', '2026-03-17'),
      doc('documents/z/SERVICE_REPORT_WO-1_signed.pdf', 'P', '2026-03-16'),
      doc('documents/w/Service_Report_WO-1.pdf', 'P', '2026-03-15'),
    ];
    expect(serviceReport({ id: 'WO-1', propertyId: 'P' }, docs)).toEqual({ key: 'documents/z/SERVICE_REPORT_WO-1_signed.pdf', fileName: 'SERVICE_REPORT_WO-1_signed.pdf' });
    expect(serviceReport({ id: 'WO-1', propertyId: 'R' }, docs)).toBeNull();
    expect(serviceReport({ id: 'WO-2', propertyId: 'P' }, docs)).toBeNull();
  });

  it("keeps a property's photos under its own prefix, whatever its id holds", () => {
    expect(propertyPhotoPrefix('A-P1')).toBe('work-orders/A-P1/');
    expect(propertyPhotoPrefix('../B P/1')).toBe('work-orders/.._B_P_1/');
  });
});

describe('GET /api/work-orders/{workOrderId}', () => {
  it('refuses with 401, 400, 403 and 404 before it answers anything', async () => {
    const noToken = await call(null, 'WO-1');
    expect(noToken.statusCode).toBe(401);
    const badId = await call(alice.email, ' ');
    expect([badId.statusCode, json(badId).error]).toEqual([400, 'Invalid path.workOrderId: must not be empty']);
    const badEmail = await call(admin.email, 'WO-1', { email: 'not-an-email' });
    expect(badEmail.statusCode).toBe(400);
    const other = await call(alice.email, 'WO-1', { email: bob.email });
    expect([other.statusCode, json(other).error]).toEqual([403, 'You may see work orders only for your own account.']);
    const own = await call(admin.email, 'WO-1');
    expect([own.statusCode, json(own).error]).toEqual([403, 'Choose a customer to view as: an administrator has no work orders of their own.']);
    const missing = await call(alice.email, 'WO-404');
    expect([missing.statusCode, json(missing).error]).toEqual([404, 'No work order WO-404.']);
    const nobody = await call(admin.email, 'WO-1', { email: 'nobody@a.test' });
    expect([nobody.statusCode, json(nobody).error]).toEqual([404, 'No user with the email nobody@a.test.']);
  });

  it("answers another customer's work order exactly as a missing one", async () => {
    const theirs = await call(alice.email, 'WO-2');
    const missing = await call(alice.email, 'WO-404');
    expect([theirs.statusCode, json(theirs).error]).toEqual([404, 'No work order WO-2.']);
    expect(Object.keys(json(theirs))).toEqual(Object.keys(json(missing)));
    expect((await call(bob.email, 'WO-1')).statusCode).toBe(404);
    expect(answer(await call(bob.email, 'WO-2')).workOrder.description).toBe('Beta chiller');
  });

  it('answers the work order with its timeline, notes oldest first, lines, invoice, quote and equipment', async () => {
    const r = await call(alice.email, 'WO-1');
    expect(r.statusCode).toBe(200);
    const a = answer(r);
    expect(a.workOrder).toMatchObject({ id: 'WO-1', propertyId: 'A-P1', propertyName: 'Alpha North', technician: 'M. Chen', amount: 2400, status: 'Completed', requestId: 'SR-9', timeZone: 'UTC' });
    expect(a.timeline.map((s) => s.reached)).toEqual([true, true, true, true]);
    expect(a.notes.map((n) => n.text)).toEqual(['On site; compressor not starting.', 'Replaced the capacitor; cooling restored.']);
    expect(a.lines).toEqual([
      { kind: 'parts', description: 'Run capacitor 45/5 uF', quantity: 1, unitPrice: 86.4, total: 86.4 },
      { kind: 'labour', description: 'Technician hours', quantity: 2.5, unitPrice: 125.1, total: 312.75 },
    ]);
    expect(a.linesTotal).toBe(399.15);
    expect(a.invoices).toEqual([{ id: 'INV-1', number: '10041', status: 'Open', amount: 2400, balance: 2400, dueAt: '2026-04-14', paymentUrl: 'https://pay.example.com/10041' }]);
    expect(a.quotes).toEqual([{ id: 'Q-1', title: 'Replace RTU-1 compressor', status: 'Sent', amount: 9800 }]);
    expect(a.equipment).toEqual({ id: 'AS-1', name: 'RTU-1', assetType: 'Rooftop unit', make: 'Carrier', model: '48TC' });
    // Before first, then after; only its own property's images; each (clean where nothing scans) with a presigned GET shown inline as the image.
    expect(a.photos.map((p) => [p.stage, p.fileName, p.caption, p.scan])).toEqual([
      ['before', 'before-1.png', '', 'clean'],
      ['after', 'after-1.jpg', 'Coil cleaned', 'clean'],
    ]);
    const link = new URL(a.photos[0]!.url!);
    expect(link.pathname).toContain('/work-orders/A-P1/WO-1/before-1.png');
    expect([link.searchParams.get('response-content-type'), link.searchParams.get('X-Amz-Expires')]).toEqual(['image/png', '900']);
    expect(link.searchParams.get('response-content-disposition')).toMatch(/^inline; filename="before-1.png"/);
    expect(a.report).toEqual({ key: 'documents/u2/service_report_wo-1_signed.pdf', fileName: 'service_report_wo-1_signed.pdf' });
  });

  it('answers a work order with nothing linked with empty lists', async () => {
    const a = answer(await call(alice.email, 'WO-3'));
    expect([a.notes, a.lines, a.linesTotal, a.invoices, a.quotes, a.equipment, a.workOrder.requestId, a.photos, a.report]).toEqual([[], [], 0, [], [], null, null, [], null]);
    expect(a.timeline.map((s) => s.reached)).toEqual([true, false, false, false]);
  });

  it('answers an administrator viewing as a customer what that customer sees', async () => {
    expect(answer(await call(admin.email, 'WO-1', { email: alice.email })).workOrder.id).toBe('WO-1');
    expect((await call(admin.email, 'WO-2', { email: alice.email })).statusCode).toBe(404);
  });

  it('reads the report rows in three calls, whatever the scope holds, and the documents of its property once', async () => {
    aws.reset();
    await call(alice.email, 'WO-1');
    expect(aws.callsTo(TABLES.REPORT_ROWS_TABLE)).toBe(3);
    expect(aws.callsTo(TABLES.DOCUMENTS_TABLE)).toBe(1);
  });
});
