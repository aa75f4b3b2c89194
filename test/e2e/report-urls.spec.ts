/**
 * Every report has an address of its own under /home (beyond the spec): reload keeps it, Back and
 * Forward move between reports, a link to it can be sent; an administrator's "view as" survives a reload.
 */
import { expect, test, type Page } from '@playwright/test';
import { demo } from './support/env.js';
import { logIn } from './support/session.js';

const header = (page: Page) => page.getByRole('banner');
const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Reports' });
const reportName = (page: Page) => header(page).getByRole('heading', { level: 1 });

test('a report has its own URL: reload stays on it, Back and Forward move between reports, the logo goes to /home', async ({ page }) => {
  await logIn(page, demo.northwind);
  await expect(reportName(page)).toHaveText('Dashboard');

  await sidebar(page).getByRole('button', { name: 'Quotes' }).click();
  await expect(page).toHaveURL(/\/home\/[^/]+$/);
  await expect(reportName(page)).toHaveText('Quotes');
  const quotesUrl = page.url();

  await page.reload();
  await expect(reportName(page)).toHaveText('Quotes');
  await expect(page).toHaveURL(quotesUrl);

  await sidebar(page).getByRole('button', { name: 'Invoicing' }).click();
  await expect(reportName(page)).toHaveText('Invoicing');
  await page.goBack();
  await expect(reportName(page)).toHaveText('Quotes');
  await expect(page).toHaveURL(quotesUrl);
  await page.goForward();
  await expect(reportName(page)).toHaveText('Invoicing');

  // The address alone opens the report, in a new tab of the same browser (a bookmark, a sent link).
  const other = await page.context().newPage();
  await other.goto(quotesUrl);
  await expect(other.getByRole('banner').getByRole('heading', { level: 1 })).toHaveText('Quotes');
  await other.close();

  await sidebar(page).getByRole('button', { name: 'Back to Dashboard' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(reportName(page)).toHaveText('Dashboard');
});

test('a report this user does not have opens the default at /home', async ({ page }) => {
  await logIn(page, demo.northwind);
  await page.goto('/home/no-such-report');
  await expect(page).toHaveURL(/\/home$/);
  await expect(reportName(page)).toHaveText('Dashboard');
});

test("an administrator's view as survives a reload, and signing out forgets it", async ({ page }) => {
  await logIn(page, demo.admin);
  const select = header(page).getByRole('combobox', { name: 'Select User View' });
  await select.click();
  await select.fill('harborview');
  await page.getByRole('option').first().click();
  await expect(page.getByRole('status')).toContainText(`Viewing as ${demo.twoCustomers.email}`);
  await sidebar(page).getByRole('button', { name: 'Quotes' }).click();
  await expect(reportName(page)).toHaveText('Quotes');

  await page.reload();
  await expect(page.getByRole('status')).toContainText(`Viewing as ${demo.twoCustomers.email}`);
  await expect(reportName(page)).toHaveText('Quotes');

  await header(page).getByRole('button').last().click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await logIn(page, demo.admin);
  await expect(page.getByRole('status')).toHaveCount(0);
});
