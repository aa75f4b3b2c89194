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
import type { AssetRow } from '../../data/report-rows.js';
import type { PropertyItem } from '../../data/properties.js';

export interface Unit {
  id: string;
  name: string;
  type: string;
  /** A device the telemetry service reports on. */
  monitored: boolean;
}

const ASSET_PREFIX = 'asset:';
const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The asset rows of these properties (name and type only), by property. */
export async function assetsOf(db: DynamoDBDocumentClient, properties: readonly PropertyItem[]): Promise<Map<string, AssetRow[]>> {
  const ids = properties.map((p) => p.id);
  const out = new Map<string, AssetRow[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return out;
  const index = await readIndex(db, ids, ['asset']);
  const { rows } = await propertiesAndRows(db, ids, ['asset'], index, { asset: ['id', 'propertyId', 'name', 'assetType'] }, properties);
  for (const row of (rows.get('asset') ?? []) as AssetRow[]) out.get(row.propertyId)?.push(row);
  return out;
}

/** One property's units: its assets and devices, merged by name. */
export function unitsOf(assets: readonly AssetRow[], devices: readonly EquipmentItem[]): Unit[] {
  const units: Unit[] = devices.map((d) => ({ id: d.id, name: d.name, type: d.equipmentType, monitored: true }));
  for (const a of assets) {
    if (!units.some((u) => u.monitored && sameName(u.name, a.name))) units.push({ id: `${ASSET_PREFIX}${a.id}`, name: a.name, type: a.assetType, monitored: false });
  }
  return units.sort((x, y) => x.name.localeCompare(y.name, 'en', { numeric: true }) || x.id.localeCompare(y.id));
}
