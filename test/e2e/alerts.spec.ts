import { expect, test, type Page } from '@playwright/test';
import { demo } from './support/env.js';
import { alertMessages } from '../../lambdas/shared/contract/alerts.js';
import { kindTitles, ruleTitles, telemetryText as t } from '../../web/features/telemetry/strings.js';
import { runJob } from './support/jobs.js';
import { expectNoSeriousA11yViolations, logIn, openAnalytics, screenshot, shotsAtBothSizes, shotter, viewAs } from './support/session.js';

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

/**
 * The signal rules (issue 44): off by default in the editor; an administrator turns short cycling on
 * at Riverside Data Hall, where the simulator's CRAC-1 runs 5 minutes on, 5 off; the next pass
 * (asked of the stack here, support/jobs.ts; the demo evaluates every minute) lists it with what was found. The rule is reset at the end and
 * the spec waits for the alert to go, so the other specs on this stack see the three alerts above.
 */
test('an administrator turns short cycling on for a property; the list shows the unit that short-cycles, readable; reset, it goes', async ({ page, request }) => {
  test.setTimeout(360_000);
  const shots = shotter('alerts');
  await logIn(page, demo.admin);
  await viewAs(page, demo.northwind.email);
  await page.getByRole('navigation').getByRole('button', { name: /^Analytics/ }).click();
  const openRiverside = async () => {
    await page.getByRole('button', { name: t.thresholds }).click();
    const dialog = page.getByRole('dialog', { name: t.thresholds });
    await dialog.getByRole('combobox', { name: t.thresholdsProperty }).click();
    await page.getByRole('option', { name: 'Riverside Data Hall', exact: true }).click();
    await expect(dialog.getByRole('table', { name: t.thresholds })).toBeVisible();
    return dialog;
  };
  const dialog = await openRiverside();
  const air = kindTitles.air;
  const shortCycling = dialog.getByRole('switch', { name: t.ruleOnLabel(air, ruleTitles['short-cycling']), exact: true });
  // Off by default, each; the rules that cannot be off say so.
  for (const rule of ['short-cycling', 'delta-t', 'drift'] as const) await expect(dialog.getByRole('switch', { name: t.ruleOnLabel(air, ruleTitles[rule]), exact: true })).not.toBeChecked();
  await expect(dialog.getByRole('switch', { name: t.ruleOnLabel(kindTitles.chiller, ruleTitles['delta-t']), exact: true })).toHaveCount(0);
  await expect(dialog.getByTestId('threshold-air-stale')).toContainText(t.alwaysOn);
  await expect(dialog.getByTestId('threshold-air-short-cycling')).toContainText('More starts a day than this. Default: 6 starts a day');
  await expect(dialog.getByTestId('threshold-air-short-cycling')).toContainText('Or a median on-time under 8 min. Default: 8 min');
  await expect(dialog.getByTestId('threshold-air-delta-t')).toContainText('Outside 16–22 °F while cooling for this long. Default: 120');
  await expectNoSeriousA11yViolations(page, { excludeFrames: true });
  // The three signal rules in view at each size (they end the air units' rules).
  for (const [width, height] of [[1440, 900], [1280, 720]] as const) {
    await page.setViewportSize({ width, height });
    await dialog.getByTestId('threshold-air-drift').scrollIntoViewIfNeeded();
    await shots(page, `signal-rules-off-${width}x${height}`);
  }
  await page.setViewportSize({ width: 1400, height: 900 });

  await shortCycling.check();
  // The median on-time is editable too, with the server's bounds: 0 is refused in the form, nothing sent.
  const onMinutes = dialog.getByRole('spinbutton', { name: t.onMinutesLabel(air, ruleTitles['short-cycling']), exact: true });
  await expect(onMinutes).toHaveValue('8');
  await onMinutes.fill('0');
  await dialog.getByRole('button', { name: t.thresholdsSave }).click();
  await expect(dialog.getByTestId('threshold-air-short-cycling')).toContainText(t.onMinutesProblem);
  await shots(page, 'signal-rules-median-on-time-refused');
  await onMinutes.fill('8');
  const sent = page.waitForRequest((r) => /\/api\/alerts\/thresholds\/PROP-1001-04$/.test(r.url()) && r.method() === 'PUT');
  await dialog.getByRole('button', { name: t.thresholdsSave }).click();
  expect((await sent).postDataJSON()).toEqual({ customerId: 'CUST-1001', rules: [{ kind: 'air', rule: 'short-cycling', forMinutes: 0, limit: 6, on: true, minOnMinutes: 8 }] });
  await expect(dialog).toBeHidden();

  const item = alertsRegion(page).getByRole('listitem').filter({ hasText: 'NCL-CRAC1-A1' });
  await expect(async () => {
    await runJob(request, 'alerts/evaluate');
    await page.getByRole('button', { name: 'Refresh', exact: true }).click();
    await expect(item).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 150_000, intervals: [2_000] });
  await expect(item).toContainText(ruleTitles['short-cycling']);
  await expect(item).toContainText('CRAC-1 · Riverside Data Hall · NCL-CRAC1-A1');
  await expect(item).toContainText(/\d+\.\d starts a day and median on-time 5\.0 min over the last 24 hours \(short cycling: more than 6 starts a day or a median on-time under 8 min\)/);
  await item.scrollIntoViewIfNeeded();
  await expectNoSeriousA11yViolations(page, { excludeFrames: true });
  await shotsAtBothSizes(shots, page, 'short-cycling-listed');

  const again = await openRiverside();
  await expect(again.getByRole('switch', { name: t.ruleOnLabel(air, ruleTitles['short-cycling']), exact: true })).toBeChecked();
  await again.getByRole('button', { name: t.thresholdsReset }).click();
  await expect(page.locator('.MuiSnackbar-root').getByText(alertMessages.reset, { exact: true })).toBeVisible();
  await expect(async () => {
    await runJob(request, 'alerts/evaluate');
    await page.getByRole('button', { name: 'Refresh', exact: true }).click();
    await expect(item).toHaveCount(0, { timeout: 3_000 });
  }).toPass({ timeout: 150_000, intervals: [2_000] });
});
