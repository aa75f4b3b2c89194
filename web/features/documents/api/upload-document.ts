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

/** POST /api/s3/upload-url { propertyId, fileName, size }: a presigned POST (form fields and policy) for this file and property. */
export async function requestUploadUrl(input: { propertyId: string; fileName: string; size: number }, signal?: AbortSignal): Promise<UploadUrlReply> {
  return UploadUrlReply.parse(await api('/api/s3/upload-url', { method: 'POST', body: input, signal }));
}

/** POST /api/s3/confirm-upload { key, propertyId }: the uploaded object becomes the property's document. */
export async function confirmUpload(input: { key: string; propertyId: string }, signal?: AbortSignal): Promise<void> {
  await api('/api/s3/confirm-upload', { method: 'POST', body: input, signal });
}

/** S3's error code in its XML answer (`<Code>EntityTooLarge</Code>`), or ''. */
export function storageErrorCode(xml: string): string {
  return /<Code>([^<]+)<\/Code>/.exec(xml)?.[1] ?? '';
}

/**
 * POST of the file straight to storage as a form: the signed fields first, the file last (no
 * bearer token: the policy is the credential, and it limits size, type and key). XMLHttpRequest
 * rather than fetch, because only it reports upload progress. A file over the policy's size is
 * refused by storage itself (EntityTooLarge), answered here as the portal's 413.
 */
export function postFile(target: Pick<UploadUrlReply, 'url' | 'fields'>, file: File, onProgress?: (loaded: number, total: number) => void, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(target.fields)) form.append(name, value);
    form.append('file', file);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', target.url);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded, event.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) return resolve();
      // Storage answers in XML: its text is no message for people.
      if (storageErrorCode(xhr.responseText) === 'EntityTooLarge') return reject(new ApiError(413, 'The file is larger than storage accepts', xhr.responseText));
      reject(new ApiError(xhr.status >= 400 && xhr.status < 500 ? 502 : xhr.status, `Storage refused the upload (status ${xhr.status})`, xhr.responseText));
    };
    xhr.onerror = () => reject(new ApiError(0, 'Network error', null));
    xhr.onabort = () => reject(new ApiError(0, 'Upload cancelled', null));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

/** One property's upload: ask for a presigned URL, send the bytes to storage, then confirm. */
export async function uploadDocument({ file, propertyId, onProgress, signal }: UploadDocumentInput): Promise<void> {
  onProgress?.(0);
  const target = await requestUploadUrl({ propertyId, fileName: file.name, size: file.size }, signal);
  await postFile(target, file, (loaded, total) => onProgress?.(sendingPercent(loaded, total)), signal);
  onProgress?.(sendingPercent(1, 1));
  await confirmUpload({ key: target.key, propertyId }, signal);
  onProgress?.(100);
}
