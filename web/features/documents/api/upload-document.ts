import { UploadUrlReply } from '../../../../lambdas/shared/contract/answers/documents';
import { api, ApiError } from '../../../lib/api-client';
import { sendingPercent } from '../upload-progress';

export { UploadUrlReply };

export interface UploadDocumentInput {
  file: File;
  propertyId: string;
  /** Called with 0..100: 0..99 as the bytes go out, 100 once the portal has recorded the document. */
  onProgress?(percent: number): void;
  signal?: AbortSignal;
}

/** POST /api/s3/upload-url { propertyId, fileName, size }: a presigned PUT for this file and property. */
export async function requestUploadUrl(input: { propertyId: string; fileName: string; size: number }, signal?: AbortSignal): Promise<UploadUrlReply> {
  return UploadUrlReply.parse(await api('/api/s3/upload-url', { method: 'POST', body: input, signal }));
}

/** POST /api/s3/confirm-upload { key, propertyId }: the uploaded object becomes the property's document. */
export async function confirmUpload(input: { key: string; propertyId: string }, signal?: AbortSignal): Promise<void> {
  await api('/api/s3/confirm-upload', { method: 'POST', body: input, signal });
}

/**
 * PUT of the file straight to storage with exactly the signed headers (no bearer token: the URL is
 * the credential). XMLHttpRequest rather than fetch, because only it reports upload progress.
 */
export function putFile(target: Pick<UploadUrlReply, 'url' | 'headers'>, file: File, onProgress?: (loaded: number, total: number) => void, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', target.url);
    for (const [name, value] of Object.entries(target.headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded, event.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) resolve();
      // Storage answers in XML: its text is no message for people.
      else reject(new ApiError(xhr.status >= 400 && xhr.status < 500 ? 502 : xhr.status, `Storage refused the upload (status ${xhr.status})`, xhr.responseText));
    };
    xhr.onerror = () => reject(new ApiError(0, 'Network error', null));
    xhr.onabort = () => reject(new ApiError(0, 'Upload cancelled', null));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(file);
  });
}

/** One property's upload: ask for a presigned URL, send the bytes to storage, then confirm. */
export async function uploadDocument({ file, propertyId, onProgress, signal }: UploadDocumentInput): Promise<void> {
  onProgress?.(0);
  const target = await requestUploadUrl({ propertyId, fileName: file.name, size: file.size }, signal);
  await putFile(target, file, (loaded, total) => onProgress?.(sendingPercent(loaded, total)), signal);
  onProgress?.(sendingPercent(1, 1));
  await confirmUpload({ key: target.key, propertyId }, signal);
  onProgress?.(100);
}
