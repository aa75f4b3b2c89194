import { ApiError, authHeaders, handleUnauthorized } from '../../../lib/api-client';

export interface UploadDocumentInput {
  file: File;
  propertyId: string;
  /** Called with 0..100 as the bytes go out. */
  onProgress?(percent: number): void;
  signal?: AbortSignal;
}

/**
 * POST /api/s3/uploaddocument (multipart: propertyId, then file) for one property.
 * XMLHttpRequest rather than fetch, for upload progress.
 */
export function uploadDocument({ file, propertyId, onProgress, signal }: UploadDocumentInput): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/s3/uploaddocument');
    for (const [name, value] of Object.entries(authHeaders())) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && onProgress) onProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.(100);
        resolve();
        return;
      }
      let body: unknown = xhr.responseText;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        // not JSON: keep the text
      }
      if (xhr.status === 401) handleUnauthorized();
      const message = (body as { error?: string } | null)?.error ?? `Request failed with status ${xhr.status}`;
      reject(new ApiError(xhr.status, message, body));
    };
    xhr.onerror = () => reject(new ApiError(0, 'Network error', null));
    xhr.onabort = () => reject(new ApiError(0, 'Upload cancelled', null));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append('propertyId', propertyId);
    form.append('file', file, file.name);
    xhr.send(form);
  });
}
