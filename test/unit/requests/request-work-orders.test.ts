/**
 * A service request shows its work order (issue 43): the pure link (which work order of a request,
 * written with its property's zone) and GET /api/requests on the shared AWS fake: a request shows
 * the work order only when that work order's property is in the served user's scope, the links add
 * no call, and an administrator's own view carries none.
 */
import { handler as listRequests } from '../../../lambdas/requests/list-requests.js';
import type { ServiceRequest } from '../../../lambdas/shared/contract/requests.js';
import { indexItemsOf, packRows, type AssetRow, type WorkOrderRow } from '../../../lambdas/shared/data/report-rows.js';
import type { ServiceRequestItem } from '../../../lambdas/shared/data/service-requests.js';
import { linkedWorkOrders, requestWorkOrder } from '../../../lambdas/shared/domain/requests/work-orders.js';
import { admin, alice, bob, customers, properties } from '../documents/support/fixtures.js';
import { apiEvent, json } from '../support/events.js';
import { claims, fakeAws, setTableEnv, TABLES } from '../support/fake-aws.js';

const wo = (id: string, propertyId: string, requestId: string | undefined, over: Partial<WorkOrderRow> = {}): WorkOrderRow => ({
  dataset: 'wo',
  id,
  propertyId,
  kind: 'service',
  status: 'Open',
  priority: 'High',
  createdAt: '2026-03-10T09:00:00.000Z',
  scheduledAt: '2026-03-14T14:00:00.000Z',
  windowStart: '2026-03-14T14:00:00.000Z',
  windowEnd: '2026-03-14T17:00:00.000Z',
  description: 'No cooling on RTU-1',
  technician: 'M. Chen',
  amount: 0,
  ...(requestId ? { requestId } : {}),
  ...over,
});

describe('the work order a request shows (pure)', () => {
  it('carries the id, status, zone and the arrival window; a time without a window; a day; nothing scheduled', () => {
    expect(requestWorkOrder(wo('WO-1', 'P', 'SR-1'), 'America/Chicago')).toEqual({
      id: 'WO-1', status: 'Open', timeZone: 'America/Chicago', scheduledAt: '2026-03-14T14:00:00.000Z', allDay: false,
      windowStart: '2026-03-14T14:00:00.000Z', windowEnd: '2026-03-14T17:00:00.000Z',
    });
    const noWindow = { windowStart: undefined, windowEnd: undefined };
    expect(requestWorkOrder(wo('WO-2', 'P', 'SR-1', noWindow), 'UTC')).toEqual({ id: 'WO-2', status: 'Open', timeZone: 'UTC', scheduledAt: '2026-03-14T14:00:00.000Z', allDay: false });
    expect(requestWorkOrder(wo('WO-3', 'P', 'SR-1', { ...noWindow, scheduledAt: '2026-03-14T00:00:00.000Z' }), 'UTC')).toMatchObject({ scheduledAt: '2026-03-14T00:00:00.000Z', allDay: true });
    expect(requestWorkOrder(wo('WO-4', 'P', 'SR-1', { ...noWindow, scheduledAt: undefined }), 'UTC')).toEqual({ id: 'WO-4', status: 'Open', timeZone: 'UTC', scheduledAt: null, allDay: false });
    // Half a window is no window (as Coming up reads it).
    expect(requestWorkOrder(wo('WO-5', 'P', 'SR-1', { windowEnd: undefined }), 'UTC')).not.toHaveProperty('windowStart');
  });

  it('links by request reference, only work orders of the properties given, preferring one not cancelled, then the newest', () => {
    const zones = new Map([['P1', 'America/Denver'], ['P2', 'America/Chicago']]);
    const links = linkedWorkOrders(
      [
        wo('WO-OLD', 'P1', 'SR-1', { createdAt: '2026-03-01T00:00:00.000Z' }),
        wo('WO-NEW', 'P1', 'SR-1', { createdAt: '2026-03-05T00:00:00.000Z' }),
        wo('WO-CANCELLED', 'P2', 'SR-1', { createdAt: '2026-03-09T00:00:00.000Z', status: 'Cancelled' }),
        wo('WO-P2', 'P2', 'SR-2'),
        wo('WO-OUT', 'P9', 'SR-3'),
        wo('WO-NONE', 'P1', undefined),
      ],
      zones,
    );
    expect([...links.keys()].sort()).toEqual(['SR-1', 'SR-2']);
    expect(links.get('SR-1')).toMatchObject({ id: 'WO-NEW', timeZone: 'America/Denver' });
    expect(links.get('SR-2')).toMatchObject({ id: 'WO-P2', timeZone: 'America/Chicago' });
    expect(linkedWorkOrders([wo('WO-C', 'P1', 'SR-4', { status: 'Cancelled' })], zones).get('SR-4')).toMatchObject({ id: 'WO-C', status: 'Cancelled' });
  });
});

