/**
 * The documents calls (spec section 7, /api/s3/*, plus presigned uploads): requests, answers and the
 * messages the portal answers with, one definition for the handlers and the web app. The answers the
 * web app parses (Document, DocumentsReply, LinkReply, UploadUrlReply) live in ./answers/documents.ts,
 * in zod/mini, and are re-exported here; the requests, the other answers and the messages are here.
 */
import { idString } from '../platform/zod.js';
import * as z from '../platform/zod-parts.js';
import { Document } from './answers/documents.js';

export { Document, DocumentsReply, LinkReply, UploadUrlReply, type DocumentRecord } from './answers/documents.js';

/** A storage key is made by the server; this guards every key a client sends back. */
export function isSafeKey(key: string): boolean {
  // S3 keys are at most 1024 bytes of UTF-8 (and DynamoDB key values 2048): count bytes, not characters.
  if (!key || new TextEncoder().encode(key).length > 1024 || key.startsWith('/') || key.includes('\\') || key.includes('\0')) return false;
  return key.split('/').every((seg) => seg !== '' && seg !== '.' && seg !== '..');
}

/** The spec's file-name rule (section 5): letters, digits, dot, underscore and hyphen. */
export { FILE_NAME_RULE, isValidFileName } from './file-names.js';

export const documentMessages = {
  invalidFileName: [
    'The file name contains invalid characters (including spaces or special symbols).',
    'Please rename the file using only letters, numbers, dots (.), underscores (_) and hyphens (-), then upload it again.',
    'Example: my_file-name.png',
  ].join('\n'),
  fileRequired: 'Please select a file',
  deleted: 'Document deleted successfully.',
  uploaded: 'File uploaded successfully.',
  storageDown: 'The document storage is not available right now. Please try again later.',
  notMultipart: 'Invalid body: send multipart/form-data with the fields propertyId and file.',
  propertyRequired: 'Invalid body.propertyId: is required.',
  propertyTwice: 'Invalid body.propertyId: send it once.',
  oneFile: 'Invalid body.file: send one file per upload.',
  tooManyFields: 'Invalid body: too many form fields.',
  noDocument: 'No document with that key.',
  noDocumentIn: (propertyId: string) => `No document with that key in property ${propertyId}.`,
  noProperty: (ids: string) => `No property with the id ${ids}.`,
  outsideProperty: (ids: string) => `You do not have access to property ${ids}.`,
  outsideDocument: 'You do not have access to this document.',
  /** Beyond the spec: a document GuardDuty found malware in (stages that scan). */
  infected: 'This document failed a malware scan and cannot be opened.',
  /** Beyond the spec: a document not scanned yet (stages that scan); answered 409 with Retry-After. */
  beingChecked: 'This document is being checked for malware. Please try again in a minute.',
  /** Beyond the spec: a document GuardDuty could not scan (unsupported, access denied, failed): never served. */
  notScannable: 'This document could not be checked for malware and cannot be opened. Please ask your service provider.',
  notUploadKey: 'Invalid body.key: must be a key answered by /api/s3/upload-url.',
  noUpload: 'Invalid body.key: no such upload (it was never sent, was already confirmed or has expired). Ask for a new upload URL.',
  wrongType: (expected: string, got: string) => `Invalid upload: the file was sent as ${got || 'no content type'}; send it with Content-Type ${expected}.`,
} as const;

/** "The file is too large. The largest file you can upload is 4 MiB." */
export const tooLargeMessage = (maxBytes: number) => {
  const mib = maxBytes / (1024 * 1024);
  const kib = maxBytes / 1024;
  const size = mib >= 1 ? `${Number.isInteger(mib) ? mib : mib.toFixed(1)} MiB` : kib >= 1 ? `${Number.isInteger(kib) ? kib : kib.toFixed(1)} KiB` : `${maxBytes} bytes`;
  return `The file is too large. The largest file you can upload is ${size}.`;
};

/** A document key as the client sends it back: never absolute, never with `..` segments. */
export const Key = /* @__PURE__ */ (() => z
  .string()
  .check(z.trim(), z.minLength(1, 'is required'), z.maxLength(1024), z.refine(isSafeKey, 'must be a document key (no absolute path, no empty, "." or ".." segments)')))();
export const PropertyId = /* @__PURE__ */ (() => idString(200, 'is required'))();

/** GET /api/s3/getdocumentsbyproperty?propertyId=a,b */
export const DocumentsQuery = /* @__PURE__ */ (() => z.object({
  propertyId: z.pipe(
    z.pipe(
      z.string({ error: 'must name at least one property id' }).check(z.maxLength(100_000)),
      z.transform((s) => [...new Set(s.split(',').map((x) => x.trim()).filter(Boolean))]),
    ),
    z.array(z.string()).check(
      z.refine((ids) => ids.length > 0, 'must name at least one property id'),
      z.refine((ids) => ids.length <= 1000, 'may name at most 1000 property ids'),
      z.refine((ids) => ids.every((id) => id.length <= 200), 'has an id longer than 200 characters'),
    ),
  ),
}))();

/** GET /api/s3/getpresignedurl?key=...[&download=1] */
export const LinkQuery = /* @__PURE__ */ (() => z.object({
  key: Key,
  /** 1: a link that always downloads (Content-Disposition: attachment). */
  download: z.optional(z.enum(['0', '1', 'true', 'false'])),
}))();

/** POST /api/s3/deletedocument */
export const DeleteBody = /* @__PURE__ */ (() => z.object({ key: Key, propertyId: PropertyId }))();
export const MessageReply = /* @__PURE__ */ (() => z.object({ message: z.string() }))();

/** POST /api/s3/uploaddocument (multipart) and POST /api/s3/confirm-upload answer 201 with this. */
export const UploadReply = /* @__PURE__ */ (() => z.object({ ...Document.shape, message: z.string() }))();

/** POST /api/s3/upload-url: a presigned PUT for one file of one property. */
export const UploadUrlBody = /* @__PURE__ */ (() => z.object({
  propertyId: PropertyId,
  /** Checked against the file-name rule as sent. */
  fileName: z.string().check(z.minLength(1, 'is required'), z.maxLength(1024)),
  size: z.int().check(z.gte(0)),
  /** The browser's idea of the type; ignored: the type comes from the extension. */
  contentType: z.optional(z.string().check(z.maxLength(255))),
  /** A document (the default; administrators), or a service request's photo (issue 20). */
  purpose: z.optional(z.enum(['document', 'request-photo'])),
}))();

/** POST /api/s3/confirm-upload: the upload's key and the property it belongs to. */
export const ConfirmBody = /* @__PURE__ */ (() => z.object({ key: Key, propertyId: PropertyId }))();

export type UploadReply = z.infer<typeof UploadReply>;
