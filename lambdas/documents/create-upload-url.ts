import { documentsBucket } from '../shared/resources/definitions.js';
import { documentMessages, isValidFileName, tooLargeMessage, UploadUrlBody, type UploadUrlReply } from '../shared/contract/documents.js';
import { contentTypeFor, newUploadKey } from '../shared/domain/documents/files.js';
import { uploadForm } from '../shared/domain/documents/objects.js';
import { checkUploadProperty } from '../shared/domain/documents/store.js';
import { badRequest, forbidden, HttpError, ok } from '../shared/platform/http.js';
import { api } from '../shared/platform/middleware.js';
import { photoUploadForm } from '../shared/domain/requests/photos.js';

/**
 * POST /api/s3/upload-url { propertyId, fileName, size } (administrators): a presigned POST for a
 * file too large for the multipart call. The browser sends the file straight to S3 under
 * `uploads/<uuid>/<file name>` as a form with the given fields, then calls confirm-upload. The
 * policy limits the size (1 byte to the portal's largest file) and the type: S3 refuses anything
 * else (400 EntityTooLarge, 403 AccessDenied), whatever size the browser announced here.
 * With `purpose: 'request-photo'` (any signed-in user, a property in their scope): a photo for a
 * service request, under uploads/requests/ (lambdas/shared/domain/requests/photos.ts).
 */
export const handler = api({ body: UploadUrlBody }, async ({ body, caller }) => {
  if (body.purpose === 'request-photo') return ok(await photoUploadForm(caller!, body));
  if (!caller!.isAdmin) throw forbidden('Only administrators may upload documents.');
  if (!isValidFileName(body.fileName)) throw badRequest(documentMessages.invalidFileName);
  if (body.size > documentsBucket.maxUploadBytes) throw new HttpError(413, tooLargeMessage(documentsBucket.maxUploadBytes));
  await checkUploadProperty(caller!, body.propertyId);
  const key = newUploadKey(body.fileName);
  const contentType = contentTypeFor(body.fileName);
  const seconds = documentsBucket.uploadLinkSeconds;
  const maxBytes = documentsBucket.maxUploadBytes;
  const { url, fields } = await uploadForm(key, contentType, maxBytes, seconds);
  return ok({
    url,
    key,
    fields,
    expiresAt: new Date(Date.now() + seconds * 1000).toISOString(),
    maxBytes,
  } satisfies UploadUrlReply);
});
