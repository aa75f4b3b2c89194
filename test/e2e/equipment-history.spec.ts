/**
 * Issue 43, item 5 in the browser: a customer opens a work order, its equipment's history (the
 * work orders on that unit and the quote made for one, newest first), a work order from it, and
 * goes Back each step to where they came from; a monitored unit shows its raised alert; another
 * customer's equipment by its address answers as none; an administrator viewing as the customer
 * sees what the customer sees. From Analytics, a unit's card opens its history, and Back returns to
 * Analytics with the unit chosen.
 */
import { expect, test, type Page } from '@playwright/test';
import { demoEquipment } from '../../infra/admin/demo-data.js';
import { demoNow, demoReportRows } from '../../infra/admin/demo-report-data.js';
import type { AssetRow, QuoteRow, WorkOrderRow } from '../../lambdas/shared/data/report-rows.js';
import { telemetryText } from '../../web/features/telemetry/strings.js';
import { equipmentText as e, workOrderText as t } from '../../web/features/work-orders/strings.js';
import { demo } from './support/env.js';
import { expectNoSeriousA11yViolations, logIn, shotsAtBothSizes, shotter, viewAs } from './support/session.js';

const shot = shotter('equipment-history', true);
const section = (page: Page, name: string) => page.getByRole('region', { name });
const entries = (page: Page) => section(page, e.timeline).locator('li[data-entry]');

// The demo's rows as the local stack seeded them today, at Northwind Plaza (Northwind Tower's quotes are
// imported again by quotes.spec.ts, which may run first on the same stack): the unit a quote was made for.
const PLAZA = 'PROP-1001-02';
const rows = demoReportRows(demoNow());
const quote = rows.find((r): r is QuoteRow => r.dataset === 'quote' && r.propertyId === PLAZA && !!r.workOrderId)!;
const workOrder = rows.find((r): r is WorkOrderRow => r.dataset === 'wo' && r.id === quote.workOrderId && r.propertyId === PLAZA)!;
const asset = rows.find((r): r is AssetRow => r.dataset === 'asset' && r.id === workOrder.assetId && r.propertyId === PLAZA)!;
const onAsset = rows.filter((r): r is WorkOrderRow => r.dataset === 'wo' && r.assetId === asset.id && r.propertyId === PLAZA);
// A monitored unit of the Plaza with work orders: its telemetry equipment has the demo's silent device (AHU-1's).
const monitored = demoEquipment.find((q) => q.propertyId === PLAZA && q.name === 'AHU-1')!;
const monitoredAsset = rows.find((r): r is AssetRow => r.dataset === 'asset' && r.propertyId === PLAZA && r.name === monitored.name)!;

test.describe.configure({ mode: 'serial' });

