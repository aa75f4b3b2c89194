import { sql } from 'kysely';
import type { DbOrTrx } from '../db/index.js';
import { HttpError } from './http-error.js';

export interface Limit {
  max: number;
  windowSeconds: number;
}

/** Fixed-window counters kept in the database, so every instance shares them. */
export async function hit(db: DbOrTrx, key: string, limit: Limit): Promise<number> {
  const row = await sql<{ hits: number }>`
    insert into rate_limits (key, hits, window_start) values (${key}, 1, now())
    on conflict (key) do update set
      hits = case when rate_limits.window_start < now() - make_interval(secs => ${limit.windowSeconds}) then 1 else rate_limits.hits + 1 end,
      window_start = case when rate_limits.window_start < now() - make_interval(secs => ${limit.windowSeconds}) then now() else rate_limits.window_start end
    returning hits`.execute(db);
  return row.rows[0]!.hits;
}

/** Throws 429 with Retry-After when the key has used up its window. */
export async function assertUnderLimit(db: DbOrTrx, key: string, limit: Limit): Promise<void> {
  const row = await sql<{ hits: number; retry: number }>`
    select hits, ceil(extract(epoch from (window_start + make_interval(secs => ${limit.windowSeconds}) - now())))::int as retry
    from rate_limits where key = ${key}`.execute(db);
  const r = row.rows[0];
  if (r && r.hits >= limit.max && r.retry > 0) {
    throw new HttpError(429, 'Too many attempts. Please wait a few minutes and try again.', { 'retry-after': String(r.retry) });
  }
}

export async function clearLimit(db: DbOrTrx, key: string): Promise<void> {
  await db.deleteFrom('rate_limits').where('key', '=', key).execute();
}

/** Removes windows that ended long ago; called now and then so the table stays small. */
export async function pruneLimits(db: DbOrTrx): Promise<void> {
  await sql`delete from rate_limits where window_start < now() - interval '1 day'`.execute(db);
}
