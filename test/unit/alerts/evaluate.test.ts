import { evaluateCustomer } from '../../../lambdas/shared/domain/alerts/evaluate.js';
import { dynamo } from '../../../lambdas/shared/platform/clients.js';
import { deleteIf, putRaised } from '../../../lambdas/shared/data/equipment-alerts.js';
import type { DeviceSample, TelemetryClient, TelemetryDevice } from '../../../lambdas/shared/domain/telemetry/client.js';
import { fakeAws, setTableEnv } from '../support/fake-aws.js';

const T0 = Date.parse('2026-11-25T12:00:00Z');
const MIN = 60_000;
const iso = (ms: number) => new Date(ms).toISOString();

const { ddb, world } = fakeAws({
  equipment: [
    { customerId: 'A', id: 'A-RTU', propertyId: 'A-P1', buildingName: 'North', name: 'RTU-1', equipmentType: 'Rooftop Unit', telemetryData: '{}' },
    { customerId: 'A', id: 'A-CH', propertyId: 'A-P2', buildingName: 'South', name: 'CH-1', equipmentType: 'Chiller', telemetryData: '{}' },
    { customerId: 'B', id: 'B-RTU', propertyId: 'B-P1', buildingName: 'B', name: 'RTU-9', equipmentType: 'Rooftop Unit', telemetryData: '{}' },
  ],
});

/** The telemetry client as the pass sees it, counting its calls; samples are set per test. */
function fakeTelemetry(devices: TelemetryDevice[]) {
  const calls = { listDevices: 0, latestSamples: [] as string[][] };
  let samples: Record<string, DeviceSample> = {};
  const client: TelemetryClient = {
    listDevices: async () => (calls.listDevices++, devices),
    latestSamples: async (ids) => (calls.latestSamples.push(ids), Object.fromEntries(ids.map((id) => [id, samples[id] ?? { _time: null }]))),
    // The pass reads only the latest samples: a period read is a mistake here.
    periodSamples: () => Promise.reject(new Error('the alert pass must not read periods')),
    firstReadings: () => Promise.reject(new Error('the alert pass must not read first readings')),
  };
  return { client, calls, set: (s: Record<string, DeviceSample>) => (samples = s) };
}

const devices: TelemetryDevice[] = [
  { deviceId: 'RTU-A1', equipment: { id: 'A-RTU' } },
  { deviceId: 'CH-A1', equipment: { id: 'A-CH' } },
  { deviceId: 'RTU-B1', equipment: { id: 'B-RTU' } },
];
const cooling = (at: number, supply: number) => ({ _time: iso(at - 30_000), callForCool: true, callForHeat: false, 'sadb-1': supply, 'radb-1': 23, 'amps-1': 20 });
const chiller = (at: number) => ({ _time: iso(at - 30_000), callForCool: true, wst: 7, wrt: 12, 'amps-1': 30 });

beforeAll(() => setTableEnv());
afterAll(() => ddb.restore());
beforeEach(() => (world.equipmentAlerts = []));

