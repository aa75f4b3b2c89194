import { buildApp } from '../app.js';
import { isStaffEmail } from '../config.js';
import { seedDemo } from '../demo/seed.js';
import { hashPassword } from '../lib/passwords.js';
import type { Command } from './commands.js';

export const serveCommand: Command = {
  summary: 'serve the portal (web app and API) on HOST:PORT',
  help: `Usage: portal serve [--demo]

Serves the web app and the API on HOST:PORT (default 127.0.0.1:3000). Migrations are applied at
start-up. With PORTAL_ADMIN_EMAIL and PORTAL_ADMIN_PASSWORD set, that administrator is created if
absent. --demo loads the demo data first (idempotent) and prints the demo sign-ins.`,
  options: { demo: { type: 'boolean' } },
  async run(config, values) {
    const started = Date.now();
    const app = await buildApp(config);
    const { db } = app.ctx;
    if (config.portalAdmin) {
      const { email, password } = config.portalAdmin;
      if (!isStaffEmail(config, email)) app.log.warn({ email }, 'PORTAL_ADMIN_EMAIL is not in STAFF_DOMAINS: it will not be an administrator');
      const exists = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
      if (!exists) {
        await db.insertInto('users').values({ email, name: email.split('@')[0]!, password_hash: await hashPassword(password) }).execute();
        app.log.info({ email }, 'created the first administrator from PORTAL_ADMIN_EMAIL');
      }
    }
    let accounts: { email: string; password: string; note: string }[] = [];
    if (values.demo) accounts = (await seedDemo(db, config)).accounts;

    let closing = false;
    const shutdown = async (signal: string) => {
      if (closing) return;
      closing = true;
      app.log.info({ signal }, 'shutting down: finishing requests in flight');
      const force = setTimeout(() => process.exit(1), 15_000);
      force.unref();
      await app.close();
      process.exit(0);
    };
    process.on('SIGTERM', () => void shutdown('SIGTERM'));
    process.on('SIGINT', () => void shutdown('SIGINT'));

    const address = await app.listen({ port: config.port, host: config.host });
    const url = address.replace('[::1]', 'localhost');
    console.log(`\n${config.productName} is ready at ${url} (${Date.now() - started} ms)`);
    if (accounts.length) {
      console.log('Demo sign-ins:');
      for (const a of accounts) console.log(`  ${a.email.padEnd(36)} ${a.password.padEnd(12)} ${a.note}`);
      console.log(`Mail (reset codes, invitations) is written to ${config.outboxDir}`);
    }
    return -1;
  },
};
