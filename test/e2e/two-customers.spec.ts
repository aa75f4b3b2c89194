/**
 * Issue 39, an account of two customers (the demo's operations@harborview.test: Harborview Medical
 * Center and Lakeside School District): the report Property filter lists the properties under their
 * customers, the money figures show each customer's part, and the invoice table names the customer;
 * nothing scrolls sideways at 1440 and 1280 px. An account of one customer sees none of it.
 */
import { expect, test, type FrameLocator, type Page } from '@playwright/test';
import { demo } from './support/env.js';
import { overflows } from './support/overflows.js';
import { expectNoSeriousA11yViolations, logIn, screenshot } from './support/session.js';

const HARBORVIEW = 'Harborview Medical Center';
const LAKESIDE = 'Lakeside School District';
const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Reports' });
const reportFrame = (page: Page) => page.frameLocator('iframe[title="Sigma Report"]');
const dollars = (text: string) => Number(text.replace(/[$,]/g, ''));

async function openReport(page: Page, name: string): Promise<FrameLocator> {
  await sidebar(page).getByRole('button', { name, exact: true }).click();
  const frame = reportFrame(page);
  await expect(frame.getByRole('heading', { level: 1 })).toHaveText(name);
  await expect(frame.locator('html[data-charts-drawn="true"]')).toHaveCount(1);
  return frame;
}

/** A money figure's total and its parts by customer, as shown. */
async function figureParts(frame: FrameLocator, label: string) {
  const card = frame.locator('.figure').filter({ has: frame.locator('.figure-label', { hasText: new RegExp(`^${label}$`) }) });
  const total = dollars((await card.locator('.figure-value').textContent())!);
  const items = card.getByRole('list', { name: `${label} by customer` }).getByRole('listitem');
  const parts: Record<string, number> = {};
  for (const item of await items.all()) parts[(await item.locator('.part-name').textContent())!] = dollars((await item.locator('.part-value').textContent())!);
  return { total, parts };
}

/** The table's column texts by header. */
async function column(frame: FrameLocator, header: string): Promise<string[]> {
  const headers = (await frame.getByRole('table').locator('thead th').allTextContents()).map((h) => h.trim());
  const col = headers.findIndex((h) => h.startsWith(header)) + 1;
  if (col === 0) return [];
  return (await frame.getByRole('table').locator(`tbody td:nth-child(${col})`).allTextContents()).map((c) => c.trim());
}

test('an account of two customers: the Property filter groups by customer, money shows each customer, invoices name the customer', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await logIn(page, demo.twoCustomers);
  await openReport(page, 'Dashboard');

  // The Property filter: the properties under their customers' names.
  const choice = page.getByRole('combobox', { name: 'Property' });
  await expect(choice).toHaveAttribute('placeholder', 'All properties');
  await choice.click();
  const listbox = page.getByRole('listbox');
  await expect(listbox.getByRole('option')).toHaveCount(3);
  const groups = await listbox.locator(':scope > li').evaluateAll((lis) =>
    lis.map((li) => ({
      customer: li.querySelector('.MuiAutocomplete-groupLabel')?.textContent ?? '',
      properties: Array.from(li.querySelectorAll('[role="option"]')).map((o) => o.textContent ?? ''),
    })),
  );
  expect(groups).toEqual([
    { customer: HARBORVIEW, properties: ['Eastside Outpatient Clinic', 'Harborview Main Hospital'] },
    { customer: LAKESIDE, properties: ['Lakeside High School'] },
  ]);
  await screenshot(page, { path: '.tmp/shots/two-customers-filter-1440.png' });
  // Typing a customer's name finds its properties.
  await choice.fill('lakeside school');
  await expect(listbox.getByRole('option')).toHaveText(['Lakeside High School']);
  await listbox.getByRole('option', { name: 'Lakeside High School' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Showing Lakeside High School only.' })).toBeVisible();
  await page.getByRole('button', { name: 'Show all properties' }).click();
  await expect(choice).toHaveValue('');

  // Money figures: each customer's part beneath the total, adding up to it.
  const frame = await openReport(page, 'Dashboard');
  for (const label of ['Outstanding balance', 'Quotes awaiting approval']) {
    const { total, parts } = await figureParts(frame, label);
    expect(Object.keys(parts)).toEqual([HARBORVIEW, LAKESIDE]);
    expect(Object.values(parts).reduce((a, b) => a + b, 0)).toBeCloseTo(total, -1);
  }
  await expect(frame.locator('.figure').filter({ hasText: /^[\d,]+Assets$/ }).getByRole('list')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, { excludeFrames: true });

  const problems: string[] = [];
  for (const size of [{ width: 1440, height: 900 }, { width: 1280, height: 720 }]) {
    await page.setViewportSize(size);
    for (const name of ['Dashboard', 'Invoicing', 'Quotes']) {
      const f = await openReport(page, name);
      if (name === 'Dashboard' || name === 'Quotes') {
        // The panels above the report (Coming up; Quotes awaiting approval) name each row's customer too.
        const panel = page.getByTestId(name === 'Dashboard' ? 'coming-up' : 'quotes-panel');
        const table = panel.getByRole('table');
        await expect(table.locator('thead th').first()).toBeVisible();
        const showAll = panel.getByRole('button', { name: /^Show all/ });
        if (await showAll.isVisible()) await showAll.click();
        const at = (await table.locator('thead th').allTextContents()).map((h) => h.trim()).indexOf('Customer');
        expect({ name, at: at >= 0 }).toEqual({ name, at: true });
        const cells = await table.locator(`tbody tr td:nth-child(${at + 1})`).allTextContents();
        expect(new Set(cells)).toEqual(new Set([HARBORVIEW, LAKESIDE]));
      }
      if (name === 'Invoicing') {
        // The invoice table names each invoice's customer, beside its property.
        const headers = (await f.getByRole('table').locator('thead th').allTextContents()).map((h) => h.trim());
        expect(headers.slice(0, 3).map((h) => h.replace(/[▲▼]/g, '').trim())).toEqual(['Invoice', 'Customer', 'Property']);
        expect(new Set(await column(f, 'Customer'))).toEqual(new Set([HARBORVIEW, LAKESIDE]));
        const { parts } = await figureParts(f, 'Outstanding balance');
        expect(Object.keys(parts)).toEqual([HARBORVIEW, LAKESIDE]);
      }
      await screenshot(page, { path: `.tmp/shots/two-customers-${name.toLowerCase()}-${size.width}.png`, fullPage: true });
      const frameDoc = page.frames().find((fr) => fr.url().includes('/embed'))!;
      problems.push(...(await overflows(page)).map((p) => `${name} ${size.width} (page): ${p}`));
      problems.push(...(await overflows(frameDoc)).map((p) => `${name} ${size.width} (frame): ${p}`));
    }
  }
  expect(problems).toEqual([]);
});

test('an account of one customer sees no customer groups, parts or column', async ({ page }) => {
  await logIn(page, demo.northwind);
  await openReport(page, 'Dashboard');
  await page.getByRole('combobox', { name: 'Property' }).click();
  await expect(page.getByRole('listbox').locator('.MuiAutocomplete-groupLabel')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('coming-up').getByRole('table').locator('thead th').first()).toBeVisible();
  expect(await page.getByTestId('coming-up').getByRole('table').locator('thead th').allTextContents()).not.toContain('Customer');
  const frame = await openReport(page, 'Invoicing');
  await expect(frame.getByTestId('figure-parts')).toHaveCount(0);
  expect(await column(frame, 'Customer')).toEqual([]);
});
