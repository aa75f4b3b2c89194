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
