/** The analytics calls through the local stack over HTTP (the old server's analytics tests, ported). */
import { putEquipment } from '../../lambdas/shared/data/equipment.js';
import { putReportRows, type AssetRow } from '../../lambdas/shared/data/report-rows.js';
import { jest } from '@jest/globals';
import { createTestUser, putCustomer, putProperty, request, signIn, startTestStack, type TestStack } from '../support/local-stack.js';

jest.setTimeout(60_000);

const PASSWORD = 'Passw0rd1';
let t: TestStack;
let admin: string;
let a: string;

const get = (url: string, token?: string) => request('GET', url, { token });

beforeAll(async () => {
  t = await startTestStack();
  await putCustomer({ id: 'C-A', name: 'alpha', telemetryCustomerId: 'NC-1', telemetryCustomerName: 'Alpha Inc' });
  await putCustomer({ id: 'C-B', name: 'beta' });
  await putProperty({ id: 'P-A1', customerId: 'C-A', name: 'North', propertyType: 'Office' });
  await putProperty({ id: 'P-A2', customerId: 'C-A', name: 'South', propertyType: 'Office' });
  await putProperty({ id: 'P-B1', customerId: 'C-B', name: 'B', propertyType: 'Office' });
  await putEquipment(t.db, [
    { customerId: 'C-A', id: 'E1', propertyId: 'P-A1', buildingName: 'North', name: 'RTU-1', equipmentType: 'RTU', telemetryData: '{"sadb-1":12.5}' },
    { customerId: 'C-A', id: 'E2', propertyId: 'P-A2', buildingName: 'South', name: 'RTU-2', equipmentType: 'RTU', telemetryData: 'not json' },
    { customerId: 'C-A', id: 'E3', buildingName: 'Site', name: 'Chiller', equipmentType: 'Chiller', telemetryData: '{}' },
    { customerId: 'C-B', id: 'E4', propertyId: 'P-B1', buildingName: 'B', name: 'AHU', equipmentType: 'AHU', telemetryData: '{}' },
  ]);
  // Issue 43: the asset register; RTU-1 and RTU-2 are assets of their properties, the chiller (on no property) is none.
  const asset = (id: string, propertyId: string, name: string): AssetRow => ({ dataset: 'asset', id, propertyId, name, assetType: 'RTU', make: '', model: '', serial: '', condition: 'Good' });
  await putReportRows(t.db, [asset('AS-1', 'P-A1', 'RTU-1'), asset('AS-2', 'P-A2', 'RTU-2'), asset('AS-4', 'P-B1', 'AHU')]);
  await createTestUser({ email: 'boss@staff.test', password: PASSWORD });
  await createTestUser({ email: 'a@customer-a.test', password: PASSWORD, customers: ['C-A'], properties: ['P-A1'] });
  [admin, a] = await Promise.all([signIn('boss@staff.test', PASSWORD), signIn('a@customer-a.test', PASSWORD)]);
});
afterAll(async () => t?.stop());

describe('GET /api/analytics/data/{customerId}', () => {
  it('401, 403 for another tenant, 404 unknown for an administrator', async () => {
    expect((await get('/api/analytics/data/C-A')).status).toBe(401);
    const other = await get('/api/analytics/data/C-B', a);
    expect(other.status).toBe(403);
    expect(other.json).toEqual({ error: 'You do not have access to customer C-B.' });
    expect((await get('/api/analytics/data/ghost', a)).status).toBe(403);
    const ghost = await get('/api/analytics/data/ghost', admin);
    expect(ghost.status).toBe(404);
    expect(ghost.json).toEqual({ error: 'No customer with the id ghost.' });
  });

  it('answers the rows of the assigned properties with TELEMETRY_DATA as stored text, each with its property and asset', async () => {
    const res = await get('/api/analytics/data/C-A', a);
    expect(res.status).toBe(200);
    expect(res.json).toEqual([
      { BUILDING_NAME: 'North', EQUIPMENT_ID: 'E1', EQUIPMENT_NAME: 'RTU-1', EQUIPMENT_TYPE: 'RTU', TELEMETRY_DATA: '{"sadb-1":12.5}', PROPERTY_ID: 'P-A1', ASSET_ID: 'AS-1' },
      { BUILDING_NAME: 'Site', EQUIPMENT_ID: 'E3', EQUIPMENT_NAME: 'Chiller', EQUIPMENT_TYPE: 'Chiller', TELEMETRY_DATA: '{}', PROPERTY_ID: null, ASSET_ID: null },
    ]);
    const all = (await get('/api/analytics/data/C-A', admin)).json as { EQUIPMENT_ID: string; TELEMETRY_DATA: string; ASSET_ID: string | null }[];
    expect(all.map((r) => r.EQUIPMENT_ID)).toEqual(['E1', 'E3', 'E2']);
    expect(all[2]!.TELEMETRY_DATA).toBe('not json');
    expect(all.map((r) => r.ASSET_ID)).toEqual(['AS-1', null, 'AS-2']);
  });
});

describe('GET /api/analytics/nclarity-customer/{customerId}', () => {
  it('401, 403, then the mapping or 404 without one', async () => {
    expect((await get('/api/analytics/nclarity-customer/C-A')).status).toBe(401);
    expect((await get('/api/analytics/nclarity-customer/C-B', a)).status).toBe(403);
    expect((await get('/api/analytics/nclarity-customer/C-A', a)).json).toEqual({ nclarityCustomer: { ID: 'NC-1', NAME: 'Alpha Inc' } });
    const none = await get('/api/analytics/nclarity-customer/C-B', admin);
    expect(none.status).toBe(404);
    expect((none.json as { error: string }).error).toMatch(/no telemetry mapping/);
  });
});
