import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { mockClient } from 'aws-sdk-client-mock';
import { handler as getDevices } from '../../../lambdas/telemetry/get-devices.js';
import { handler as getSamples } from '../../../lambdas/telemetry/get-samples.js';
import { apiEvent, json } from '../support/events.js';
import { startFakeService, type FakeService } from './support/fake-service.js';
import { claims, fakeAws, setTableEnv, STAFF, TABLES, user } from '../support/fake-aws.js';

const KEY = 'handler-test-key';
const DEVICES = 'GET /api/telemetry/{customerId}/devices';
const SAMPLES = 'POST /api/telemetry/{customerId}/samples';

const alice = user('alice@a.test', ['A'], { 'A-P1': 'A' });
const admin = user(`boss@${STAFF}`);
const { ddb, callsTo } = fakeAws({
  users: [alice, admin],
  customers: [
    { id: 'A', name: 'Alpha', telemetryCustomerId: 'ncl-a', telemetryCustomerName: 'Alpha Inc' },
    { id: 'B', name: 'Beta', telemetryCustomerId: 'ncl-b' },
    { id: 'U', name: 'Unmapped' },
    { id: 'E', name: 'Empty', telemetryCustomerId: 'ncl-e' },
  ],
  equipment: [
    { customerId: 'A', id: 'A-EQ1', propertyId: 'A-P1', buildingName: 'North', name: 'RTU-1', equipmentType: 'RTU', telemetryData: '{}' },
    { customerId: 'A', id: 'A-EQ2', propertyId: 'A-P2', buildingName: 'South', name: 'RTU-2', equipmentType: 'RTU', telemetryData: '{}' },
    { customerId: 'A', id: 'A-EQ3', buildingName: 'Site', name: 'Chiller', equipmentType: 'Chiller', telemetryData: '{}' },
    { customerId: 'B', id: 'B-EQ1', propertyId: 'B-P1', buildingName: 'B', name: 'AHU', equipmentType: 'AHU', telemetryData: '{}' },
    { customerId: 'B', id: 'B-EQ2', propertyId: 'B-P1', buildingName: 'B', name: 'AHU 2', equipmentType: 'AHU', telemetryData: '{}' },
    { customerId: 'U', id: 'U-EQ1', propertyId: 'U-P1', buildingName: 'U', name: 'RTU', equipmentType: 'RTU', telemetryData: '{}' },
  ],
});
const secrets = mockClient(SecretsManagerClient);
let svc: FakeService;

const devicesOf = (customerId: string, email?: string) => getDevices(apiEvent({ route: DEVICES, params: { customerId }, claims: email ? claims(email) : undefined }));
const samplesOf = (customerId: string, body: unknown, email?: string) =>
  getSamples(apiEvent({ route: SAMPLES, params: { customerId }, body, claims: email ? claims(email) : undefined }));
const serviceCalls = (path: string) => svc.requests.filter((r) => r.url.startsWith(path)).length;

beforeAll(async () => {
  setTableEnv();
  Object.assign(process.env, { TELEMETRY_SECRET_ID: 'portal/test/telemetry', TELEMETRY_TIMEOUT_MS: '1000', TELEMETRY_MAX_PAGES: '10' });
  svc = await startFakeService(KEY, [
    { deviceId: 'SIM-A-EQ1', equipmentId: 'A-EQ1' },
    { deviceId: 'SIM-A-EQ1b', equipmentId: 'A-EQ1' },
    { deviceId: 'SIM-A-EQ2', equipmentId: 'A-EQ2' },
    { deviceId: 'SIM-A-EQ3', equipmentId: 'A-EQ3', silent: true },
    { deviceId: 'SIM-B-EQ1', equipmentId: 'B-EQ1' },
    { deviceId: 'SIM-B-EQ2', equipmentId: 'B-EQ2' },
    { deviceId: 'NCL-SPARE-01', equipmentId: null },
  ]);
  secrets.on(GetSecretValueCommand, { SecretId: 'portal/test/telemetry' }).resolves({ SecretString: KEY });
});
afterAll(async () => {
  await svc.close();
  ddb.restore();
  secrets.restore();
});