test('a work order opens its equipment history; a work order from it opens, and each Back returns one step', async ({ page }) => {
  expect(onAsset.length).toBeGreaterThan(0);
  await logIn(page, demo.northwind);
  await page.goto(`/work-orders/${workOrder.id}`);
  await expect(page.getByRole('heading', { level: 1, name: t.title(workOrder.id) })).toBeVisible();
  await section(page, t.equipment).getByRole('link', { name: e.historyLabel(asset.name) }).click();

  await expect(page).toHaveURL(new RegExp(`/equipment/${asset.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: e.title(asset.name) })).toBeVisible();
  const facts = section(page, t.equipment);
  await expect(facts.getByText(asset.assetType, { exact: true })).toBeVisible();
  await expect(facts.getByText('Northwind Plaza', { exact: true })).toBeVisible();
  await expect(facts.getByText(e.notMonitored, { exact: true })).toBeVisible();
  // Every work order on the unit and the quote made for one, newest first (the timeline's order: test/unit/assets).
  await expect(entries(page)).toHaveCount(onAsset.length + 1);
  await expect(entries(page).and(page.locator('[data-entry="work-order"]'))).toHaveCount(onAsset.length);
  const quoteEntry = entries(page).and(page.locator(`[data-id="${quote.id}"]`));
  await expect(quoteEntry.getByRole('link', { name: e.openQuote(quote.id) })).toHaveAttribute('href', `/home/quotes?quote=${quote.id}`);
  await expect(quoteEntry).toContainText(quote.title);
  await expect(quoteEntry.getByRole('link', { name: e.openWorkOrder(workOrder.id) })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await shotsAtBothSizes(shot, page, 'history');

  // A work order of the history opens; Back returns to the history, then to the first work order, then to the Dashboard.
  const other = onAsset.find((w) => w.id !== workOrder.id) ?? workOrder;
  await entries(page).and(page.locator(`[data-id="${other.id}"]`)).getByRole('link', { name: e.openWorkOrder(other.id) }).click();
  await expect(page).toHaveURL(new RegExp(`/work-orders/${other.id}$`));
  await expect(page.getByText(other.description, { exact: true })).toBeVisible();
  await page.getByRole('button', { name: t.back }).click();
  await expect(page).toHaveURL(new RegExp(`/equipment/${asset.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: e.title(asset.name) })).toBeVisible();
  await page.getByRole('button', { name: e.back }).click();
  await expect(page).toHaveURL(new RegExp(`/work-orders/${workOrder.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: t.title(workOrder.id) })).toBeVisible();
  await page.getByRole('button', { name: t.back }).click();
  await expect(page).toHaveURL(/\/home$/);
});

test("a monitored unit's history shows its telemetry equipment and its raised alert", async ({ page }) => {
  await logIn(page, demo.northwind);
  await page.goto(`/equipment/${monitoredAsset.id}`);
  await expect(page.getByRole('heading', { level: 1, name: e.title(monitoredAsset.name) })).toBeVisible();
  await expect(section(page, t.equipment).getByText(e.monitored(monitored.id), { exact: true })).toBeVisible();
  // The stack's first alerts pass, a second after its start, raises the silent device's alert.
  const alert = entries(page).and(page.locator('[data-entry="alert"]'));
  await expect(async () => {
    await page.reload();
    await expect(alert.first()).toContainText('Not reporting', { timeout: 3_000 });
  }).toPass({ timeout: 60_000 });
  await expect(entries(page).and(page.locator('[data-entry="work-order"]')).first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await shotsAtBothSizes(shot, page, 'monitored');
  // Its readings: Analytics with the unit chosen, as a click on it in the equipment list does.
  await section(page, t.equipment).getByRole('link', { name: e.openReadingsLabel(monitoredAsset.name) }).click();
  await expect(page).toHaveURL(new RegExp(`/home/analytics\\?equipment=${monitored.id}$`));
  await expect(page.locator('[aria-current="true"]').filter({ hasText: monitored.name })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText(telemetryText.selectedEquipment, { exact: true })).toBeVisible();
});

test("an Analytics card opens its unit's equipment history, and Back returns to Analytics with the unit chosen", async ({ page }) => {
  await logIn(page, demo.northwind);
  // Analytics with AHU-1 chosen (the history's own link above): its one device's card.
  await page.goto(`/home/analytics?equipment=${monitored.id}`);
  const chosen = page.locator('[aria-current="true"]').filter({ hasText: monitored.name });
  await expect(chosen).toBeVisible({ timeout: 20_000 });
  const card = page.getByRole('list', { name: telemetryText.deviceList }).getByRole('article');
  await expect(card).toHaveCount(1);
  await expect(card.getByRole('heading', { name: monitored.name })).toBeVisible();
  // Every demo unit is an asset of its property: each card in view has its History, this one the Plaza's AHU-1.
  const history = card.getByRole('link', { name: telemetryText.historyLabel(monitored.name) });
  await expect(history).toHaveText(telemetryText.history);
  await expect(history).toHaveAttribute('href', `/equipment/${monitoredAsset.id}`);
  await expectNoSeriousA11yViolations(page);
  await shotsAtBothSizes(shot, page, 'analytics-card');

  await history.click();
  await expect(page).toHaveURL(new RegExp(`/equipment/${monitoredAsset.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: e.title(monitoredAsset.name) })).toBeVisible();
  await expect(section(page, t.equipment).getByText(e.monitored(monitored.id), { exact: true })).toBeVisible();
  await expect(entries(page).and(page.locator('[data-entry="work-order"]')).first()).toBeVisible();

  await page.getByRole('button', { name: e.back }).click();
  await expect(page).toHaveURL(new RegExp(`/home/analytics\\?equipment=${monitored.id}$`));
  await expect(chosen).toBeVisible({ timeout: 20_000 });
  await expect(card.getByRole('link', { name: telemetryText.historyLabel(monitored.name) })).toBeVisible();
});

test('a unit that is not monitored offers no way to readings', async ({ page }) => {
  await logIn(page, demo.northwind);
  const unmonitored = rows.find((r): r is AssetRow => r.dataset === 'asset' && r.propertyId === PLAZA && !demoEquipment.some((q) => q.propertyId === PLAZA && q.name === r.name))!;
  await page.goto(`/equipment/${unmonitored.id}`);
  await expect(page.getByRole('heading', { level: 1, name: e.title(unmonitored.name) })).toBeVisible();
  await expect(section(page, t.equipment).getByText(e.notMonitored, { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: /in Analytics$/ })).toHaveCount(0);
});

test("another customer's equipment by its address gets the same answer as none", async ({ page }) => {
  await logIn(page, demo.lakeside);
  await page.goto(`/equipment/${asset.id}`);
  await expect(page.getByRole('alert')).toHaveText(`No equipment ${asset.id}.`);
  await expect(page.getByText(asset.name)).toHaveCount(0);
  await page.goto('/equipment/AS-NONE');
  await expect(page.getByRole('alert')).toHaveText('No equipment AS-NONE.');
  await page.getByRole('button', { name: e.back }).click();
  await expect(page).toHaveURL(/\/home$/);
});

test('an administrator viewing as the customer sees the history the customer sees, under the viewing-as banner', async ({ page }) => {
  test.setTimeout(120_000);
  await logIn(page, demo.admin);
  await viewAs(page, demo.northwind.email);
  await page.goto(`/equipment/${asset.id}`);
  await expect(page.getByRole('status').filter({ hasText: 'Viewing as' })).toContainText(`Viewing as ${demo.northwind.email}`);
  await expect(page.getByRole('heading', { level: 1, name: e.title(asset.name) })).toBeVisible();
  await expect(entries(page)).toHaveCount(onAsset.length + 1);
  await shotsAtBothSizes(shot, page, 'view-as');
});
