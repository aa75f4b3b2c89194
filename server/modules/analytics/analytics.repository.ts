import type { DbOrTrx } from '../../db/index.js';

/** A customer's equipment rows, by building then name. */
export function equipmentOf(db: DbOrTrx, customerId: string) {
  return db
    .selectFrom('equipment')
    .select(['id', 'property_id', 'building_name', 'name', 'equipment_type', 'telemetry_data'])
    .where('customer_id', '=', customerId)
    .orderBy('building_name')
    .orderBy('name')
    .orderBy('id')
    .execute();
}

export function telemetryMapping(db: DbOrTrx, customerId: string) {
  return db.selectFrom('telemetry_mappings').selectAll().where('customer_id', '=', customerId).executeTakeFirst();
}

export function customerExists(db: DbOrTrx, customerId: string) {
  return db.selectFrom('customers').select('id').where('id', '=', customerId).executeTakeFirst();
}
