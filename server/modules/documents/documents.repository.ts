import { sql } from 'kysely';
import type { DbOrTrx } from '../../db/index.js';

/** ISO 8601 in UTC with milliseconds, as Date.prototype.toISOString writes it. */
const isoUtc = sql<string>`to_char(uploaded_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The documents answer of spec section 3 ({ DOCUMENT_URL, UPLOADED_AT, PROPERTY_ID }, newest first),
 * serialised by the database as one JSON text: a listing of 10,000 rows then costs no per-row work here.
 */
export async function documentsJson(db: DbOrTrx, propertyIds: string[]): Promise<string> {
  const row = await db
    .selectFrom('documents')
    .select(
      sql<string>`coalesce(json_agg(json_build_object('DOCUMENT_URL', storage_key, 'UPLOADED_AT', ${isoUtc}, 'PROPERTY_ID', property_id) order by uploaded_at desc, id desc), '[]')::text`.as(
        'json',
      ),
    )
    .where('property_id', 'in', propertyIds)
    .executeTakeFirstOrThrow();
  return row.json;
}

export function documentByKey(db: DbOrTrx, key: string) {
  return db.selectFrom('documents').select(['id', 'property_id', 'storage_key', 'file_name', 'content_type']).where('storage_key', '=', key).executeTakeFirst();
}

export async function existingProperties(db: DbOrTrx, ids: string[]): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const rows = await db.selectFrom('properties').select('id').where('id', 'in', ids).execute();
  return new Set(rows.map((r) => r.id));
}

export function insertDocument(
  db: DbOrTrx,
  doc: { property_id: string; storage_key: string; file_name: string; content_type: string; size_bytes: number; uploaded_by: string },
) {
  return db.insertInto('documents').values(doc).returning(['storage_key', 'uploaded_at', 'property_id']).executeTakeFirstOrThrow();
}

export function deleteDocument(db: DbOrTrx, key: string, propertyId: string) {
  return db.deleteFrom('documents').where('storage_key', '=', key).where('property_id', '=', propertyId).returning(['id', 'file_name']).executeTakeFirst();
}

export const toDocument = (r: { storage_key: string; uploaded_at: Date | string; property_id: string }) => ({
  DOCUMENT_URL: r.storage_key,
  UPLOADED_AT: new Date(r.uploaded_at).toISOString(),
  PROPERTY_ID: r.property_id,
});
