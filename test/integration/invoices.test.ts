/**
 * An invoice through the local stack over HTTP (issue 43, item 4): a customer opens their invoice
 * with the lines of the work order it bills, its PDF (a document of its property named
 * Invoice_<number>), its payment page and their owed invoices for Pay several; another customer's
 * invoice answers exactly as a missing one (404); an administrator viewing as a customer gets that
 * customer's answer and has no invoices of their own. The AWS calls are recorded for the IAM check.
 */
import { jest } from '@jest/globals';
import { putDocument } from '../../lambdas/shared/data/documents.js';
import { putReportRows, type InvoiceRow } from '../../lambdas/shared/data/report-rows.js';
import { createTestUser, putCustomer, putProperty, request, signIn, startTestStack, type TestStack } from '../support/local-stack.js';

jest.setTimeout(120_000);

const PASSWORD = 'Passw0rd1';
const ADMIN = 'invoice-admin@staff.test';
const USER_A = 'a@tenant-a.test';
const USER_B = 'b@tenant-b.test';
const SEVERAL = 'https://pay.example.com/pay?invoices={numbers}';

let t: TestStack;
const tokens: Record<'admin' | 'a' | 'b', string> = { admin: '', a: '', b: '' };

const invoice = (id: string, propertyId: string, over: Partial<InvoiceRow> = {}): InvoiceRow => ({
  dataset: 'invoice', id, number: `N-${id}`, propertyId, issuedAt: '2026-03-15', dueAt: '2026-04-14', amount: 640, balance: 640, status: 'Open',
  paymentUrl: `https://pay.example.com/i/N-${id}`, paySeveralUrl: SEVERAL, ...over,
});
const get = (token: string, id: string, email?: string) => request('GET', `/api/invoices/${id}${email ? `?email=${encodeURIComponent(email)}` : ''}`, { token });

beforeAll(async () => {
  t = await startTestStack();
  await putCustomer({ id: 'C-A', name: 'alpha' });
  await putCustomer({ id: 'C-B', name: 'beta' });
  await putProperty({ id: 'P-A1', customerId: 'C-A', name: 'Alpha One', propertyType: 'Office', timeZone: 'America/Chicago' });
  await putProperty({ id: 'P-A2', customerId: 'C-A', name: 'Alpha Two', propertyType: 'Office' });
  await putProperty({ id: 'P-B1', customerId: 'C-B', name: 'Beta One', propertyType: 'Office' });
  await putReportRows(t.db, [
    { dataset: 'wo', id: 'WO-A1', propertyId: 'P-A1', kind: 'service', status: 'Completed', priority: 'High', createdAt: '2026-03-10T09:00:00.000Z', description: 'No cooling', technician: 'M. Chen', amount: 640 },
    { dataset: 'line', id: 'WO-A1', propertyId: 'P-A1', lines: [{ kind: 'parts', description: 'Run capacitor', quantity: 2, unitPrice: 70 }, { kind: 'labour', description: 'Technician hours', quantity: 4, unitPrice: 125 }] },
    invoice('IN-A1', 'P-A1', { workOrderId: 'WO-A1', dueAt: '2026-04-20' }),
    invoice('IN-A2', 'P-A2', { dueAt: '2026-04-01', balance: 100, status: 'Overdue' }),
    invoice('IN-A3', 'P-A1', { status: 'Paid', balance: 0, paidAt: '2026-03-20' }),
    invoice('IN-B1', 'P-B1'),
  ]);
  const document = (key: string, propertyId: string, uploadedAt: string) =>
    putDocument(t.db, { key, propertyId, uploadedAt, fileName: key.slice(key.lastIndexOf('/') + 1), contentType: 'application/pdf', sizeBytes: 3, uploadedBy: ADMIN });
  await document('documents/i1/Invoice_N-IN-A1.pdf', 'P-A1', '2026-03-15T09:00:00.000Z');
  // Another property's file naming the same invoice never counts.
  await document('documents/i2/Invoice_N-IN-A1.pdf', 'P-A2', '2026-03-16T09:00:00.000Z');
  await createTestUser({ email: ADMIN, password: PASSWORD });
  await createTestUser({ email: USER_A, password: PASSWORD, customers: ['C-A'], properties: ['P-A1', 'P-A2'] });
  await createTestUser({ email: USER_B, password: PASSWORD, customers: ['C-B'], properties: ['P-B1'] });
  [tokens.admin, tokens.a, tokens.b] = await Promise.all([ADMIN, USER_A, USER_B].map((e) => signIn(e, PASSWORD)));
});
afterAll(async () => t?.stop());

