/**
 * An asset's history (issue 43, item 5): what belongs to an asset (its work orders, their quotes,
 * the raised alerts of its telemetry equipment, the documents that name it) and the order, and
 * GET /api/assets/{assetId}/history on the shared AWS fake: refusals first, the scope (another
 * customer's asset answers as a missing one), viewing as, and its reads.
 */
import { handler } from '../../../lambdas/assets/get-asset-history.js';
import type { AssetHistoryReply } from '../../../lambdas/shared/contract/assets.js';
import type { EquipmentAlertItem } from '../../../lambdas/shared/data/equipment-alerts.js';
import type { EquipmentItem } from '../../../lambdas/shared/data/equipment.js';
import { indexItemsOf, packRows, type AssetRow, type ReportRow, type WorkOrderRow } from '../../../lambdas/shared/data/report-rows.js';
import { assetHistory, monitoredAs, namesAsset } from '../../../lambdas/shared/domain/assets/history.js';
import { admin, alice, bob, customers, doc, properties } from '../documents/support/fixtures.js';
import { apiEvent, json } from '../support/events.js';
import { claims, fakeAws, setTableEnv, TABLES } from '../support/fake-aws.js';

const aws = fakeAws({ users: [admin, alice, bob], customers, properties });
const w = aws.world;

const wo = (id: string, propertyId: string, over: Partial<WorkOrderRow> = {}): WorkOrderRow => ({
  dataset: 'wo', id, propertyId, kind: 'service', status: 'Completed', priority: 'High',
  createdAt: '2026-03-10T09:00:00.000Z', completedAt: '2026-03-14T12:30:00.000Z',
  description: 'No cooling on RTU-1', technician: 'M. Chen', amount: 2400, assetId: 'AS-1', ...over,
});
const asset = (id: string, propertyId: string, name: string): AssetRow => ({
  dataset: 'asset', id, propertyId, name, assetType: 'Rooftop unit', make: 'Carrier', model: '48TC', serial: 'S1', installedOn: '2014-05-01', condition: 'Fair',
});
const equipment = (id: string, propertyId: string, name: string, customerId = 'A'): EquipmentItem => ({ customerId, id, propertyId, buildingName: 'North', name, equipmentType: 'RTU', telemetryData: '{}' });
const alert = (deviceId: string, equipmentId: string, over: Partial<EquipmentAlertItem> = {}): EquipmentAlertItem => ({
  customerId: 'A', key: `${deviceId}#stale`, deviceId, rule: 'stale', status: 'active', since: '2026-03-20T07:00:00.000Z', raisedAt: '2026-03-20T08:00:00.000Z',
  detail: 'No report for 62 minutes', equipmentId, equipmentName: 'RTU-1', buildingName: 'North', propertyId: 'A-P1', updatedAt: '2026-03-20T08:00:00.000Z', ...over,
});

const rows: ReportRow[] = [
  asset('AS-1', 'A-P1', 'RTU-1'),
  asset('AS-2', 'A-P1', 'RTU-21'),
  asset('AS-5', 'A-P3', 'Boiler 1'),
  asset('AS-9', 'B-P1', 'Beta chiller'),
  wo('WO-1', 'A-P1'),
  wo('WO-2', 'A-P1', { status: 'Open', completedAt: undefined, windowStart: '2026-04-02T13:00:00.000Z', windowEnd: '2026-04-02T16:00:00.000Z', description: 'Belt noisy on RTU-1', amount: 0 }),
  wo('WO-3', 'A-P1', { assetId: 'AS-2', description: 'Other unit' }),
  wo('WO-4', 'A-P1', { assetId: undefined, description: 'No unit named' }),
  wo('WO-5', 'A-P3', { assetId: undefined, description: 'Another property' }),
  wo('WO-9', 'B-P1', { assetId: 'AS-9', description: 'Beta chiller' }),
  { dataset: 'quote', id: 'Q-1', propertyId: 'A-P1', workOrderId: 'WO-1', title: 'Replace RTU-1 compressor', status: 'Approved', amount: 9800, createdAt: '2026-03-15', decidedAt: '2026-03-18T10:00:00.000Z' },
  { dataset: 'quote', id: 'Q-2', propertyId: 'A-P1', workOrderId: 'WO-3', title: 'Other unit quote', status: 'Sent', amount: 5, createdAt: '2026-03-15' },
  { dataset: 'quote', id: 'Q-3', propertyId: 'A-P1', title: 'RTU-1 service agreement', status: 'Sent', amount: 5, createdAt: '2026-03-15' },
];

