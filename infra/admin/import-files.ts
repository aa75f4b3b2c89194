/**
 * Issue 43: the files an import brings with it: a work order's before and after photos and its
 * signed service report (import kinds `work-order-photos` and `work-order-reports`,
 * ./import-kinds-work-orders.ts).
 *
 * - A photo is a file beside the CSV (`file`, a relative path, no `..`) that the import uploads to
 *   `work-orders/<property>/<work order>/<stage>-<hash>-<name>`, or an object already in the
 *   documents bucket (`key`, under `work-orders/<property>/`, so a row can name only its own
 *   property's photos). Either must be an image the portal takes (jpg, jpeg, png, gif, webp, heic)
 *   whose first bytes say so, of at most 10 MiB, as a service request's photo.
 * - A report is a PDF beside the CSV that the import adds to the work order's property in the
 *   documents library as `Service_Report_<work order id>.pdf`: the name by which the work order
 *   finds it (lambdas/shared/domain/work-orders/photos.ts), as an invoice finds its PDF. A provider
 *   may as well upload that file in the documents library.
 *
 * Both land under a scanned prefix (documents/, work-orders/): where the stage scans, nothing is
 * served before GuardDuty tags it clean. Keys are made from the content, so importing the same
 * files again writes nothing new. Everything is read and checked before the import's first write.
 */
import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { documentsBucket } from '../../lambdas/shared/resources/definitions.js';
import { isValidFileName } from '../../lambdas/shared/contract/documents.js';
import { requestLimits } from '../../lambdas/shared/contract/requests.js';
import type { DocumentItem } from '../../lambdas/shared/data/documents.js';
import type { PhotosRow } from '../../lambdas/shared/data/report-rows.js';
import { fileNameOf, newDocumentKey } from '../../lambdas/shared/domain/documents/files.js';
import { firstBytes, headObject } from '../../lambdas/shared/domain/documents/objects.js';
import { looksLikeImage, photoType, safePhotoName } from '../../lambdas/shared/domain/requests/photos.js';
import { keySegment, propertyPhotoPrefix, reportStem } from '../../lambdas/shared/domain/work-orders/photos.js';

/** One photo row of a CSV, before its file is read. */
export interface PhotoTarget {
  table: 'photos';
  workOrderId: string;
  propertyId: string;
  stage: 'before' | 'after';
  caption: string;
  source: { file: string } | { key: string };
}
/** One report row of a CSV, before its file is read. */
export interface ReportTarget {
  table: 'reports';
  workOrderId: string;
  propertyId: string;
  file: string;
}

/** A row naming a file, with where it was written (for the message) and the CSV it sits beside. */
export interface FileRow {
  target: PhotoTarget | ReportTarget;
  csv: string;
  line: number;
  /** 1-based column of `file` (or `key`) in the header. */
  column: number;
}

/** What a checked import writes for its files: objects first, then document rows, then photo rows. */
export interface FilePlan {
  objects: { key: string; body: Buffer; contentType: string }[];
  documents: DocumentItem[];
  photos: PhotosRow[];
}

export class FileCheckError extends Error {}

/** The largest report the import takes (as a presigned upload to the library). */
const MAX_REPORT_BYTES = documentsBucket.maxUploadBytes;

const hashOf = (body: Buffer) => createHash('sha256').update(body).digest('hex');

