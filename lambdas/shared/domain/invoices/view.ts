/**
 * An invoice as the customer opens it (issue 43, item 4): its facts, the parts and labour lines of
 * the work order it bills, the provider's PDF (a document of its property named `Invoice_<number>`)
 * and the customer's owed invoices for Pay several. Pure: ./read.ts reads the rows.
 */
import type { InvoiceDocument, InvoiceReply, OwedInvoice } from '../../contract/answers/invoices.js';
import type { ListedDocument } from '../../data/documents.js';
import type { InvoiceRow, LinesRow } from '../../data/report-rows.js';
import { fileNameOf } from '../documents/files.js';
import { namesQuote } from '../quotes/documents.js';
import { linesOf } from '../work-orders/view.js';

/** Open or Overdue with something left to pay (the Invoicing table's Pay rule). */
export const isOwed = (i: Pick<InvoiceRow, 'status' | 'balance'>) => (i.status === 'Open' || i.status === 'Overdue') && i.balance > 0;

/**
 * The newest document of the invoice's own property whose file name holds `Invoice_<number>` as a
 * whole word (any case: 'Invoice_10041.pdf', 'invoice_10041_march.pdf'), or null; `documents`
 * newest first. A document of another property never counts. As a quote's document, it is opened
 * through the documents' presigned link, which checks the scope again and serves only a clean file.
 */
export function invoiceDocument(invoice: Pick<InvoiceRow, 'number' | 'propertyId'>, documents: readonly ListedDocument[]): InvoiceDocument | null {
  for (const d of documents) {
    if (d.propertyId !== invoice.propertyId) continue;
    const fileName = fileNameOf(d.key);
    if (namesQuote(fileName, `Invoice_${invoice.number}`)) return { key: d.key, fileName };
  }
  return null;
}

export interface InvoiceRows {
  invoice: InvoiceRow;
  property: { name: string; timeZone: string; customerId: string; customerName: string };
  /** The lines of the work order it bills. */
  lines?: LinesRow;
  documents: readonly ListedDocument[];
  /** The invoices of the viewed user's properties of the same customer (any status). */
  customerInvoices: readonly InvoiceRow[];
}

export function invoiceView({ invoice: i, property, lines, documents, customerInvoices }: InvoiceRows): InvoiceReply {
  const owed = customerInvoices
    .filter(isOwed)
    .sort((a, b) => a.dueAt.localeCompare(b.dueAt) || a.number.localeCompare(b.number))
    .map((o): OwedInvoice => ({ id: o.id, number: o.number, dueAt: o.dueAt, balance: o.balance, status: o.status, paySeveralUrl: o.paySeveralUrl ?? null }));
  return {
    invoice: {
      id: i.id,
      number: i.number,
      status: i.status,
      propertyId: i.propertyId,
      propertyName: property.name,
      customerId: property.customerId,
      customerName: property.customerName,
      timeZone: property.timeZone,
      issuedAt: i.issuedAt,
      dueAt: i.dueAt,
      paidAt: i.paidAt ?? null,
      amount: i.amount,
      balance: i.balance,
      owed: isOwed(i),
      paymentUrl: i.paymentUrl ?? null,
      workOrderId: i.workOrderId ?? null,
    },
    ...linesOf(i.workOrderId && lines?.id === i.workOrderId && lines.propertyId === i.propertyId ? lines : undefined),
    document: invoiceDocument(i, documents),
    owed,
  };
}
