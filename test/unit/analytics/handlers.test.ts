import { BatchGetCommand, type BatchGetCommandInput } from '@aws-sdk/lib-dynamodb';
import { handler as getData } from '../../../lambdas/analytics/get-data.js';
import { handler as getTelemetryCustomer } from '../../../lambdas/analytics/get-telemetry-customer.js';
import { indexItemsOf, packRows, type AssetRow } from '../../../lambdas/shared/data/report-rows.js';
import { apiEvent, json } from '../support/events.js';
import { claims, fakeAws, setTableEnv, STAFF, TABLES, user } from '../support/fake-aws.js';

const DATA = 'GET /api/analytics/data/{customerId}';
const MAPPING = 'GET /api/analytics/nclarity-customer/{customerId}';

const alice = user('alice@a.test', ['A'], { 'A-P1': 'A' });
const admin = user(`boss@${STAFF}`);
const aws = fakeAws({
  users: [alice, admin],
  customers: [
    { id: 'A', name: 'Alpha', telemetryCustomerId: 'NC-1', telemetryCustomerName: 'Alpha Inc' },
    { id: 'B', name: 'Beta' },
    { id: 'C', name: 'Gamma', telemetryCustomerId: 'NC-3' },
  ],
  equipment: [
    { customerId: 'A', id: 'E2', propertyId: 'A-P2', buildingName: 'South', name: 'RTU-2', equipmentType: 'RTU', telemetryData: 'not json' },
    { customerId: 'A', id: 'E3', buildingName: 'Site', name: 'Chiller', equipmentType: 'Chiller', telemetryData: '{}' },
    { customerId: 'A', id: 'E1', propertyId: 'A-P1', buildingName: 'North', name: 'RTU-1', equipmentType: 'RTU', telemetryData: '{"sadb-1":12.5}' },
    { customerId: 'B', id: 'E4', propertyId: 'B-P1', buildingName: 'B', name: 'AHU', equipmentType: 'AHU', telemetryData: '{}' },
  ],
});
const { ddb, callsTo } = aws;

// The asset register (issue 43): RTU-1's asset at A-P1 (named in another case), RTU-2's at A-P2, a
// unit of the same name at another property, an asset with no equipment, and Beta's unit.
const asset = (id: string, propertyId: string, name: string): AssetRow => ({ dataset: 'asset', id, propertyId, name, assetType: 'RTU', make: '', model: '', serial: '', condition: 'Good' });
const packed = packRows([asset('AS-11', 'A-P1', 'rtu-1 '), asset('AS-12', 'A-P1', 'Boiler'), asset('AS-21', 'A-P2', 'RTU-2'), asset('AS-31', 'A-P3', 'RTU-1'), asset('AS-B', 'B-P1', 'AHU')]);
aws.world.reportRows = [...packed, ...indexItemsOf(packed)];
/** The report-row keys the route asked for, by property. */
const askedProperties = () =>
  new Set(ddb.commandCalls(BatchGetCommand).flatMap((c) => Object.values((c.args[0].input as BatchGetCommandInput).RequestItems ?? {}).flatMap((r) => (r.Keys ?? []).map((k) => String(k.propertyId)))));

const get = (route: string, customerId: string, email?: string) => {
  const handler = route === DATA ? getData : getTelemetryCustomer;
  return handler(apiEvent({ route, params: { customerId }, claims: email ? claims(email) : undefined }));
};

beforeAll(setTableEnv);
afterAll(() => ddb.restore());
beforeEach(() => ddb.resetHistory());