// The client and its device-list cache live as long as the container (this test file): the
// set-up failures and the device-list failure come before the first successful load.
describe('before the service is reachable', () => {
  it('503 naming no address when TELEMETRY_BASE_URL is not set', async () => {
    delete process.env.TELEMETRY_BASE_URL;
    const r = await devicesOf('A', alice.email);
    expect(r.statusCode).toBe(503);
    expect(json(r)).toEqual({ error: 'The telemetry service is not configured for this portal.' });
  });
  it('503 when the key cannot be read, without calling the service', async () => {
    process.env.TELEMETRY_BASE_URL = svc.url;
    secrets
      .on(GetSecretValueCommand, { SecretId: 'portal/test/telemetry' })
      .rejectsOnce(Object.assign(new Error('no value'), { name: 'ResourceNotFoundException' }))
      .resolves({ SecretString: KEY });
    const r = await devicesOf('A', alice.email);
    expect(r.statusCode).toBe(503);
    expect(json(r)).toEqual({ error: 'The telemetry service is not available. Please try again later.' });
    expect(serviceCalls('/')).toBe(0);
  });
  it('502 when the service refuses the device list, 503 when it is down', async () => {
    svc.faults.push({ on: 'device', times: 1, status: 403 });
    const refused = await devicesOf('A', alice.email);
    expect(refused.statusCode).toBe(502);
    expect(json(refused)).toEqual({ error: 'The telemetry service refused the request. Please try again later.' });
    svc.faults.push({ on: 'device', times: 3, status: 500 });
    const down = await devicesOf('A', alice.email);
    expect(down.statusCode).toBe(503);
    expect(json(down)).toEqual({ error: 'The telemetry service is not available. Please try again later.' });
    expect(down.body).not.toContain('127.0.0.1');
    expect(svc.requests.every((r) => r.authorization === `Bearer ${KEY}`)).toBe(true);
  });
});

describe('GET /api/telemetry/{customerId}/devices', () => {
  it('401 without a token, and for a caller whose row is gone', async () => {
    expect((await devicesOf('A')).statusCode).toBe(401);
    expect((await devicesOf('A', 'gone@a.test')).statusCode).toBe(401);
  });
  it('400 naming the field for a customer id that is too long', async () => {
    const r = await devicesOf('x'.repeat(101), alice.email);
    expect(r.statusCode).toBe(400);
    expect(json(r).error).toMatch(/^Invalid path\.customerId: /);
  });
  it("403 for another customer's devices, before any read of its data", async () => {
    ddb.resetHistory();
    const r = await devicesOf('B', alice.email);
    expect(r.statusCode).toBe(403);
    expect(json(r)).toEqual({ error: 'You do not have access to this customer.' });
    expect(callsTo(TABLES.CUSTOMERS_TABLE) + callsTo(TABLES.EQUIPMENT_TABLE)).toBe(0);
  });
  it('404 for an unknown or unmapped customer (administrator)', async () => {
    const unknown = await devicesOf('NOPE', admin.email);
    expect(unknown.statusCode).toBe(404);
    expect(json(unknown)).toEqual({ error: 'Customer not found.' });
    const unmapped = await devicesOf('U', admin.email);
    expect(unmapped.statusCode).toBe(404);
    expect(json(unmapped)).toEqual({ error: 'This customer has no telemetry mapping.' });
  });
  it('an empty list without asking the service when the customer has no equipment', async () => {
    const before = svc.requests.length;
    const r = await devicesOf('E', admin.email);
    expect(r.statusCode).toBe(200);
    expect(json(r)).toEqual({ data: [] });
    expect(svc.requests.length).toBe(before);
  });
  it("lists only the devices of the customer's equipment on assigned properties or on none", async () => {
    const r = await devicesOf('A', alice.email);
    expect(r.statusCode).toBe(200);
    expect(json(r)).toEqual({
      data: [
        { deviceId: 'SIM-A-EQ1', equipment: { id: 'A-EQ1' } },
        { deviceId: 'SIM-A-EQ1b', equipment: { id: 'A-EQ1' } },
        { deviceId: 'SIM-A-EQ3', equipment: { id: 'A-EQ3' } },
      ],
    });
  });
  it('an administrator sees every device of any mapped customer; the list is cached', async () => {
    const before = serviceCalls('/v3/device');
    expect((json(await devicesOf('A', admin.email)).data as unknown[]).length).toBe(4);
    expect((json(await devicesOf('B', admin.email)).data as unknown[]).length).toBe(2);
    expect(serviceCalls('/v3/device')).toBe(before);
  });
});

