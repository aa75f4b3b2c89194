/**
 * Issue 43 in the browser: a row of the Quotes report table opens its quote. The built-in frame asks
 * the portal (portal-embed:open with the quote's id), which shows the quote in "Quotes awaiting
 * approval" above the report (?quote=<id>): a Sent quote's row marked, in view and its Review at
 * hand; a quote decided long ago outside the portal (not in the panel's list) listed there too with
 * its status, its Review saying it is decided. Back returns to the Quotes report as it was. An
 * administrator's own view (no quotes panel) offers no button that would do nothing; viewing as the
 * customer, the row opens the quote read-only. Review of a quote made for a work order opens that
 * work order, whose Back returns to the quote. Nothing is decided: the shared demo stays as seeded.
 */
import { expect, test, type Page } from '@playwright/test';
import { demoNow, demoReportRows } from '../../infra/admin/demo-report-data.js';
import type { QuoteRow } from '../../lambdas/shared/data/report-rows.js';
import { quotesText as t } from '../../web/features/quotes/strings.js';
import { workOrderText as w } from '../../web/features/work-orders/strings.js';
import { demo } from './support/env.js';
import { expectNoSeriousA11yViolations, logIn, shotsAtBothSizes, shotter, viewAs } from './support/session.js';

const shot = shotter('quote-rows');
const frame = (page: Page) => page.frameLocator('iframe[title="Sigma Report"]');
const panel = (page: Page) => page.getByRole('region', { name: t.title });
const panelRow = (page: Page, id: string) => panel(page).locator(`tr[data-quote="${id}"]`);
const openButton = (page: Page, id: string) => frame(page).getByRole('button', { name: `Open quote ${id}` });

// The demo as the local stack seeded it: Northwind Tower's Sent quote with lines, and Northwind's
// newest quote approved in the provider's system (no portal decision: not in the panel's list).
const SENT = 'QT-DEMO-0001';
const decided = demoReportRows(demoNow())
  .filter((r): r is QuoteRow => r.dataset === 'quote' && r.status === 'Approved' && r.propertyId.startsWith('PROP-1001-') && !!r.decidedAt)
  .sort((a, b) => b.decidedAt!.localeCompare(a.decidedAt!))[0]!;
// A Northwind Plaza quote made for a work order (Northwind Tower's quotes are imported again by quotes.spec.ts).
const forWork = demoReportRows(demoNow()).find((r): r is QuoteRow => r.dataset === 'quote' && r.propertyId === 'PROP-1001-02' && !!r.workOrderId)!;

test.describe.configure({ mode: 'serial' });

/** The Quotes report, its table narrowed to one quote by the frame's search. */
async function findInTable(page: Page, id: string) {
  await frame(page).getByRole('searchbox', { name: 'Search rows' }).fill(id);
  await expect(frame(page).locator('tbody tr')).toHaveCount(1);
}

