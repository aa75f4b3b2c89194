/**
 * Every report has an address of its own under /home (beyond the spec): reload keeps it, Back and
 * Forward move between reports, a link to it can be sent; an administrator's "view as" survives a reload.
 */
import { expect, test, type Page } from '@playwright/test';
import { demo } from './support/env.js';
import { expectNoSeriousA11yViolations, logIn, screenshot } from './support/session.js';

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

test('a Property choice narrows the report, stays through a reload and another report, and clears', async ({ page }) => {
  const frame = page.frameLocator('iframe[title="Sigma Report"]');
  /** The report table's Property column, read once the frame has drawn. */
  const propertyCells = async () => {
    await expect(frame.locator('html[data-charts-drawn="true"]')).toHaveCount(1);
    const headers = await frame.getByRole('table').locator('thead th').allTextContents();
    const col = headers.findIndex((h) => h.trim().startsWith('Property')) + 1;
    expect(col).toBeGreaterThan(0);
    return (await frame.getByRole('table').locator(`tbody td:nth-child(${col})`).allTextContents()).map((c) => c.trim().toLowerCase());
  };
  await logIn(page, demo.northwind);
  await expect(frame.getByRole('heading', { level: 1 })).toHaveText('Dashboard');
  const everyProperty = new Set(await propertyCells());
  expect(everyProperty.size).toBeGreaterThan(1);

  const choice = page.getByRole('combobox', { name: 'Property' });
  await expect(choice).toHaveAttribute('placeholder', 'All properties');
  await choice.click();
  const first = page.getByRole('option').first();
  const name = (await first.textContent())!.trim();
  await first.click();
  await expect(page).toHaveURL(/\/home\?property=[^&]+$/);
  await expect(page.getByRole('status').filter({ hasText: `Showing ${name} only.` })).toBeVisible();
  await expect.poll(async () => [...new Set(await propertyCells())]).toEqual([name.toLowerCase()]);
  await expectNoSeriousA11yViolations(page, { excludeFrames: true });
  await screenshot(page, { path: '.tmp/shots/report-property-1440.png' });
  await page.setViewportSize({ width: 1280, height: 720 });
  await screenshot(page, { path: '.tmp/shots/report-property-1280.png' });

  await page.reload();
  await expect(choice).toHaveValue(name);
  expect([...new Set(await propertyCells())]).toEqual([name.toLowerCase()]);

  // Another report keeps the choice; Back returns to the Dashboard, still narrowed.
  await sidebar(page).getByRole('button', { name: 'Quotes' }).click();
  await expect(page).toHaveURL(/\/home\/[^/?]+\?property=/);
  await expect(choice).toHaveValue(name);
  await page.goBack();
  await expect(reportName(page)).toHaveText('Dashboard');
  await expect(choice).toHaveValue(name);

  // Clearing shows every property again, and the address loses the choice.
  await choice.hover();
  await page.getByRole('button', { name: 'Show all properties' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect.poll(async () => new Set(await propertyCells()).size).toBe(everyProperty.size);
});

test("a property that is not the user's is dropped from the address", async ({ page }) => {
  await logIn(page, demo.northwind);
  await page.goto('/home?property=NOT-THEIRS');
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('combobox', { name: 'Property' })).toHaveAttribute('placeholder', 'All properties');
});