test("a customer's invoice opens with its work order's lines, its PDF, its payment page and the customer's owed invoices", async () => {
  const r = await get(tokens.a, 'IN-A1');
  expect(r.status).toBe(200);
  expect(r.json).toEqual({
    invoice: {
      id: 'IN-A1', number: 'N-IN-A1', status: 'Open', propertyId: 'P-A1', propertyName: 'Alpha One', customerId: 'C-A', customerName: 'alpha', timeZone: 'America/Chicago',
      issuedAt: '2026-03-15', dueAt: '2026-04-20', paidAt: null, amount: 640, balance: 640, owed: true, paymentUrl: 'https://pay.example.com/i/N-IN-A1', workOrderId: 'WO-A1',
    },
    lines: [
      { kind: 'parts', description: 'Run capacitor', quantity: 2, unitPrice: 70, total: 140 },
      { kind: 'labour', description: 'Technician hours', quantity: 4, unitPrice: 125, total: 500 },
    ],
    linesTotal: 640,
    document: { key: 'documents/i1/Invoice_N-IN-A1.pdf', fileName: 'Invoice_N-IN-A1.pdf' },
    owed: [
      { id: 'IN-A2', number: 'N-IN-A2', dueAt: '2026-04-01', balance: 100, status: 'Overdue', paySeveralUrl: SEVERAL },
      { id: 'IN-A1', number: 'N-IN-A1', dueAt: '2026-04-20', balance: 640, status: 'Open', paySeveralUrl: SEVERAL },
    ],
  });
  const paid = (await get(tokens.a, 'IN-A3')).json as { invoice: { owed: boolean; paidAt: string }; lines: unknown[]; document: unknown };
  expect([paid.invoice.owed, paid.invoice.paidAt, paid.lines, paid.document]).toEqual([false, '2026-03-20', [], null]);
});

test("another customer's invoice answers exactly as a missing one", async () => {
  const theirs = await get(tokens.a, 'IN-B1');
  const missing = await get(tokens.a, 'IN-NONE');
  expect([theirs.status, theirs.json]).toEqual([404, { error: 'No invoice IN-B1.' }]);
  expect([missing.status, missing.json]).toEqual([404, { error: 'No invoice IN-NONE.' }]);
  expect((await get(tokens.b, 'IN-A1')).status).toBe(404);
  const b = (await get(tokens.b, 'IN-B1')).json as { owed: { id: string }[] };
  expect(b.owed.map((o) => o.id)).toEqual(['IN-B1']);
  const asOther = await get(tokens.a, 'IN-A1', USER_B);
  expect([asOther.status, asOther.json]).toEqual([403, { error: 'You may see invoices only for your own account.' }]);
});

test('an administrator viewing as a customer gets what that customer gets, and has no invoices of their own', async () => {
  const own = await get(tokens.a, 'IN-A1');
  const viewed = await get(tokens.admin, 'IN-A1', USER_A);
  expect([viewed.status, viewed.json]).toEqual([200, own.json]);
  expect((await get(tokens.admin, 'IN-B1', USER_A)).status).toBe(404);
  const staff = await get(tokens.admin, 'IN-A1');
  expect([staff.status, staff.json]).toEqual([403, { error: 'Choose a customer to view as: an administrator has no invoices of their own.' }]);
});
