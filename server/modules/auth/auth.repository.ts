import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { sql } from 'kysely';
import type { DbOrTrx } from '../../db/index.js';

export const CODE_TTL_SECONDS = { reset: 15 * 60, registration: 7 * 86400 } as const;
export const MAX_CODE_ATTEMPTS = 5;
export type CodePurpose = keyof typeof CODE_TTL_SECONDS;

export function findUserByEmail(db: DbOrTrx, email: string) {
  return db.selectFrom('users').selectAll().where('email', '=', email.trim().toLowerCase()).executeTakeFirst();
}

export async function customerIdsOf(db: DbOrTrx, userId: number): Promise<string[]> {
  const rows = await db.selectFrom('user_customers').select('customer_id').where('user_id', '=', userId).orderBy('customer_id').execute();
  return rows.map((r) => r.customer_id);
}

const hashCode = (secret: string, code: string) => createHmac('sha256', secret).update(code.trim()).digest('hex');

/** A random 8-digit reset code. */
export const newResetCode = () => String(randomInt(0, 100_000_000)).padStart(8, '0');

/** Stores a one-time code (as a keyed hash only) and voids the user's older codes of that purpose. */
export async function issueCode(db: DbOrTrx, secret: string, userId: number, purpose: CodePurpose, code: string) {
  await db
    .updateTable('one_time_codes')
    .set({ used_at: sql<Date>`now()` })
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .execute();
  await db
    .insertInto('one_time_codes')
    .values({
      user_id: userId,
      purpose,
      code_hash: hashCode(secret, code),
      expires_at: sql<Date>`now() + make_interval(secs => ${CODE_TTL_SECONDS[purpose]})`,
    })
    .execute();
}

/**
 * Checks a code against the user's live code of that purpose and uses it up when it matches.
 * A wrong try counts; the fifth wrong try voids the code.
 */
export async function consumeCode(db: DbOrTrx, secret: string, userId: number, purpose: CodePurpose, code: string): Promise<boolean> {
  const live = await db
    .selectFrom('one_time_codes')
    .select(['id', 'code_hash', 'attempts'])
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .orderBy('id', 'desc')
    .forUpdate()
    .executeTakeFirst();
  if (!live) return false;
  const given = Buffer.from(hashCode(secret, code), 'hex');
  const stored = Buffer.from(live.code_hash, 'hex');
  if (given.length === stored.length && timingSafeEqual(given, stored)) {
    await db.updateTable('one_time_codes').set({ used_at: sql<Date>`now()` }).where('id', '=', live.id).execute();
    return true;
  }
  const attempts = live.attempts + 1;
  await db
    .updateTable('one_time_codes')
    .set({ attempts, ...(attempts >= MAX_CODE_ATTEMPTS ? { used_at: sql<Date>`now()` } : {}) })
    .where('id', '=', live.id)
    .execute();
  return false;
}

/** Sets a new password and moves the token version on, so every older token stops working. */
export async function setPassword(db: DbOrTrx, userId: number, passwordHash: string) {
  await db
    .updateTable('users')
    .set((eb) => ({
      password_hash: passwordHash,
      must_set_password: false,
      token_version: eb('token_version', '+', 1),
      updated_at: new Date(),
    }))
    .where('id', '=', userId)
    .execute();
}
