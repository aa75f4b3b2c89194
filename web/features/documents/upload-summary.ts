import { documentsText } from './strings';

export type UploadState = 'waiting' | 'uploading' | 'done' | 'failed';

export interface PropertyUpload {
  propertyId: string;
  name: string;
  state: UploadState;
  /** 0..100 */
  percent: number;
  error?: string;
}

/** The message after a run of uploads: null when every property succeeded, else which did and which did not. */
export function uploadFailureMessage(uploads: PropertyUpload[]): string | null {
  const failed = uploads.filter((u) => u.state === 'failed');
  if (failed.length === 0) return null;
  const done = uploads.filter((u) => u.state === 'done');
  const lines: string[] = [documentsText.uploadFailed];
  if (done.length) lines.push(documentsText.uploadedTo(done.map((u) => u.name)));
  const reasons = new Set(failed.map((u) => u.error));
  const [shared] = reasons;
  if (reasons.size === 1 && shared) {
    // One reason for all (e.g. the file is too large): said once, not after every name.
    lines.push(documentsText.failedFor(failed.map((u) => u.name)), shared);
  } else {
    lines.push(documentsText.failedFor(failed.map((u) => (u.error ? `${u.name} (${u.error})` : u.name))));
  }
  return lines.join('\n');
}
