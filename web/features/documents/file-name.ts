import { writtenTime } from '../../components/text/dates';

/** The displayed name of a document: the last path segment of its storage key (spec section 3). */
export function documentFileName(documentUrl: string): string {
  const parts = documentUrl.split('/').filter(Boolean);
  return parts.length ? parts[parts.length - 1] : documentUrl;
}

/** Spec section 5: a file name may hold only letters, digits, dot, underscore and hyphen. */
export function isValidFileName(name: string): boolean {
  return /^[A-Za-z0-9._-]+$/.test(name);
}

/** The date shown after 'Uploaded:' as every screen writes a time (the browser's zone); the input is what the API sends (an ISO string). */
export const formatUploadedAt = (value: string): string => writtenTime(value);

/**
 * The name a download is saved under: the file's own, or, when another document listed has the same
 * name (the same file in two properties), the property's name before it ('Northwind_Tower-List.csv'),
 * so the second does not overwrite or shadow the first (issue 39).
 */
export function downloadName(doc: { DOCUMENT_URL: string; PROPERTY_ID: string }, listed: readonly { DOCUMENT_URL: string; PROPERTY_ID: string }[], propertyName: string): string {
  const name = documentFileName(doc.DOCUMENT_URL);
  const clash = listed.some((d) => d.DOCUMENT_URL !== doc.DOCUMENT_URL && d.PROPERTY_ID !== doc.PROPERTY_ID && documentFileName(d.DOCUMENT_URL) === name);
  if (!clash) return name;
  const prefix = propertyName.normalize('NFD').replace(/\p{M}/gu, '').replace(/[^A-Za-z0-9]+/g, '_').replace(/^_+|_+$/g, '');
  return prefix ? `${prefix}-${name}` : name;
}
