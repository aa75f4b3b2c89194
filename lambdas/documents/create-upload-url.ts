import { documentsBucket } from '../../infra/definitions.js';
import { documentMessages, isValidFileName, tooLargeMessage, UploadUrlBody, type UploadUrlReply } from '../shared/contract/documents.js';
import { contentTypeFor, newUploadKey } from '../shared/documents/files.js';
import { uploadUrl } from '../shared/documents/objects.js';
import { checkUploadProperty } from '../shared/documents/store.js';
import { badRequest, HttpError, ok } from '../shared/http.js';
import { api } from '../shared/middleware.js';

/**
 * POST /api/s3/upload-url { propertyId, fileName, size } (administrators): a presigned PUT for a
 * file too large for the multipart call. The browser sends the file straight to S3 under
 * `uploads/<uuid>/<file name>` with the signed content type, then calls confirm-upload.
 */
export const handler = api({ body: UploadUrlBody }, async ({ body, caller }) => {
  if (!isValidFileName(body.fileName)) throw badRequest(documentMessages.invalidFileName);
  if (body.size > documentsBucket.maxUploadBytes) throw new HttpError(413, tooLargeMessage(documentsBucket.maxUploadBytes));
  await checkUploadProperty(caller!, body.propertyId);
  const key = newUploadKey(body.fileName);
  const contentType = contentTypeFor(body.fileName);
  const seconds = documentsBucket.uploadLinkSeconds;
  const url = await uploadUrl(key, contentType, seconds);
  return ok({
    url,
    key,
    headers: { 'content-type': contentType },
    expiresAt: new Date(Date.now() + seconds * 1000).toISOString(),
  } satisfies UploadUrlReply);
});
