/**
 * The telemetry proxy through the local stack over HTTP (the old server's telemetry tests, ported).
 * The stack is pointed at a simulator this file starts, so a test can see what reached the service
 * and make it fail; its key reaches the handlers through the Secrets Manager stand-in.
 */
import { putEquipment, type EquipmentItem } from '../../lambdas/shared/data/equipment.js';
import { fleetFor } from '../../infra/local/simulator/fleet.js';
import { startSimulator, type Simulator } from '../../infra/local/simulator/simulator.js';
import { jest } from '@jest/globals';
import { createTestUser, putCustomer, putProperty, request, signIn, startTestStack, type TestStack } from '../support/local-stack.js';

jest.setTimeout(60_000);

const KEY = 'integration-telemetry-key';
/** Each call to the service waits this long at most (TELEMETRY_TIMEOUT_MS). */
const ATTEMPT_MS = 1500;
const PASSWORD = 'Passw0rd1';
let t: TestStack;
let sim: Simulator;
let userA: string;
let userC: string;
let admin: string;

const equipment = (customerId: string, propertyId: string | undefined, n: number, from = 1): EquipmentItem[] =>
  Array.from({ length: n }, (_, i) => ({
    customerId,
    id: `${customerId}-EQ${from + i}`,
    propertyId,
    buildingName: propertyId ?? '',
    name: `RTU-${from + i}`,
    equipmentType: 'Rooftop Unit',
    telemetryData: '{}',
  }));
const rows = [...equipment('C-A', 'P-A1', 3), ...equipment('C-B', 'P-B1', 2), ...equipment('C-U', 'P-U1', 1), ...equipment('C-C', 'P-C1', 1), ...equipment('C-C', 'P-C2', 1, 2)];

const devicesOf = (customerId: string, token?: string) => request('GET', `/api/telemetry/${customerId}/devices`, { token });
const samplesOf = (customerId: string, token: string | undefined, body: unknown) => request('POST', `/api/telemetry/${customerId}/samples`, { token, body });
const queries = () => sim.requests.filter((r) => r.url === '/v3/telemetry/query');

beforeAll(async () => {
  // Every equipment row is written before the first device list: the handlers cache it for minutes.
  sim = await startSimulator({ apiKey: KEY, fleet: () => fleetFor(rows.map((r) => r.id)) });
  t = await startTestStack({ env: { TELEMETRY_BASE_URL: sim.url, TELEMETRY_API_KEY: KEY, TELEMETRY_TIMEOUT_MS: String(ATTEMPT_MS) } });
  await putCustomer({ id: 'C-A', name: 'Customer A', telemetryCustomerId: 'ncl-a', telemetryCustomerName: 'A' });
  await putCustomer({ id: 'C-B', name: 'Customer B', telemetryCustomerId: 'ncl-b', telemetryCustomerName: 'B' });
  await putCustomer({ id: 'C-U', name: 'Unmapped' });
  await putCustomer({ id: 'C-C', name: 'Customer C', telemetryCustomerId: 'ncl-c' });
  for (const [id, customerId] of [['P-A1', 'C-A'], ['P-B1', 'C-B'], ['P-U1', 'C-U'], ['P-C1', 'C-C'], ['P-C2', 'C-C']] as const)
    await putProperty({ id, customerId, name: id, propertyType: 'Office' });
  await putEquipment(t.db, rows);
  await createTestUser({ email: 'a@customer-a.test', password: PASSWORD, customers: ['C-A'], properties: ['P-A1'] });
  await createTestUser({ email: 'c@customer-c.test', password: PASSWORD, customers: ['C-C'], properties: ['P-C1'] });
  await createTestUser({ email: 'boss@staff.test', password: PASSWORD });
  [userA, userC, admin] = await Promise.all([signIn('a@customer-a.test', PASSWORD), signIn('c@customer-c.test', PASSWORD), signIn('boss@staff.test', PASSWORD)]);
});
afterAll(async () => {
  await t?.stop();
  await sim?.close();
});

