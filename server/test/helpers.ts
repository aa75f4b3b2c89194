import { randomBytes } from 'node:crypto';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { buildApp, type App } from '../app.js';
import { loadConfig, type Config } from '../config.js';
import { migrate, openDb, type DbHandle } from '../db/index.js';
import type { Database } from '../db/types.js';
import type { MailMessage, Mailer } from '../adapters/mail/mail.js';
import { hashPassword } from '../lib/passwords.js';
import { signSessionToken } from '../modules/auth/tokens.js';

export const STAFF = 'example-hvac.com';
export const STAFF2 = 'example-services.com';

/** A mailer that keeps what it sends, for tests to read. */
export function memoryMailer(): Mailer & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return { kind: 'outbox', sent, async send(m) { sent.push(m); }, async close() {} };
}

/**
 * A fresh, migrated database: PGlite in memory, or with TEST_DATABASE_URL a new database on that
 * PostgreSQL server (dropped again by close()).
 */
export async function createTestDb(): Promise<DbHandle> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const handle = await openDb({ databaseUrl: undefined, pgliteDir: 'memory://' });
    await migrate(handle.db);
    return handle;
  }
  const name = `portal_test_${randomBytes(6).toString('hex')}`;
  const adminPool = new pg.Pool({ connectionString: url, max: 1 });
  adminPool.on('error', () => {});
  const admin = new Kysely<Database>({ dialect: new PostgresDialect({ pool: adminPool }) });
  await sql`create database ${sql.id(name)}`.execute(admin);
  const u = new URL(url);
  u.pathname = `/${name}`;
  const handle = await openDb({ databaseUrl: u.toString(), pgliteDir: '' }, () => {});
  await migrate(handle.db);
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await sql`drop database if exists ${sql.id(name)} with (force)`.execute(admin);
      await admin.destroy();
    },
  };
}

export interface TestContext {
  app: App;
  db: DbHandle['db'];
  config: Config;
  mailer: ReturnType<typeof memoryMailer>;
  close(): Promise<void>;
}

/** Builds the app over a fresh test database with the given environment overrides. */
export async function createTestApp(env: Record<string, string> = {}, services: Record<string, unknown> = {}): Promise<TestContext> {
  const handle = await createTestDb();
  const config = loadConfig({ STAFF_DOMAINS: `${STAFF},${STAFF2}`, LOG_LEVEL: 'silent', DATA_DIR: '.tmp/test-data', ...env }, { inMemory: true });
  const mailer = memoryMailer();
  const app = await buildApp(config, { db: handle, mailer, serveWeb: false, logger: false, services });
  await app.ready();
  return {
    app,
    db: handle.db,
    config,
    mailer,
    close: async () => {
      await app.close();
      await handle.close();
    },
  };
}

let seq = 0;
const uid = () => `${Date.now().toString(36)}${(seq++).toString(36)}`;

/** Inserts a customer with the given number of properties. */
export async function createCustomer(db: DbHandle['db'], opts: { id?: string; name?: string; properties?: number; type?: string } = {}) {
  const id = opts.id ?? `C-${uid()}`;
  const name = opts.name ?? `customer ${id}`;
  await db.insertInto('customers').values({ id, name }).execute();
  const properties: { id: string; name: string; property_type: string }[] = [];
  for (let i = 0; i < (opts.properties ?? 2); i++) {
    const p = { id: `${id}-P${i + 1}`, name: `${name} building ${i + 1}`, property_type: opts.type ?? 'Office' };
    properties.push(p);
  }
  if (properties.length) await db.insertInto('properties').values(properties.map((p) => ({ ...p, customer_id: id }))).execute();
  return { id, name, properties };
}

export interface TestUser {
  id: number;
  email: string;
  name: string;
  password: string;
  token: string;
}

/** Inserts a user with a password and assignments, and signs a session token for them. */
export async function createUser(
  ctx: Pick<TestContext, 'db' | 'config'>,
  opts: { email?: string; name?: string; password?: string; customers?: string[]; properties?: string[]; pending?: boolean } = {},
): Promise<TestUser> {
  const email = (opts.email ?? `user-${uid()}@customer.test`).toLowerCase();
  const name = opts.name ?? email.split('@')[0]!;
  const password = opts.password ?? 'Secret123';
  const row = await ctx.db
    .insertInto('users')
    .values({ email, name, password_hash: opts.pending ? null : await hashPassword(password), must_set_password: !!opts.pending })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (opts.customers?.length)
    await ctx.db.insertInto('user_customers').values(opts.customers.map((c) => ({ user_id: row.id, customer_id: c }))).execute();
  if (opts.properties?.length)
    await ctx.db.insertInto('user_properties').values(opts.properties.map((p) => ({ user_id: row.id, property_id: p }))).execute();
  const token = await signSessionToken(ctx.config, { email, name, BUILDOPS_CUSTOMER_ID: opts.customers ?? [], userId: row.id, tv: 0 });
  return { id: row.id, email, name, password, token };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
