import { documentsBucket } from '../shared/resources/definitions.js';
import { documentMessages, PropertyId, tooLargeMessage } from '../shared/contract/documents.js';
import { contentTypeFor, newDocumentKey } from '../shared/domain/documents/files.js';
import { parseUploadForm } from '../shared/domain/documents/multipart.js';
import { putObject } from '../shared/domain/documents/objects.js';
import { checkUploadProperty, recordDocument } from '../shared/domain/documents/store.js';
import { badRequest, HttpError, ok } from '../shared/platform/http.js';
import { log } from '../shared/platform/log.js';
import { api } from '../shared/platform/middleware.js';

const MAX_FILE = documentsBucket.maxApiUploadBytes;
/** Room for the form's boundaries and fields around the largest file. */
const MAX_BODY = MAX_FILE + 64 * 1024;

/**
 * POST /api/s3/uploaddocument (administrators): multipart `file` and `propertyId`, in any order.
 * The key is made here (`documents/<uuid>/<file name>`), the type from the extension; the object is
 * stored first, then the row (a failed row write removes the object).
 * The body size is checked here rather than by the middleware, so that the 413 names the limit.
 */
export const handler = api({ rawBody: true, maxBodyBytes: Number.POSITIVE_INFINITY }, async ({ rawBody, headers, caller }) => {
  const scope = caller!;
  if (rawBody.length > MAX_BODY) throw new HttpError(413, tooLargeMessage(MAX_FILE));
  const form = await parseUploadForm(rawBody, headers['content-type'], MAX_FILE);
  const id = PropertyId.safeParse(form.propertyId ?? '');
  if (!id.success) throw badRequest(documentMessages.propertyRequired);
  if (!form.file) throw badRequest(documentMessages.fileRequired);
  const propertyId = id.data;
  await checkUploadProperty(scope, propertyId);

  const { fileName, data } = form.file;
  const key = newDocumentKey(fileName);
  const contentType = contentTypeFor(fileName);
  try {
    await putObject(key, data, contentType);
  } catch (err) {
    log.error('document storage refused an upload', { key, err });
    throw new HttpError(503, documentMessages.storageDown);
  }
  const reply = await recordDocument(scope, { key, propertyId, fileName, contentType, size: data.length });
  if (!reply) throw new Error(`a document row with the new key ${key} exists already`);
  return ok(reply, 201);
});
