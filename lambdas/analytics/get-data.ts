import { analyticsMessages, CustomerParams, type AnalyticsRow } from '../shared/contract/analytics.js';
import { dynamo } from '../shared/platform/clients.js';
import { getCustomer } from '../shared/data/customers.js';
import { equipmentOfCustomer, type EquipmentItem } from '../shared/data/equipment.js';
import { forbidden, notFound, ok } from '../shared/platform/http.js';
import { api } from '../shared/platform/middleware.js';
import { canSeeCustomer, canSeeProperty } from '../shared/platform/scope.js';

const byBuildingThenName = (a: EquipmentItem, b: EquipmentItem) =>
  a.buildingName.localeCompare(b.buildingName) || a.name.localeCompare(b.name) || a.id.localeCompare(b.id);

/** A customer's equipment rows: those of the caller's assigned properties plus those on no property. */
export const handler = api({ params: CustomerParams }, async ({ caller, params }) => {
  const { customerId } = params;
  if (!canSeeCustomer(caller!, customerId)) throw forbidden(analyticsMessages.noAccess(customerId));
  const db = dynamo();
  const items = await equipmentOfCustomer(db, customerId);
  // A customer with equipment exists; only an empty answer needs the customers table to tell 404 from [].
  if (items.length === 0 && !(await getCustomer(db, customerId))) throw notFound(analyticsMessages.unknownCustomer(customerId));
  const rows: AnalyticsRow[] = items
    .filter((r) => !r.propertyId || canSeeProperty(caller!, r.propertyId))
    .sort(byBuildingThenName)
    .map((r) => ({
      BUILDING_NAME: r.buildingName,
      EQUIPMENT_ID: r.id,
      EQUIPMENT_NAME: r.name,
      EQUIPMENT_TYPE: r.equipmentType,
      TELEMETRY_DATA: r.telemetryData,
    }));
  return ok(rows);
});
