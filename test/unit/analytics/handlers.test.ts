import { handler as getData } from '../../../lambdas/analytics/get-data.js';
import { handler as getTelemetryCustomer } from '../../../lambdas/analytics/get-telemetry-customer.js';
import { apiEvent, json } from '../support/events.js';
import { claims, fakeAws, setTableEnv, STAFF, TABLES, user } from '../support/fake-aws.js';

const DATA = 'GET /api/analytics/data/{customerId}';
const MAPPING = 'GET /api/analytics/nclarity-customer/{customerId}';

const alice = user('alice@a.test', ['A'], { 'A-P1': 'A' });
const admin = user(`boss@${STAFF}`);
const { ddb, callsTo } = fakeAws({
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
  it('answers the rows of the assigned properties and of no property, TELEMETRY_DATA as stored text, in two reads', async () => {
    const r = await get(DATA, 'A', alice.email);
    expect(r.statusCode).toBe(200);
    expect(JSON.parse(r.body)).toEqual([
      { BUILDING_NAME: 'North', EQUIPMENT_ID: 'E1', EQUIPMENT_NAME: 'RTU-1', EQUIPMENT_TYPE: 'RTU', TELEMETRY_DATA: '{"sadb-1":12.5}' },
      { BUILDING_NAME: 'Site', EQUIPMENT_ID: 'E3', EQUIPMENT_NAME: 'Chiller', EQUIPMENT_TYPE: 'Chiller', TELEMETRY_DATA: '{}' },
    ]);
    // The caller's row and the equipment query; a customer with equipment needs no customers read.
    expect(ddb.calls()).toHaveLength(2);
    expect(callsTo(TABLES.CUSTOMERS_TABLE)).toBe(0);
  });
  it('an administrator sees every row, by building then name', async () => {
    const rows = JSON.parse((await get(DATA, 'A', admin.email)).body) as { EQUIPMENT_ID: string; TELEMETRY_DATA: string }[];
    expect(rows.map((x) => x.EQUIPMENT_ID)).toEqual(['E1', 'E3', 'E2']);
    expect(rows[2]!.TELEMETRY_DATA).toBe('not json');
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
