/**
 * Where the stage scans uploads for malware (MALWARE_SCAN, the stage setting malwareScan), an
 * object of a scanned prefix (documents, service-request photos) is handed out only once GuardDuty
 * tagged it clean; the bucket's policy refuses the others to everyone but the scanner, presigned
 * links included (infra/storage-construct.ts). Elsewhere every object is served.
 */
import { documentsBucket } from '../../resources/definitions.js';
import { documentMessages } from '../../contract/documents.js';
import { forbidden, HttpError } from '../../platform/http.js';
import { objectTags } from './objects.js';

export type ScanState = 'clean' | 'pending' | 'infected' | 'unscannable';

/** Seconds a caller is asked to wait for a scan (GuardDuty tags most objects within a minute). */
export const SCAN_RETRY_SECONDS = 60;

const scanning = () => process.env.MALWARE_SCAN === 'true';

/** What GuardDuty said of `key`: no tag yet is pending; only NO_THREATS_FOUND is clean. */
export async function scanState(key: string): Promise<ScanState> {
  if (!scanning()) return 'clean';
  const { key: tag, clean, infected } = documentsBucket.malwareTag;
  const value = (await objectTags(key))[tag];
  if (value === undefined) return 'pending';
  return value === clean ? 'clean' : value === infected ? 'infected' : 'unscannable';
}

/**
 * Throws unless `key` may be handed out: 409 with Retry-After while it is being checked (a state
 * that passes by itself: the request conflicts with the object's current state, not with the
 * caller's rights), 403 when it is infected or could not be scanned (it never will be served).
 */
export async function assertServable(key: string): Promise<void> {
  const state = await scanState(key);
  if (state === 'pending') throw new HttpError(409, documentMessages.beingChecked, { 'retry-after': String(SCAN_RETRY_SECONDS) });
  if (state === 'infected') throw forbidden(documentMessages.infected);
  if (state === 'unscannable') throw forbidden(documentMessages.notScannable);
}
