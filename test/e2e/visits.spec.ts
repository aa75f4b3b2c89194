/**
 * Issue 30 in the browser: "Coming up" above the Dashboard and Maintenance (date, arrival window or
 * All day, technician, what, work order; following the Property filter), and the user menu's
 * Calendar feed: its address serves the customer's visits as iCalendar and none of another
 * customer's, Regenerate makes the old address answer 404, Turn off the new one. Issue 39: a
 * visit's time in its property's zone, named, whatever the browser's zone; Regenerate and Turn off
 * ask first (Cancel keeps the link); "Add to calendar" links.
 */
import { expect, test, type Page } from '@playwright/test';
import type { Visit } from '../../lambdas/shared/contract/answers/visits.js';
import { shellStrings } from '../../web/features/shell/strings.js';
import { visitsText as v } from '../../web/features/visits/strings.js';
import { demo } from './support/env.js';
import { customerToken, expectNoSeriousA11yViolations, logIn, shotsAtBothSizes, shotter } from './support/session.js';

const shot = shotter('visits');
const comingUp = (page: Page) => page.getByRole('region', { name: v.title });
const userMenu = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^Dana Facilities$/i });
const DATE = /^\d{1,2} [A-Z][a-z]{2} \d{4}$/;
// A time is named by its property's zone (the demo's are in the US: CST, MDT, ...).
const ARRIVAL = /^(\d{1,2}:\d{2} [AP]M – \d{1,2}:\d{2} [AP]M [A-Z]{2,4}|\d{1,2}:\d{2} [AP]M [A-Z]{2,4}|All day)$/;
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
  await expect(panel.getByText(/^\d{1,2}:\d{2} [AP]M – \d{1,2}:\d{2} [AP]M [A-Z]{2,4}$/).first()).toBeVisible();
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
  // LOCATION: the property's name and address (the demo's are in Chicago and Denver), commas escaped.
  const locations = [...new Set(text.match(/^LOCATION:.*$/gm)!.map((l) => l.slice('LOCATION:'.length).trim()))];
  expect(locations.length).toBeGreaterThan(1);
  for (const l of locations) expect(NORTHWIND).toContain(l.split('\\, ')[0]);
  for (const l of locations) expect(l).toMatch(/^[^,]+\\, \d+ [^\\]+\\, (Chicago|Denver)\\, (IL|CO) \d{5}$/);
  for (const other of OTHERS) expect(text).not.toContain(other);
  // Times: local times of the property's zone with its TZID, each zone given once as a VTIMEZONE.
  expect(text).toMatch(/^DTSTART;TZID=America\/(Chicago|Denver):\d{8}T\d{6}$/m);
  expect(text).not.toMatch(/^DTSTART:\d{8}T\d{6}Z$/m);
  expect(text.match(/^TZID:.*$/gm)!.sort()).toEqual(['TZID:America/Chicago', 'TZID:America/Denver']);

  await dialog.getByRole('button', { name: v.regenerate }).click();
  await page.getByRole('alertdialog', { name: v.regenerateTitle }).getByRole('button', { name: v.regenerateConfirm }).click();
  await expect(dialog.getByRole('status').filter({ hasText: 'A new calendar link was made.' })).toBeVisible();
  await expect(address).not.toHaveValue(first);
  const second = await address.inputValue();
  expect((await request.get(first)).status()).toBe(404);
  expect((await request.get(second)).status()).toBe(200);
  await shotsAtBothSizes(shot, page, 'calendar-feed-regenerated');

  await dialog.getByRole('button', { name: v.turnOff }).click();
  await page.getByRole('alertdialog', { name: v.turnOffTitle }).getByRole('button', { name: v.turnOffConfirm }).click();
  await expect(dialog.getByText(v.offIntro)).toBeVisible();
  expect((await request.get(second)).status()).toBe(404);
  await dialog.getByRole('button', { name: v.close }).last().click();
  await expect(dialog).toBeHidden();
});

test("a visit's time shows in its property's zone, named, when the browser is in another zone", async ({ browser, request }) => {
  // The visits as the API gives them: each with its property's zone (the demo's Northwind buildings: Chicago and Denver).
  const token = await customerToken(request, demo.northwind);
  const visits = ((await (await request.get('/api/visits', { headers: { authorization: `Bearer ${token}` } })).json()) as { visits: Visit[] }).visits;
  const shown = visits.slice(0, 6);
  expect(new Set(visits.map((x) => x.timeZone))).toEqual(new Set(['America/Chicago', 'America/Denver']));
  const windowed = shown.find((x) => x.windowStart && x.windowEnd)!;
  expect(windowed).toBeDefined();
  // Written independently of the app: the clock and the zone's short name as Intl gives them in the property's zone.
  const clock = (iso: string, timeZone: string) => new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit' }).format(new Date(iso));
  const named = (iso: string, timeZone: string) => new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' }).formatToParts(new Date(iso)).find((p) => p.type === 'timeZoneName')!.value;
  const day = (iso: string, timeZone: string) => {
    const p = new Intl.DateTimeFormat('en-GB', { timeZone, day: 'numeric', month: 'numeric', year: 'numeric' }).formatToParts(new Date(iso));
    const part = (t: string) => Number(p.find((x) => x.type === t)!.value);
    return `${part('day')} ${['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][part('month') - 1]} ${part('year')}`;
  };
  const tz = windowed.timeZone;
  const expected = `${clock(windowed.windowStart!, tz)} – ${clock(windowed.windowEnd!, tz)} ${named(windowed.windowEnd!, tz)}`;
  expect(expected).toMatch(/^\d{1,2}:\d{2} [AP]M – \d{1,2}:\d{2} [AP]M [CM][SD]T$/);

  // A browser in Tokyo, 14 or 15 hours from the building.
  const context = await browser.newContext({ timezoneId: 'Asia/Tokyo' });
  try {
    const page = await context.newPage();
    await logIn(page, demo.northwind);
    expect(await page.evaluate('Intl.DateTimeFormat().resolvedOptions().timeZone')).toBe('Asia/Tokyo');
    const row = comingUp(page).locator(`tr[data-work-order="${windowed.workOrderId}"]`);
    await expect(row.locator('td').nth(1)).toHaveText(expected);
    await expect(row.locator('td').nth(0)).toHaveText(day(windowed.windowStart!, tz));
    // Not the browser's clock.
    await expect(row.locator('td').nth(1)).not.toContainText(clock(windowed.windowStart!, 'Asia/Tokyo'));
    await page.evaluate('window.scrollTo(0, 0)');
    await shotsAtBothSizes(shot, page, 'coming-up-tokyo-browser');
  } finally {
    await context.close();
  }
});

