import { documentsBucket } from '../shared/resources/definitions.js';
import { ConfirmBody, documentMessages, tooLargeMessage } from '../shared/contract/documents.js';
import { contentTypeFor, newDocumentKey, parseUploadKey } from '../shared/domain/documents/files.js';
import { copyObject, headObject } from '../shared/domain/documents/objects.js';
import { checkUploadProperty, discardObject, recordDocument } from '../shared/domain/documents/store.js';
import { badRequest, HttpError, ok } from '../shared/platform/http.js';
import { api } from '../shared/platform/middleware.js';

/**
 * POST /api/s3/confirm-upload { key, propertyId } (administrators): checks the object a presigned
 * upload left under uploads/ (its key's shape, size and type), moves it to
 * `documents/<same uuid>/<file name>` and records it. Answers as the multipart upload does.
 * A refused upload is removed; unconfirmed ones expire by the bucket's lifecycle rule. A confirm
 * that failed midway (a service down) can be sent again: it finds the upload where it was.
 */
export const handler = api({ body: ConfirmBody }, async ({ body, caller }) => {
  const scope = caller!;
  const upload = parseUploadKey(body.key);
  if (!upload) throw badRequest(documentMessages.notUploadKey);
  await checkUploadProperty(scope, body.propertyId);

  const head = await headObject(body.key);
  if (!head) throw badRequest(documentMessages.noUpload);
  const max = documentsBucket.maxUploadBytes;
  const contentType = contentTypeFor(upload.fileName);
  if (head.size > max) {
    await discardObject(body.key);
    throw new HttpError(413, tooLargeMessage(max));
  }
  if (head.contentType.split(';')[0]!.trim().toLowerCase() !== contentType) {
    await discardObject(body.key);
    throw badRequest(documentMessages.wrongType(contentType, head.contentType));
  }

  // The upload goes only once the row holds the copy: a failed row write (recordDocument removes
  // the copy) leaves the upload in place, and the same confirm, sent again, completes it.
  const key = newDocumentKey(upload.fileName, upload.id);
  await copyObject(body.key, key, contentType);
  const reply = await recordDocument(scope, { key, propertyId: body.propertyId, fileName: upload.fileName, contentType, size: head.size });
  if (!reply) throw badRequest(documentMessages.noUpload);
  await discardObject(body.key);
  return ok(reply, 201);
});
