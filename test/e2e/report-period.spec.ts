/**
 * The report period (issue 21, beyond the spec): a 'Period' choice beside the Property filter, kept
 * in the address as ?from=&to=, narrows the built-in pages' tables and windowed figures; reload,
 * Back and Forward keep to it; dates that are not a period are dropped from the address.
 */
import { expect, test, type Page } from '@playwright/test';
import { demo } from './support/env.js';
import { expectNoSeriousA11yViolations, logIn, screenshot } from './support/session.js';

const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const MON = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const caption = (d: string) => `${Number(d.slice(8))} ${MON[Number(d.slice(5, 7)) - 1]} ${d.slice(0, 4)}`;
/** A table's date cell ('1 Sep 2026', as every screen writes a date) back to YYYY-MM-DD. */
function isoOfCell(cell: string): string {
  const m = /^(\d{1,2}) ([A-Z][a-z]{2}) (\d{4})$/.exec(cell);
  if (!m) throw new Error(`not a date as the screens write one: ${cell}`);
  return `${m[3]}-${String(MON.indexOf(m[2]!) + 1).padStart(2, '0')}-${m[1]!.padStart(2, '0')}`;
}

const frameOf = (page: Page) => page.frameLocator('iframe[title="Sigma Report"]');
const reportName = (page: Page) => page.getByRole('banner').getByRole('heading', { level: 1 });

/** The page's figures by label, the table's row total and its Created dates, once the frame has drawn. */
async function readReport(page: Page) {
  const frame = frameOf(page);
  await expect(frame.locator('html[data-charts-drawn="true"]')).toHaveCount(1);
  const figures = Object.fromEntries(
    await frame.locator('.figure').evaluateAll((els) => els.map((el) => [el.querySelector('.figure-label')!.textContent!, el.querySelector('.figure-value')!.textContent!])),
  ) as Record<string, string>;
  const countText = (await frame.locator('.table-count').textContent())!;
  const total = Number(/([\d,]+) rows|of ([\d,]+)/.exec(countText)!.slice(1).find(Boolean)!.replace(/,/g, ''));
  const headers = await frame.getByRole('table').locator('thead th').allTextContents();
  const col = headers.findIndex((h) => h.trim().startsWith('Created')) + 1;
  const created = (await frame.getByRole('table').locator(`tbody td:nth-child(${col})`).allTextContents()).map((c) => isoOfCell(c.trim()));
  return { figures, total, created };
}

test('Last 90 days narrows the table and the windowed figures, survives a reload, Back and Forward', async ({ page }) => {
  const today = Date.parse(new Date().toISOString().slice(0, 10));
  const from = iso(today - 89 * DAY);
  const to = iso(today);

  await logIn(page, demo.northwind);
  await expect(frameOf(page).getByRole('heading', { level: 1 })).toHaveText('Dashboard');
  const before = await readReport(page);
  expect(before.figures).toHaveProperty(['Completed, last 12 months']);
  await expect(frameOf(page).getByTestId('report-period')).toHaveCount(0);

  const period = page.getByRole('combobox', { name: 'Period' });
  await expect(period).toHaveText('All time');
  await period.click();
  await page.getByRole('option', { name: 'Last 90 days' }).click();
  await expect(page).toHaveURL(new RegExp(`/home\\?from=${from}&to=${to}$`));
  await expect(frameOf(page).getByTestId('report-period')).toHaveText(`Period: ${caption(from)} – ${caption(to)}`);

  const after = await readReport(page);
  // The window of the figures is the period now; point-in-time figures stay as they were.
  expect(after.figures).not.toHaveProperty(['Completed, last 12 months']);
  expect(Number(after.figures['Completed, in period']!.replace(/,/g, ''))).toBeLessThan(Number(before.figures['Completed, last 12 months']!.replace(/,/g, '')));
  expect(after.figures['Unfinished work orders']).toBe(before.figures['Unfinished work orders']);
  expect(after.figures['Outstanding balance']).toBe(before.figures['Outstanding balance']);
  // Only work orders created in the period are listed.
  expect(after.total).toBeGreaterThan(0);
  expect(after.total).toBeLessThan(before.total);
  expect(after.created.length).toBeGreaterThan(0);
  expect(after.created.every((d) => d >= from && d <= to)).toBe(true);

  await expectNoSeriousA11yViolations(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await screenshot(page, { path: '.tmp/shots/report-period-1440.png' });
  await page.setViewportSize({ width: 1280, height: 720 });
  await screenshot(page, { path: '.tmp/shots/report-period-1280.png' });

  await page.reload();
  await expect(period).toHaveText('Last 90 days');
  expect((await readReport(page)).total).toBe(after.total);

  // Another report keeps the period; Back returns to the narrowed Dashboard, Back again to no period.
  await page.getByRole('navigation', { name: 'Reports' }).getByRole('button', { name: 'Invoicing' }).click();
  await expect(page).toHaveURL(new RegExp(`/home/[^/?]+\\?from=${from}&to=${to}$`));
  await expect(frameOf(page).getByRole('heading', { level: 1 })).toHaveText('Invoicing');
  await expect(frameOf(page).locator('.figure-label').first()).toHaveText('Invoiced, in period');
  await page.goBack();
  await expect(reportName(page)).toHaveText('Dashboard');
  await expect(period).toHaveText('Last 90 days');
  expect((await readReport(page)).total).toBe(after.total);
  await page.goBack();
  await expect(page).toHaveURL(/\/home$/);
  await expect(period).toHaveText('All time');
  expect((await readReport(page)).total).toBe(before.total);
  await page.goForward();
  await expect(period).toHaveText('Last 90 days');
  await expect(frameOf(page).getByTestId('report-period')).toBeVisible();
});

test('a custom range is applied with both dates; the assets pages say the period does not apply', async ({ page }) => {
  await logIn(page, demo.northwind);
  const period = page.getByRole('combobox', { name: 'Period' });
  await period.click();
  await page.getByRole('option', { name: 'Custom range' }).click();
  await page.getByLabel('From', { exact: true }).fill('2026-02-01');
  await page.getByLabel('To', { exact: true }).fill('2026-01-01');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('The end date is before the start date.')).toBeVisible();
  await expect(page).toHaveURL(/\/home$/);
  await expectNoSeriousA11yViolations(page, { excludeFrames: true });
  await page.setViewportSize({ width: 1280, height: 720 });
  await screenshot(page, { path: '.tmp/shots/report-period-custom-1280.png' });
  await page.getByLabel('To', { exact: true }).fill('2026-02-28');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/\/home\?from=2026-02-01&to=2026-02-28$/);
  await expect(period).toHaveText('Custom range');
  await expect(frameOf(page).getByTestId('report-period')).toHaveText('Period: 1 Feb 2026 – 28 Feb 2026');

  await page.getByRole('navigation', { name: 'Reports' }).getByRole('button', { name: 'Assets' }).click();
  await expect(frameOf(page).getByTestId('report-period')).toContainText('Assets are not dated: the period does not apply to this page.');
  await screenshot(page, { path: '.tmp/shots/report-period-assets-1280.png' });
});

test('dates in the address that are not a period are ignored and dropped', async ({ page }) => {
  await logIn(page, demo.northwind);
  for (const q of ['from=2026-13-01&to=2026-12-01', 'from=2026-03-01', 'from=2026-03-01&to=2026-01-01', 'from=2010-01-01&to=2026-01-01']) {
    await page.goto(`/home?${q}`);
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByRole('combobox', { name: 'Period' })).toHaveText('All time');
  }
});
