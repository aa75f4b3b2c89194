import type { Config } from '../config.js';
import type { Db } from '../db/index.js';
import { hashPassword } from '../lib/passwords.js';
import { demoCustomers, demoEquipment, demoTelemetryMappings, demoUsers } from './data.js';
import { seedReportData } from './report-data.js';

export interface DemoAccount {
  email: string;
  password: string;
  note: string;
}

/** Further demo datasets (reports, telemetry) add a seeder here; each must be idempotent. */
export const extraSeeders: ((db: Db, config: Config) => Promise<void>)[] = [];
extraSeeders.push(seedReportData);

/** Loads the demo data; running it again inserts nothing twice and changes nothing. */
export async function seedDemo(db: Db, config: Config): Promise<{ accounts: DemoAccount[] }> {
  const [staffA, staffB] = config.staffDomains;
  const users = demoUsers(staffA!, staffB ?? staffA!);
  await db.transaction().execute(async (trx) => {
    for (const c of demoCustomers) {
      await trx.insertInto('customers').values({ id: c.id, name: c.name }).onConflict((oc) => oc.column('id').doNothing()).execute();
      await trx
        .insertInto('properties')
        .values(c.properties.map((p) => ({ id: p.id, name: p.name, property_type: p.type, customer_id: c.id })))
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
    }
    for (const u of users) {
      const exists = await trx.selectFrom('users').select('id').where('email', '=', u.email).executeTakeFirst();
      if (exists) continue;
      const { id } = await trx
        .insertInto('users')
        .values({ email: u.email, name: u.name, password_hash: await hashPassword(u.password) })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (u.customers.length) await trx.insertInto('user_customers').values(u.customers.map((c) => ({ user_id: id, customer_id: c }))).execute();
      if (u.properties.length) await trx.insertInto('user_properties').values(u.properties.map((p) => ({ user_id: id, property_id: p }))).execute();
    }
    await trx.insertInto('equipment').values(demoEquipment).onConflict((oc) => oc.column('id').doNothing()).execute();
    await trx.insertInto('telemetry_mappings').values(demoTelemetryMappings).onConflict((oc) => oc.column('customer_id').doNothing()).execute();
  });
  for (const seed of extraSeeders) await seed(db, config);
  return { accounts: users.map((u) => ({ email: u.email, password: u.password, note: u.note })) };
}
