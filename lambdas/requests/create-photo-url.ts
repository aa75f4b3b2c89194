import { documentsBucket } from '../../infra/definitions.js';
import { PhotoUrlBody, requestLimits, requestMessages, type PhotoUrlReply } from '../shared/contract/requests.js';
import { uploadForm } from '../shared/documents/objects.js';
import { badRequest, HttpError, ok } from '../shared/http.js';
import { api } from '../shared/middleware.js';
import { newPhotoUploadKey, photoType, safePhotoName } from '../shared/requests/photos.js';

/**
 * POST /api/requests/photo-url { fileName, size } (any signed-in user): a presigned POST for one
 * photo of a request being written, under uploads/requests/. The policy fixes the key, an image
 * content type (from the extension) and 1 byte to 10 MiB: S3 refuses anything else. The photo
 * belongs to nothing until a request is filed with its key; unfiled ones expire after a day.
 */
export const handler = api({ body: PhotoUrlBody }, async ({ body }) => {
  const contentType = photoType(body.fileName);
  if (!contentType) throw badRequest(requestMessages.notImage);
  if (body.size > requestLimits.maxPhotoBytes) throw new HttpError(413, requestMessages.photoTooLarge);
  const key = newPhotoUploadKey(safePhotoName(body.fileName));
  const seconds = documentsBucket.uploadLinkSeconds;
  const { url, fields } = await uploadForm(key, contentType, requestLimits.maxPhotoBytes, seconds);
  return ok({ url, key, fields, expiresAt: new Date(Date.now() + seconds * 1000).toISOString(), maxBytes: requestLimits.maxPhotoBytes } satisfies PhotoUrlReply);
});