describe('GET /api/telemetry/{customerId}/devices', () => {
  it('401 without a token', async () => {
    expect((await devicesOf('C-A')).status).toBe(401);
  });
  it("403 for another customer's devices", async () => {
    const res = await devicesOf('C-B', userA);
    expect(res.status).toBe(403);
    expect(res.json).toEqual({ error: 'You do not have access to this customer.' });
  });
  it('404 for an unmapped or unknown customer (administrator)', async () => {
    const unmapped = await devicesOf('C-U', admin);
    expect(unmapped.status).toBe(404);
    expect(unmapped.json).toEqual({ error: 'This customer has no telemetry mapping.' });
    const unknown = await devicesOf('NOPE', admin);
    expect(unknown.status).toBe(404);
    expect(unknown.json).toEqual({ error: 'Customer not found.' });
  });
  it("lists only the devices of the customer's equipment rows", async () => {
    const res = await devicesOf('C-A', userA);
    expect(res.status).toBe(200);
    const data = (res.json as { data: { deviceId: string; equipment: { id: string } }[] }).data;
    expect(data.map((d) => d.equipment.id).sort()).toEqual(['C-A-EQ1', 'C-A-EQ2', 'C-A-EQ3']);
    expect(data[0]).toEqual({ deviceId: 'SIM-C-A-EQ1', equipment: { id: 'C-A-EQ1' } });
    expect(sim.requests.filter((r) => r.url.startsWith('/v3/device')).length).toBeGreaterThan(0);
  });
  it('hides devices of equipment on a property the caller is not assigned', async () => {
    const res = await devicesOf('C-C', userC);
    expect((res.json as { data: { equipment: { id: string } }[] }).data.map((d) => d.equipment.id)).toEqual(['C-C-EQ1']);
    const other = await samplesOf('C-C', userC, { deviceIds: ['SIM-C-C-EQ2'] });
    expect(other.status).toBe(403);
  });
  it('an administrator sees any mapped customer', async () => {
    expect((await devicesOf('C-B', admin)).json).toMatchObject({ data: [{ equipment: { id: 'C-B-EQ1' } }, { equipment: { id: 'C-B-EQ2' } }] });
  });
});

describe('POST /api/telemetry/{customerId}/samples', () => {
  it('401 without a token', async () => {
    expect((await samplesOf('C-A', undefined, { deviceIds: ['x'] })).status).toBe(401);
  });
  it('400 naming the field', async () => {
    const res = await samplesOf('C-A', userA, { deviceIds: [] });
    expect(res.status).toBe(400);
    expect((res.json as { error: string }).error).toMatch(/deviceIds/);
    expect(((await samplesOf('C-A', userA, {})).json as { error: string }).error).toMatch(/deviceIds/);
  });
  it("403 for another customer, for another customer's device, and for a device of no equipment of theirs", async () => {
    expect((await samplesOf('C-B', userA, { deviceIds: ['SIM-C-B-EQ1'] })).status).toBe(403);
    const foreign = await samplesOf('C-A', userA, { deviceIds: ['SIM-C-A-EQ1', 'SIM-C-B-EQ1'] });
    expect(foreign.status).toBe(403);
    expect(foreign.json).toEqual({ error: "Device SIM-C-B-EQ1 does not belong to this customer's equipment." });
    expect((await samplesOf('C-A', userA, { deviceIds: ['NCL-SPARE-01'] })).status).toBe(403);
    // None of the refused requests reached the telemetry query.
    expect(queries()).toHaveLength(0);
  });
  it('answers the latest sample per device', async () => {
    const res = await samplesOf('C-A', userA, { deviceIds: ['SIM-C-A-EQ1', 'SIM-C-A-EQ2'] });
    expect(res.status).toBe(200);
    const data = (res.json as { data: Record<string, Record<string, unknown>> }).data;
    expect(Object.keys(data).sort()).toEqual(['SIM-C-A-EQ1', 'SIM-C-A-EQ2']);
    expect(Date.now() - Date.parse(data['SIM-C-A-EQ1']!._time as string)).toBeLessThan(2 * 60_000);
    expect(data['SIM-C-A-EQ1']).toHaveProperty(['amps-1']);
    expect(queries().every((r) => r.method === 'POST')).toBe(true);
  });
  it('502 when the telemetry service refuses the request', async () => {
    sim.faults.push({ on: 'query', times: 1, status: 401 });
    const res = await samplesOf('C-B', admin, { deviceIds: ['SIM-C-B-EQ1'] });
    sim.faults.length = 0;
    expect(res.status).toBe(502);
    expect(res.json).toEqual({ error: 'The telemetry service refused the request. Please try again later.' });
  });
  it('503 when the telemetry service is down, without leaking its address', async () => {
    sim.faults.push({ on: 'query', times: 20, status: 500 });
    const res = await samplesOf('C-A', userA, { deviceIds: ['SIM-C-A-EQ3'] });
    sim.faults.length = 0;
    expect(res.status).toBe(503);
    expect(res.json).toEqual({ error: 'The telemetry service is not available. Please try again later.' });
    expect(res.text).not.toContain(new URL(sim.url).port);
  });
  it('503 with Retry-After when the service hangs (FAULTS=telemetry:hang): each attempt ends at its timeout, well before the function\'s', async () => {
    process.env.FAULTS = 'telemetry:hang';
    const started = Date.now();
    // A device no test asked for: no sample of it is cached.
    const res = await samplesOf('C-C', userC, { deviceIds: ['SIM-C-C-EQ1'] }).finally(() => delete process.env.FAULTS);
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('5');
    expect(res.json).toEqual({ error: 'The telemetry service is not available. Please try again later.' });
    // The client's attempts (3) each end at ATTEMPT_MS, with backoff between: far under the route's 29 s.
    expect(Date.now() - started).toBeLessThan(3 * ATTEMPT_MS + 3000);
  });
});
