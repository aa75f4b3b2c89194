import type { DbOrTrx } from '../db/index.js';

/** Appends an audit event; call it inside the transaction of the write it records. */
export async function audit(db: DbOrTrx, actorEmail: string, action: string, target: string, details: unknown = {}) {
  await db
    .insertInto('audit_events')
    .values({ actor_email: actorEmail, action, target, details: JSON.stringify(details) })
    .execute();
}
