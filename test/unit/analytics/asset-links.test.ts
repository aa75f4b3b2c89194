/**
 * Issue 43: which asset an Analytics card's History opens. The equipment row is the asset of its
 * property with its name, the other way round from the equipment history's link to Analytics
 * (monitoredAs), and the assets are read in one BatchGetItem where each property's assets are one
 * item (undatedRows), with the index's other items and unindexed partitions still read whole.
 */
import { BatchGetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { EquipmentItem } from '../../../lambdas/shared/data/equipment.js';
import { undatedRows } from '../../../lambdas/shared/data/report-reads.js';
import { indexItemsOf, packRows, type AssetRow } from '../../../lambdas/shared/data/report-rows.js';
import { assetsOfEquipment, monitoredAs } from '../../../lambdas/shared/domain/assets/history.js';
import { dynamo } from '../../../lambdas/shared/platform/clients.js';
import { fakeAws, setTableEnv } from '../support/fake-aws.js';

const asset = (id: string, propertyId: string, name: string): AssetRow => ({ dataset: 'asset', id, propertyId, name, assetType: 'RTU', make: 'Carrier', model: '48TC', serial: `S-${id}`, condition: 'Good' });
const equipment = (id: string, propertyId: string | undefined, name: string): EquipmentItem => ({ customerId: 'A', id, ...(propertyId ? { propertyId } : {}), buildingName: 'North', name, equipmentType: 'RTU', telemetryData: '{}' });

describe('assetsOfEquipment', () => {
  const assets = [asset('AS-2', 'P1', 'RTU-1'), asset('AS-1', 'P1', ' rtu-1'), asset('AS-3', 'P1', 'Boiler'), asset('AS-4', 'P2', 'RTU-1'), asset('AS-5', 'P3', 'AHU-1')];
  const units = [equipment('EQ-2', 'P1', 'RTU-1 '), equipment('EQ-1', 'P1', 'rtu-1'), equipment('EQ-5', undefined, 'AHU-1'), equipment('EQ-6', 'P2', 'RTU-2'), equipment('EQ-7', 'P3', 'AHU-1')];

  it('links a unit to the asset of its property with its name (case and spaces aside); none for a unit without one or on no property', () => {
    const links = assetsOfEquipment(assets, units);
    expect(Object.fromEntries(links)).toEqual({ 'EQ-1': 'AS-1', 'EQ-7': 'AS-5' });
  });

  it('is the other way round from the equipment history: the asset a card opens links back to that unit', () => {
    const links = assetsOfEquipment(assets, units);
    for (const [equipmentId, assetId] of links) expect(monitoredAs(assets.find((a) => a.id === assetId)!, units)!.id).toBe(equipmentId);
    // Of two same-named units, the history names the lower id (EQ-1), and only that unit's card links; of two same-named assets, the lower id.
    expect(monitoredAs(asset('AS-1', 'P1', 'RTU-1'), units)!.id).toBe('EQ-1');
    expect(links.has('EQ-2')).toBe(false);
  });

  it('answers none without assets or equipment', () => {
    expect(assetsOfEquipment([], units).size).toBe(0);
    expect(assetsOfEquipment(assets, []).size).toBe(0);
  });
});

describe('undatedRows', () => {
  const aws = fakeAws({});
  beforeAll(() => setTableEnv({ LOG_LEVEL: 'error' }));
  afterAll(() => aws.restore());
  beforeEach(() => aws.clear());
  const batches = () => aws.ddb.commandCalls(BatchGetCommand).length;
  const queries = () => aws.ddb.commandCalls(QueryCommand).length;

  it('reads one item a property in one BatchGetItem, with only the attributes asked', async () => {
    const packed = packRows([asset('AS-1', 'P1', 'RTU-1'), asset('AS-2', 'P1', 'RTU-2'), asset('AS-3', 'P2', 'AHU-1')]);
    aws.world.reportRows = [...packed, ...indexItemsOf(packed)];
    const rows = await undatedRows(dynamo(), ['P1', 'P2', 'P1'], 'asset', ['name']);
    expect(rows.map((r) => [r.propertyId, r.id, (r as AssetRow).name]).sort()).toEqual([['P1', 'AS-1', 'RTU-1'], ['P1', 'AS-2', 'RTU-2'], ['P2', 'AS-3', 'AHU-1']]);
    expect(rows[0]).not.toHaveProperty('serial');
    expect([batches(), queries()]).toEqual([1, 0]);
    expect(await undatedRows(dynamo(), [], 'asset', ['name'])).toEqual([]);
    expect(batches()).toBe(1);
  });

  it("reads a partition's further items next, and an unindexed partition by Query, each row once", async () => {
    // P1's assets over three items (a tiny part size); P2's written before the index (no index item).
    const many = Array.from({ length: 6 }, (_, i) => asset(`AS-${i + 1}`, 'P1', `RTU-${i + 1}`));
    const parts = packRows(many, 400);
    expect(parts.length).toBeGreaterThan(2);
    const old = packRows([asset('AS-9', 'P2', 'Boiler')]);
    aws.world.reportRows = [...parts, ...indexItemsOf(parts), ...old];
    const rows = await undatedRows(dynamo(), ['P1', 'P2'], 'asset', ['name']);
    expect(rows.map((r) => r.id).sort()).toEqual(['AS-1', 'AS-2', 'AS-3', 'AS-4', 'AS-5', 'AS-6', 'AS-9']);
    expect([batches(), queries()]).toEqual([2, 1]);
  });
});
