import { expect, test, type Page } from '@playwright/test';
import { demo } from './support/env.js';
import { expectNoSeriousA11yViolations, openAnalytics, screenshot } from './support/session.js';

const shot = (page: Page, name: string) => screenshot(page, { path: `.tmp/shots/telemetry-${name}.png`, fullPage: true });


const dashboard = (page: Page) => page.getByRole('region', { name: /Snapshots Dashboard$/ });
const snapshot = (page: Page) => page.getByRole('region', { name: 'Telemetry Snapshot' });
const cards = (page: Page) => snapshot(page).getByRole('article');
const subtitle = (page: Page) => page.getByTestId('snapshot-subtitle');
const building = (page: Page, name: string) => page.getByRole('list', { name: 'Buildings' }).getByRole('button', { name, exact: true });
const equipment = (page: Page, name: string) => page.getByRole('list', { name: 'Equipment' }).getByRole('button', { name: new RegExp(`^${name} `) });
const pills = (page: Page) => page.getByRole('group', { name: 'Summary' });

async function expectCards(page: Page, ids: string[]) {
  await expect(cards(page)).toHaveCount(ids.length);
  for (const id of ids) await expect(snapshot(page).getByRole('article', { name: id, exact: true })).toBeVisible();
}

const northwindDevices = ['NCL-AHU1-A1', 'NCL-CH1-C1', 'NCL-CRAC1-A1', 'NCL-MAU1-H1', 'NCL-RTU1-A1', 'NCL-RTU2-A1', 'NCL-RTU2-B2', 'NCL-RTUA-A1'];

test('the mapped customer sees the Snapshots Dashboard after choosing Analytics', async ({ page }) => {
  await openAnalytics(page);
  await expect(page.getByRole('heading', { level: 2, name: 'Comfort Portal Snapshots Dashboard' })).toBeVisible();
  await expect(page.getByTestId('telemetry-insights')).toHaveText('Viewing insights for Northwind Properties');
  await expect(pills(page).getByText('4 Buildings', { exact: true })).toBeVisible();
  await expect(pills(page).getByText('8 Equipment', { exact: true })).toBeVisible();
  await expect(pills(page).getByText('All Devices', { exact: true })).toBeVisible();
  await expect(pills(page).getByText('Selected Equipment')).toHaveCount(0);
  await expect(page.getByRole('list', { name: 'Buildings' }).getByRole('button')).toHaveText(['Harbor Logistics Center', 'Northwind Plaza', 'Northwind Tower', 'Riverside Data Hall']);
  await expect(page.getByRole('button', { name: 'Clear Building Filter' })).toHaveCount(0);
  await expect(page.getByRole('list', { name: 'Equipment' }).getByRole('button')).toHaveCount(8);
  await expect(equipment(page, 'RTU-2')).toContainText('Rooftop Unit · Northwind Tower');
  await expect(equipment(page, 'RTU-2')).toContainText('2 devices');
  await expect(equipment(page, 'CRAC-2')).toContainText('0 devices');
  await expect(page.getByRole('heading', { name: 'Telemetry Snapshot' })).toBeVisible();
  await expect(subtitle(page)).toHaveText('All devices · All buildings');
  await expect(page.getByRole('button', { name: 'Refresh', exact: true })).toBeEnabled();
  await expectCards(page, northwindDevices);

  const rtu = snapshot(page).getByRole('article', { name: 'NCL-RTU1-A1' });
  await expect(rtu.getByText('Call for Cool', { exact: false }).first()).toBeVisible();
  await expect(rtu.getByLabel(/^Call for Cool (ON|OFF)$/)).toBeVisible();
  await expect(rtu.getByLabel(/^Call for Heat (ON|OFF)$/)).toBeVisible();
  await expect(rtu.getByText('Latest sample')).toBeVisible();
  await expect(rtu.getByTestId('last-seen')).toHaveText(/^(\d+s|1m) ago$/);
  await expect(rtu.locator('dt', { hasText: 'Supply Dry Bulb' })).toBeVisible();
  await expect(rtu.locator('dt', { hasText: 'Supply Dry Bulb' }).locator('+ dd')).toHaveText(/^\d+\.\d\d°F$/);
  await expect(rtu.locator('dt', { hasText: 'Current 1' }).locator('+ dd')).toHaveText(/^\d+\.\d\d A$/);
  const chiller = snapshot(page).getByRole('article', { name: 'NCL-CH1-C1' });
  // Chilled water: about 44 °F supply while running, drifting up towards the ~53 °F return when idle.
  const supply = chiller.locator('dt', { hasText: 'Chiller Water Supply' }).locator('+ dd');
  const back = chiller.locator('dt', { hasText: 'Chiller Water Return' }).locator('+ dd');
  await expect(supply).toHaveText(/^\d\d\.\d\d°F$/);
  await expect(back).toHaveText(/^5\d\.\d\d°F$/);
  const supplyF = parseFloat((await supply.textContent()) ?? '');
  expect(supplyF).toBeGreaterThanOrEqual(43);
  expect(supplyF).toBeLessThanOrEqual(parseFloat((await back.textContent()) ?? ''));
  // ty/tw shown ON or OFF
  await expect(snapshot(page).getByRole('article', { name: 'NCL-RTU2-A1' }).locator('dt', { hasText: /^Thermostat Y \(cool\)$/ }).locator('+ dd')).toHaveText(/^(ON|OFF)$/);
  await shot(page, 'dashboard');
});

