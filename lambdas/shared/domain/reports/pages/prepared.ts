/** Work order and invoice rows with their dates parsed once, for the pages that read them. */
import type { InvoiceRow, WorkOrderRow } from '../../../data/report-rows.js';
import { toMs } from './time.js';

export interface Wo {
  r: WorkOrderRow;
  created: number | null;
  completed: number | null;
  scheduled: number | null;
}
export const prepareWo = (rows: WorkOrderRow[]): Wo[] => rows.map((r) => ({ r, created: toMs(r.createdAt), completed: toMs(r.completedAt), scheduled: toMs(r.scheduledAt) }));

export interface Inv {
  r: InvoiceRow;
  issued: number | null;
  due: number | null;
  paid: number | null;
}
export const prepareInv = (rows: InvoiceRow[]): Inv[] => rows.map((r) => ({ r, issued: toMs(r.issuedAt), due: toMs(r.dueAt), paid: toMs(r.paidAt) }));
