import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Kysely, PostgresDialect, sql, type Transaction } from 'kysely';
import pg from 'pg';
import type { Config } from '../config.js';
import { PGliteDialect } from './pglite-dialect.js';
import type { Database } from './types.js';

export type Db = Kysely<Database>;
export type Trx = Transaction<Database>;
export type DbOrTrx = Db | Trx;

export interface DbHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export class DataDirLockedError extends Error {}

/** Holds DATA_DIR/db.lock for this process: PGlite must never be opened by two processes at once. */
function lockDataDir(dir: string): () => void {
  mkdirSync(dir, { recursive: true });
  const lockFile = path.join(dir, '..', 'db.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockFile, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(lockFile, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = Number(readFileSync(lockFile, 'utf8').trim());
      let alive = false;
      if (pid && pid !== process.pid) {
        try {
          process.kill(pid, 0);
          alive = true;
        } catch (e) {
          alive = (e as NodeJS.ErrnoException).code === 'EPERM';
        }
      }
      if (alive)
        throw new DataDirLockedError(
          `The embedded database in ${dir} is in use by another portal process (pid ${pid}). ` +
            'Stop it first, or give this one another DATA_DIR.',
        );
      rmSync(lockFile, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock ${dir}`);
}

/** Opens the configured database: PostgreSQL when DATABASE_URL is set, PGlite otherwise. */
export async function openDb(
  config: Pick<Config, 'databaseUrl' | 'pgliteDir'>,
  onPoolError: (err: Error) => void = (err) => console.error(`database connection lost: ${err.message}`),
): Promise<DbHandle> {
  if (config.databaseUrl) {
    const pool = new pg.Pool({ connectionString: config.databaseUrl, max: 10 });
    // An idle connection that the server drops (restart, failover) must not crash the process:
    // the pool discards it and the next query opens a new one.
    pool.on('error', onPoolError);
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, kind: 'postgres', close: () => db.destroy() };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const memory = config.pgliteDir.startsWith('memory://');
  const unlock = memory ? () => {} : lockDataDir(config.pgliteDir);
  try {
    const pglite = new PGlite(config.pgliteDir);
    await pglite.waitReady;
    const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
    return {
      db,
      kind: 'pglite',
      close: async () => {
        await db.destroy();
        unlock();
      },
    };
  } catch (err) {
    unlock();
    throw err;
  }
}

const migrationsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Applies the numbered SQL migrations not yet applied, each in its own transaction, under a lock. */
export async function migrate(db: Db, log: (msg: string) => void = () => {}): Promise<string[]> {
  const files = (await readdir(migrationsDir)).filter((f) => /^\d{4}_[\w-]+\.sql$/.test(f)).sort();
  await sql`create table if not exists schema_migrations (
    version text primary key, applied_at timestamptz not null default now())`.execute(db);
  const applied: string[] = [];
  for (const file of files) {
    const text = await readFile(path.join(migrationsDir, file), 'utf8');
    const done = await db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(7274601)`.execute(trx);
      const seen = await sql<{ version: string }>`select version from schema_migrations where version = ${file}`.execute(trx);
      if (seen.rows.length) return false;
      await sql.raw(text).execute(trx);
      await sql`insert into schema_migrations (version) values (${file})`.execute(trx);
      return true;
    });
    if (done) {
      applied.push(file);
      log(`applied migration ${file}`);
    }
  }
  return applied;
}
