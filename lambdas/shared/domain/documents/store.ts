/**
 * Steps the two upload paths share (the multipart call and the confirmed presigned upload): the
 * property check, and recording a stored object as a document. The object exists before the row
 * is written; a failed row write removes the object again.
 */
import { dynamo } from '../../platform/clients.js';
import { documentMessages, type UploadReply } from '../../contract/documents.js';
import { appendAudit } from '../../data/audit.js';
import { putDocument } from '../../data/documents.js';
import { getProperties } from '../../data/properties.js';
import { forbidden, notFound } from '../../platform/http.js';
import { log } from '../../platform/log.js';
import { canSeeProperty, type Scope } from '../../platform/scope.js';
import { deleteObject } from './objects.js';

/** 403 outside the caller's scope, 404 for a property that does not exist. */
export async function checkUploadProperty(scope: Scope, propertyId: string): Promise<void> {
  if (!canSeeProperty(scope, propertyId)) throw forbidden(documentMessages.outsideProperty(propertyId));
  if ((await getProperties(dynamo(), [propertyId])).length === 0) throw notFound(documentMessages.noProperty(propertyId));
}

/** Removes an object the portal stored but will not record; a failure leaves an orphan, logged. */
export async function discardObject(key: string): Promise<void> {
  await deleteObject(key).catch((err) => log.error('could not remove an uploaded object (orphaned object)', { key, err }));
}

export interface StoredObject {
  key: string;
  propertyId: string;
  fileName: string;
  contentType: string;
  size: number;
}

/**
 * Writes the row for a stored object and its audit event: the answer of both upload calls, or null
 * when a row with this key exists already (the same upload confirmed twice at once).
 */
export async function recordDocument(scope: Scope, o: StoredObject): Promise<UploadReply | null> {
  const uploadedAt = new Date().toISOString();
  let written: boolean;
  try {
    written = await putDocument(dynamo(), {
      key: o.key,
      propertyId: o.propertyId,
      uploadedAt,
      fileName: o.fileName,
      contentType: o.contentType,
      sizeBytes: o.size,
      uploadedBy: scope.email,
    });
  } catch (err) {
    await discardObject(o.key);
    throw err;
  }
  if (!written) return null;
  await appendAudit(dynamo(), scope.email, 'document.upload', o.key, { propertyId: o.propertyId, size: o.size });
  return { message: documentMessages.uploaded, DOCUMENT_URL: o.key, UPLOADED_AT: uploadedAt, PROPERTY_ID: o.propertyId };
}
