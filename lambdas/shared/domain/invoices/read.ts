/**
 * Whose invoice a call opens, and the reads that find it (issue 43, item 4). The scope is the work
 * orders' (../work-orders/read.ts viewedProperties): a customer their own assignments, an
 * administrator viewing as those of the customer viewed (their own view: 403). An invoice outside
 * it answers as a missing one.
 *
 * Reads (three rounds, as a work order's): 1. the index items of the scope's properties' invoices
 * and lines; 2. the invoice rows of those properties, which say which one holds the invoice and
 * which of the customer's are owed; 3. at once: that property's row with its work orders' lines
 * (report-rows), its customer's name (customers) and its documents (documents, by property).
 * A view-as adds the viewed user's row.
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { invoiceMessages, type InvoiceReply } from '../../contract/invoices.js';
import { getCustomer } from '../../data/customers.js';
import { documentsOfProperties } from '../../data/documents.js';
import { propertiesAndRows, readIndex } from '../../data/report-reads.js';
import type { Dataset, InvoiceRow, LinesRow } from '../../data/report-rows.js';
import { settings } from '../../platform/env.js';
import { notFound } from '../../platform/http.js';
import type { Scope } from '../../platform/scope.js';
import { viewedProperties } from '../work-orders/read.js';
import { invoiceView } from './view.js';

const DATASETS: readonly Dataset[] = ['invoice', 'line'];

/** The invoice `id` of the viewed user's properties with its lines, PDF and the customer's owed invoices, or 404. */
export async function readInvoice(db: DynamoDBDocumentClient, caller: Scope, email: string | undefined, id: string): Promise<InvoiceReply> {
  const scope = await viewedProperties(db, caller, email, invoiceMessages);
  const propertyIds = [...scope.keys()];
  if (propertyIds.length === 0) throw notFound(invoiceMessages.notFound(id));
  const index = await readIndex(db, propertyIds, DATASETS);
  const all = ((await propertiesAndRows(db, propertyIds, ['invoice'], index, {}, [])).rows.get('invoice') ?? []) as InvoiceRow[];
  const invoice = all.filter((i) => i.id === id && scope.has(i.propertyId)).sort((a, b) => (a.propertyId < b.propertyId ? -1 : 1))[0];
  if (!invoice) throw notFound(invoiceMessages.notFound(id));
  const customerId = scope.get(invoice.propertyId)!;
  const [{ properties, rows }, customer, documents] = await Promise.all([
    propertiesAndRows(db, [invoice.propertyId], ['line'], index),
    getCustomer(db, customerId),
    documentsOfProperties(db, [invoice.propertyId]),
  ]);
  const property = properties[0];
  if (!property) throw notFound(invoiceMessages.notFound(id));
  return invoiceView({
    invoice,
    property: { name: property.name, timeZone: property.timeZone || settings.timeZone(), customerId, customerName: customer?.name ?? '' },
    lines: ((rows.get('line') ?? []) as LinesRow[]).find((l) => l.id === invoice.workOrderId),
    documents,
    customerInvoices: all.filter((i) => scope.get(i.propertyId) === customerId),
  });
}