test('every metric chip has a readable label and its unit, at 1440 and 700 px', async ({ page }) => {
  const onOff = /^(ON|OFF)$/;
  const degF = /^-?\d+\.\d\d°F$/;
  const amps = /^\d+\.\d\d A$/;
  const duration = /^(0 min|\d+ s|\d+ min|\d+ h( \d\d min)?)$/;
  const formats: Record<string, RegExp> = {
    'Call for Cool': onOff,
    'Call for Heat': onOff,
    'Thermostat Y (cool)': onOff,
    'Thermostat W (heat)': onOff,
    'Stage 1 running': onOff,
    'Supply Dry Bulb': degF,
    'Return Dry Bulb': degF,
    'Chiller Water Supply': degF,
    'Chiller Water Return': degF,
    'Current 1': amps,
    'Current 2': amps,
    'Current 3': amps,
    'Total current': amps,
    'Cooling run time': duration,
    'Time in cooling': duration,
  };
  await page.setViewportSize({ width: 1440, height: 900 });
  await openAnalytics(page);
  await expectCards(page, northwindDevices);
  const chips = await snapshot(page)
    .locator('article dl > div')
    .evaluateAll((els) => els.map((el) => [el.querySelector('dt')?.textContent ?? '', el.querySelector('dd')?.textContent ?? ''] as const));
  expect(chips.length).toBeGreaterThan(20);
  for (const [label, value] of chips) {
    expect(Object.keys(formats), `label ${label}`).toContain(label);
    expect(value, label).toMatch(formats[label]!);
  }
  // The calls for cool and heat are the badges, not chips as well.
  expect(chips.map(([l]) => l)).not.toContain('Call for Cool');
  expect(chips.map(([l]) => l)).not.toContain('Call for Heat');
  // A card leads with its unit's name; the building and the device id follow, small.
  const mau = snapshot(page).getByRole('article', { name: 'NCL-MAU1-H1' });
  await expect(mau.getByRole('heading', { level: 4 })).toHaveText('MAU-1');
  await expect(mau.locator('.card-sub')).toHaveText('Harbor Logistics Center · NCL-MAU1-H1');
  // The simulator's three kinds of signals all show: calls, the thermostat's Y/W, the run-time fields.
  for (const label of ['Total current', 'Thermostat Y (cool)', 'Thermostat W (heat)', 'Stage 1 running', 'Cooling run time', 'Time in cooling'])
    expect(chips.map(([l]) => l)).toContain(label);

  // Known values, exactly as shown: one device's sample replaced by a fixed one.
  await page.route('**/api/telemetry/*/samples', async (route) => {
    const res = await route.fetch();
    const body = (await res.json()) as { data: Record<string, unknown> };
    body.data['NCL-CRAC1-A1'] = {
      _time: new Date().toISOString(),
      ty: 1,
      tw: 0,
      runtimeOne: 1,
      coolMin: 95,
      timeInCooling: 720,
      totalAmps: 72.27,
      'amps-1': 0.26,
      'sadb-1': 12.5,
      'radb-1': null,
    };
    await route.fulfill({ response: res, json: body });
  });
  await page.getByRole('button', { name: 'Refresh', exact: true }).click();
  const crac = snapshot(page).getByRole('article', { name: 'NCL-CRAC1-A1' });
  await expect(crac.locator('dl.metrics dt')).toHaveText(['Thermostat Y (cool)', 'Thermostat W (heat)', 'Stage 1 running', 'Supply Dry Bulb', 'Current 1', 'Total current', 'Cooling run time', 'Time in cooling']);
  await expect(crac.locator('dl.metrics dd')).toHaveText(['ON', 'OFF', 'ON', '54.50°F', '0.26 A', '72.27 A', '1 h 35 min', '12 min']);
  await expect(crac.getByLabel('Call for Cool ON')).toBeVisible();
  await expect(crac.getByLabel('Call for Heat OFF')).toBeVisible();
  await crac.scrollIntoViewIfNeeded();
  await shot(page, 'chips-1440');
  await expectNoSeriousA11yViolations(page);
  await page.setViewportSize({ width: 700, height: 900 });
  await equipment(page, 'CRAC-1').click();
  await expectCards(page, ['NCL-CRAC1-A1']);
  // The readings' chips (the estimates' panel below them has its own list).
  await expect(crac.locator('dl.metrics dd')).toHaveCount(8);
  await shot(page, 'chips-700');
  for (const chip of await crac.locator('dl.metrics > div').all()) {
    // Each label and value reads whole at 700 px: nothing cut by an ellipsis.
    expect(await chip.locator('dt').evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    expect(await chip.locator('dd').evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  }
  await expectNoSeriousA11yViolations(page);
});

test('every selection transition of spec section 4', async ({ page }) => {
  await openAnalytics(page);
  await expectCards(page, northwindDevices);

  // Choosing a building: view-all for that building, the filter can be cleared.
  await building(page, 'Northwind Tower').click();
  await expect(subtitle(page)).toHaveText('All devices · Northwind Tower');
  await expect(page.getByRole('button', { name: 'Clear Building Filter' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Equipment' }).getByRole('button')).toHaveCount(3);
  await expectCards(page, ['NCL-CH1-C1', 'NCL-RTU1-A1', 'NCL-RTU2-A1', 'NCL-RTU2-B2']);
  await shot(page, 'building');

  // Choosing equipment turns view-all off.
  await equipment(page, 'RTU-2').click();
  await expect(subtitle(page)).toHaveText('RTU-2');
  await expect(pills(page).getByText('Selected Equipment', { exact: true })).toBeVisible();
  await expect(pills(page).getByText('All Devices')).toHaveCount(0);
  await expectCards(page, ['NCL-RTU2-A1', 'NCL-RTU2-B2']);

  // The same building keeps the equipment; another building clears it.
  await building(page, 'Northwind Tower').click();
  await expect(subtitle(page)).toHaveText('RTU-2');
  await building(page, 'Northwind Plaza').click();
  await expect(subtitle(page)).toHaveText('Select equipment or click View All');
  await expect(snapshot(page).getByText('Choose a building/equipment or use View All to see telemetry.')).toBeVisible();
  await expect(cards(page)).toHaveCount(0);
  await expect(pills(page).getByText('Selected Equipment')).toHaveCount(0);
  await shot(page, 'prompt');

  // View All for the current building filter.
  await page.getByRole('button', { name: 'View All' }).click();
  await expect(subtitle(page)).toHaveText('All devices · Northwind Plaza');
  await expectCards(page, ['NCL-AHU1-A1', 'NCL-RTUA-A1']);

  // Clear Building Filter: no building, no equipment, view-all on.
  await page.getByRole('button', { name: 'Clear Building Filter' }).click();
  await expect(subtitle(page)).toHaveText('All devices · All buildings');
  await expect(page.getByRole('button', { name: 'Clear Building Filter' })).toHaveCount(0);
  await expect(page.getByRole('list', { name: 'Equipment' }).getByRole('button')).toHaveCount(8);
  await expectCards(page, northwindDevices);

  // Equipment without a device.
  await equipment(page, 'CRAC-2').click();
  await expect(snapshot(page).getByText('No devices found for this equipment.')).toBeVisible();
  await shot(page, 'no-devices');
});

test('stale devices are dimmed with the time on hover; no data in the last hour is not a zero', async ({ page }) => {
  await openAnalytics(page);
  await expectCards(page, northwindDevices);
  const stale = snapshot(page).getByRole('article', { name: 'NCL-RTU2-B2' });
  await expect(stale).toHaveAttribute('data-state', 'stale');
  await expect(stale.getByText('Stale', { exact: true })).toBeVisible();
  await expect(stale).toHaveAttribute('title', /^Last sample at .+ \(older than 15 minutes\)$/);
  await expect(stale.getByTestId('last-seen')).toHaveText(/^2[78]m ago$/);
  // Dimmed by a grey ground (not by opacity, which took the text below AA contrast).
  expect(await stale.evaluate((el) => getComputedStyle(el).backgroundColor)).not.toBe('rgb(255, 255, 255)');
  await expect(stale.locator('dt', { hasText: 'Current 1' })).toBeVisible();

  const silent = snapshot(page).getByRole('article', { name: 'NCL-AHU1-A1' });
  await expect(silent).toHaveAttribute('data-state', 'no-data');
  await expect(silent.getByText('No data in the last hour')).toBeVisible();
  await expect(silent.getByTestId('latest-sample')).toHaveText('—');
  await expect(silent.getByLabel('Call for Cool —')).toBeVisible();
  await expect(silent.locator('dl.metrics dt')).toHaveCount(0);

  const fresh = snapshot(page).getByRole('article', { name: 'NCL-RTU1-A1' });
  await expect(fresh).toHaveAttribute('data-state', 'fresh');
  expect(await fresh.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(255, 255, 255)');
  await stale.scrollIntoViewIfNeeded();
  await shot(page, 'stale');
  await expectNoSeriousA11yViolations(page);
});

test('six placeholder cards while loading, Refreshing… on the button, and the failure texts', async ({ page }) => {
  let mode: 'slow' | 'fail' | 'pass' = 'slow';
  await page.route('**/api/telemetry/*/samples', async (route) => {
    if (mode === 'fail') return route.fulfill({ status: 500, body: '' });
    if (mode === 'slow') await new Promise((r) => setTimeout(r, 1500));
    return route.continue();
  });
  await openAnalytics(page);
  await expect(snapshot(page).getByTestId('placeholder-card')).toHaveCount(6);
  await expect(page.getByRole('button', { name: 'Refreshing…' })).toBeDisabled();
  await shot(page, 'loading');
  await expectCards(page, northwindDevices);

  // A failure while loading a new selection.
  mode = 'fail';
  await building(page, 'Northwind Tower').click();
  await expect(snapshot(page).getByRole('alert')).toHaveText('Failed to load telemetry.');
  await expect(cards(page)).toHaveCount(0);
  await shot(page, 'load-failed');

  // Refresh recovers; a failed refresh of shown data says so.
  mode = 'pass';
  await page.getByRole('button', { name: 'Refresh', exact: true }).click();
  await expect(cards(page)).toHaveCount(4);
  mode = 'fail';
  await page.getByRole('button', { name: 'Refresh', exact: true }).click();
  await expect(snapshot(page).getByRole('alert')).toHaveText('Failed to reload telemetry.');
  await expect(cards(page)).toHaveCount(0);
  await shot(page, 'reload-failed');
});

test("the server's message when the telemetry service is down", async ({ page }) => {
  await page.route('**/api/telemetry/*/devices', (route) =>
    route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ error: 'The telemetry service is not available. Please try again later.' }) }),
  );
  await openAnalytics(page);
  await expect(snapshot(page).getByRole('alert')).toHaveText('The telemetry service is not available. Please try again later.');
});

test('an unmapped customer gets the Analytics report frames, not the dashboard', async ({ page }) => {
  // Not even asked for: usercustomerbyemail says the customer has no mapping (no 404 to log).
  const mappingCalls: string[] = [];
  page.on('request', (r) => r.url().includes('/api/analytics/nclarity-customer/') && mappingCalls.push(r.url()));
  await openAnalytics(page, demo.lakeside);
  await expect(page.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible();
  // The report's frames show instead of the dashboard.
  await expect(page.locator('main iframe').first()).toBeVisible();
  await expect(dashboard(page)).toHaveCount(0);
  await expect(page.getByText('Telemetry Snapshot')).toHaveCount(0);
  expect(mappingCalls).toEqual([]);
});

test('the dashboard refreshes its samples by itself every minute while the tab is visible', async ({ page }) => {
  await page.clock.install();
  const sampleCalls: number[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && /\/api\/telemetry\/[^/]+\/samples$/.test(new URL(r.url()).pathname)) sampleCalls.push(Date.now());
  });
  await openAnalytics(page);
  await expectCards(page, northwindDevices);
  const before = sampleCalls.length;
  expect(before).toBeGreaterThan(0);
  await page.clock.fastForward(30_000);
  await page.waitForTimeout(500);
  expect(sampleCalls.length).toBe(before);
  await page.clock.fastForward(35_000);
  await expect.poll(() => sampleCalls.length).toBeGreaterThan(before);
  await expectCards(page, northwindDevices);
});
