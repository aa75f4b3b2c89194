import { expect, test, type Page } from '@playwright/test';
import { demo } from './support/env.js';
import { expectNoSeriousA11yViolations, openAnalytics, screenshot } from './support/session.js';

const shot = (page: Page, name: string) => screenshot(page, { path: `.tmp/shots/alerts-${name}.png` });


const alertsRegion = (page: Page) => page.getByRole('region', { name: /^Equipment alerts/ });
const snapshot = (page: Page) => page.getByRole('region', { name: 'Telemetry Snapshot' });
const card = (page: Page, id: string) => snapshot(page).getByRole('article', { name: id, exact: true });

/**
 * The demo stack runs the alerts' evaluation a second after start and every minute: Northwind's
 * three devices that have stopped reporting (RTU-2's second device, AHU-1, MAU-1) are raised as
 * 'Not reporting'. The simulator's scheduled faults are off here (SIMULATOR_FAULTS=off).
 */
test('where the customer lands, the sidebar counts the raised alerts; Analytics\' NEW badge retires once opened', async ({ page }) => {
  await page.goto('/');
  await page.getByPlaceholder('Email').fill(demo.northwind.email);
  await page.getByPlaceholder('Password').fill(demo.northwind.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/home$/);
  const analytics = page.getByRole('navigation').getByRole('button', { name: /^Analytics/ });
  // The evaluation's first pass may still be running: the count follows within the minute's re-read.
  await expect(analytics.getByTestId('sidebar-alert-count')).toHaveText('3 alerts', { timeout: 75_000 });
  await expect(analytics.getByTestId('sidebar-alert-count')).toHaveAccessibleName('3 active equipment alerts');
  await expect(analytics.getByText('NEW', { exact: true })).toBeVisible();
  await shot(page, 'sidebar-count');
  await analytics.click();
  await expect(alertsRegion(page)).toBeVisible({ timeout: 30_000 });
  await expect(analytics.getByText('NEW', { exact: true })).toHaveCount(0);
  // Seen stays seen: back on the Dashboard, and after a reload.
  await page.getByRole('navigation').getByRole('button', { name: 'Dashboard', exact: true }).click();
  await page.reload();
  await expect(page.getByRole('navigation').getByRole('button', { name: /^Analytics/ }).getByText('NEW', { exact: true })).toHaveCount(0);
  await expect(page.getByRole('navigation').getByRole('button', { name: /^Analytics/ }).getByTestId('sidebar-alert-count')).toHaveText('3 alerts');
});

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 1280, height: 720 },
]) {
  test(`the mapped customer sees raised alerts listed and badged on their device cards (${viewport.width}x${viewport.height})`, async ({ page }) => {
    await page.setViewportSize(viewport);
    // How the web app reads the alerts: GET /api/alerts?customerId= (never the previous release's POST by action).
    const alertCalls: string[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (url.pathname === '/api/alerts') alertCalls.push(`${r.method()} ${url.search}`);
    });
    await openAnalytics(page);
    await expect(card(page, 'NCL-MAU1-H1')).toBeVisible();
    // The first pass may still be running when the spec starts: Refresh re-reads the alerts too.
    await expect(async () => {
      await page.getByRole('button', { name: 'Refresh', exact: true }).click();
      await expect(alertsRegion(page)).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 30_000 });

    await expect(alertsRegion(page).getByRole('heading')).toHaveText('Equipment alerts (3)');
    expect(alertCalls.length).toBeGreaterThan(0);
    expect(alertCalls.filter((c) => !/^GET \?customerId=[^&]+$/.test(c))).toEqual([]);
    await expect(page.getByRole('group', { name: 'Summary' }).getByText('3 Alerts', { exact: true })).toBeVisible();
    const items = alertsRegion(page).getByRole('listitem');
    await expect(items).toHaveCount(3);
    for (const [name, building, device] of [
      ['RTU-2', 'Northwind Tower', 'NCL-RTU2-B2'],
      ['AHU-1', 'Northwind Plaza', 'NCL-AHU1-A1'],
      ['MAU-1', 'Harbor Logistics Center', 'NCL-MAU1-H1'],
    ]) {
      const item = items.filter({ hasText: device });
      await expect(item).toContainText('Not reporting');
      await expect(item).toContainText(`${name} · ${building} · ${device}`);
      await expect(item).toContainText(/^.*No report (in the last hour|for more than 15 minutes)/);
      await expect(item).toContainText(/Since \d{1,2} [A-Z][a-z]{2} \d{4}, \d{1,2}:\d{2} [AP]M/);
    }

    await expect(card(page, 'NCL-MAU1-H1').getByRole('img', { name: 'Alert: Not reporting' })).toHaveText('Alert');
    await expect(card(page, 'NCL-AHU1-A1').getByRole('img', { name: 'Alert: Not reporting' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await shot(page, `list-${viewport.width}x${viewport.height}`);

    // An alert's unit link shows that unit's devices: RTU-2's silent device has the badge, its reporting one none.
    await alertsRegion(page).getByRole('button', { name: 'Show RTU-2' }).click();
    await expect(page.getByTestId('snapshot-subtitle')).toHaveText('RTU-2');
    await expect(snapshot(page).getByRole('article')).toHaveCount(2);
    await expect(card(page, 'NCL-RTU2-B2').getByRole('img', { name: 'Alert: Not reporting' })).toBeVisible();
    await expect(card(page, 'NCL-RTU2-A1')).toBeVisible();
    await expect(card(page, 'NCL-RTU2-A1').getByRole('img', { name: /^Alert/ })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
    await shot(page, `shown-${viewport.width}x${viewport.height}`);
  });
}
