/** The rows of the report-rows table's datasets, as pages, imports and handlers read them (stored as ./items.ts says). */
export interface WorkOrderRow {
  dataset: 'wo';
  id: string;
  propertyId: string;
  kind: 'service' | 'maintenance' | 'capital';
  status: 'Open' | 'In Progress' | 'On Hold' | 'Completed' | 'Cancelled';
  priority: 'Low' | 'Medium' | 'High' | 'Emergency';
  createdAt: string;
  scheduledAt?: string;
  completedAt?: string;
  description: string;
  technician: string;
  amount: number;
  /** The arrival window promised for the visit (ISO instants, both or neither, end after start): import columns window_start, window_end. */
  windowStart?: string;
  windowEnd?: string;
  /** The equipment worked on: an asset row of the same property (import column asset_id, issue 43). */
  assetId?: string;
  /** The service request the work order answers (import column request_id, issue 43). */
  requestId?: string;
}
export interface QuoteRow {
  dataset: 'quote';
  id: string;
  propertyId: string;
  title: string;
  status: 'Draft' | 'Sent' | 'Approved' | 'Declined' | 'Expired';
  amount: number;
  createdAt: string;
  expiresAt?: string;
  decidedAt?: string;
  /** Who decided it in the portal (the signature typed, or the account's name), issue 30. */
  decidedBy?: string;
  /** 'portal': the status and decidedAt are a customer's decision in the portal, which imports keep while the source still says Sent. */
  decidedIn?: 'portal';
  /** The work order the quote was made for (import column work_order_id, issue 43). */
  workOrderId?: string;
}
export interface InvoiceRow {
  dataset: 'invoice';
  id: string;
  number: string;
  propertyId: string;
  workOrderId?: string;
  issuedAt: string;
  dueAt: string;
  paidAt?: string;
  amount: number;
  balance: number;
  status: 'Open' | 'Paid' | 'Overdue' | 'Void';
  /** The provider's own payment page for this invoice (its processor's; https). No card data passes through the portal. */
  paymentUrl?: string;
  /**
   * The provider's page paying several invoices at once (import column pay_several_url, issue 43):
   * an https address with `{numbers}` where the chosen invoices' numbers go, comma-separated.
   */
  paySeveralUrl?: string;
}
export interface AssetRow {
  dataset: 'asset';
  id: string;
  propertyId: string;
  name: string;
  assetType: string;
  make: string;
  model: string;
  serial: string;
  installedOn?: string;
  condition: 'Good' | 'Fair' | 'Poor' | 'Critical';
}
/** One technician's note on a work order (issue 43). */
export interface WorkOrderNote {
  at: string;
  author: string;
  text: string;
}
/** One parts or labour line of a work order (issue 43). */
export interface WorkOrderLine {
  kind: 'parts' | 'labour';
  description: string;
  quantity: number;
  unitPrice: number;
}
/**
 * A work order's notes (dataset `note`) or its parts and labour lines (dataset `line`): one row per
 * work order, its id the work order's, in the work order's partition (import kinds work-order-notes
 * and work-order-lines; a file's rows of a work order replace that work order's notes or lines).
 */
export interface NotesRow {
  dataset: 'note';
  id: string;
  propertyId: string;
  notes: WorkOrderNote[];
}
export interface LinesRow {
  dataset: 'line';
  id: string;
  propertyId: string;
  lines: WorkOrderLine[];
}
/** One before or after photo of a work order (issue 43): an object under `work-orders/` of the documents bucket. */
export interface WorkOrderPhoto {
  stage: 'before' | 'after';
  /** Its key in the documents bucket (`work-orders/<property>/...`), made or checked by the import; never a client's. */
  key: string;
  fileName: string;
  /** What the photo shows, as the provider wrote it (the image's alt text; empty: the screen words one). */
  caption: string;
}
/** A work order's photos (dataset `photo`): one row per work order, as notes and lines (import kind work-order-photos). */
export interface PhotosRow {
  dataset: 'photo';
  id: string;
  propertyId: string;
  photos: WorkOrderPhoto[];
}
/**
 * One line of a quote (issue 43, item 3): a work order's line model (description, quantity, unit
 * price) without its parts/labour kind, and either `optional` (the customer may tick it) or in one
 * `option` (a Good/Better/Best group label, of which the customer chooses one), or neither (always in).
 */
export interface QuoteLine extends Omit<WorkOrderLine, 'kind'> {
  optional?: true;
  option?: string;
}
/**
 * A quote's lines (dataset `qline`, import kind quote-lines): one row per quote, its id the quote's,
 * in the quote's partition; a file's rows of a quote replace that quote's lines. Their ids are their
 * places in `lines`: L1, L2, ...
 */
export interface QuoteLinesRow {
  dataset: 'qline';
  id: string;
  propertyId: string;
  lines: QuoteLine[];
}
export type ReportRow = WorkOrderRow | QuoteRow | InvoiceRow | AssetRow | NotesRow | LinesRow | PhotosRow | QuoteLinesRow;
export type Dataset = ReportRow['dataset'];
export type RowOf<D extends Dataset> = Extract<ReportRow, { dataset: D }>;

/** A stored item of the table (packed, or one row written before packing). */
export type ReportRowsItem = Record<string, unknown> & { propertyId: string; sk: string; rev?: number };