test('Regenerate and Turn off ask first, Cancel focused and keeping the link; "Add to calendar" links subscribe to the feed', async ({ page, request }) => {
  await logIn(page, demo.northwind);
  await userMenu(page).click();
  await page.getByRole('menuitem', { name: shellStrings.calendarFeed }).click();
  const dialog = page.getByRole('dialog', { name: v.dialogTitle });
  await dialog.getByRole('button', { name: v.turnOn }).click();
  const address = dialog.getByRole('textbox', { name: v.feedAddress });
  await expect(address).toHaveValue(/\.ics$/);
  const url = await address.inputValue();
  // Turn on is gone: the focus is on what comes next, Copy.
  await expect(dialog.getByRole('button', { name: v.copy })).toBeFocused();

  // Add to calendar: the device's app by webcal://, Google Calendar and Outlook.com, each in a new tab.
  const adds = dialog.getByRole('group', { name: v.addToCalendar });
  const webcal = url.replace(/^https?:\/\//, 'webcal://');
  const links = [
    [v.addWebcal, webcal],
    [v.addGoogle, `https://calendar.google.com/calendar/r?cid=${encodeURIComponent(webcal)}`],
    [v.addOutlook, `https://outlook.live.com/calendar/0/addfromweb?url=${encodeURIComponent(url)}&name=${encodeURIComponent('Comfort Portal Reporting: visits')}`],
  ] as const;
  await expect(adds.getByRole('link')).toHaveCount(3);
  for (const [app, href] of links) {
    const link = adds.getByRole('link', { name: v.newTab(app) });
    await expect(link).toHaveText(app);
    await expect(link).toHaveAttribute('href', href);
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  }
  expect(webcal).toMatch(/^webcal:\/\/127\.0\.0\.1:\d+\/api\/calendar\/[\w-]+\.[\w-]{43}\.ics$/);

  // Regenerate asks, naming what happens to the old link, with Cancel focused; Cancel changes nothing.
  await dialog.getByRole('button', { name: v.regenerate }).click();
  const ask = page.getByRole('alertdialog', { name: v.regenerateTitle });
  await expect(ask).toBeVisible();
  await expect(ask).toContainText(v.regenerateText);
  await expect(ask.getByRole('button', { name: v.cancel })).toBeFocused();
  await expectNoSeriousA11yViolations(page, { excludeFrames: true });
  await shotsAtBothSizes(shot, page, 'calendar-feed-regenerate-asks');
  await ask.getByRole('button', { name: v.cancel }).click();
  await expect(ask).toBeHidden();
  await expect(address).toHaveValue(url);
  expect((await request.get(url)).status()).toBe(200);
  // Escape is Cancel too.
  await dialog.getByRole('button', { name: v.regenerate }).click();
  await expect(ask).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(ask).toBeHidden();
  await expect(dialog).toBeVisible();
  expect((await request.get(url)).status()).toBe(200);

  // Turn off asks too; Cancel keeps the feed on and its link working.
  await dialog.getByRole('button', { name: v.turnOff }).click();
  const off = page.getByRole('alertdialog', { name: v.turnOffTitle });
  await expect(off).toContainText(v.turnOffText);
  await expect(off.getByRole('button', { name: v.cancel })).toBeFocused();
  await shotsAtBothSizes(shot, page, 'calendar-feed-turn-off-asks');
  await off.getByRole('button', { name: v.cancel }).click();
  await expect(address).toHaveValue(url);
  expect((await request.get(url)).status()).toBe(200);

  // Confirmed, each acts: a new link (the old one 404), then off.
  await dialog.getByRole('button', { name: v.regenerate }).click();
  await ask.getByRole('button', { name: v.regenerateConfirm }).click();
  await expect(address).not.toHaveValue(url);
  await expect(dialog.getByRole('button', { name: v.copy })).toBeFocused();
  expect((await request.get(url)).status()).toBe(404);
  const second = await address.inputValue();
  await dialog.getByRole('button', { name: v.turnOff }).click();
  await off.getByRole('button', { name: v.turnOffConfirm }).click();
  await expect(dialog.getByText(v.offIntro)).toBeVisible();
  await expect(dialog.getByRole('button', { name: v.turnOn })).toBeFocused();
  expect((await request.get(second)).status()).toBe(404);
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
