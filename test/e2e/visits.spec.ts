/**
 * Issue 30 in the browser: "Coming up" above the Dashboard and Maintenance (date, arrival window or
 * All day, technician, what, work order; following the Property filter), and the user menu's
 * Calendar feed: its address serves the customer's visits as iCalendar and none of another
 * customer's, Regenerate makes the old address answer 404, Turn off the new one.
 */
import { expect, test, type Page } from '@playwright/test';
import { shellStrings } from '../../web/features/shell/strings.js';
import { visitsText as v } from '../../web/features/visits/strings.js';
import { demo } from './support/env.js';
import { expectNoSeriousA11yViolations, logIn, shotsAtBothSizes, shotter } from './support/session.js';

const shot = shotter('visits');
const comingUp = (page: Page) => page.getByRole('region', { name: v.title });
const userMenu = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^Dana Facilities$/i });
const DATE = /^\d{1,2} [A-Z][a-z]{2} \d{4}$/;
const ARRIVAL = /^(\d{1,2}:\d{2} [AP]M – \d{1,2}:\d{2} [AP]M|\d{1,2}:\d{2} [AP]M|All day)$/;
const NORTHWIND = ['Northwind Tower', 'Northwind Plaza', 'Harbor Logistics Center', 'Riverside Data Hall'];
const OTHERS = ['Harborview Main Hospital', 'Eastside Outpatient Clinic', 'Harborview Research Annex', 'Lakeside High School', 'Maple Elementary', 'District Administration Building', 'Summit Mall', 'Summit Distribution Center'];

test.describe.configure({ mode: 'serial' });

test('the Dashboard shows Coming up: the next visits with their day, arrival window, technician and work order', async ({ page }) => {
  await logIn(page, demo.northwind);
  const panel = comingUp(page);
  await expect(panel.getByRole('heading', { name: v.title })).toBeVisible();
  await expect(panel.getByText(v.subtitle(30))).toBeVisible();
  const rows = panel.getByRole('table').locator('tbody tr');
  await expect(rows).toHaveCount(6);
  await expect(panel.getByRole('table').locator('thead th')).toHaveText(['Date', 'Arrival', 'Property', 'What', 'Technician', 'Work order']);
  for (const row of await rows.all()) {
    const cells = row.locator('td');
    await expect(cells.nth(0)).toHaveText(DATE);
    await expect(cells.nth(1)).toHaveText(ARRIVAL);
    expect(NORTHWIND).toContain(await cells.nth(2).textContent());
    await expect(cells.nth(4)).toHaveText(/^[A-Z]\. [A-Z][a-z]+$/);
    await expect(cells.nth(5)).toHaveText(/^WO-D\d{6}$/);
  }
  // The demo's first visit at each property is tomorrow, most with an arrival window.
  await expect(panel.getByText(/^\d{1,2}:\d{2} [AP]M – \d{1,2}:\d{2} [AP]M$/).first()).toBeVisible();
  // Every visit of the 30 days on request, none of another customer's.
  const all = panel.getByRole('button', { name: /^Show all \d+ visits$/ });
  const total = Number(/\d+/.exec((await all.textContent())!)![0]);
  await all.click();
  await expect(rows).toHaveCount(total);
  for (const name of await rows.locator('td:nth-child(3)').allTextContents()) expect(NORTHWIND).toContain(name);
  await panel.getByRole('button', { name: v.showFewer }).click();
  // The report frame is still there below it.
  await expect(page.frameLocator('iframe[title="Sigma Report"]').getByRole('heading', { level: 1 })).toHaveText('Dashboard');
  await expectNoSeriousA11yViolations(page, { excludeFrames: true });
  await page.evaluate('window.scrollTo(0, 0)');
  await shotsAtBothSizes(shot, page, 'dashboard');

  // One property in view: only its visits, said in the panel.
  await page.goto('/home?property=PROP-1001-02');
  await expect(panel.getByText(v.subtitleProperty(30, 'Northwind Plaza'))).toBeVisible();
  await expect(panel.getByRole('table').locator('thead th')).toHaveText(['Date', 'Arrival', 'What', 'Technician', 'Work order']);
  await expect(rows.first()).toBeVisible();

  // Maintenance shows it too; Quotes does not.
  await page.getByRole('navigation').getByRole('button', { name: /^Maintenance/ }).click();
  await expect(page.frameLocator('iframe[title="Sigma Report"]').getByRole('heading', { level: 1 })).toHaveText('Maintenance');
  await expect(panel).toBeVisible();
  await page.evaluate('window.scrollTo(0, 0)');
  await shotsAtBothSizes(shot, page, 'maintenance');
  await page.getByRole('navigation').getByRole('button', { name: /^Quotes/ }).click();
  await expect(page.frameLocator('iframe[title="Sigma Report"]').getByRole('heading', { level: 1 })).toHaveText('Quotes');
  await expect(panel).toHaveCount(0);
});

