import { isStaffEmail } from '../config.js';
import { migrate, openDb } from '../db/index.js';
import { audit } from '../lib/audit.js';
import { hashPassword, passwordMeetsRule, PASSWORD_RULE_MESSAGE } from '../lib/passwords.js';
import type { Command } from './commands.js';

export const createUserCommand: Command = {
  summary: 'create a user (an administrator when the email is in STAFF_DOMAINS)',
  help: `Usage: portal create-user --email EMAIL --name NAME --password PASSWORD [--customers ID,ID] [--properties ID,ID]

Creates a portal user who can sign in with that password at once. Emails in STAFF_DOMAINS are
administrators and get no assignments. The password must satisfy the portal's rule: at least 5
characters with a lowercase letter, an uppercase letter and a number.`,
  options: {
    email: { type: 'string' },
    name: { type: 'string' },
    password: { type: 'string' },
    customers: { type: 'string' },
    properties: { type: 'string' },
  },
  async run(config, v) {
    const email = String(v.email ?? '').trim().toLowerCase();
    const name = String(v.name ?? '').trim().toLowerCase();
    const password = String(v.password ?? '');
    if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email) || !name || !password) {
      console.error('--email (an email address), --name and --password are required.\n\n' + this.help);
      return 1;
    }
    if (!passwordMeetsRule(password)) {
      console.error(PASSWORD_RULE_MESSAGE);
      return 1;
    }
    const list = (s: unknown) => String(s ?? '').split(',').map((x) => x.trim()).filter(Boolean);
    const staff = isStaffEmail(config, email);
    const customers = staff ? [] : list(v.customers);
    const properties = staff ? [] : list(v.properties);
    const handle = await openDb(config);
    try {
      await migrate(handle.db);
      const result = await handle.db.transaction().execute(async (trx) => {
        if (await trx.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst()) return `User ${email} already exists.`;
        const known = customers.length ? await trx.selectFrom('customers').select('id').where('id', 'in', customers).execute() : [];
        const missing = customers.filter((c) => !known.some((k) => k.id === c));
        if (missing.length) return `Unknown customer ids: ${missing.join(', ')}`;
        const props = properties.length ? await trx.selectFrom('properties').select(['id', 'customer_id']).where('id', 'in', properties).execute() : [];
        const bad = properties.filter((p) => !props.some((k) => k.id === p && customers.includes(k.customer_id)));
        if (bad.length) return `Properties unknown or not of the given customers: ${bad.join(', ')}`;
        const { id } = await trx.insertInto('users').values({ email, name, password_hash: await hashPassword(password) }).returning('id').executeTakeFirstOrThrow();
        if (customers.length) await trx.insertInto('user_customers').values(customers.map((c) => ({ user_id: id, customer_id: c }))).execute();
        if (properties.length) await trx.insertInto('user_properties').values(properties.map((p) => ({ user_id: id, property_id: p }))).execute();
        await audit(trx, 'cli', 'user.create', email, { customers, properties });
        return null;
      });
      if (result) {
        console.error(result);
        return 1;
      }
      console.log(`Created ${staff ? 'administrator' : 'user'} ${email}.`);
    } finally {
      await handle.close();
    }
  },
};
