/**
 * Beyond the spec (issue 44): the device cards' "Energy and runtime (estimated)" part on Analytics,
 * from the simulator's demo units: CRAC-1 short-cycles, the chiller does not; every figure has its
 * coverage; "estimated" opens the page with the formulas, the defaults and that unit's inputs.
 */
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, openAnalytics, shotsAtBothSizes, shotter } from './support/session.js';

const shot = shotter('insight', true);


const card = (page: Page, id: string) => page.getByRole('region', { name: 'Telemetry Snapshot' }).getByRole('article', { name: id, exact: true });
const panel = (page: Page, id: string) => card(page, id).getByRole('region', { name: 'Energy and runtime (estimated)' });

test('the estimates come after the cards: the short-cycling unit is flagged, a normal one is not, each figure with its coverage', async ({ page }) => {
  const asked: { url: string; at: number }[] = [];
  page.on('request', (r) => asked.push({ url: r.url(), at: Date.now() }));
  await page.setViewportSize({ width: 1440, height: 900 });
  await openAnalytics(page);
  await expect(card(page, 'NCL-CRAC1-A1')).toBeVisible();

  const crac = panel(page, 'NCL-CRAC1-A1');
  await expect(crac.getByText('Short cycling', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(crac).toContainText('Last 7 days');
  await expect(crac.locator('dt')).toHaveText(['Energy', 'Runtime', 'Starts', 'ΔT']);
  await expect(crac.getByTestId('coverage')).toHaveCount(4);
  for (const c of await crac.getByTestId('coverage').allTextContents()) expect(c).toMatch(/^\d+% data$/);
  await expect(crac.getByLabel(/^Energy: readings cover \d+% of the period$/)).toBeVisible();
  await expect(crac).toContainText(/\d+\.\d kWh · no tariff/);

  const chiller = panel(page, 'NCL-CH1-C1');
  await expect(chiller.locator('dt')).toHaveText(['Energy', 'Runtime', 'Starts', 'ΔT'], { timeout: 30_000 });
  // Northwind Tower has a tariff in the demo: its units' energy comes with an estimated cost.
  await expect(chiller).toContainText(/\d+\.\d kWh · cost \$[\d,]+\.\d\d/);
  await expect(chiller.getByText('Short cycling', { exact: true })).toHaveCount(0);

  // The low-ΔT unit: hours outside the band; a normal one: none.
  const lowDelta = panel(page, 'NCL-RTU2-A1');
  await expect(lowDelta.locator('dd').nth(6)).toHaveText(/^1[0-5]\.\d °F · [1-9]\d*\.\d h outside 16–22$/, { timeout: 30_000 });
  await expect(panel(page, 'NCL-RTU1-A1').locator('dd').nth(6)).toHaveText(/^(1[6-9]|2[0-2])\.\d °F · 0\.0 h outside 16–22$/, { timeout: 30_000 });

  // Issue 42: the samples are asked before any estimate.
  const samples = asked.findIndex((r) => r.url.endsWith('/samples'));
  const firstInsight = asked.findIndex((r) => r.url.endsWith('/insight'));
  expect(samples).toBeGreaterThanOrEqual(0);
  expect(firstInsight).toBeGreaterThan(samples);
  // One call for the cards in view (the demo's devices are fewer than a call's 20), not one per card.
  expect(asked.filter((r) => r.url.endsWith('/insight'))).toHaveLength(1);

  await expectNoSeriousA11yViolations(page);
  await shotsAtBothSizes(shot, page, 'analytics');
});

test('"estimated" is a link, reached by keyboard, to the formulas, the defaults and the unit\'s inputs', async ({ page }) => {
  await openAnalytics(page);
  const link = panel(page, 'NCL-CRAC1-A1').getByRole('link', { name: 'How the estimates of NCL-CRAC1-A1 are made' });
  await expect(panel(page, 'NCL-CRAC1-A1').locator('dt').first()).toHaveText('Energy', { timeout: 30_000 });
  await expect(link).toHaveText('estimated');
  await link.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/energy-estimates\?device=NCL-CRAC1-A1&voltage=460&phase=3&pf=0.85&defaulted=/);
  await expect(page.getByRole('heading', { level: 1, name: 'Energy and runtime estimates' })).toBeVisible();
  const inputs = page.getByRole('table', { name: 'Inputs used for NCL-CRAC1-A1' });
  await expect(inputs.getByRole('row')).toHaveCount(5);
  await expect(inputs.getByRole('row', { name: /^Voltage/ })).toContainText('460 V');
  await expect(inputs.getByRole('row', { name: /^Power factor/ })).toContainText('0.85default');
  await expect(page.getByRole('table', { name: 'Formulas' })).toContainText('kW = √3 · V_LL · I · PF / 1000');
  await expect(page.getByText('135.4 kWh', { exact: false })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Defaults' })).toContainText('16–22 °F');
  await expectNoSeriousA11yViolations(page);
  await shotsAtBothSizes(shot, page, 'page');
  await page.getByRole('link', { name: 'Back to the portal' }).click();
  await expect(page).toHaveURL(/\/home/);
});

const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);

test("the cards' estimates follow the reports' period; one beyond the route's 31 days is said so, not asked", async ({ page }) => {
  const periods: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/insight')) periods.push(JSON.stringify((JSON.parse(r.postData() ?? '{}') as { period?: unknown }).period));
  });
  await page.setViewportSize({ width: 1440, height: 900 });
  await openAnalytics(page);
  const today = Date.parse(new Date().toISOString().slice(0, 10));
  const crac = panel(page, 'NCL-CRAC1-A1');
  await expect(crac.locator('dt').first()).toHaveText('Energy', { timeout: 30_000 });
  await expect(crac).toContainText('Last 7 days');
  expect(periods).toEqual([JSON.stringify({ from: iso(today - 6 * DAY), to: iso(today) })]);

  // The reports' Period control, offering what the route reads (as the energy summary's).
  const period = page.getByRole('region', { name: /Snapshots Dashboard/ }).getByRole('combobox', { name: 'Period' });
  await expect(period).toHaveText('Last 7 days');
  await period.click();
  await expect(page.getByRole('option')).toHaveText(['Last 7 days', 'Last 30 days', 'Custom range']);
  await page.getByRole('option', { name: 'Last 30 days' }).click();
  const from = iso(today - 29 * DAY);
  await expect(page).toHaveURL(new RegExp(`/home/analytics\\?from=${from}&to=${iso(today)}$`));
  await expect(crac).toContainText('Last 30 days');
  await expect(crac.locator('dt').first()).toHaveText('Energy', { timeout: 150_000 });
  expect(periods.at(-1)).toBe(JSON.stringify({ from, to: iso(today) }));
  await shotsAtBothSizes(shot, page, 'analytics-30-days');

  // A reports' period longer than 31 days (in the address, as the reports' Last 90 days leaves it): said plainly, nothing asked.
  const asked = periods.length;
  const long = iso(today - 89 * DAY);
  await page.goto(`/home/analytics?from=${long}&to=${iso(today)}`);
  await expect(panel(page, 'NCL-CRAC1-A1')).toContainText('The estimates cover at most 31 days: choose a shorter period');
  await expect(panel(page, 'NCL-CRAC1-A1')).toContainText(`${long} to ${iso(today)}`);
  expect(periods).toHaveLength(asked);
  await expectNoSeriousA11yViolations(page);
  await shotsAtBothSizes(shot, page, 'analytics-too-long');
});
