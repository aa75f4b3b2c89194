/**
 * What a service request can be about at a property: its assets on record (the report data's
 * asset rows, as the Assets page lists them) and its monitored devices (the equipment table),
 * one entry per unit. A device with an asset of the same name is that asset, marked monitored,
 * under the device's id; an asset without a device is listed under `asset:<id>`; a device without
 * an asset row is listed too. Sorted by name.
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { EquipmentItem } from '../../data/equipment.js';
import { propertiesAndRows, readIndex } from '../../data/report-reads.js';
import type { AssetRow, Dataset, WorkOrderRow } from '../../data/report-rows.js';
import type { PropertyItem } from '../../data/properties.js';
import { requestLinkAttributes } from './work-orders.js';

export interface Unit {
  id: string;
  name: string;
  type: string;
  /** A device the telemetry service reports on. */
  monitored: boolean;
}

const ASSET_PREFIX = 'asset:';
const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * The asset rows of these properties (name and type only), by property; with `withWorkOrders`,
 * their work orders' request links too (./work-orders.ts), read in the same two calls: the
 * datasets' index, then the listed items.
 */
export async function propertyRows(
  db: DynamoDBDocumentClient,
  properties: readonly PropertyItem[],
  withWorkOrders: boolean,
): Promise<{ assets: Map<string, AssetRow[]>; workOrders: WorkOrderRow[] }> {
  const ids = properties.map((p) => p.id);
  const assets = new Map<string, AssetRow[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return { assets, workOrders: [] };
  const datasets: Dataset[] = withWorkOrders ? ['asset', 'wo'] : ['asset'];
  const index = await readIndex(db, ids, datasets);
  const { rows } = await propertiesAndRows(db, ids, datasets, index, { asset: ['id', 'propertyId', 'name', 'assetType'], wo: requestLinkAttributes }, properties);
  for (const row of (rows.get('asset') ?? []) as AssetRow[]) assets.get(row.propertyId)?.push(row);
  return { assets, workOrders: (rows.get('wo') ?? []) as WorkOrderRow[] };
}

/** The asset rows of these properties (name and type only), by property. */
export const assetsOf = async (db: DynamoDBDocumentClient, properties: readonly PropertyItem[]) => (await propertyRows(db, properties, false)).assets;

/** One property's units: its assets and devices, merged by name. */
export function unitsOf(assets: readonly AssetRow[], devices: readonly EquipmentItem[]): Unit[] {
  const units: Unit[] = devices.map((d) => ({ id: d.id, name: d.name, type: d.equipmentType, monitored: true }));
  for (const a of assets) {
    if (!units.some((u) => u.monitored && sameName(u.name, a.name))) units.push({ id: `${ASSET_PREFIX}${a.id}`, name: a.name, type: a.assetType, monitored: false });
  }
  return units.sort((x, y) => x.name.localeCompare(y.name, 'en', { numeric: true }) || x.id.localeCompare(y.id));
}
