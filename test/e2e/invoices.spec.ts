/**
 * Issue 43, item 4 in the browser: a customer opens an invoice from a row of the Invoicing report
 * table (the built-in frame asks the portal with portal-embed:open and the invoice's id) and from
 * the work order's invoice line; sees its lines with their total, status, Pay (the provider's page,
 * a new tab), the provider's PDF and Pay several; opens the work order it bills; goes Back to where
 * they were. Another customer's
 * invoice, asked by its address, answers as a missing one; an administrator viewing as the customer
 * sees what the customer sees.
 */
import { expect, test, type Page } from '@playwright/test';
import { demoInvoicesWithPdf } from '../../infra/admin/demo-documents.js';
import { demoNow, demoReportRows } from '../../infra/admin/demo-report-data.js';
import type { InvoiceRow } from '../../lambdas/shared/data/report-rows.js';
import { invoiceText as t, workOrderText as w } from '../../web/features/work-orders/strings.js';
import { demo } from './support/env.js';
import { expectNoSeriousA11yViolations, fileOpenedInNewTab, logIn, shotsAtBothSizes, shotter, viewAs } from './support/session.js';

const shot = shotter('invoices', true);
const reportFrame = (page: Page) => page.frameLocator('iframe[title="Sigma Report"]');
const section = (page: Page, name: string) => page.getByRole('region', { name });
const money = (n: number) => n.toLocaleString('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });

// The demo as the local stack seeded it today: Northwind Plaza's owed invoice with lines and its PDF
// (infra/admin/demo-documents.ts), and another owed Northwind invoice that can be paid with it.
const now = demoNow();
const rows = demoReportRows(now);
const { invoice, lines } = demoInvoicesWithPdf(now).find((x) => x.invoice.propertyId === 'PROP-1001-02')!;
const owedOf = (r: InvoiceRow) => (r.status === 'Open' || r.status === 'Overdue') && r.balance > 0 && r.propertyId.startsWith('PROP-1001-');
const partner = rows.find((r): r is InvoiceRow => r.dataset === 'invoice' && owedOf(r) && r.id !== invoice.id && !!r.paySeveralUrl)!;
const single = rows.find((r): r is InvoiceRow => r.dataset === 'invoice' && owedOf(r) && !r.paySeveralUrl)!;
const total = Math.round(lines.lines.reduce((n, l) => n + l.quantity * l.unitPrice, 0) * 100) / 100;

test.describe.configure({ mode: 'serial' });

/** What the invoice screen shows of the demo invoice, whoever opened it. */
async function expectInvoice(page: Page) {
  await expect(page).toHaveURL(new RegExp(`/invoices/${invoice.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: t.title(invoice.number) })).toBeVisible();
  const details = section(page, t.details);
  await expect(details.getByText(invoice.status, { exact: true })).toBeVisible();
  await expect(details.getByText('Northwind Plaza', { exact: true })).toBeVisible();
  await expect(details.getByText(money(invoice.balance), { exact: true }).first()).toBeVisible();
  await expect(section(page, t.lines).locator('tbody tr')).toHaveCount(lines.lines.length);
  await expect(section(page, t.lines).getByTestId('lines-total')).toHaveText(money(total));
  expect(total).toBe(invoice.amount);
  const pay = section(page, t.payment).getByRole('link', { name: `Pay ${money(invoice.balance)} for ${invoice.number} (opens in a new tab)` });
  await expect(pay).toHaveAttribute('href', invoice.paymentUrl!);
  await expect(pay).toHaveAttribute('target', '_blank');
}

test('an Invoicing row opens the invoice: lines, status, Pay, the PDF and Pay several; Back returns to Invoicing', async ({ page }) => {
  await logIn(page, demo.northwind);
  await page.goto('/home/invoicing');
  const frame = reportFrame(page);
  await frame.getByRole('searchbox', { name: 'Search rows' }).fill(invoice.number);
  await expect(frame.locator('tbody tr')).toHaveCount(1);
  // The row's number is a button a keyboard reaches; Enter opens the invoice in the portal.
  const open = frame.getByRole('button', { name: `Open invoice ${invoice.number}` });
  await open.focus();
  await page.keyboard.press('Enter');
  await expectInvoice(page);

  // The provider's PDF, through the documents' short-lived link, in a new tab.
  const fileName = `Invoice_${invoice.number}.pdf`;
  const link = await fileOpenedInNewTab(page, () => section(page, t.payment).getByRole('button', { name: t.downloadLabel(fileName) }).click(), fileName);
  const served = await page.request.get(link);
  expect(served.status()).toBe(200);
  expect((await served.body()).subarray(0, 5).toString()).toBe('%PDF-');

  // Pay several: this invoice is ticked; with another owed one, the provider's page with both numbers.
  const several = section(page, t.paySeveral);
  await expect(several.getByRole('checkbox', { name: new RegExp(`^${invoice.number}:`) })).toBeChecked();
  await expect(several.getByText(t.chooseTwo)).toBeVisible();
  await several.getByRole('checkbox', { name: new RegExp(`^${partner.number}:`) }).check();
  const both = money(Math.round((invoice.balance + partner.balance) * 100) / 100);
  const payBoth = several.getByRole('link', { name: t.paySeveralLabel(2, both) });
  // In the list's order: this invoice first.
  await expect(several.getByRole('checkbox').first()).toHaveAccessibleName(new RegExp(`^${invoice.number}:`));
  await expect(payBoth).toHaveAttribute('href', `https://pay.example-hvac.com/pay?invoices=${invoice.number},${partner.number}`);
  // One the provider takes only on its own: said plainly, no link.
  await several.getByRole('checkbox', { name: new RegExp(`^${single.number}:`) }).check();
  await expect(several.getByText(t.cannotPaySeveral)).toBeVisible();
  await expect(several.getByRole('link')).toHaveCount(0);
  await several.getByRole('checkbox', { name: new RegExp(`^${single.number}:`) }).uncheck();

  await expectNoSeriousA11yViolations(page);
  await shotsAtBothSizes(shot, page, 'owed');

  await page.getByRole('button', { name: t.back }).click();
  await expect(page).toHaveURL(/\/home\/invoicing$/);
  await expect(reportFrame(page).getByRole('heading', { level: 1 })).toHaveText('Invoicing');
});

test("the work order's invoice line opens the invoice, and Back returns to the work order", async ({ page }) => {
  await logIn(page, demo.northwind);
  await page.goto(`/work-orders/${invoice.workOrderId}`);
  await section(page, w.invoices).getByRole('link', { name: w.openInvoice(invoice.number) }).click();
  await expectInvoice(page);
  await page.getByRole('button', { name: t.back }).click();
  await expect(page).toHaveURL(new RegExp(`/work-orders/${invoice.workOrderId}$`));
  await expect(page.getByRole('heading', { level: 1, name: w.title(invoice.workOrderId!) })).toBeVisible();
});

test("an Invoicing row's invoice opens its work order; Back returns to the invoice, then to Invoicing", async ({ page }) => {
  await logIn(page, demo.northwind);
  await page.goto('/home/invoicing');
  const frame = reportFrame(page);
  await frame.getByRole('searchbox', { name: 'Search rows' }).fill(invoice.number);
  await frame.getByRole('button', { name: `Open invoice ${invoice.number}` }).click();
  await expectInvoice(page);
  await section(page, t.details).getByRole('link', { name: t.openWorkOrder(invoice.workOrderId!) }).click();
  await expect(page).toHaveURL(new RegExp(`/work-orders/${invoice.workOrderId}$`));
  await expect(page.getByRole('heading', { level: 1, name: w.title(invoice.workOrderId!) })).toBeVisible();
  // The work order names this invoice among its own.
  await expect(section(page, w.invoices).getByRole('link', { name: w.openInvoice(invoice.number) })).toBeVisible();
  await page.getByRole('button', { name: w.back }).click();
  await expectInvoice(page);
  await page.getByRole('button', { name: t.back }).click();
  await expect(page).toHaveURL(/\/home\/invoicing$/);
  await expect(reportFrame(page).getByRole('heading', { level: 1 })).toHaveText('Invoicing');
});

test('a paid invoice says when it was paid and offers no Pay', async ({ page }) => {
  const paid = rows.find((r): r is InvoiceRow => r.dataset === 'invoice' && r.propertyId === 'PROP-1001-02' && r.status === 'Paid' && !!r.paidAt)!;
  await logIn(page, demo.northwind);
  await page.goto(`/invoices/${paid.id}`);
  await expect(page.getByRole('heading', { level: 1, name: t.title(paid.number) })).toBeVisible();
  await expect(section(page, t.payment).getByText(/^Paid on /)).toBeVisible();
  await expect(section(page, t.payment).getByRole('link')).toHaveCount(0);
  await shotsAtBothSizes(shot, page, 'paid');
});

test("a customer opening another customer's invoice by its address gets the same answer as for none", async ({ page }) => {
  await logIn(page, demo.lakeside);
  await page.goto(`/invoices/${invoice.id}`);
  await expect(page.getByRole('alert')).toHaveText(`No invoice ${invoice.id}.`);
  await expect(page.getByText(invoice.number)).toHaveCount(0);
  await page.goto('/invoices/IN-NONE');
  await expect(page.getByRole('alert')).toHaveText('No invoice IN-NONE.');
  await page.getByRole('button', { name: t.back }).click();
  await expect(page).toHaveURL(/\/home$/);
});

test('an administrator viewing as the customer sees the invoice the customer sees, under the viewing-as banner', async ({ page }) => {
  test.setTimeout(120_000);
  await logIn(page, demo.admin);
  await viewAs(page, demo.northwind.email);
  await page.goto(`/invoices/${invoice.id}`);
  await expect(page.getByRole('status').filter({ hasText: 'Viewing as' })).toContainText(`Viewing as ${demo.northwind.email}`);
  await expectInvoice(page);
  await shotsAtBothSizes(shot, page, 'view-as');
});