test('a Quotes row opens its quote in the panel: a Sent one with Review at hand, an old decided one listed with its status; Back returns', async ({ page }) => {
  expect(decided, 'the demo has an approved Northwind quote').toBeTruthy();
  await logIn(page, demo.northwind);
  await page.goto('/home/quotes');
  await expect(frame(page).getByRole('heading', { level: 1 })).toHaveText('Quotes');
  await expect(panelRow(page, SENT)).toBeVisible();
  // Not the panel's own: an old quote decided outside the portal.
  await expect(panelRow(page, decided.id)).toHaveCount(0);

  // A Sent quote: the row's id is a button a keyboard reaches; Enter opens the quote above.
  await findInTable(page, SENT);
  await openButton(page, SENT).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/home/quotes\\?quote=${SENT}$`));
  await expect(panelRow(page, SENT)).toHaveAttribute('aria-current', 'true');
  const review = panelRow(page, SENT).getByRole('button', { name: new RegExp(`^Review ${SENT}`) });
  await expect(review).toBeFocused();
  await expect(review).toBeInViewport();
  await shot(page, 'sent-opened');
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: t.dialogTitle(SENT) });
  await expect(dialog.getByRole('button', { name: t.approve })).toBeVisible();
  await dialog.getByRole('button', { name: t.cancel }).click();
  await expect(dialog).toBeHidden();

  // Back: the Quotes report as it was, no quote marked; the frame kept its state (its search).
  await page.goBack();
  await expect(page).toHaveURL(/\/home\/quotes$/);
  await expect(panelRow(page, SENT)).not.toHaveAttribute('aria-current', 'true');
  await expect(frame(page).getByRole('searchbox', { name: 'Search rows' })).toHaveValue(SENT);

  // An old quote approved in the provider's system: listed in the panel for it, marked, with its status.
  await findInTable(page, decided.id);
  await openButton(page, decided.id).click();
  await expect(page).toHaveURL(new RegExp(`/home/quotes\\?quote=${decided.id}$`));
  const row = panelRow(page, decided.id);
  await expect(row).toHaveAttribute('aria-current', 'true');
  await expect(row).toContainText(/Approved( by .+)? on \d{1,2} [A-Z][a-z]{2} \d{4}/);
  await expect(row).not.toContainText(/Approved by\s+on/);
  const reviewDecided = row.getByRole('button', { name: new RegExp(`^Review ${decided.id}`) });
  await expect(reviewDecided).toBeFocused();
  await shotsAtBothSizes(shot, page, 'decided-opened');
  await expectNoSeriousA11yViolations(page, { excludeFrames: true });
  await reviewDecided.click();
  const decidedDialog = page.getByRole('dialog', { name: t.dialogTitle(decided.id) });
  await expect(decidedDialog.getByText(t.decidedNote)).toContainText(/^This quote has been decided\. Approved( by .+)? on \d{1,2} [A-Z][a-z]{2} \d{4}\.$/);
  await expect(page.locator('.MuiDialog-container')).toHaveCSS('opacity', '1');
  await expect(decidedDialog.getByRole('button', { name: t.approve })).toHaveCount(0);
  await shot(page, 'decided-review');
  await decidedDialog.getByRole('button', { name: t.close }).click();

  // Back again: the old quote leaves the panel, the report stays.
  await page.goBack();
  await expect(page).toHaveURL(/\/home\/quotes$/);
  await expect(panelRow(page, decided.id)).toHaveCount(0);
  await expect(frame(page).getByRole('heading', { level: 1 })).toHaveText('Quotes');
});

test("a Quotes row's quote opens the work order it was made for from Review, and Back returns to the quote", async ({ page }) => {
  await logIn(page, demo.northwind);
  await page.goto('/home/quotes');
  await findInTable(page, forWork.id);
  await openButton(page, forWork.id).click();
  await expect(page).toHaveURL(new RegExp(`/home/quotes\\?quote=${forWork.id}$`));
  await panelRow(page, forWork.id).getByRole('button', { name: new RegExp(`^Review ${forWork.id}`) }).click();
  const dialog = page.getByRole('dialog', { name: t.dialogTitle(forWork.id) });
  await dialog.getByRole('link', { name: t.openWorkOrder(forWork.workOrderId!) }).click();
  await expect(page).toHaveURL(new RegExp(`/work-orders/${forWork.workOrderId}$`));
  await expect(page.getByRole('heading', { level: 1, name: w.title(forWork.workOrderId!) })).toBeVisible();
  // The work order lists the quote among its own.
  await expect(page.getByRole('region', { name: w.quotes }).getByRole('link', { name: w.openQuote(forWork.id) })).toBeVisible();
  await page.getByRole('button', { name: w.back }).click();
  await expect(page).toHaveURL(new RegExp(`/home/quotes\\?quote=${forWork.id}$`));
  await expect(panelRow(page, forWork.id)).toHaveAttribute('aria-current', 'true');
});

test('an administrator\'s own view offers no quote to open; viewing as the customer, a row opens it read-only', async ({ page }) => {
  await logIn(page, demo.admin);
  await page.goto('/home/quotes');
  await expect(frame(page).getByRole('heading', { level: 1 })).toHaveText('Quotes');
  await expect(panel(page)).toHaveCount(0);
  await findInTable(page, SENT);
  // The id is plain text: no button that would lead nowhere.
  await expect(frame(page).locator('tbody tr').first()).toContainText(SENT);
  await expect(frame(page).getByRole('button', { name: /^Open quote / })).toHaveCount(0);
  await shot(page, 'admin-own-view');

  await viewAs(page, demo.northwind.email);
  await page.getByRole('navigation').getByRole('button', { name: /^Quotes/ }).click();
  await expect(panel(page).getByText(t.staffReadOnly)).toBeVisible();
  await findInTable(page, decided.id);
  await openButton(page, decided.id).click();
  await expect(page).toHaveURL(new RegExp(`\\?quote=${decided.id}$`));
  await expect(panelRow(page, decided.id)).toHaveAttribute('aria-current', 'true');
  await shot(page, 'admin-viewing-as');
});
