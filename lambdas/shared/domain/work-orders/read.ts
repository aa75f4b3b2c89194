/**
 * Whose work order a call opens, and the reads that find it (issue 43). The scope always comes
 * from the users table, never from the client: a customer their own assignments (an `email` that
 * is not theirs: 403); an administrator those of the customer they view as (`email`; without one,
 * 403: their own view has no properties). A work order outside that scope answers as a missing one.
 *
 * Reads (docs: three calls, as the report pages' two plus one): 1. the index items of the scope's
 * properties' datasets; 2. the ids of their work orders (a projection of the id column only), which
 * says whose property holds it; 3. at once: that property's row with its work orders, notes, lines,
 * photos, invoices, quotes and assets (report-rows), and its documents (documents, by property),
 * where its signed service report is. Then, where the stage scans, one GetObjectTagging per photo
 * (S3, no table). A view-as adds the viewed user's row.
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { workOrderMessages, type WorkOrderReply } from '../../contract/work-orders.js';
import { documentsOfProperties } from '../../data/documents.js';
import { propertiesAndRows, readIndex } from '../../data/report-reads.js';
import type { AssetRow, Dataset, InvoiceRow, LinesRow, NotesRow, PhotosRow, QuoteRow, WorkOrderRow } from '../../data/report-rows.js';
import { getUserByEmail } from '../../data/users.js';
import { isStaffEmail, settings } from '../../platform/env.js';
import { badRequest, forbidden, notFound } from '../../platform/http.js';
import { assignedScope, type Scope } from '../../platform/scope.js';
import { photoViews, serviceReport } from './photos.js';
import { workOrderView } from './view.js';

const DATASETS: readonly Dataset[] = ['wo', 'note', 'line', 'photo', 'invoice', 'quote', 'asset'];

/** The refusals of a call scoped as the work orders are (../assets/ words them for equipment). */
export interface ViewMessages {
  outsideUser: string;
  staffView: string;
  noUser: (email: string) => string;
}

/**
 * The properties a call opening one record of the viewed user may read, each with its customer
 * (property id -> customer id, by the assignments, sorted by property id).
 */
export async function viewedProperties(db: DynamoDBDocumentClient, caller: Scope, email: string | undefined, m: ViewMessages): Promise<Map<string, string>> {
  const sorted = (scope: { propertyCustomers: ReadonlyMap<string, string> }) => new Map([...scope.propertyCustomers].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  if (!caller.isAdmin) {
    if (email && email !== caller.email) throw forbidden(m.outsideUser);
    return sorted(caller);
  }
  if (!email || email === caller.email) throw forbidden(m.staffView);
  if (isStaffEmail(email)) throw badRequest(m.staffView);
  const row = await getUserByEmail(db, email);
  if (!row) throw notFound(m.noUser(email));
  return sorted(assignedScope(row));
}

/** The property ids whose work orders the call may open. */
export const workOrderPropertyIds = async (db: DynamoDBDocumentClient, caller: Scope, email: string | undefined): Promise<string[]> => [
  ...(await viewedProperties(db, caller, email, workOrderMessages)).keys(),
];

/** The work order `id` of one of these properties (already the caller's scope), or 404. */
export async function readWorkOrder(db: DynamoDBDocumentClient, propertyIds: readonly string[], id: string): Promise<WorkOrderReply> {
  if (propertyIds.length === 0) throw notFound(workOrderMessages.notFound(id));
  const index = await readIndex(db, propertyIds, DATASETS);
  const ids = await propertiesAndRows(db, propertyIds, ['wo'], index, { wo: ['id'] }, []);
  const holder = (ids.rows.get('wo') ?? []).filter((w) => w.id === id).map((w) => w.propertyId).sort()[0];
  if (!holder) throw notFound(workOrderMessages.notFound(id));
  const [{ properties, rows }, documents] = await Promise.all([propertiesAndRows(db, [holder], DATASETS, index), documentsOfProperties(db, [holder])]);
  const property = properties[0];
  const of = <R>(d: Dataset) => (rows.get(d) ?? []) as unknown as R[];
  const workOrder = of<WorkOrderRow>('wo').find((w) => w.id === id);
  if (!property || !workOrder) throw notFound(workOrderMessages.notFound(id));
  const photos = await photoViews(workOrder, of<PhotosRow>('photo').find((p) => p.id === id));
  return workOrderView({
    workOrder,
    property: { name: property.name, timeZone: property.timeZone || settings.timeZone() },
    notes: of<NotesRow>('note').find((n) => n.id === id),
    lines: of<LinesRow>('line').find((n) => n.id === id),
    invoices: of<InvoiceRow>('invoice'),
    quotes: of<QuoteRow>('quote'),
    assets: of<AssetRow>('asset'),
    photos,
    report: serviceReport(workOrder, documents),
  });
}