describe('GET /api/analytics/data/{customerId}', () => {
  it('401 without a token', async () => {
    expect((await get(DATA, 'A')).statusCode).toBe(401);
  });
  it('400 naming the field for an empty customer id', async () => {
    const r = await get(DATA, '  ', alice.email);
    expect(r.statusCode).toBe(400);
    expect(json(r)).toEqual({ error: 'Invalid path.customerId: must not be empty' });
  });
  it('403 for another tenant and for an unknown customer, before reading equipment', async () => {
    const r = await get(DATA, 'B', alice.email);
    expect(r.statusCode).toBe(403);
    expect(json(r)).toEqual({ error: 'You do not have access to customer B.' });
    expect((await get(DATA, 'ghost', alice.email)).statusCode).toBe(403);
    expect(callsTo(TABLES.EQUIPMENT_TABLE)).toBe(0);
  });
  it('404 for an unknown customer (administrator); an empty list for one without equipment', async () => {
    const r = await get(DATA, 'ghost', admin.email);
    expect(r.statusCode).toBe(404);
    expect(json(r)).toEqual({ error: 'No customer with the id ghost.' });
    const none = await get(DATA, 'C', admin.email);
    expect(none.statusCode).toBe(200);
    expect(JSON.parse(none.body)).toEqual([]);
  });
  it('answers the rows of the assigned properties and of no property, TELEMETRY_DATA as stored text, each with its property and asset, in three reads', async () => {
    const r = await get(DATA, 'A', alice.email);
    expect(r.statusCode).toBe(200);
    expect(JSON.parse(r.body)).toEqual([
      { BUILDING_NAME: 'North', EQUIPMENT_ID: 'E1', EQUIPMENT_NAME: 'RTU-1', EQUIPMENT_TYPE: 'RTU', TELEMETRY_DATA: '{"sadb-1":12.5}', PROPERTY_ID: 'A-P1', ASSET_ID: 'AS-11' },
      { BUILDING_NAME: 'Site', EQUIPMENT_ID: 'E3', EQUIPMENT_NAME: 'Chiller', EQUIPMENT_TYPE: 'Chiller', TELEMETRY_DATA: '{}', PROPERTY_ID: null, ASSET_ID: null },
    ]);
    // The caller's row, the equipment query and, beside it, one BatchGetItem of the assets of her
    // own properties of this customer only (their index items and first items); no customers read.
    expect(ddb.calls()).toHaveLength(3);
    expect(callsTo(TABLES.REPORT_ROWS_TABLE)).toBe(1);
    expect(askedProperties()).toEqual(new Set(['A-P1']));
    expect(callsTo(TABLES.CUSTOMERS_TABLE)).toBe(0);
  });
  it('an administrator sees every row, by building then name, each with its asset: none for a unit without one', async () => {
    const rows = JSON.parse((await get(DATA, 'A', admin.email)).body) as { EQUIPMENT_ID: string; TELEMETRY_DATA: string; ASSET_ID: string | null }[];
    expect(rows.map((x) => x.EQUIPMENT_ID)).toEqual(['E1', 'E3', 'E2']);
    expect(rows[2]!.TELEMETRY_DATA).toBe('not json');
    // The asset of the equipment's own property (AS-31 has RTU-1's name at A-P3); none for E3, on no property.
    expect(rows.map((x) => x.ASSET_ID)).toEqual(['AS-11', null, 'AS-21']);
    // The assets of the properties the equipment names, read once the equipment is in: Beta's are never asked.
    expect(ddb.calls()).toHaveLength(3);
    expect(askedProperties()).toEqual(new Set(['A-P1', 'A-P2']));
  });
  it('a failed read of the assets leaves the rows without assets, not the dashboard without rows', async () => {
    aws.failOnce(`BatchGet:${TABLES.REPORT_ROWS_TABLE}`);
    const r = await get(DATA, 'A', alice.email);
    expect(r.statusCode).toBe(200);
    expect((JSON.parse(r.body) as { EQUIPMENT_ID: string; ASSET_ID: string | null }[]).map((x) => [x.EQUIPMENT_ID, x.ASSET_ID])).toEqual([['E1', null], ['E3', null]]);
  });
});

describe('GET /api/analytics/nclarity-customer/{customerId}', () => {
  it('401 without a token', async () => {
    expect((await get(MAPPING, 'A')).statusCode).toBe(401);
  });
  it('400 naming the field for a customer id that is too long', async () => {
    const r = await get(MAPPING, 'x'.repeat(201), alice.email);
    expect(r.statusCode).toBe(400);
    expect(json(r).error).toMatch(/^Invalid path\.customerId: /);
  });
  it('403 for another tenant, before reading the customer', async () => {
    const r = await get(MAPPING, 'B', alice.email);
    expect(r.statusCode).toBe(403);
    expect(json(r)).toEqual({ error: 'You do not have access to customer B.' });
    expect(callsTo(TABLES.CUSTOMERS_TABLE)).toBe(0);
  });
  it('404 for an unknown customer and for one without a mapping (administrator)', async () => {
    const unknown = await get(MAPPING, 'ghost', admin.email);
    expect(unknown.statusCode).toBe(404);
    expect(json(unknown)).toEqual({ error: 'No customer with the id ghost.' });
    const none = await get(MAPPING, 'B', admin.email);
    expect(none.statusCode).toBe(404);
    expect(json(none)).toEqual({ error: 'Customer B has no telemetry mapping.' });
  });
  it('answers the mapping as { nclarityCustomer: { ID, NAME } }, NAME empty when none was given', async () => {
    const r = await get(MAPPING, 'A', alice.email);
    expect(r.statusCode).toBe(200);
    expect(json(r)).toEqual({ nclarityCustomer: { ID: 'NC-1', NAME: 'Alpha Inc' } });
    expect(json(await get(MAPPING, 'C', admin.email))).toEqual({ nclarityCustomer: { ID: 'NC-3', NAME: '' } });
  });
});
