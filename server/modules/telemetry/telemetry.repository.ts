import type { DbOrTrx } from '../../db/index.js';

/** The customer and its telemetry mapping (mapping undefined when unmapped); undefined when unknown. */
export async function findCustomerMapping(db: DbOrTrx, customerId: string) {
  const row = await db
    .selectFrom('customers as c')
    .leftJoin('telemetry_mappings as m', 'm.customer_id', 'c.id')
    .select(['c.id', 'm.telemetry_customer_id', 'm.telemetry_customer_name'])
    .where('c.id', '=', customerId)
    .executeTakeFirst();
  if (!row) return undefined;
  return { id: row.id, mapping: row.telemetry_customer_id ? { id: row.telemetry_customer_id, name: row.telemetry_customer_name ?? '' } : undefined };
}

/** The customer's equipment rows (id and property). */
export async function equipmentOf(db: DbOrTrx, customerId: string) {
  return db.selectFrom('equipment').select(['id', 'property_id']).where('customer_id', '=', customerId).execute();
}

/** Every equipment row id (the embedded simulator gives each a device). */
export async function allEquipmentIds(db: DbOrTrx): Promise<string[]> {
  const rows = await db.selectFrom('equipment').select('id').orderBy('id').execute();
  return rows.map((r) => r.id);
}