test("the Calendar feed gives an address serving the customer's visits, none of another customer's; a new link ends the old one", async ({ page, request }) => {
  await logIn(page, demo.northwind);
  await userMenu(page).click();
  await expect(page.getByRole('menuitem')).toHaveText([shellStrings.contactUs, shellStrings.notifications, shellStrings.calendarFeed, shellStrings.changePassword, shellStrings.logOut]);
  await page.getByRole('menuitem', { name: shellStrings.calendarFeed }).click();
  const dialog = page.getByRole('dialog', { name: v.dialogTitle });
  await expect(dialog.getByText(v.offIntro)).toBeVisible();
  await dialog.getByRole('button', { name: v.turnOn }).click();
  const address = dialog.getByRole('textbox', { name: v.feedAddress });
  await expect(address).toHaveValue(/\/api\/calendar\/[\w-]+\.[\w-]{43}\.ics$/);
  const first = await address.inputValue();
  await expectNoSeriousA11yViolations(page, { excludeFrames: true });
  await shotsAtBothSizes(shot, page, 'calendar-feed');

  const feed = await request.get(first);
  expect(feed.status()).toBe(200);
  expect(feed.headers()['content-type']).toBe('text/calendar; charset=utf-8');
  const text = (await feed.text()).replace(/\r\n /g, '');
  expect(text.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
  const locations = [...new Set(text.match(/^LOCATION:.*$/gm)!.map((l) => l.slice('LOCATION:'.length).trim()))];
  expect(locations.length).toBeGreaterThan(1);
  for (const l of locations) expect(NORTHWIND).toContain(l);
  for (const other of OTHERS) expect(text).not.toContain(other);
  expect(text).toMatch(/^DTSTART:\d{8}T\d{6}Z$/m);

  await dialog.getByRole('button', { name: v.regenerate }).click();
  await expect(dialog.getByRole('status').filter({ hasText: 'A new calendar link was made.' })).toBeVisible();
  await expect(address).not.toHaveValue(first);
  const second = await address.inputValue();
  expect((await request.get(first)).status()).toBe(404);
  expect((await request.get(second)).status()).toBe(200);
  await shotsAtBothSizes(shot, page, 'calendar-feed-regenerated');

  await dialog.getByRole('button', { name: v.turnOff }).click();
  await expect(dialog.getByText(v.offIntro)).toBeVisible();
  expect((await request.get(second)).status()).toBe(404);
  await dialog.getByRole('button', { name: v.close }).last().click();
  await expect(dialog).toBeHidden();
});

test('staff have no Calendar feed, and see Coming up of the customer they view as', async ({ page }) => {
  await logIn(page, demo.admin);
  // An administrator's own view has no properties: no panel.
  await expect(page.frameLocator('iframe[title="Sigma Report"]').getByRole('heading', { level: 1 })).toHaveText('Dashboard');
  await expect(comingUp(page)).toHaveCount(0);
  await page.getByRole('banner').getByRole('button', { name: /^Portal Admin$/i }).click();
  await expect(page.getByRole('menuitem', { name: shellStrings.calendarFeed })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await page.getByRole('combobox', { name: 'Select User View' }).fill(demo.lakeside.email);
  await page.getByRole('option', { name: new RegExp(demo.lakeside.email) }).click();
  const panel = comingUp(page);
  await expect(panel.getByRole('table').locator('tbody tr').first()).toBeVisible();
  for (const name of await panel.getByRole('table').locator('tbody td:nth-child(3)').allTextContents()) expect(['Lakeside High School', 'Maple Elementary', 'District Administration Building']).toContain(name);
});
