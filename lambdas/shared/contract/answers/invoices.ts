/**
 * An invoice's answer (issue 43, item 4, beyond the spec), in zod/mini: GET /api/invoices/{invoiceId}.
 * Imported by ../invoices.ts (handler) and by the web app's API file. No Node imports here: Vite bundles it.
 */
import * as z from 'zod/mini';
import { WorkOrderLineView } from './work-orders.js';

export const INVOICE_STATUSES = ['Open', 'Paid', 'Overdue', 'Void'] as const;

export const InvoiceDetail = /* @__PURE__ */ (() => z.object({
  id: z.string(),
  number: z.string(),
  status: z.enum(INVOICE_STATUSES),
  propertyId: z.string(),
  propertyName: z.string(),
  customerId: z.string(),
  customerName: z.string(),
  /** The property's IANA time zone (its own, else the provider's). */
  timeZone: z.string(),
  issuedAt: z.string(),
  dueAt: z.string(),
  paidAt: z.nullable(z.string()),
  amount: z.number(),
  balance: z.number(),
  /** Something is owed on it: Open or Overdue with a balance above zero. */
  owed: z.boolean(),
  /** The provider's payment page (https), where the import gave one; the screen offers Pay only while owed. */
  paymentUrl: z.nullable(z.string()),
  /** The work order it bills, where the provider linked one. */
  workOrderId: z.nullable(z.string()),
}))();
export type InvoiceDetail = z.infer<typeof InvoiceDetail>;

/** The provider's PDF of the invoice: a document of its property whose file name names `Invoice_<number>`, opened through the documents' presigned link. */
export const InvoiceDocument = /* @__PURE__ */ (() => z.object({ key: z.string(), fileName: z.string() }))();
export type InvoiceDocument = z.infer<typeof InvoiceDocument>;

/** An owed invoice of the same customer in the viewed user's scope (Pay several). */
export const OwedInvoice = /* @__PURE__ */ (() => z.object({
  id: z.string(),
  number: z.string(),
  dueAt: z.string(),
  balance: z.number(),
  status: z.enum(INVOICE_STATUSES),
  /** The provider's page paying several invoices at once: an https template with `{numbers}` (import column pay_several_url). */
  paySeveralUrl: z.nullable(z.string()),
}))();
export type OwedInvoice = z.infer<typeof OwedInvoice>;

export const InvoiceReply = /* @__PURE__ */ (() => z.object({
  invoice: InvoiceDetail,
  /** The parts and labour lines of the work order it bills (none without one). */
  lines: z.array(WorkOrderLineView),
  linesTotal: z.number(),
  document: z.nullable(InvoiceDocument),
  /** The customer's owed invoices in scope, this one among them when owed, oldest due first. */
  owed: z.array(OwedInvoice),
}))();
export type InvoiceReply = z.infer<typeof InvoiceReply>;
