import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { analyticsMessages, CustomerParams, type AnalyticsRow } from '../shared/contract/analytics.js';
import { dynamo } from '../shared/platform/clients.js';
import { getCustomer } from '../shared/data/customers.js';
import { equipmentOfCustomer, type EquipmentItem } from '../shared/data/equipment.js';
import { undatedRows } from '../shared/data/report-reads.js';
import type { AssetRow } from '../shared/data/report-rows.js';
import { assetsOfEquipment } from '../shared/domain/assets/history.js';
import { forbidden, notFound, ok } from '../shared/platform/http.js';
import { log } from '../shared/platform/log.js';
import { api } from '../shared/platform/middleware.js';
import { canSeeCustomer, canSeeProperty } from '../shared/platform/scope.js';

const byBuildingThenName = (a: EquipmentItem, b: EquipmentItem) =>
  a.buildingName.localeCompare(b.buildingName) || a.name.localeCompare(b.name) || a.id.localeCompare(b.id);

/**
 * The asset rows (id and name) of these properties, for the cards' History (issue 43). A failure
 * is logged and gives none: the cards then offer no History, and the dashboard still opens.
 */
const assetsOf = (db: DynamoDBDocumentClient, propertyIds: readonly string[]): Promise<AssetRow[]> =>
  (undatedRows(db, propertyIds, 'asset', ['name']) as Promise<AssetRow[]>).catch((err: unknown) => {
    log.error('reading the assets of the analytics rows failed', { err });
    return [];
  });

/**
 * A customer's equipment rows: those of the caller's assigned properties plus those on no property.
 * Beyond the spec's fields (issue 43), each row names its property and the asset it is (the asset of
 * that property with its name, as the equipment history links the other way), or null: the card's
 * History. A customer's own properties are known from the caller's row, so their assets are read
 * beside the equipment; an administrator's, once the equipment names them.
 */
export const handler = api({ params: CustomerParams }, async ({ caller, params }) => {
  const { customerId } = params;
  const me = caller!;
  if (!canSeeCustomer(me, customerId)) throw forbidden(analyticsMessages.noAccess(customerId));
  const db = dynamo();
  const own = me.isAdmin ? null : [...me.propertyCustomers].filter(([, c]) => c === customerId).map(([p]) => p);
  const [items, ownAssets] = await Promise.all([equipmentOfCustomer(db, customerId), own ? assetsOf(db, own) : Promise.resolve(null)]);
  // A customer with equipment exists; only an empty answer needs the customers table to tell 404 from [].
  if (items.length === 0 && !(await getCustomer(db, customerId))) throw notFound(analyticsMessages.unknownCustomer(customerId));
  const visible = items.filter((r) => !r.propertyId || canSeeProperty(me, r.propertyId));
  const onProperties = [...new Set(visible.flatMap((r) => (r.propertyId ? [r.propertyId] : [])))];
  const assets = ownAssets ?? (onProperties.length ? await assetsOf(db, onProperties) : []);
  const assetOf = assetsOfEquipment(assets, visible);
  const rows: AnalyticsRow[] = visible.sort(byBuildingThenName).map((r) => ({
    BUILDING_NAME: r.buildingName,
    EQUIPMENT_ID: r.id,
    EQUIPMENT_NAME: r.name,
    EQUIPMENT_TYPE: r.equipmentType,
    TELEMETRY_DATA: r.telemetryData,
    PROPERTY_ID: r.propertyId ?? null,
    ASSET_ID: assetOf.get(r.id) ?? null,
  }));
  return ok(rows);
});
