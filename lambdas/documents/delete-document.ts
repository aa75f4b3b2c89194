import { dynamo } from '../shared/platform/clients.js';
import { DeleteBody, documentMessages } from '../shared/contract/documents.js';
import { appendAudit } from '../shared/data/audit.js';
import { deleteDocument } from '../shared/data/documents.js';
import { deleteObject } from '../shared/domain/documents/objects.js';
import { notFound, ok } from '../shared/platform/http.js';
import { log } from '../shared/platform/log.js';
import { api } from '../shared/platform/middleware.js';

/**
 * POST /api/s3/deletedocument { key, propertyId } (administrators): the row first, so users stop
 * seeing the document at once; then the object (a failed object delete leaves an orphan, logged);
 * then the audit event.
 */
export const handler = api({ body: DeleteBody }, async ({ body, caller }) => {
  const { key, propertyId } = body;
  const row = await deleteDocument(dynamo(), key, propertyId);
  if (!row) throw notFound(documentMessages.noDocumentIn(propertyId));
  try {
    await deleteObject(key);
  } catch (err) {
    log.error('document row deleted but its object could not be removed (orphaned object)', { key, err });
  }
  await appendAudit(dynamo(), caller!.email, 'document.delete', key, { propertyId });
  return ok({ message: documentMessages.deleted });
});
