import { expect, test, type Page } from '@playwright/test';
import { reportStrings as r } from '../../web/features/reports/strings.js';
import { demo } from './support/env.js';
import { expectNoSeriousA11yViolations, logIn, makeCustomer, screenshot } from './support/session.js';

/** The browser window inside page.evaluate (the e2e files are type-checked without the DOM library). */
type FrameWindow = { marker?: number; location: { origin: string; search: string }; parent: { postMessage(m: unknown, origin: string): void } };

const REPORTS: { name: string; title: string; charts: number }[] = [
  { name: 'Dashboard', title: 'Dashboard', charts: 3 },
  { name: 'Quotes', title: 'Quotes', charts: 2 },
  { name: 'Work Orders', title: 'Work Orders', charts: 5 },
  { name: 'Maintenance', title: 'Maintenance', charts: 4 },
  { name: 'Capital Projects', title: 'Capital Projects', charts: 4 },
  { name: 'Assets', title: 'Assets', charts: 3 },
  { name: 'Invoicing', title: 'Invoicing', charts: 2 },
  { name: 'Analytics', title: 'Analytics', charts: 3 },
];

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Reports' });
const reportFrame = (page: Page) => page.frameLocator('iframe[title="Sigma Report"]');

test('each of the eight reports shows its figures, charts and table in a Sigma Report frame', async ({ page }) => {
  // Lakeside has no telemetry mapping, so Analytics shows its frames too.
  await logIn(page, demo.lakeside);
  for (const r of REPORTS) {
    // The Analytics entry's name includes its NEW badge.
    await sidebar(page)
      .getByRole('button', r.name === 'Analytics' ? { name: /Analytics/ } : { name: r.name, exact: true })
      .click();
    const frame = reportFrame(page);
    await expect(page.getByTitle('Sigma Report')).toHaveCount(1);
    await expect(frame.getByRole('heading', { level: 1 })).toHaveText(r.title);
    await expect(frame.locator('html[data-charts-drawn="true"]')).toHaveCount(1);
    await expect(frame.locator('figure.chart')).toHaveCount(r.charts);
    await expect(frame.locator('figure.chart canvas').first()).toBeVisible();
    await expect(frame.getByRole('region', { name: 'Key figures' })).toBeVisible();
    const rows = frame.getByRole('table').locator('tbody tr');
    await expect(rows.first()).toBeVisible();
    // Only Lakeside's properties appear in the table.
    const properties = await frame.getByRole('table').locator('tbody td:nth-child(2), tbody td:nth-child(3)').allTextContents();
    expect(properties.some((p) => /Northwind|Harborview|Summit/.test(p))).toBe(false);
    // The frame is sized from the page's own height message.
    await expect.poll(async () => (await page.getByTitle('Sigma Report').boundingBox())?.height ?? 0).toBeGreaterThan(900);
    await page.getByTitle('Sigma Report').scrollIntoViewIfNeeded();
    await screenshot(page, { path: `.tmp/shots/reports-${r.name.toLowerCase().replace(/ /g, '-')}.png`, fullPage: true });
  }
});

