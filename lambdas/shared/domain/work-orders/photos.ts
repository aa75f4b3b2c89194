/**
 * A work order's before and after photos and its signed service report (issue 43).
 *
 * Photos are objects of the documents bucket under `work-orders/<property>/`, which the import
 * writes or checks (infra/admin/import-files.ts); their keys live in the work order's `photo` row,
 * never in a client's request. They are scanned as documents and service-request photos are
 * (lambdas/shared/domain/documents/scan.ts): only a clean one gets a link, presigned as a service
 * request's photos are (../requests/photos.ts).
 *
 * The report follows the invoices' rule (../invoices/view.ts): the newest document of the work
 * order's own property whose file name names `Service_Report_<work order id>` as a whole word. It
 * is opened through the documents' presigned link, which checks the caller's scope again and
 * serves only a clean file: no second serving path.
 */
import { documentsBucket } from '../../resources/definitions.js';
import type { ServiceReportDocument, WorkOrderPhotoView } from '../../contract/answers/work-orders.js';
import type { ListedDocument } from '../../data/documents.js';
import type { PhotosRow, WorkOrderRow } from '../../data/report-rows.js';
import { contentDisposition, fileNameOf } from '../documents/files.js';
import { downloadUrl } from '../documents/objects.js';
import { scanState } from '../documents/scan.js';
import { namesQuote } from '../quotes/documents.js';
import { photoType } from '../requests/photos.js';

/** Seconds a photo's link lasts: long enough to look at the screen, as the request list's. */
export const PHOTO_LINK_SECONDS = 900;

/** A key segment of an id: letters, digits, dot, underscore and hyphen; anything else an underscore. */
export const keySegment = (id: string) => id.replace(/[^A-Za-z0-9._-]/g, '_');

/** Where a property's work-order photos live: a photo named by key must be under it. */
export const propertyPhotoPrefix = (propertyId: string) => `${documentsBucket.workOrderPhotosPrefix}${keySegment(propertyId)}/`;

/** The report's name stem: `Service_Report_WO-1042` (a file `Service_Report_WO-1042.pdf` or `service_report_wo-1042_signed.pdf`). */
export const reportStem = (workOrderId: string) => `Service_Report_${workOrderId}`;

/** The newest document of the work order's own property naming its report, or null; `documents` newest first. */
export function serviceReport(w: Pick<WorkOrderRow, 'id' | 'propertyId'>, documents: readonly ListedDocument[]): ServiceReportDocument | null {
  for (const d of documents) {
    if (d.propertyId !== w.propertyId) continue;
    const fileName = fileNameOf(d.key);
    if (namesQuote(fileName, reportStem(w.id))) return { key: d.key, fileName };
  }
  return null;
}

/**
 * The photos of a work order as the screen shows them, before ones first: each with its scan
 * state (one GetObjectTagging each where the stage scans) and, only when clean, a presigned GET
 * that shows it inline as the image it is. A key outside the property's prefix, or a file that is
 * no image the portal takes (a row no import of ours writes), is left out.
 */
export async function photoViews(w: Pick<WorkOrderRow, 'id' | 'propertyId'>, row: PhotosRow | undefined): Promise<WorkOrderPhotoView[]> {
  if (!row || row.id !== w.id || row.propertyId !== w.propertyId) return [];
  const prefix = propertyPhotoPrefix(w.propertyId);
  const servable = row.photos.filter((p) => p.key.startsWith(prefix) && photoType(p.fileName));
  const photos = [...servable.filter((p) => p.stage === 'before'), ...servable.filter((p) => p.stage === 'after')];
  return Promise.all(
    photos.map(async (p): Promise<WorkOrderPhotoView> => {
      const contentType = photoType(p.fileName)!;
      const base = { stage: p.stage, fileName: p.fileName, caption: p.caption ?? '' };
      const scan = await scanState(p.key);
      if (scan !== 'clean') return { ...base, scan, url: null };
      const url = await downloadUrl(p.key, { disposition: contentDisposition(p.fileName, false), contentType, expiresIn: PHOTO_LINK_SECONDS });
      return { ...base, scan, url };
    }),
  );
}
