/**
 * The upload call's multipart/form-data body (fields `file` and `propertyId`, in any order), parsed
 * with busboy from the body the gateway delivered. The first problem in the order the parts came is
 * kept, as the old server answered it.
 */
import busboy from 'busboy';
import { documentMessages, isValidFileName, tooLargeMessage } from '../../contract/documents.js';
import { badRequest, HttpError } from '../../platform/http.js';

export interface UploadForm {
  /** Every `propertyId` value sent (more than one is refused). */
  propertyId?: string;
  file?: { fileName: string; data: Buffer };
}

const LIMITS = { files: 1, fields: 10, parts: 20, fieldSize: 64 * 1024 };

/** Parses the form; throws the HttpError the old server answered for a malformed or refused form. */
export function parseUploadForm(body: Buffer, contentType: string | undefined, maxFileBytes: number): Promise<UploadForm> {
  if (!contentType || !/^multipart\/form-data\b/i.test(contentType)) return Promise.reject(badRequest(documentMessages.notMultipart));
  return new Promise((resolve, reject) => {
    let bb: busboy.Busboy;
    try {
      bb = busboy({ headers: { 'content-type': contentType }, preservePath: true, defParamCharset: 'utf8', limits: { ...LIMITS, fileSize: maxFileBytes + 1 } });
    } catch (e) {
      reject(badRequest(`Invalid body: ${(e as Error).message}.`));
      return;
    }
    const form: UploadForm = {};
    let failure: HttpError | undefined;
    let tooLarge = false;
    const fail = (e: HttpError) => (failure ??= e);

    bb.on('field', (name, value) => {
      if (name !== 'propertyId') return;
      if (form.propertyId !== undefined) fail(badRequest(documentMessages.propertyTwice));
      form.propertyId = value;
    });
    bb.on('file', (name, stream, info) => {
      if (name !== 'file' || failure) {
        stream.resume();
        return;
      }
      const fileName = info.filename;
      if (!fileName) {
        stream.resume();
        fail(badRequest(documentMessages.fileRequired));
        return;
      }
      if (!isValidFileName(fileName)) {
        stream.resume();
        fail(badRequest(documentMessages.invalidFileName));
        return;
      }
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      // busboy signals the limit on reaching it, not passing it: hence the limit of one byte more.
      stream.on('limit', () => (tooLarge = true));
      stream.on('end', () => {
        if (!tooLarge) form.file = { fileName, data: Buffer.concat(chunks) };
      });
    });
    bb.on('filesLimit', () => fail(badRequest(documentMessages.oneFile)));
    bb.on('fieldsLimit', () => fail(badRequest(documentMessages.tooManyFields)));
    bb.on('partsLimit', () => fail(badRequest(documentMessages.tooManyFields)));
    bb.on('error', (e: Error) => reject(badRequest(`Invalid body: ${e.message}.`)));
    bb.on('close', () => {
      if (tooLarge) reject(new HttpError(413, tooLargeMessage(maxFileBytes)));
      else if (failure) reject(failure);
      else resolve(form);
    });
    bb.end(body);
  });
}