test('the table sorts in SQL and exports CSV; a fresh token reaches the page without reloading it', async ({ page }) => {
  await logIn(page, demo.northwind);
  await sidebar(page).getByRole('button', { name: 'Invoicing', exact: true }).click();
  const frame = reportFrame(page);
  const amount = frame.getByRole('columnheader', { name: 'Amount' });
  await expect(amount).toHaveAttribute('aria-sort', 'none');
  await amount.getByRole('button').click();
  await expect(amount).toHaveAttribute('aria-sort', 'ascending');
  const first = Number((await frame.getByRole('table').locator('tbody tr').first().locator('td').nth(7).textContent())!.replace(/[$,]/g, ''));
  await amount.getByRole('button').click();
  await expect(amount).toHaveAttribute('aria-sort', 'descending');
  const top = Number((await frame.getByRole('table').locator('tbody tr').first().locator('td').nth(7).textContent())!.replace(/[$,]/g, ''));
  expect(top).toBeGreaterThan(first);

  const [download] = await Promise.all([page.waitForEvent('download'), frame.getByRole('button', { name: 'Export CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^invoicing-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await (await download.createReadStream()).toArray();
  const text = Buffer.concat(csv).toString('utf8');
  expect(text.split('\r\n')[0]).toBe('Invoice,Property,Work Order,Issued,Due,Paid,Status,Amount,Balance,Pay online');
  expect(text).toContain('Northwind');
  expect(text).not.toMatch(/Harborview|Lakeside|Summit/);

  // The page asks for a fresh token (as it does shortly before expiry); the portal answers and the
  // page keeps its state (sort order) and its document (no reload).
  const handle = page.frames().find((f) => f.url().includes('/embed/invoicing'))!;
  const before = handle.url();
  await handle.evaluate(() => {
    const w = globalThis as unknown as FrameWindow;
    w.marker = 42;
    w.parent.postMessage({ type: 'portal-embed:refresh' }, w.location.origin);
  });
  await expect.poll(() => handle.evaluate(() => (globalThis as unknown as FrameWindow).location.search)).not.toBe(new URL(before).search);
  expect(await handle.evaluate(() => (globalThis as unknown as FrameWindow).marker)).toBe(42);
  await expect(amount).toHaveAttribute('aria-sort', 'descending');
  await amount.getByRole('button').click();
  await expect(amount).toHaveAttribute('aria-sort', 'ascending');
});

test('Pay opens an owed invoice\'s payment page in a new tab; an owed invoice without one says so; paid ones show the date paid', async ({ page, context }) => {
  // The provider's payment pages are its processor's; here a stand-in answers them (no traffic leaves the machine).
  const opened: string[] = [];
  await context.route('https://pay.example-hvac.com/**', (route) => {
    opened.push(route.request().url());
    return route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>Payment</title><h1>Payment page</h1>' });
  });
  await logIn(page, demo.northwind);
  await sidebar(page).getByRole('button', { name: 'Invoicing', exact: true }).click();
  const frame = reportFrame(page);
  const table = frame.getByRole('table');
  await expect(table.locator('tbody tr').first()).toBeVisible();
  const headers = (await table.locator('thead th').allTextContents()).map((h) => h.replace(/[▲▼]/g, '').trim());
  expect(headers).toEqual(['Invoice', 'Property', 'Work Order', 'Issued', 'Due', 'Paid', 'Status', 'Amount', 'Balance', 'Pay online']);
  const cell = (row: ReturnType<typeof table.locator>, name: string) => row.locator('td').nth(headers.indexOf(name));

  const row = table.locator('tbody tr').filter({ has: frame.getByRole('link') }).first();
  const pay = row.getByRole('link', { name: /^Pay \$[\d,]+\.\d{2} for INV-\S+ \(opens in a new tab\)$/ });
  await expect(pay).toBeVisible();
  const number = (await cell(row, 'Invoice').textContent())!.trim();
  const balance = (await cell(row, 'Balance').textContent())!.trim();
  await expect(pay).toHaveText(`Pay ${balance}`);
  await expect(pay).toHaveAccessibleName(`Pay ${balance} for ${number} (opens in a new tab)`);
  expect(['Open', 'Overdue']).toContain((await cell(row, 'Status').textContent())!.trim());
  await expect(pay).toHaveAttribute('target', '_blank');
  await expect(pay).toHaveAttribute('rel', 'noopener noreferrer');
  const [popup] = await Promise.all([page.waitForEvent('popup'), pay.click()]);
  await expect(popup.getByRole('heading', { name: 'Payment page' })).toBeVisible();
  expect(popup.url()).toBe(`https://pay.example-hvac.com/invoice/${number}`);
  expect(opened).toEqual([`https://pay.example-hvac.com/invoice/${number}`]);
  await popup.close();
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.getByTitle('Sigma Report').scrollIntoViewIfNeeded();
  await screenshot(page, { path: '.tmp/shots/invoicing-pay-1440.png' });
  await expectNoSeriousA11yViolations(page);

  // An owed invoice without a payment page says so, and offers no link.
  await frame.getByRole('searchbox', { name: 'Search rows' }).fill('no online payment');
  await expect(frame.locator('.table-count')).toContainText('matching "no online payment"');
  const without = table.locator('tbody tr');
  await expect(without.first()).toBeVisible();
  for (const r of await without.all()) {
    await expect(cell(r, 'Pay online')).toHaveText('No online payment');
    expect(['Open', 'Overdue']).toContain((await cell(r, 'Status').textContent())!.trim());
  }
  await expect(without.getByRole('link')).toHaveCount(0);

  // A paid invoice shows the day it was paid and no Pay.
  await frame.getByRole('searchbox', { name: 'Search rows' }).fill('Paid');
  await expect(frame.locator('.table-count')).toContainText('matching "paid"');
  const paid = table.locator('tbody tr').filter({ has: frame.locator(`td:nth-child(${headers.indexOf('Status') + 1})`, { hasText: /^Paid$/ }) }).first();
  await expect(cell(paid, 'Paid')).toHaveText(/^\d{1,2} [A-Z][a-z]{2} \d{4}$/);
  await expect(cell(paid, 'Pay online')).toHaveText('—');
  await page.setViewportSize({ width: 1280, height: 720 });
  await screenshot(page, { path: '.tmp/shots/invoicing-paid-1280.png' });
});

test('an administrator viewing as a customer sees that customer\'s rows only', async ({ page }) => {
  await logIn(page, demo.admin);
  await expect(reportFrame(page).getByRole('heading', { level: 1 })).toHaveText('Dashboard');
  const view = page.getByRole('combobox', { name: 'Select User View' });
  await view.click();
  await view.fill('lakeside');
  await page.getByRole('option', { name: /principal@lakeside\.test/ }).click();
  const frame = reportFrame(page);
  await expect(frame.getByRole('heading', { level: 1 })).toHaveText('Dashboard');
  await expect(frame.locator('html[data-charts-drawn="true"]')).toHaveCount(1);
  const cells = await frame.getByRole('table').locator('tbody td:nth-child(3)').allTextContents();
  expect(cells.length).toBeGreaterThan(0);
  expect(cells.every((c) => /Lakeside|Maple|District/.test(c))).toBe(true);
  await screenshot(page, { path: '.tmp/shots/reports-view-as.png' });
});

test('a tampered or expired report link shows a clear page and no data', async ({ page }) => {
  // The report page is static (served as is from the web bucket), so the refusal comes from its data
  // call: a token that names the page but is not signed by the portal gets a 401 from /api/embed/data.
  const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const forged = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ page: 'dashboard', uid: 1, exp: Math.floor(Date.now() / 1000) + 3600 })}.bad`;
  const refused = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/embed/data');
  const res = await page.goto(`/embed/dashboard?token=${forged}`);
  expect((await refused).status()).toBe(401);
  await expect(page.getByRole('heading', { name: 'Report link expired' })).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
  expect(res?.headers()['content-security-policy']).toContain("frame-ancestors 'self'");
  await screenshot(page, { path: '.tmp/shots/reports-expired-link.png' });

  // A token that is not a token at all is refused by the page before any data call.
  let calls = 0;
  page.on('request', (r) => new URL(r.url()).pathname.startsWith('/api/') && calls++);
  await page.goto('/embed/dashboard?token=eyJhbGciOiJIUzI1NiJ9.eyJ1aWQiOjF9.bad');
  await expect(page.getByRole('heading', { name: 'Report link expired' })).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
  expect(calls).toBe(0);
});

test('an email the report service cannot take shows a visible message in the frame\'s place', async ({ page }) => {
  const message = 'Reports cannot be shown for this account: its email is not accepted by the report service. Please contact us.';
  await page.route('**/api/sigma/filtered', (route) => route.fulfill({ status: 422, contentType: 'application/json', body: JSON.stringify({ error: message }) }));
  await logIn(page, demo.lakeside);
  await expect(page.getByRole('alert').filter({ hasText: message })).toBeVisible();
  await expect(page.locator('iframe[title="Sigma Report"]')).toHaveCount(0);
});

/** The report area's empty state, checked and shot at 1440x900 and at 700 px wide. */
async function expectEmptyState(page: Page, lines: string[], name: string) {
  const empty = page.getByRole('main').getByTestId('report-empty');
  await expect(empty.getByRole('heading', { name: r.emptyTitle })).toBeVisible();
  for (const line of lines) await expect(empty).toContainText(line);
  await expect(page.locator('iframe[title="Sigma Report"]')).toHaveCount(0);
  for (const [width, height] of [[1440, 900], [700, 900]] as const) {
    await page.setViewportSize({ width, height });
    await expect(empty).toBeInViewport();
    await screenshot(page, { path: `.tmp/shots/reports-empty-${name}-${width}.png` });
    await expectNoSeriousA11yViolations(page);
  }
}

test('an account with nothing assigned sees what is missing and whom to ask, on every report; so does an administrator viewing as it', async ({ page: first, browser, request }) => {
  let page = first;
  const config = (await (await page.request.get('/api/config')).json()) as { contactUrl: string; productName: string };
  // The profile says nothing is assigned: no report URL is asked for (the server would refuse it, 403).
  let frameCalls = 0;
  page.on('request', (req) => new URL(req.url()).pathname === '/api/sigma/filtered' && frameCalls++);
  await logIn(page, demo.noCustomer);
  await expectEmptyState(page, [r.noCustomer, r.askAdministrators(config.productName)], 'no-customer');
  expect(frameCalls).toBe(0);
  await expect(page.getByRole('main').getByRole('link', { name: r.contactUsNewTab })).toHaveAttribute('href', config.contactUrl);
  await page.setViewportSize({ width: 1440, height: 900 });
  // One screen: what happens next, a way to look again, and nothing around it that leads nowhere.
  await expect(page.getByRole('main').getByText(r.whatNext)).toBeVisible();
  await expect(sidebar(page)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Request Service' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'My Requests' })).toHaveCount(0);
  await expect(page.getByLabel('Period')).toHaveCount(0);
  const profiles = page.waitForRequest((req) => req.url().includes('/api/users/getproperty/'));
  await page.getByRole('main').getByRole('button', { name: r.checkAgain }).click();
  await profiles;
  await page.getByRole('banner').getByRole('button', { name: /Alex Newhire/ }).click();
  await expect(page.getByRole('menuitem', { name: 'Calendar feed' })).toHaveCount(0);
  await expect(page.getByRole('menuitem', { name: 'Notifications' })).toHaveCount(0);
  await expect(page.getByRole('menuitem', { name: 'Change Password' })).toBeVisible();
  await page.keyboard.press('Escape');

  // Customers but no properties (a fresh browser session each).
  const email = `noprops-${Date.now().toString(36)}@lakeside.test`;
  const password = await makeCustomer(request, email, [{ ID: 'CUST-1003', NAME: 'LAKESIDE SCHOOL DISTRICT' }], []);
  const customer = await (await browser.newContext()).newPage();
  await logIn(customer, { email, password });
  await expectEmptyState(customer, [r.noProperty], 'no-property');
  await customer.context().close();

  // An administrator viewing as the user with no customer: what to assign, and where.
  page = await (await browser.newContext()).newPage();
  await logIn(page, demo.admin);
  const view = page.getByRole('combobox', { name: 'Select User View' });
  await view.click();
  await view.fill(demo.noCustomer.email);
  await page.getByRole('option').first().click();
  await expectEmptyState(page, [r.viewedNoCustomer(demo.noCustomer.email), r.assignInEditUser], 'view-as');
  await expect(page.getByRole('main').getByRole('link', { name: r.contactUsNewTab })).toHaveCount(0);
});

test('a long table pages 200 rows at a time and searches every row on the server', async ({ page }) => {
  // An administrator's own view: every customer's work orders, far more than one page.
  await logIn(page, demo.admin);
  await sidebar(page).getByRole('button', { name: 'Work Orders', exact: true }).click();
  const frame = reportFrame(page);
  await expect(frame.getByRole('heading', { level: 1 })).toHaveText('Work Orders');
  const count = frame.locator('.table-count');
  await expect(count).toHaveText(/^Rows 1-200 of [\d,]+$/);
  const total = Number((await count.textContent())!.replace(/^.* of /, '').replace(/,/g, ''));
  expect(total).toBeGreaterThan(200);
  const rows = frame.getByRole('table').locator('tbody tr');
  const firstRow = await rows.first().textContent();

  const pages = frame.getByRole('navigation', { name: 'Table pages' });
  await pages.getByRole('button', { name: 'Next 200' }).click();
  await expect(count).toHaveText(`Rows 201-${Math.min(400, total)} of ${total.toLocaleString('en-US')}`);
  expect(await rows.first().textContent()).not.toBe(firstRow);
  await expect(pages.getByRole('button', { name: 'Previous 200' })).toBeEnabled();
  await page.getByTitle('Sigma Report').scrollIntoViewIfNeeded();
  await screenshot(page, { path: '.tmp/shots/reports-table-paged.png' });
  await pages.getByRole('button', { name: 'Previous 200' }).click();
  await expect(count).toHaveText(/^Rows 1-200 of /);
  expect(await rows.first().textContent()).toBe(firstRow);

  // A search over every row in scope, not only the page shown; clearing it gives every row back.
  await frame.getByRole('searchbox', { name: 'Search rows' }).fill('harbor');
  await expect(count).toHaveText(/matching "harbor"$/);
  const cells = await rows.allTextContents();
  expect(cells.length).toBeGreaterThan(0);
  expect(cells.every((c) => c.toLowerCase().includes('harbor'))).toBe(true);
  await frame.getByRole('searchbox', { name: 'Search rows' }).fill('no row has this text');
  await expect(frame.getByRole('cell', { name: 'No rows match "no row has this text".' })).toBeVisible();
  await frame.getByRole('searchbox', { name: 'Search rows' }).fill('');
  await expect(count).toHaveText(`Rows 1-200 of ${total.toLocaleString('en-US')}`);
  await expectNoSeriousA11yViolations(page);
});
