/**
 * Service-request photos in the documents bucket: uploaded by presigned POST under
 * `uploads/requests/<uuid>/<file name>` (the bucket's rule expires unfiled uploads after a day),
 * moved on filing to `requests/<reference>/<n>-<file name>`, read through links signed for the
 * dispatch mail and for each list of requests.
 */
import { randomUUID } from 'node:crypto';
import { documentsBucket } from '../../resources/definitions.js';
import type { UploadUrlReply } from '../../contract/documents.js';
import { isValidFileName } from '../../contract/file-names.js';
import { PHOTO_TYPES, requestLimits, requestMessages } from '../../contract/requests.js';
import { contentDisposition } from '../documents/files.js';
import type { ServiceRequestItem } from '../../data/service-requests.js';
import { downloadUrl, uploadForm } from '../documents/objects.js';
import { scanState } from '../documents/scan.js';
import { checkUploadProperty } from '../documents/store.js';
import { badRequest, HttpError } from '../../platform/http.js';
import type { Scope } from '../../platform/scope.js';

export const PHOTO_UPLOAD_PREFIX = `${documentsBucket.uploadsPrefix}requests/`;
export const PHOTO_PREFIX = 'requests/';

/** The photo's content type from its extension, or null when it is no image the portal takes. */
export function photoType(fileName: string): string | null {
  const ext = fileName.includes('.') ? fileName.split('.').pop()!.toLowerCase() : '';
  return PHOTO_TYPES[ext] ?? null;
}

const ascii = (b: Uint8Array, from: number, to: number) => String.fromCharCode(...b.subarray(from, to));
const HEIC_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1']);

/**
 * Whether a file's first bytes are an image of the content type its name gave (issue 39: a text file
 * renamed .jpg was taken as a photo): JPEG's FF D8 FF, PNG's signature, GIF87a/GIF89a, RIFF…WEBP,
 * and an ISO box 'ftyp' with a HEIF brand.
 */
export function looksLikeImage(contentType: string, b: Uint8Array): boolean {
  switch (contentType) {
    case 'image/jpeg':
      return b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff;
    case 'image/png':
      return b.length >= 8 && [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((v, i) => b[i] === v);
    case 'image/gif':
      return b.length >= 6 && (ascii(b, 0, 6) === 'GIF87a' || ascii(b, 0, 6) === 'GIF89a');
    case 'image/webp':
      return b.length >= 12 && ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 12) === 'WEBP';
    case 'image/heic':
      return b.length >= 12 && ascii(b, 4, 8) === 'ftyp' && HEIC_BRANDS.has(ascii(b, 8, 12));
    default:
      return false;
  }
}

/** A camera's file name made safe for a key: letters, digits, dot, underscore and hyphen. */
export function safePhotoName(fileName: string): string {
  const cleaned = fileName.normalize('NFKD').replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^[._]+/, '').slice(-100);
  return isValidFileName(cleaned) ? cleaned : `photo.${fileName.split('.').pop()!.toLowerCase()}`;
}

export const newPhotoUploadKey = (fileName: string) => `${PHOTO_UPLOAD_PREFIX}${randomUUID()}/${fileName}`;

const UPLOAD_KEY = new RegExp(`^${PHOTO_UPLOAD_PREFIX}([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})/([^/]+)$`);

/** The file name of a key shaped as newPhotoUploadKey makes them, or null. */
export function parsePhotoUploadKey(key: string): string | null {
  const m = UPLOAD_KEY.exec(key);
  return m && isValidFileName(m[2]!) && photoType(m[2]!) ? m[2]! : null;
}

export const filedPhotoKey = (reference: string, index: number, fileName: string) => `${PHOTO_PREFIX}${reference}/${index + 1}-${fileName}`;

/**
 * A presigned POST for one photo of a request being written about `propertyId` (in the caller's
 * scope): the policy fixes the key, an image content type (from the extension) and 1 byte to
 * 10 MiB, so S3 itself refuses anything else. The photo belongs to nothing until a request is filed
 * with its key; unfiled ones expire with the bucket's other unconfirmed uploads.
 */
export async function photoUploadForm(caller: Scope, body: { propertyId: string; fileName: string; size: number }): Promise<UploadUrlReply> {
  const contentType = photoType(body.fileName);
  if (!contentType) throw badRequest(requestMessages.notImage);
  if (body.size > requestLimits.maxPhotoBytes) throw new HttpError(413, requestMessages.photoTooLarge);
  await checkUploadProperty(caller, body.propertyId);
  const key = newPhotoUploadKey(safePhotoName(body.fileName));
  const seconds = documentsBucket.uploadLinkSeconds;
  const { url, fields } = await uploadForm(key, contentType, requestLimits.maxPhotoBytes, seconds);
  return { url, key, fields, expiresAt: new Date(Date.now() + seconds * 1000).toISOString(), maxBytes: requestLimits.maxPhotoBytes };
}

/**
 * A filed request's photos that may be handed out, each with a presigned GET valid `seconds`
 * (signed locally). Where the stage scans uploads, only photos GuardDuty tagged clean (one
 * GetObjectTagging each); the others are left out until they are (lambdas/shared/domain/documents/scan.ts).
 */
export async function photoLinks(r: Pick<ServiceRequestItem, 'photos'>, seconds: number): Promise<{ fileName: string; url: string }[]> {
  const states = await Promise.all(r.photos.map((p) => scanState(p.key)));
  return Promise.all(
    r.photos.filter((_, i) => states[i] === 'clean').map(async (p) => ({
      fileName: p.fileName,
      url: await downloadUrl(p.key, { disposition: contentDisposition(p.fileName, false), contentType: photoType(p.fileName)!, expiresIn: seconds }),
    })),
  );
}