// alice's scope: A-P1, A-P3 (customer A) and A2-P1; A-P2 is customer A's but not hers; B-P1 is bob's.
const aws = fakeAws({
  users: [admin, alice, bob],
  customers,
  properties: properties.map((p) => (p.id === 'A-P1' ? { ...p, timeZone: 'America/Denver' } : p)),
});
const w = aws.world;

const request = (reference: string, customerId: string, propertyId: string, filedBy: string): ServiceRequestItem => ({
  customerId, reference, kind: 'request', customerName: customerId, propertyId, propertyName: propertyId, description: 'Too warm',
  priority: 'routine', photos: [], status: 'scheduled', notes: [], filedBy, createdAt: '2026-03-09T10:00:00.000Z', updatedAt: '2026-03-09T10:00:00.000Z',
});
const asset: AssetRow = { dataset: 'asset', id: 'AS-1', propertyId: 'A-P1', name: 'RTU-1', assetType: 'RTU', make: 'Carrier', model: 'M', serial: 'S', condition: 'Good' };

beforeAll(() => setTableEnv({ LOG_LEVEL: 'error', PROVIDER_TIME_ZONE: 'America/New_York' }));
afterAll(() => aws.restore());
beforeEach(() => {
  aws.reset();
  w.serviceRequests = [
    request('SR-260309-100000-AAAA', 'A', 'A-P1', alice.email),
    // A request of alice's property that the provider linked to a work order of A-P2, outside her scope.
    request('SR-260309-100001-BBBB', 'A', 'A-P1', alice.email),
    request('SR-260309-100002-CCCC', 'A', 'A-P3', alice.email),
    request('SR-260309-100003-DDDD', 'B', 'B-P1', bob.email),
  ];
  const packed = packRows([
    asset,
    wo('WO-A1', 'A-P1', 'SR-260309-100000-AAAA'),
    wo('WO-A2', 'A-P2', 'SR-260309-100001-BBBB', { description: 'Alpha South only' }),
    // bob's work order naming alice's request: never shown to her.
    wo('WO-B1', 'B-P1', 'SR-260309-100002-CCCC'),
    wo('WO-B2', 'B-P1', 'SR-260309-100003-DDDD', { windowStart: undefined, windowEnd: undefined }),
  ]);
  // Every partition indexed, as an import leaves it (one not indexed yet is read by a Query of its own).
  const indexed = indexItemsOf(packed);
  const empty = properties.flatMap((p) => ['asset', 'wo'].map((d) => ({ propertyId: p.id, sk: `index#${d}` }))).filter((i) => !indexed.some((x) => x.propertyId === i.propertyId && x.sk === i.sk));
  w.reportRows = [...packed, ...indexed, ...empty];
});

const listAs = async (email: string, query: Record<string, string> = {}) => {
  const r = await listRequests(apiEvent({ route: 'GET /api/requests', claims: claims(email), query }));
  expect(r.statusCode).toBe(200);
  return Object.fromEntries((json(r).requests as ServiceRequest[]).map((q) => [q.reference, q.workOrder]));
};

describe('GET /api/requests: each request with its work order', () => {
  it("shows a request's work order of a property in scope, in that property's zone; none of a property outside the scope", async () => {
    expect(await listAs(alice.email)).toEqual({
      'SR-260309-100000-AAAA': {
        id: 'WO-A1', status: 'Open', timeZone: 'America/Denver', scheduledAt: '2026-03-14T14:00:00.000Z', allDay: false,
        windowStart: '2026-03-14T14:00:00.000Z', windowEnd: '2026-03-14T17:00:00.000Z',
      },
      'SR-260309-100001-BBBB': null,
      'SR-260309-100002-CCCC': null,
    });
    // bob's own: his property has no zone of its own, so the provider's.
    expect(await listAs(bob.email)).toEqual({ 'SR-260309-100003-DDDD': { id: 'WO-B2', status: 'Open', timeZone: 'America/New_York', scheduledAt: '2026-03-14T14:00:00.000Z', allDay: false } });
  });

  it('an administrator viewing as a customer sees what they see; in their own view, no work orders', async () => {
    expect(await listAs(admin.email, { email: alice.email })).toMatchObject({ 'SR-260309-100000-AAAA': { id: 'WO-A1' }, 'SR-260309-100001-BBBB': null });
    expect(Object.values(await listAs(admin.email))).toEqual([null, null, null, null]);
  });

  it('the links add no call: the report rows are read in the two calls that read the assets', async () => {
    await listAs(alice.email);
    expect(aws.callsTo(TABLES.REPORT_ROWS_TABLE)).toBe(2);
  });
});
