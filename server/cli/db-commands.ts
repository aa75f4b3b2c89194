import { migrate, openDb } from '../db/index.js';
import { seedDemo } from '../demo/seed.js';
import type { Command } from './commands.js';

export const migrateCommand: Command = {
  summary: 'apply the database migrations not yet applied',
  help: `Usage: portal migrate

Applies the numbered SQL migrations to the configured database (DATABASE_URL, or the embedded
database in DATA_DIR/db) and prints each one applied. Safe to run on every deploy.`,
  options: {},
  async run(config) {
    const handle = await openDb(config);
    try {
      const applied = await migrate(handle.db, (m) => console.log(m));
      if (!applied.length) console.log('The database is up to date.');
    } finally {
      await handle.close();
    }
  },
};

export const seedDemoCommand: Command = {
  summary: 'load the demo customers, properties, users and datasets (idempotent)',
  help: `Usage: portal seed-demo

Loads demo data into the configured database: two administrators, customers with properties,
customer users, equipment and report datasets. Running it again changes nothing.
STAFF_DOMAINS defaults to the demo's two domains with this command.`,
  options: {},
  demoDefaults: true,
  async run(config) {
    const handle = await openDb(config);
    try {
      await migrate(handle.db);
      const { accounts } = await seedDemo(handle.db, config);
      console.log('Demo data is loaded. Sign-ins:');
      for (const a of accounts) console.log(`  ${a.email.padEnd(36)} ${a.password.padEnd(12)} ${a.note}`);
    } finally {
      await handle.close();
    }
  },
};
