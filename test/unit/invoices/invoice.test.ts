/**
 * An invoice as the customer opens it (issue 43, item 4): the mapping of its row, the lines of the
 * work order it bills (only that work order's, of its property), the PDF named Invoice_<number>
 * (of its own property, the newest) and the customer's owed invoices for Pay several.
 */
import type { ListedDocument } from '../../../lambdas/shared/data/documents.js';
import type { InvoiceRow, LinesRow } from '../../../lambdas/shared/data/report-rows.js';
import { invoiceDocument, invoiceView, isOwed } from '../../../lambdas/shared/domain/invoices/view.js';

const row = (id: string, over: Partial<InvoiceRow> = {}): InvoiceRow => ({
  dataset: 'invoice', id, number: `N-${id}`, propertyId: 'P1', issuedAt: '2026-03-15', dueAt: '2026-04-14', amount: 640, balance: 640, status: 'Open', ...over,
});
const doc = (key: string, propertyId = 'P1', uploadedAt = '2026-03-16T00:00:00.000Z'): ListedDocument => ({ key, propertyId, uploadedAt });
const lines: LinesRow = { dataset: 'line', id: 'WO-1', propertyId: 'P1', lines: [{ kind: 'parts', description: 'Belt', quantity: 2, unitPrice: 10.1 }, { kind: 'labour', description: 'Hours', quantity: 1.5, unitPrice: 125 }] };
const property = { name: 'Alpha One', timeZone: 'America/Chicago', customerId: 'C-A', customerName: 'Alpha' };

describe('isOwed', () => {
  it('is Open or Overdue with a balance left, as the Invoicing table offers Pay', () => {
    expect(isOwed(row('I'))).toBe(true);
    expect(isOwed(row('I', { status: 'Overdue' }))).toBe(true);
    expect(isOwed(row('I', { balance: 0 }))).toBe(false);
    expect(isOwed(row('I', { status: 'Paid', balance: 0 }))).toBe(false);
    expect(isOwed(row('I', { status: 'Void' }))).toBe(false);
  });
});

describe('invoiceDocument', () => {
  it('is the newest document of its own property naming Invoice_<number> as a whole word, any case', () => {
    const docs = [doc('documents/a/Invoice_N-I1_march.pdf', 'P1', '2026-03-20T00:00:00.000Z'), doc('documents/b/invoice_n-i1.pdf')];
    expect(invoiceDocument(row('I1'), docs)).toEqual({ key: 'documents/a/Invoice_N-I1_march.pdf', fileName: 'Invoice_N-I1_march.pdf' });
  });
  it('never takes another property\'s file, a longer number, or a file naming the number without "Invoice_"', () => {
    expect(invoiceDocument(row('I1'), [doc('documents/a/Invoice_N-I1.pdf', 'P2')])).toBeNull();
    expect(invoiceDocument(row('I1'), [doc('documents/a/Invoice_N-I10.pdf')])).toBeNull();
    expect(invoiceDocument(row('I1'), [doc('documents/a/Statement_N-I1.pdf')])).toBeNull();
  });
});

describe('invoiceView', () => {
  it('maps the row and takes the lines of the work order it bills, with their total', () => {
    const v = invoiceView({ invoice: row('I1', { workOrderId: 'WO-1', paymentUrl: 'https://pay.example.com/1' }), property, lines, documents: [], customerInvoices: [] });
    expect(v.invoice).toEqual({
      id: 'I1', number: 'N-I1', status: 'Open', propertyId: 'P1', propertyName: 'Alpha One', customerId: 'C-A', customerName: 'Alpha', timeZone: 'America/Chicago',
      issuedAt: '2026-03-15', dueAt: '2026-04-14', paidAt: null, amount: 640, balance: 640, owed: true, paymentUrl: 'https://pay.example.com/1', workOrderId: 'WO-1',
    });
    expect(v.lines.map((l) => l.total)).toEqual([20.2, 187.5]);
    expect(v.linesTotal).toBe(207.7);
    expect(v.document).toBeNull();
  });
  it('shows no lines without a work order, or with another work order\'s or property\'s lines', () => {
    expect(invoiceView({ invoice: row('I1'), property, lines, documents: [], customerInvoices: [] }).lines).toEqual([]);
    expect(invoiceView({ invoice: row('I1', { workOrderId: 'WO-2' }), property, lines, documents: [], customerInvoices: [] }).lines).toEqual([]);
    expect(invoiceView({ invoice: row('I1', { workOrderId: 'WO-1', propertyId: 'P2' }), property, lines, documents: [], customerInvoices: [] }).linesTotal).toBe(0);
  });
  it('lists the owed invoices given, oldest due first, with their Pay several template', () => {
    const given = [
      row('I1', { dueAt: '2026-05-01', paySeveralUrl: 'https://pay.example.com/p?i={numbers}' }),
      row('I2', { dueAt: '2026-04-01', status: 'Overdue', balance: 50 }),
      row('I3', { status: 'Paid', balance: 0 }),
      row('I4', { status: 'Void' }),
    ];
    const v = invoiceView({ invoice: given[0]!, property, documents: [], customerInvoices: given });
    expect(v.owed).toEqual([
      { id: 'I2', number: 'N-I2', dueAt: '2026-04-01', balance: 50, status: 'Overdue', paySeveralUrl: null },
      { id: 'I1', number: 'N-I1', dueAt: '2026-05-01', balance: 640, status: 'Open', paySeveralUrl: 'https://pay.example.com/p?i={numbers}' },
    ]);
  });
  it('a paid invoice is not owed and keeps its payment page for the record only', () => {
    const v = invoiceView({ invoice: row('I1', { status: 'Paid', balance: 0, paidAt: '2026-04-02', paymentUrl: 'https://pay.example.com/1' }), property, documents: [], customerInvoices: [] });
    expect([v.invoice.owed, v.invoice.paidAt]).toEqual([false, '2026-04-02']);
  });
});