describe('POST /api/telemetry/{customerId}/samples', () => {
  it('401 without a token', async () => {
    expect((await samplesOf('A', { deviceIds: ['x'] })).statusCode).toBe(401);
  });
  it('400 naming the field', async () => {
    const empty = await samplesOf('A', { deviceIds: [] }, alice.email);
    expect(empty.statusCode).toBe(400);
    expect(json(empty)).toEqual({ error: 'Invalid body.deviceIds: must name at least one device' });
    const missing = await samplesOf('A', {}, alice.email);
    expect(missing.statusCode).toBe(400);
    expect(json(missing).error).toMatch(/^Invalid body\.deviceIds/);
    const tooMany = await samplesOf('A', { deviceIds: Array.from({ length: 5001 }, (_, i) => `D${i}`) }, alice.email);
    expect(json(tooMany)).toEqual({ error: 'Invalid body.deviceIds: must name at most 5000 devices' });
  });
  it("403 for another customer, another customer's device, a device of no equipment and one on an unassigned property, all before any query", async () => {
    expect((await samplesOf('B', { deviceIds: ['SIM-B-EQ1'] }, alice.email)).statusCode).toBe(403);
    const foreign = await samplesOf('A', { deviceIds: ['SIM-A-EQ1', 'SIM-B-EQ1'] }, alice.email);
    expect(foreign.statusCode).toBe(403);
    expect(json(foreign)).toEqual({ error: "Device SIM-B-EQ1 does not belong to this customer's equipment." });
    expect((await samplesOf('A', { deviceIds: ['NCL-SPARE-01'] }, alice.email)).statusCode).toBe(403);
    expect(json(await samplesOf('A', { deviceIds: ['SIM-A-EQ2'] }, alice.email))).toEqual({ error: "Device SIM-A-EQ2 does not belong to this customer's equipment." });
    expect((await samplesOf('E', { deviceIds: ['SIM-A-EQ1'] }, admin.email)).statusCode).toBe(403);
    expect(serviceCalls('/v3/telemetry/query')).toBe(0);
  });
  it('answers the latest sample per device; a device silent for the last hour has a null time', async () => {
    const r = await samplesOf('A', { deviceIds: ['SIM-A-EQ1', 'SIM-A-EQ3'] }, alice.email);
    expect(r.statusCode).toBe(200);
    expect(json(r)).toEqual({
      data: {
        'SIM-A-EQ1': { _time: svc.sampleTime, 'amps-1': 12.5, callForCool: true },
        'SIM-A-EQ3': { _time: null },
      },
    });
  });
  it('502 when the service refuses the query', async () => {
    svc.faults.push({ on: 'query', times: 1, status: 401 });
    const r = await samplesOf('B', { deviceIds: ['SIM-B-EQ1'] }, admin.email);
    expect(r.statusCode).toBe(502);
    expect(json(r)).toEqual({ error: 'The telemetry service refused the request. Please try again later.' });
  });
  it('503 when the service is down, without leaking its address', async () => {
    svc.faults.push({ on: 'query', times: 3, status: 500 });
    const r = await samplesOf('A', { deviceIds: ['SIM-A-EQ1b'] }, alice.email);
    expect(r.statusCode).toBe(503);
    expect(json(r)).toEqual({ error: 'The telemetry service is not available. Please try again later.' });
  });
});