beforeAll(() => setTableEnv({ LOG_LEVEL: 'error' }));
afterAll(() => aws.restore());
beforeEach(() => {
  aws.reset();
  const packed = packRows(rows);
  w.reportRows = [...packed, ...indexItemsOf(packed)];
  w.equipment = [equipment('EQ-1', 'A-P1', 'rtu-1 '), equipment('EQ-2', 'A-P2', 'RTU-1'), equipment('EQ-9', 'B-P1', 'Beta chiller', 'B')];
  w.equipmentAlerts = [
    alert('DEV-1', 'EQ-1'),
    alert('DEV-1', 'EQ-1', { key: 'DEV-1#high-current', rule: 'high-current', status: 'pending', raisedAt: undefined }),
    alert('DEV-2', 'EQ-2', { raisedAt: '2026-03-21T08:00:00.000Z' }),
  ];
  w.documents = [];
  doc(w, 'documents/u1/Service_Report_RTU-1.pdf', 'A-P1', '2026-03-16T09:00:00.000Z');
  doc(w, 'documents/u2/Service_Report_RTU-21.pdf', 'A-P1', '2026-03-16T09:00:00.000Z');
  doc(w, 'documents/u3/Backflow_Test_Certificate.pdf', 'A-P1', '2026-03-17T09:00:00.000Z');
  doc(w, 'documents/u4/Service_Report_RTU-1.pdf', 'A-P2', '2026-03-17T09:00:00.000Z');
});

const call = (email: string | null, id: string, query: Record<string, string> = {}) =>
  handler(apiEvent({ route: 'GET /api/assets/{assetId}/history', ...(email ? { claims: claims(email) } : {}), params: { assetId: id }, query }));
const answer = (r: { body: string }) => json(r as never) as unknown as AssetHistoryReply;

describe('what belongs to an asset', () => {
  it('takes a document whose file name names the asset by name or id, as whole parts only', () => {
    const a = { id: 'AS-1', name: 'RTU-1' };
    expect(namesAsset('documents/x/Service_Report_RTU-1.pdf', a)).toBe(true);
    expect(namesAsset('documents/x/rtu-1 inspection.PDF', a)).toBe(true);
    expect(namesAsset('documents/x/Photos AS-1.zip', a)).toBe(true);
    expect(namesAsset('documents/x/Service_Report_RTU-12.pdf', a)).toBe(false);
    expect(namesAsset('documents/x/Backflow_Test_Certificate.pdf', a)).toBe(false);
    expect(namesAsset('documents/x/Chiller_1_log.csv', { id: 'AS-7', name: 'Chiller 1' })).toBe(true);
  });

  it('is monitored as the equipment of its property with its name', () => {
    const eq = [equipment('EQ-2', 'A-P2', 'RTU-1'), equipment('EQ-1', 'A-P1', ' RTU-1')];
    expect(monitoredAs({ name: 'rtu-1', propertyId: 'A-P1' }, eq)?.id).toBe('EQ-1');
    expect(monitoredAs({ name: 'RTU-2', propertyId: 'A-P1' }, eq)).toBeUndefined();
  });

  it('assembles its work orders, their quotes, raised alerts and named documents, newest first', () => {
    const r = assetHistory({
      asset: asset('AS-1', 'A-P1', 'RTU-1'),
      property: { name: 'Alpha North', timeZone: 'America/Chicago' },
      workOrders: rows.filter((x): x is WorkOrderRow => x.dataset === 'wo' && x.propertyId === 'A-P1'),
      quotes: rows.flatMap((x) => (x.dataset === 'quote' ? [x] : [])),
      equipment: [equipment('EQ-1', 'A-P1', 'RTU-1')],
      alerts: [alert('DEV-1', 'EQ-1'), alert('DEV-1', 'EQ-1', { status: 'pending', raisedAt: undefined, rule: 'no-heat' }), alert('DEV-3', 'EQ-3')],
      documents: [
        { key: 'documents/u1/Service_Report_RTU-1.pdf', propertyId: 'A-P1', uploadedAt: '2026-03-16T09:00:00.000Z' },
        { key: 'documents/u4/Service_Report_RTU-1.pdf', propertyId: 'A-P2', uploadedAt: '2026-03-17T09:00:00.000Z' },
      ],
    });
    expect(r.asset).toEqual({
      id: 'AS-1', name: 'RTU-1', assetType: 'Rooftop unit', make: 'Carrier', model: '48TC', serial: 'S1', installedOn: '2014-05-01', condition: 'Fair',
      propertyId: 'A-P1', propertyName: 'Alpha North', timeZone: 'America/Chicago', equipmentId: 'EQ-1',
    });
    expect(r.timeline.map((e) => [e.kind, e.id, e.date, e.status])).toEqual([
      ['work-order', 'WO-2', '2026-04-02T13:00:00.000Z', 'Open'],
      ['alert', 'DEV-1#stale', '2026-03-20T08:00:00.000Z', 'Active'],
      ['quote', 'Q-1', '2026-03-18T10:00:00.000Z', 'Approved'],
      ['document', 'documents/u1/Service_Report_RTU-1.pdf', '2026-03-16T09:00:00.000Z', ''],
      ['work-order', 'WO-1', '2026-03-14T12:30:00.000Z', 'Completed'],
    ]);
    expect(r.timeline.find((e) => e.id === 'Q-1')).toMatchObject({ title: 'Replace RTU-1 compressor', amount: 9800, workOrderId: 'WO-1' });
    expect(r.timeline.find((e) => e.id === 'WO-1')).toMatchObject({ title: 'No cooling on RTU-1', amount: 2400, detail: 'M. Chen', workOrderId: null });
    expect(r.timeline.find((e) => e.kind === 'alert')).toMatchObject({ title: 'Not reporting', detail: 'No report for 62 minutes', amount: null });
    expect(r.timeline.find((e) => e.kind === 'document')?.title).toBe('Service_Report_RTU-1.pdf');
  });

  it('has no alerts when no equipment of its property has its name', () => {
    const r = assetHistory({ asset: asset('AS-1', 'A-P1', 'RTU-1'), property: { name: 'N', timeZone: 'UTC' }, workOrders: [], quotes: [], equipment: [], alerts: [alert('DEV-1', 'EQ-1')], documents: [] });
    expect([r.asset.equipmentId, r.timeline]).toEqual([null, []]);
  });
});

