/**
 * One document's short-lived link, shared by the documents library and a quote's Review (which
 * opens a quote's document): a shared piece, so that neither feature imports the other and the
 * documents dialog stays out of the quotes chunk.
 */
import { LinkReply as PresignedUrlReply } from '../../lambdas/shared/contract/answers/documents';
import { api } from './api-client';
import { downloadBlob } from './download-file';

export { PresignedUrlReply };

/** GET /api/s3/getpresignedurl?key=: a short-lived link to view or download one document. */
export async function getPresignedUrl(key: string): Promise<string> {
  const query = new URLSearchParams({ key });
  return PresignedUrlReply.parse(await api(`/api/s3/getpresignedurl?${query}`)).url;
}

/**
 * Opens one document in a new tab. The tab is opened before the call, so that the browser counts it
 * as the click's own window (a tab opened after an await is blocked as a popup); on a refusal it is
 * closed again and the error thrown for the caller to show.
 */
export async function openDocumentInNewTab(key: string): Promise<void> {
  const win = window.open('', '_blank');
  try {
    const url = await getPresignedUrl(key);
    if (win) {
      win.opener = null;
      win.location.href = url;
    } else {
      window.open(url, '_blank', 'noopener');
    }
  } catch (err) {
    win?.close();
    throw err;
  }
}

/**
 * Saves one document to the browser's downloads under `fileName` (the documents library's
 * Download, and a work order's service report): its presigned link, fetched, saved from a blob.
 */
export async function downloadDocument(key: string, fileName: string): Promise<void> {
  const url = await getPresignedUrl(key);
  // Not from the cache: a copy fetched without CORS headers (a View of the same link) could not be read.
  const res = await fetch(url, { cache: 'no-store' });
  if (!res.ok) throw new Error(`status ${res.status}`);
  downloadBlob(await res.blob(), fileName);
}
