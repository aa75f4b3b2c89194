/**
 * Service-request photos in the documents bucket: uploaded by presigned POST under
 * `uploads/requests/<uuid>/<file name>` (the bucket's rule expires unfiled uploads after a day),
 * moved on filing to `requests/<reference>/<n>-<file name>`, where only the filing and dispatch read them.
 */
import { randomUUID } from 'node:crypto';
import { documentsBucket } from '../../../infra/definitions.js';
import { isValidFileName } from '../contract/documents.js';
import { PHOTO_TYPES } from '../contract/requests.js';

export const PHOTO_UPLOAD_PREFIX = `${documentsBucket.uploadsPrefix}requests/`;
export const PHOTO_PREFIX = 'requests/';

/** The photo's content type from its extension, or null when it is no image the portal takes. */
export function photoType(fileName: string): string | null {
  const ext = fileName.includes('.') ? fileName.split('.').pop()!.toLowerCase() : '';
  return PHOTO_TYPES[ext] ?? null;
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
