/**
 * Issue 43 in the browser: a customer opens a work order from a row of the Work Orders,
 * Maintenance and Capital Projects report tables (the built-in frame asks the portal with
 * portal-embed:open) and from Coming up; sees its timeline, details, equipment, notes, parts and
 * labour with their total, invoice and quote (which opens in the Quotes panel; Back returns to the
 * work order); goes Back to where they were. Another customer's
 * work order, asked by its address, answers as a missing one.
 */
import { expect, test, type Page } from '@playwright/test';
import { demoNow, demoReportRows } from '../../infra/admin/demo-report-data.js';
import type { InvoiceRow, LinesRow, QuoteRow, WorkOrderRow } from '../../lambdas/shared/data/report-rows.js';
import { demoServiceRequests } from '../../infra/admin/demo-requests.js';
import { quotesText as q } from '../../web/features/quotes/strings.js';
import { requestsText as r } from '../../web/features/requests/strings.js';
import { visitsText as v } from '../../web/features/visits/strings.js';
import { workOrderText as t } from '../../web/features/work-orders/strings.js';
import { demo } from './support/env.js';
import { expectNoSeriousA11yViolations, logIn, shotsAtBothSizes, shotter } from './support/session.js';

const shot = shotter('work-orders', true);
const reportFrame = (page: Page) => page.frameLocator('iframe[title="Sigma Report"]');
const section = (page: Page, name: string) => page.getByRole('region', { name });
const money = (n: number) => n.toLocaleString('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });

// The demo's rows as the local stack seeded them today: a Northwind Plaza work order with lines, its invoice
// and quote (Northwind Tower's quotes are imported again by quotes.spec.ts, which may run first on the same stack).
const rows = demoReportRows(demoNow());
const quote = rows.find((r): r is QuoteRow => r.dataset === 'quote' && r.propertyId === 'PROP-1001-02' && !!r.workOrderId)!;
const workOrder = rows.find((r): r is WorkOrderRow => r.dataset === 'wo' && r.id === quote.workOrderId && r.propertyId === quote.propertyId)!;
const lines = rows.find((r): r is LinesRow => r.dataset === 'line' && r.id === workOrder.id && r.propertyId === workOrder.propertyId)!;
const invoice = rows.find((r): r is InvoiceRow => r.dataset === 'invoice' && r.workOrderId === workOrder.id)!;
// Northwind's demo service request and the planned visit that answers it (infra/admin/demo-requests.ts).
const serviceRequest = demoServiceRequests(rows).find((q) => q.customerId === 'CUST-1001')!;
const visit = rows.find((x): x is WorkOrderRow => x.dataset === 'wo' && x.requestId === serviceRequest.reference)!;
const total = Math.round(lines.lines.reduce((n, l) => n + l.quantity * l.unitPrice, 0) * 100) / 100;

test.describe.configure({ mode: 'serial' });

test('a work-order row of the report frame opens the work order: timeline, notes, lines, invoice, quote; Back returns', async ({ page }) => {
  expect(workOrder.kind).toBe('service');
  await logIn(page, demo.northwind);
  await page.goto('/home/work-orders');
  const frame = reportFrame(page);
  await frame.getByRole('searchbox', { name: 'Search rows' }).fill(workOrder.id);
  await expect(frame.locator('tbody tr')).toHaveCount(1);
  // The row's id is a button a keyboard reaches; Enter opens the work order in the portal.
  const open = frame.getByRole('button', { name: `Open work order ${workOrder.id}` });
  await open.focus();
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(new RegExp(`/work-orders/${workOrder.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: t.title(workOrder.id) })).toBeVisible();
  await expect(page.getByText(workOrder.description, { exact: true })).toBeVisible();
  const steps = section(page, t.timeline).locator('li');
  await expect(steps).toHaveCount(4);
  await expect(steps.locator('p:first-child')).toHaveText(['Requested', 'Scheduled', 'On site', 'Completed']);
  await expect(steps.last()).toHaveAttribute('data-reached', 'true');
  await expect(steps.last().locator('p').last()).toHaveText(/^\d{1,2} [A-Z][a-z]{2} \d{4}, \d{1,2}:\d{2} [AP]M C[SD]T$/);

  const details = section(page, t.details);
  await expect(details.getByText(workOrder.technician, { exact: true })).toBeVisible();
  await expect(details.getByText('Northwind Plaza', { exact: true })).toBeVisible();
  await expect(section(page, t.equipment).getByText(workOrder.description.split(' ').pop()!, { exact: true })).toBeVisible();
  const notes = section(page, t.notes).locator('li');
  await expect(notes).toHaveCount(3);
  await expect(notes.first()).toContainText('Dispatch');
  await expect(notes.nth(1)).toContainText(`On site. ${workOrder.description.split(' ').pop()!}`);

  const lineRows = section(page, t.lines).locator('tbody tr');
  await expect(lineRows).toHaveCount(lines.lines.length);
  await expect(section(page, t.lines).getByTestId('lines-total')).toHaveText(money(total));
  expect(total).toBe(workOrder.amount);

  const invoices = section(page, t.invoices);
  await expect(invoices.getByText(t.invoiceLine(invoice.number, invoice.status))).toBeVisible();
  await expect(invoices.getByRole('link', { name: t.viewInvoices })).toHaveAttribute('href', '/home/invoicing');
  if (invoice.paymentUrl && invoice.balance > 0) {
    const pay = invoices.getByRole('link', { name: t.payLabel(money(invoice.balance), invoice.number) });
    await expect(pay).toHaveAttribute('href', invoice.paymentUrl);
    await expect(pay).toHaveAttribute('target', '_blank');
  }
  await expect(section(page, t.quotes).getByRole('link', { name: t.openQuote(quote.id) })).toHaveAttribute('href', `/home/quotes?quote=${quote.id}`);

  await expectNoSeriousA11yViolations(page);
  await shotsAtBothSizes(shot, page, 'completed');

  await page.getByRole('button', { name: t.back }).click();
  await expect(page).toHaveURL(/\/home\/work-orders$/);
  await expect(reportFrame(page).getByRole('heading', { level: 1 })).toHaveText('Work Orders');
});

test("the work order's quote opens in the Quotes panel, marked, and Back returns to the work order", async ({ page }) => {
  await logIn(page, demo.northwind);
  await page.goto(`/work-orders/${workOrder.id}`);
  await section(page, t.quotes).getByRole('link', { name: t.openQuote(quote.id) }).click();
  await expect(page).toHaveURL(new RegExp(`/home/quotes\\?quote=${quote.id}$`));
  // The panel lists the quote, even one decided long ago, marked and with its Review at hand.
  const row = page.getByRole('region', { name: q.title }).locator(`tr[data-quote="${quote.id}"]`);
  await expect(row).toHaveAttribute('aria-current', 'true');
  await expect(row.getByRole('button', { name: new RegExp(`^Review ${quote.id}`) })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`/work-orders/${workOrder.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: t.title(workOrder.id) })).toBeVisible();
});

for (const [report, title] of [
  ['maintenance', 'Maintenance'],
  ['capital-projects', 'Capital Projects'],
] as const) {
  test(`a row of ${title} opens its work order, and Back returns to ${title}`, async ({ page }) => {
    await logIn(page, demo.northwind);
    await page.goto(`/home/${report}`);
    const first = reportFrame(page).locator('tbody tr').first().getByRole('button', { name: /^Open work order / });
    const id = (await first.textContent())!;
    await first.click();
    await expect(page).toHaveURL(new RegExp(`/work-orders/${id}$`));
    await expect(page.getByRole('heading', { level: 1, name: t.title(id) })).toBeVisible();
    await expect(section(page, t.details).getByText(t.kind[report === 'maintenance' ? 'maintenance' : 'capital'], { exact: true })).toBeVisible();
    await page.getByRole('button', { name: t.back }).click();
    await expect(page).toHaveURL(new RegExp(`/home/${report}$`));
  });
}

test('a visit of Coming up opens its work order (scheduled, not completed), and Back returns to the Dashboard', async ({ page }) => {
  await logIn(page, demo.northwind);
  const panel = page.getByRole('region', { name: v.title });
  const link = panel.getByRole('link', { name: /^Open work order / }).first();
  const id = (await link.textContent())!;
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/work-orders/${id}$`));
  const steps = section(page, t.timeline).locator('li');
  await expect(steps.nth(1)).toHaveAttribute('data-reached', 'true');
  // A visit is never completed (Coming up leaves completed and cancelled work orders out).
  await expect(steps.nth(3)).toHaveAttribute('data-reached', 'false');
  await expect(steps.nth(3).locator('p').last()).toHaveText(t.notYet);
  await expectNoSeriousA11yViolations(page);
  await shotsAtBothSizes(shot, page, 'scheduled');
  await page.getByRole('button', { name: t.back }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(panel).toBeVisible();
});

test("a customer opening another customer's work order by its address gets the same answer as for none", async ({ page }) => {
  await logIn(page, demo.lakeside);
  await page.goto(`/work-orders/${workOrder.id}`);
  await expect(page.getByRole('alert')).toHaveText(`No work order ${workOrder.id}.`);
  await expect(page.getByText(workOrder.description)).toHaveCount(0);
  await page.goto('/work-orders/WO-NONE');
  await expect(page.getByRole('alert')).toHaveText('No work order WO-NONE.');
  // Back from a screen opened by its address goes to the Dashboard.
  await page.getByRole('button', { name: t.back }).click();
  await expect(page).toHaveURL(/\/home$/);
});

test('My Requests shows the work order answering a request with its arrival window; its link opens the work order, and Back returns to My Requests', async ({ page }) => {
  await logIn(page, demo.northwind);
  await page.goto('/home/maintenance');
  await page.getByRole('button', { name: r.myRequests }).click();
  let mine = page.getByRole('dialog', { name: r.myRequests });
  const card = mine.getByTestId('service-request').filter({ hasText: serviceRequest.reference });
  await expect(card.getByTestId('request-status')).toHaveText(r.statuses.scheduled);
  const linked = card.getByTestId('request-work-order');
  // The window in Northwind Tower's zone (Chicago), named, as Coming up writes a visit (its text: web/features/requests/work-order-text.test.ts).
  const part = (at: string, unit: 'day' | 'hour') => Number(new Intl.DateTimeFormat('en-US', { timeZone: 'America/Chicago', [unit]: 'numeric', hour12: false }).format(new Date(at)));
  const hour12 = (at: string) => ((part(at, 'hour') + 11) % 12) + 1;
  await expect(linked.getByTestId('request-work-order-when')).toHaveText(
    new RegExp(`^Scheduled: ${part(visit.windowStart!, 'day')} [A-Z][a-z]{2} \\d{4}, ${hour12(visit.windowStart!)}:\\d{2} [AP]M – ${hour12(visit.windowEnd!)}:\\d{2} [AP]M C[SD]T$`),
  );
  await expect(linked).toContainText(r.workOrderStatus('Open'));
  // The customer's own requests without a work order show none.
  await expect(mine.getByTestId('service-request').filter({ hasNotText: serviceRequest.reference }).getByTestId('request-work-order')).toHaveCount(0);
  await card.scrollIntoViewIfNeeded();
  await expectNoSeriousA11yViolations(page);
  await shotsAtBothSizes(shot, page, 'my-requests');

  await linked.getByRole('link', { name: r.openWorkOrder(visit.id) }).click();
  await expect(page).toHaveURL(new RegExp(`/work-orders/${visit.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: t.title(visit.id) })).toBeVisible();
  await expect(section(page, t.details).getByText(serviceRequest.reference, { exact: true })).toBeVisible();
  await expect(section(page, t.timeline).locator('li').nth(1)).toHaveAttribute('data-reached', 'true');

  await page.getByRole('button', { name: t.back }).click();
  await expect(page).toHaveURL(/\/home\/maintenance$/);
  mine = page.getByRole('dialog', { name: r.myRequests });
  await expect(mine.getByTestId('service-request').filter({ hasText: serviceRequest.reference }).getByTestId('request-work-order')).toBeVisible();
});
