/** Document keys, content types and download headers: the rules every documents handler shares. */
import { randomUUID } from 'node:crypto';
import { documentsBucket } from '../../resources/definitions.js';
import { isValidFileName } from '../../contract/file-names.js';

/** HTML, SVG, XML and anything unknown are never served inline. */
const INLINE_TYPES = new Set(['application/pdf', 'image/png', 'image/jpeg', 'image/gif', 'image/webp', 'text/plain', 'text/csv']);

export const isSafeInline = (contentType: string) => INLINE_TYPES.has(contentType.toLowerCase());

const TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  txt: 'text/plain',
  csv: 'text/csv',
  html: 'text/html',
  htm: 'text/html',
  svg: 'image/svg+xml',
  xml: 'application/xml',
  json: 'application/json',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  zip: 'application/zip',
  dwg: 'image/vnd.dwg',
};

/** The content type the portal records and serves, from the file name's extension (never the client's claim). */
export function contentTypeFor(fileName: string): string {
  const ext = fileName.includes('.') ? fileName.split('.').pop()!.toLowerCase() : '';
  return TYPES[ext] ?? 'application/octet-stream';
}

/** Content-Disposition with an ASCII fallback and the RFC 5987 form of the name. */
export function contentDisposition(fileName: string, attachment: boolean): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `${attachment ? 'attachment' : 'inline'}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** How a link serves a document: unsafe types always download, as octet-stream. */
export function linkHeaders(fileName: string, contentType: string, download: boolean) {
  const safe = isSafeInline(contentType);
  // Browsers save text/csv even when told inline, which left View's tab blank: viewed, a CSV is
  // shown as the text it is; downloaded, it keeps its type.
  const shownAs = !download && contentType.toLowerCase() === 'text/csv' ? 'text/plain; charset=utf-8' : contentType;
  return {
    disposition: contentDisposition(fileName, download || !safe),
    contentType: safe ? shownAs : 'application/octet-stream',
  };
}

/** `documents/<uuid>/<file name>`: a new key for every upload, so the same name twice keeps both. */
export const newDocumentKey = (fileName: string, id: string = randomUUID()) => `${documentsBucket.documentsPrefix}${id}/${fileName}`;

/** `uploads/<uuid>/<file name>`: where a presigned upload lands until it is confirmed. */
export const newUploadKey = (fileName: string) => `${documentsBucket.uploadsPrefix}${randomUUID()}/${fileName}`;

const UPLOAD_KEY = new RegExp(`^${documentsBucket.uploadsPrefix}([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})/([^/]+)$`);

/** The parts of a key shaped as `newUploadKey` makes them, or null. */
export function parseUploadKey(key: string): { id: string; fileName: string } | null {
  const m = UPLOAD_KEY.exec(key);
  if (!m || !isValidFileName(m[2]!)) return null;
  return { id: m[1]!, fileName: m[2]! };
}

/** The file name a document key ends with. */
export const fileNameOf = (key: string) => key.slice(key.lastIndexOf('/') + 1);