describe('one pass per customer', () => {
  it('asks the telemetry client once for the device list and once, batched, for the latest samples of the customer’s devices only', async () => {
    const t = fakeTelemetry(devices);
    t.set({ 'RTU-A1': cooling(T0, 12), 'CH-A1': chiller(T0) });
    const r = await evaluateCustomer(dynamo(), t.client, 'A', T0);
    expect(t.calls.listDevices).toBe(1);
    expect(t.calls.latestSamples).toEqual([['RTU-A1', 'CH-A1']]);
    expect(r).toMatchObject({ devices: 2, raised: [], cleared: [] });
    expect(world.equipmentAlerts).toEqual([]);
  });

  it('a silent device is raised at once, once; cleared once when it reports again', async () => {
    const t = fakeTelemetry(devices);
    t.set({ 'RTU-A1': cooling(T0, 12), 'CH-A1': { _time: null } });
    const first = await evaluateCustomer(dynamo(), t.client, 'A', T0);
    expect(first.raised.map((a) => [a.deviceId, a.rule, a.equipmentName, a.detail])).toEqual([['CH-A1', 'stale', 'CH-1', 'No report in the last hour']]);
    expect(world.equipmentAlerts).toMatchObject([{ customerId: 'A', key: 'CH-A1#stale', status: 'active', raisedAt: iso(T0), propertyId: 'A-P2', buildingName: 'South' }]);

    const again = await evaluateCustomer(dynamo(), t.client, 'A', T0 + 5 * MIN);
    expect(again.raised).toEqual([]);

    t.set({ 'RTU-A1': cooling(T0 + 10 * MIN, 12), 'CH-A1': chiller(T0 + 10 * MIN) });
    const back = await evaluateCustomer(dynamo(), t.client, 'A', T0 + 10 * MIN);
    expect(back.cleared.map((a) => [a.deviceId, a.rule])).toEqual([['CH-A1', 'stale']]);
    expect(world.equipmentAlerts).toEqual([]);
    expect((await evaluateCustomer(dynamo(), t.client, 'A', T0 + 15 * MIN)).cleared).toEqual([]);
  });

  it('warm supply air while calling for cool: pending first, raised after 15 minutes, not raised twice', async () => {
    const t = fakeTelemetry(devices);
    const at = (m: number) => T0 + m * MIN;
    const pass = async (m: number) => {
      t.set({ 'RTU-A1': cooling(at(m), 21.5), 'CH-A1': chiller(at(m)) });
      return evaluateCustomer(dynamo(), t.client, 'A', at(m));
    };
    expect((await pass(0)).raised).toEqual([]);
    expect(world.equipmentAlerts).toMatchObject([{ key: 'RTU-A1#supply-warm', status: 'pending', since: iso(at(0)) }]);
    expect((await pass(5)).raised).toEqual([]);
    expect((await pass(10)).raised).toEqual([]);
    const raised = (await pass(15)).raised;
    expect(raised).toHaveLength(1);
    expect(raised[0]).toMatchObject({ rule: 'supply-warm', since: iso(at(0)), raisedAt: iso(at(15)) });
    expect((await pass(20)).raised).toEqual([]);
  });

  it('a condition that goes before its minutes are up is dropped without a raise or a clear', async () => {
    const t = fakeTelemetry(devices);
    t.set({ 'RTU-A1': cooling(T0, 21.5), 'CH-A1': chiller(T0) });
    await evaluateCustomer(dynamo(), t.client, 'A', T0);
    t.set({ 'RTU-A1': cooling(T0 + 5 * MIN, 12), 'CH-A1': chiller(T0 + 5 * MIN) });
    const r = await evaluateCustomer(dynamo(), t.client, 'A', T0 + 5 * MIN);
    expect(r).toMatchObject({ raised: [], cleared: [] });
    expect(world.equipmentAlerts).toEqual([]);
  });

  it('a failed telemetry batch changes nothing: no stale alert for a device the service could not tell about', async () => {
    const t = fakeTelemetry(devices);
    t.set({ 'RTU-A1': { _time: null, error: 'The telemetry service did not answer in time.' }, 'CH-A1': chiller(T0) });
    expect((await evaluateCustomer(dynamo(), t.client, 'A', T0)).raised).toEqual([]);
    expect(world.equipmentAlerts).toEqual([]);
  });

  it('raise and clear writes are conditional: a second writer of the same transition gets false and sends nothing', async () => {
    const item = { customerId: 'A', key: 'CH-A1#stale', deviceId: 'CH-A1', rule: 'stale' as const, status: 'active' as const, since: iso(T0), raisedAt: iso(T0), detail: '', equipmentId: 'A-CH', equipmentName: 'CH-1', buildingName: 'South', updatedAt: iso(T0) };
    expect(await putRaised(dynamo(), item)).toBe(true);
    expect(await putRaised(dynamo(), item)).toBe(false);
    expect(await deleteIf(dynamo(), 'A', 'CH-A1#stale', 'active')).toMatchObject({ key: 'CH-A1#stale' });
    expect(await deleteIf(dynamo(), 'A', 'CH-A1#stale', 'active')).toBeUndefined();
  });
});
