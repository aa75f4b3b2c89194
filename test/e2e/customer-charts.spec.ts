/**
 * Issue 39, an account of two customers (the demo's operations@harborview.test): the money charts
 * of the report pages are drawn by customer, their HTML legend and their label naming both
 * customers; the charts of counts, and every chart of an account of one customer, are as before.
 * Screenshots of the charts at 1440 and 1280 px go to .tmp/shots/charts-*.png.
 */
import { expect, test, type FrameLocator, type Page } from '@playwright/test';
import { demo } from './support/env.js';
import { logIn, screenshot } from './support/session.js';

const HARBORVIEW = 'Harborview Medical Center';
const LAKESIDE = 'Lakeside School District';

async function openReport(page: Page, name: string): Promise<FrameLocator> {
  await page.getByRole('navigation', { name: 'Reports' }).getByRole('button', { name, exact: true }).click();
  const frame = page.frameLocator('iframe[title="Sigma Report"]');
  await expect(frame.getByRole('heading', { level: 1 })).toHaveText(name);
  await expect(frame.locator('html[data-charts-drawn="true"]')).toHaveCount(1);
  return frame;
}

/** A chart's figure, its label (the canvas's) and its legend's entries. */
async function chartOf(frame: FrameLocator, title: string) {
  const figure = frame.locator('figure.chart').filter({ has: frame.locator('figcaption', { hasText: new RegExp(`^${title}$`) }) });
  await expect(figure).toHaveCount(1);
  const label = await figure.getByRole('img').getAttribute('aria-label');
  const legend = figure.getByRole('list', { name: `${title}: legend` });
  // Each row of the legend: an entry ("Paid"), or a customer's row ("Lakeside School District: Invoiced, Paid").
  const entries = (await legend.count())
    ? await legend.evaluate((ul) =>
        Array.from(ul.querySelectorAll(':scope > li')).map((li) => {
          const customer = li.querySelector('.legend-customer')?.textContent;
          if (!customer) return (li.textContent ?? '').trim();
          return `${customer} ${Array.from(li.querySelectorAll('li')).map((x) => (x.textContent ?? '').trim()).join(', ')}`;
        }),
      )
    : [];
  return { figure, label, entries };
}

test('an account of two customers: money charts are drawn by customer, their legend and label naming both', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await logIn(page, demo.twoCustomers);
  const charts: [string, string, string[], number][] = [
    ['Invoicing', 'Invoiced and paid per month', [`${HARBORVIEW}: Invoiced, Paid`, `${LAKESIDE}: Invoiced, Paid`], 4],
    ['Quotes', 'Quoted value per month', [`${HARBORVIEW}: Approved, Declined or expired, Open`, `${LAKESIDE}: Approved, Declined or expired, Open`], 6],
    ['Invoicing', 'Outstanding balance by age', [HARBORVIEW, LAKESIDE], 2],
    ['Work Orders', 'Spend per month', [HARBORVIEW, LAKESIDE], 2],
    ['Work Orders', 'Spend by property', [HARBORVIEW, LAKESIDE], 2],
  ];
  for (const size of [{ width: 1440, height: 900 }, { width: 1280, height: 720 }]) {
    await page.setViewportSize(size);
    for (const [report, title, legend, series] of charts) {
      const frame = await openReport(page, report);
      const chart = await chartOf(frame, title);
      expect(chart.label).toBe(`${title}, by customer: ${HARBORVIEW}, ${LAKESIDE}`);
      expect(chart.entries).toEqual(legend);
      // A swatch per series, no two alike.
      const swatches = await chart.figure.locator('.legend .swatch').evaluateAll((els) => els.map((e) => getComputedStyle(e).backgroundColor));
      expect(new Set(swatches).size).toBe(series);
      expect(swatches).toHaveLength(series);
      await chart.figure.scrollIntoViewIfNeeded();
      const slug = (t: string) => t.toLowerCase().replace(/[^a-z]+/g, '-');
      await screenshot(chart.figure, { path: `.tmp/shots/charts-${slug(report)}-${slug(title)}-${size.width}.png` });
    }
  }
  // A chart of counts is as it was: its legend names the kinds of work, not the customers.
  const dashboard = await openReport(page, 'Dashboard');
  const counts = await chartOf(dashboard, 'Work orders per month');
  expect(counts.label).toBe('Work orders per month');
  expect(counts.entries).toEqual(['Service', 'Maintenance', 'Capital projects']);
  const money = await chartOf(dashboard, 'Invoiced and paid per month');
  expect(money.label).toBe(`Invoiced and paid per month, by customer: ${HARBORVIEW}, ${LAKESIDE}`);
  await screenshot(money.figure, { path: '.tmp/shots/charts-dashboard-invoiced-and-paid-per-month-1280.png' });
});

test('an account of one customer: the money charts are as before, naming no customer', async ({ page }) => {
  await logIn(page, demo.northwind);
  const frame = await openReport(page, 'Invoicing');
  const chart = await chartOf(frame, 'Invoiced and paid per month');
  expect(chart.label).toBe('Invoiced and paid per month');
  expect(chart.entries).toEqual(['Invoiced', 'Paid']);
  const spend = await chartOf(await openReport(page, 'Work Orders'), 'Spend per month');
  expect(spend.label).toBe('Spend per month');
  expect(spend.entries).toEqual([]);
});