describe('GET /api/assets/{assetId}/history', () => {
  it('refuses with 401, 400, 403 and 404 before it answers anything', async () => {
    expect((await call(null, 'AS-1')).statusCode).toBe(401);
    const badId = await call(alice.email, ' ');
    expect([badId.statusCode, json(badId).error]).toEqual([400, 'Invalid path.assetId: must not be empty']);
    expect((await call(admin.email, 'AS-1', { email: 'not-an-email' })).statusCode).toBe(400);
    const other = await call(alice.email, 'AS-1', { email: bob.email });
    expect([other.statusCode, json(other).error]).toEqual([403, 'You may see equipment only for your own account.']);
    const own = await call(admin.email, 'AS-1');
    expect([own.statusCode, json(own).error]).toEqual([403, 'Choose a customer to view as: an administrator has no equipment of their own.']);
    const missing = await call(alice.email, 'AS-404');
    expect([missing.statusCode, json(missing).error]).toEqual([404, 'No equipment AS-404.']);
    const nobody = await call(admin.email, 'AS-1', { email: 'nobody@a.test' });
    expect([nobody.statusCode, json(nobody).error]).toEqual([404, 'No user with the email nobody@a.test.']);
  });

  it("answers another customer's asset exactly as a missing one", async () => {
    const theirs = await call(alice.email, 'AS-9');
    const missing = await call(alice.email, 'AS-404');
    expect([theirs.statusCode, json(theirs).error]).toEqual([404, 'No equipment AS-9.']);
    expect(Object.keys(json(theirs))).toEqual(Object.keys(json(missing)));
    expect((await call(bob.email, 'AS-1')).statusCode).toBe(404);
    expect(answer(await call(bob.email, 'AS-9')).timeline.map((e) => e.id)).toEqual(['WO-9']);
  });

  it('answers the asset with its history from the tables, of its property and customer only', async () => {
    const r = await call(alice.email, 'AS-1');
    expect(r.statusCode).toBe(200);
    const a = answer(r);
    expect(a.asset).toMatchObject({ id: 'AS-1', name: 'RTU-1', propertyName: 'Alpha North', equipmentId: 'EQ-1', timeZone: 'UTC' });
    expect(a.timeline.map((e) => e.id)).toEqual(['WO-2', 'DEV-1#stale', 'Q-1', 'documents/u1/Service_Report_RTU-1.pdf', 'WO-1']);
  });

  it('answers an administrator viewing as a customer what that customer sees', async () => {
    const asAlice = await call(admin.email, 'AS-1', { email: alice.email });
    expect(answer(asAlice)).toEqual(answer(await call(alice.email, 'AS-1')));
    expect((await call(admin.email, 'AS-9', { email: alice.email })).statusCode).toBe(404);
  });

  it('reads the report rows in three calls and each other table once', async () => {
    aws.reset();
    await call(alice.email, 'AS-1');
    expect(aws.callsTo(TABLES.REPORT_ROWS_TABLE)).toBe(3);
    expect([aws.callsTo(TABLES.EQUIPMENT_TABLE), aws.callsTo(TABLES.EQUIPMENT_ALERTS_TABLE), aws.callsTo(TABLES.DOCUMENTS_TABLE)]).toEqual([1, 1, 1]);
  });
});
