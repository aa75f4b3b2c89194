import { expect, test, type Page } from '@playwright/test';
import { demo } from './support/env.js';
import { overflows } from './support/overflows.js';
import { logIn, screenshot } from './support/session.js';

// Issue 39: no page scrolls sideways at 1280 and 1440 px, and no button's text is cut, on the home
// screen and in every report's frame (the page and the frame each measured as a document).
const REPORTS = ['Dashboard', 'Quotes', 'Work Orders', 'Maintenance', 'Capital Projects', 'Assets', 'Invoicing'];
const SIZES = [
  { width: 1440, height: 900 },
  { width: 1280, height: 720 },
];

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Reports' });

for (const size of SIZES) {
  test(`at ${size.width}×${size.height} no page scrolls sideways and no button text is cut`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(size);
    await logIn(page, demo.northwind);
    const problems: string[] = [];
    for (const name of REPORTS) {
      await sidebar(page).getByRole('button', { name, exact: true }).click();
      const frameLocator = page.frameLocator('iframe[title="Sigma Report"]');
      await expect(frameLocator.getByRole('heading', { level: 1 })).toHaveText(name);
      await expect(frameLocator.locator('html[data-charts-drawn="true"]')).toHaveCount(1);
      const frame = page.frames().find((f) => f.url().includes('/embed'))!;
      if (name === 'Invoicing' || name === 'Dashboard') {
        await frameLocator.getByRole('table').scrollIntoViewIfNeeded();
        await screenshot(page, { path: `.tmp/shots/layout-${name.toLowerCase()}-${size.width}x${size.height}.png` });
      }
      problems.push(...(await overflows(page)).map((p) => `${name} (page): ${p}`));
      problems.push(...(await overflows(frame)).map((p) => `${name} (frame): ${p}`));
    }
    expect(problems).toEqual([]);
  });

  test(`at ${size.width}×${size.height} the administrator's user detail and Documents cut no label or button`, async ({ page }) => {
    await page.setViewportSize(size);
    await logIn(page, demo.admin);
    await page.getByRole('banner').getByRole('button', { name: 'Users', exact: true }).click();
    const users = page.getByRole('dialog', { name: 'Users' });
    await users.locator(`[data-testid="user-row"][data-email="${demo.northwind.email}"]`).getByRole('button').first().click();
    await expect(users.getByTestId('save-user')).toBeVisible();
    await screenshot(page, { path: `.tmp/shots/layout-user-detail-${size.width}x${size.height}.png` });
    const problems = (await overflows(page)).map((p) => `user detail: ${p}`);
    await users.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('button', { name: 'Documents' }).click();
    const documents = page.getByRole('dialog', { name: 'Documents' });
    await documents.getByRole('combobox', { name: 'Customer' }).fill('northwind');
    await page.getByRole('option', { name: 'Northwind Properties' }).click();
    await expect(documents.getByTestId('picker-summary')).toHaveText('All 4 properties selected');
    problems.push(...(await overflows(page)).map((p) => `documents: ${p}`));
    expect(problems).toEqual([]);
  });
}
