import { documentsText } from './strings';

/** Largest file the portal takes through a presigned upload (the server answers 413 above it). */
export const MAX_UPLOAD_BYTES = 100 * 1024 * 1024;

/**
 * The bar's value while the bytes go to storage: 0..99, never 100 before the portal has confirmed
 * the upload (the file is not a document until then).
 */
export function sendingPercent(loaded: number, total: number): number {
  if (!(total > 0) || !(loaded > 0)) return 0;
  return Math.min(99, Math.floor((loaded / total) * 100));
}

/** The limit as people read it: "100 MiB". */
export function formatLimit(bytes: number): string {
  const mib = bytes / (1024 * 1024);
  if (mib >= 1) return `${Number.isInteger(mib) ? mib : mib.toFixed(1)} MiB`;
  const kib = bytes / 1024;
  return kib >= 1 ? `${Number.isInteger(kib) ? kib : kib.toFixed(1)} KiB` : `${bytes} bytes`;
}

export interface UploadErrorLike {
  status: number;
  message: string;
}

/**
 * What a failed property shows after its name. A 413 says the limit (the same for every property,
 * so the run stops); another 4xx carries the server's message; anything else stays generic.
 */
export function uploadErrorDetail(error: UploadErrorLike | null): { detail?: string; stopRun: boolean } {
  if (!error) return { stopRun: false };
  if (error.status === 413) return { detail: documentsText.tooLarge(formatLimit(MAX_UPLOAD_BYTES)), stopRun: true };
  if (error.status === 401) return { stopRun: true };
  if (error.status >= 400 && error.status < 500) return { detail: error.message, stopRun: false };
  return { stopRun: false };
}