/** A UUID-shaped id from a hash: the same report of the same work order always gets the same key. */
const stableId = (h: string) => `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;

/** A path written in the CSV, relative to its folder and never above it. */
export function besideCsv(csv: string, file: string): string | null {
  const norm = file.replaceAll('\\', '/');
  if (!norm || path.posix.isAbsolute(norm) || /^[A-Za-z]:/.test(norm) || norm.split('/').includes('..')) return null;
  return path.resolve(path.dirname(csv), norm);
}

async function readBeside(row: FileRow, file: string, maxBytes: number): Promise<Buffer> {
  const where = `${row.csv}:${row.line}:${row.column}`;
  const full = besideCsv(row.csv, file);
  if (!full) throw new FileCheckError(`${where}: file must be a path beside the CSV file (no absolute path, no ..): "${file}"`);
  const info = await stat(full).catch(() => null);
  if (!info?.isFile()) throw new FileCheckError(`${where}: file "${file}" not found beside ${row.csv}`);
  if (info.size === 0 || info.size > maxBytes) throw new FileCheckError(`${where}: file "${file}" must be 1 byte to ${maxBytes / 1024 / 1024} MiB (it is ${info.size} bytes)`);
  return readFile(full);
}

async function photoOf(row: FileRow, t: PhotoTarget, plan: FilePlan): Promise<PhotosRow['photos'][number]> {
  const where = `${row.csv}:${row.line}:${row.column}`;
  const max = requestLimits.maxPhotoBytes;
  if ('key' in t.source) {
    const key = t.source.key;
    const prefix = propertyPhotoPrefix(t.propertyId);
    if (!key.startsWith(prefix) || key.length === prefix.length) throw new FileCheckError(`${where}: key must be an object under ${prefix} (the photos of property "${t.propertyId}")`);
    const fileName = fileNameOf(key);
    const contentType = photoType(fileName);
    if (!contentType) throw new FileCheckError(`${where}: key "${key}" is no photo: the name must end .jpg, .jpeg, .png, .gif, .webp or .heic`);
    const head = await headObject(key);
    if (!head) throw new FileCheckError(`${where}: key "${key}" is not in the documents bucket`);
    if (head.size === 0 || head.size > max) throw new FileCheckError(`${where}: key "${key}" must be 1 byte to 10 MiB (it is ${head.size} bytes)`);
    const bytes = await firstBytes(key, 16);
    if (!bytes || !looksLikeImage(contentType, bytes)) throw new FileCheckError(`${where}: key "${key}" is not the image its name says`);
    return { stage: t.stage, key, fileName, caption: t.caption };
  }
  const file = t.source.file;
  const fileName = safePhotoName(path.posix.basename(file.replaceAll('\\', '/')));
  const contentType = photoType(fileName);
  if (!contentType) throw new FileCheckError(`${where}: file "${file}" is no photo: the name must end .jpg, .jpeg, .png, .gif, .webp or .heic`);
  const body = await readBeside(row, file, max);
  if (!looksLikeImage(contentType, body.subarray(0, 16))) throw new FileCheckError(`${where}: file "${file}" is not the image its name says`);
  const key = `${propertyPhotoPrefix(t.propertyId)}${keySegment(t.workOrderId)}/${t.stage}-${hashOf(body).slice(0, 12)}-${fileName}`;
  if (!plan.objects.some((o) => o.key === key)) plan.objects.push({ key, body, contentType });
  return { stage: t.stage, key, fileName, caption: t.caption };
}

async function reportOf(row: FileRow, t: ReportTarget, plan: FilePlan, actor: string, now: string): Promise<void> {
  const where = `${row.csv}:${row.line}:${row.column}`;
  const fileName = `${reportStem(t.workOrderId)}.pdf`;
  if (!isValidFileName(fileName)) throw new FileCheckError(`${where}: work order "${t.workOrderId}" cannot name a file (${fileName}): use letters, digits, dots, underscores and hyphens`);
  if (!t.file.toLowerCase().endsWith('.pdf')) throw new FileCheckError(`${where}: file "${t.file}" must be a PDF (.pdf)`);
  const body = await readBeside(row, t.file, MAX_REPORT_BYTES);
  if (body.subarray(0, 5).toString('latin1') !== '%PDF-') throw new FileCheckError(`${where}: file "${t.file}" is not a PDF`);
  const key = newDocumentKey(fileName, stableId(hashOf(Buffer.concat([Buffer.from(`${t.propertyId}\u0000${t.workOrderId}\u0000`), body]))));
  if (plan.documents.some((d) => d.key === key)) return;
  plan.objects.push({ key, body, contentType: 'application/pdf' });
  plan.documents.push({ key, propertyId: t.propertyId, uploadedAt: now, fileName, contentType: 'application/pdf', sizeBytes: body.length, uploadedBy: actor });
}

/**
 * Reads and checks every file the rows name (in order; the first bad one throws FileCheckError
 * naming its CSV, line and column) and plans its writes. A work order's photo rows of the files
 * become its one `photo` row, in the files' order: they replace the photos an earlier import gave it.
 */
export async function planFiles(rows: readonly FileRow[], actor: string, now = new Date().toISOString()): Promise<FilePlan> {
  const plan: FilePlan = { objects: [], documents: [], photos: [] };
  const photoRows = new Map<string, PhotosRow>();
  for (const row of rows) {
    const t = row.target;
    if (t.table === 'reports') {
      await reportOf(row, t, plan, actor, now);
      continue;
    }
    const photo = await photoOf(row, t, plan);
    const k = `${t.propertyId}\u0000${t.workOrderId}`;
    const had = photoRows.get(k);
    if (had) had.photos.push(photo);
    else photoRows.set(k, { dataset: 'photo', id: t.workOrderId, propertyId: t.propertyId, photos: [photo] });
  }
  plan.photos = [...photoRows.values()];
  return plan;
}
