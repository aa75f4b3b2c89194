/**
 * Beyond the spec (issue 44, items 2 and 4): the "Energy and runtime summary" reached from
 * Analytics. From the simulator's demo units: the drifting unit (NCL-RTU2-B2) heads the drift
 * ranking, the short-cycling one (CRAC-1) and the low-ΔT one (NCL-RTU2-A1) are flagged on their
 * properties; the CSV is the ranking shown; a customer sees only its own properties; an administrator
 * sees the customer viewed as.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { DRIFT_CSV_COLUMNS } from '../../lambdas/shared/contract/drift-ranking.js';
import { expectNoSeriousA11yViolations, logIn, openAnalytics, shotsAtBothSizes, shotter, viewAs } from './support/session.js';
import { demo } from './support/env.js';

const shot = shotter('energy-summary', true);
const SLOW = { timeout: 60_000 };

const propertyRow = (page: Page, name: string) => page.getByRole('table', { name: 'By property' }).getByRole('row', { name: new RegExp(`^${name}`) });
const rankingRows = (page: Page) => page.getByTestId('drift-row');

async function downloadedCsv(page: Page): Promise<string[]> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
  return readFileSync((await download.path())!, 'utf8').split('\r\n').filter(Boolean);
}

test('from Analytics: per property the estimates and flagged units, the drifting unit first in the ranking, and its CSV', async ({ page }) => {
  test.setTimeout(120_000);
  const bodies: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/insight')) bodies.push(r.postData() ?? '');
  });
  await openAnalytics(page);
  const link = page.getByRole('link', { name: 'Energy and runtime summary' });
  await expect(link).toBeVisible();
  // The cards' own estimates ask no baseline: the summary's reads are the summary's only.
  await expect.poll(() => bodies.length, SLOW).toBeGreaterThan(0);
  expect(bodies.every((b) => !b.includes('baseline'))).toBe(true);
  await link.click();

  await expect(page).toHaveURL(/\/energy-summary\/CUST-1001$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Energy and runtime summary' })).toBeVisible();
  await expect(page.getByTestId('property-row')).toHaveCount(4, SLOW);
  await expect(page.getByTestId('property-row').locator('th')).toHaveText(['Harbor Logistics Center', 'Northwind Plaza', 'Northwind Tower', 'Riverside Data Hall']);
  await expect(page.getByText('Harborview Main Hospital')).toHaveCount(0);

  // Northwind Tower has a tariff: a cost; Harbor Logistics Center has none.
  await expect(propertyRow(page, 'Northwind Tower')).toContainText(/\d+\.\d kWh\d+% data\$[\d,]+\.\d\d\d+% data\d+\.\d h\d+% data/);
  await expect(propertyRow(page, 'Harbor Logistics Center')).toContainText('no tariff');
  await expect(propertyRow(page, 'Riverside Data Hall').getByTestId('flag')).toHaveText(['CRAC-1 (NCL-CRAC1-A1): Short cycling']);
  await expect(propertyRow(page, 'Northwind Tower').getByTestId('flag')).toContainText(['RTU-2 (NCL-RTU2-A1): ΔT out of band']);
  // "estimated" heads every figure's column and opens how the estimates are made.
  const estimated = page.getByRole('table', { name: 'By property' }).getByRole('link', { name: 'estimated' });
  await expect(estimated).toHaveCount(3);
  await expect(estimated.first()).toHaveAttribute('href', '/energy-estimates');

  // The whole account's ranking: the drifting unit first, at about +20 %.
  await expect(rankingRows(page).first()).toContainText('NCL-RTU2-B2');
  await expect(rankingRows(page).first().locator('td').nth(6)).toHaveText(/^\+(1[5-9]|2[0-5])\.\d%$/);
  const shown = await rankingRows(page).count();
  const lines = await downloadedCsv(page);
  expect(lines[0]).toBe(DRIFT_CSV_COLUMNS.join(','));
  expect(lines).toHaveLength(shown + 1);
  expect(lines[1]).toMatch(/^Northwind Tower,RTU-2,NCL-RTU2-B2,\d+\.\d+,\d+\.\d+,(1[5-9]|2[0-5])(\.\d)?,\d+(\.\d)?$/);
  const ids = await rankingRows(page).locator('td:nth-child(4)').allTextContents();
  expect(lines.slice(1).map((l) => l.split(',')[2])).toEqual(ids);

  await expectNoSeriousA11yViolations(page);
  await shotsAtBothSizes(shot, page, 'northwind');

  // One property's ranking, and its CSV: that property's units only.
  await page.getByLabel('Ranking of').click();
  await page.getByRole('option', { name: 'Riverside Data Hall' }).click();
  await expect(rankingRows(page)).toHaveCount(1);
  const one = await downloadedCsv(page);
  expect(one).toHaveLength(2);
  expect(one[1]).toMatch(/^Riverside Data Hall,CRAC-1,NCL-CRAC1-A1,/);

  await page.getByRole('link', { name: 'Back to Analytics' }).click();
  await expect(page).toHaveURL(/\/home\/analytics$/);
});

test("a customer's summary of another customer answers as the API does: no access, none of its properties", async ({ page }) => {
  await logIn(page, demo.northwind);
  await page.goto('/energy-summary/CUST-1002');
  await expect(page.getByText('You do not have access to this customer.')).toBeVisible();
  await expect(page.getByTestId('property-row')).toHaveCount(0);
  await expect(page.getByText('Harborview Main Hospital')).toHaveCount(0);
});

test('an administrator viewing as a customer opens that customer\'s summary, under the viewing-as banner', async ({ page }) => {
  test.setTimeout(120_000);
  await logIn(page, demo.admin);
  await viewAs(page, demo.northwind.email);
  await page.getByRole('navigation').getByRole('button', { name: /^Analytics/ }).click();
  await page.getByRole('link', { name: 'Energy and runtime summary' }).click();
  await expect(page).toHaveURL(/\/energy-summary\/CUST-1001$/);
  await expect(page.getByRole('status').filter({ hasText: 'Viewing as' })).toContainText(`Viewing as ${demo.northwind.email}`);
  await expect(page.getByTestId('property-row')).toHaveCount(4, SLOW);
});

test('the period is chosen as the reports\' (last 7 days by default, last 30 days or a range of at most 31 days), kept in the address', async ({ page }) => {
  test.setTimeout(180_000);
  const DAY = 86_400_000;
  const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  const today = Date.parse(new Date().toISOString().slice(0, 10));
  const periods: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/insight')) periods.push(JSON.stringify((JSON.parse(r.postData() ?? '{}') as { period?: unknown }).period));
  });
  await logIn(page, demo.northwind);
  await page.goto('/energy-summary/CUST-1001');
  const label = page.getByTestId('summary-period');
  const period = page.getByRole('combobox', { name: 'Period' });
  await expect(period).toHaveText('Last 7 days');
  await expect(label).toContainText(`Last 7 days (${iso(today - 6 * DAY)} to ${iso(today)})`);
  await expect(page.getByTestId('property-row')).toHaveCount(4, SLOW);
  const week = await propertyRow(page, 'Northwind Tower').locator('td').nth(3).textContent();

  await period.click();
  // Only the presets the estimates are read for: nothing longer than 31 days.
  await expect(page.getByRole('option')).toHaveText(['Last 7 days', 'Last 30 days', 'Custom range']);
  await page.getByRole('option', { name: 'Last 30 days' }).click();
  const from = iso(today - 29 * DAY);
  await expect(page).toHaveURL(new RegExp(`/energy-summary/CUST-1001\\?from=${from}&to=${iso(today)}$`));
  await expect(label).toContainText(`Last 30 days (${from} to ${iso(today)})`);
  await expect(page.getByTestId('property-row')).toHaveCount(4, { timeout: 150_000 });
  expect(periods.at(-1)).toBe(JSON.stringify({ from, to: iso(today) }));
  // The runtime of 30 days is not the week's (the demo's units run every day).
  await expect(propertyRow(page, 'Northwind Tower').locator('td').nth(3)).not.toHaveText(week!);
  await expectNoSeriousA11yViolations(page);
  await shotsAtBothSizes(shot, page, 'last-30-days');

  // A custom range longer than the estimates are read for is refused on the screen, not sent.
  const sent = periods.length;
  await period.click();
  await page.getByRole('option', { name: 'Custom range' }).click();
  await page.getByLabel('From', { exact: true }).fill('2026-09-01');
  await page.getByLabel('To', { exact: true }).fill('2026-10-15');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('A period can span at most 31 days here.')).toBeVisible();
  expect(periods.length).toBe(sent);

  // Back returns to the last 7 days; dates longer than 31 days in the address are dropped.
  await page.goBack();
  await expect(period).toHaveText('Last 7 days');
  await page.goto('/energy-summary/CUST-1001?from=2026-08-01&to=2026-10-31');
  await expect(page).toHaveURL(/\/energy-summary\/CUST-1001$/);
  await expect(period).toHaveText('Last 7 days');
});
