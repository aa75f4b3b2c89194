import type { DbOrTrx } from '../../db/index.js';

/** Documents of the given properties, newest first. */
export function documentsOf(db: DbOrTrx, propertyIds: string[]) {
  return db
    .selectFrom('documents')
    .select(['storage_key', 'uploaded_at', 'property_id'])
    .where('property_id', 'in', propertyIds)
    .orderBy('uploaded_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
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
