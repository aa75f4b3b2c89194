import { expect, test } from '@playwright/test';
import { requestsText as t } from '../../web/features/requests/strings.js';
import { demo, readOutbox } from './support/env.js';
import { expectNoSeriousA11yViolations, shotsAtBothSizes, logIn, shotter, viewAs } from './support/session.js';

const shot = shotter('requests');
const stamp = Date.now().toString(36);
// A 1x1 PNG: the photo a customer attaches.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

/** The outbox's newest mail to `to` whose subject contains `subject`, as raw text. */
const mailTo = (to: string, subject: string) =>
  readOutbox()
    .reverse()
    .find((m) => new RegExp(`^To: ${to.replace(/[.]/g, '\\.')}\\r?$`, 'mi').test(m.text) && m.text.includes(subject))?.text;

test.describe.configure({ mode: 'serial' });

test('Request Service starts on the property in view; with several and none in view, the customer chooses', async ({ page }) => {
  await logIn(page, demo.northwind);
  // No property in view (the reports show all four): nothing is preselected, and filing asks for one.
  await page.getByRole('button', { name: t.requestService }).click();
  let dialog = page.getByRole('dialog', { name: t.requestService });
  await expect(dialog.getByRole('combobox', { name: t.property })).toHaveText(t.chooseProperty);
  await expect(dialog.getByRole('combobox', { name: t.equipment })).toBeDisabled();
  await dialog.getByRole('textbox', { name: t.description }).fill('Noisy fan');
  let posted = 0;
  page.on('request', (r) => r.url().endsWith('/api/requests') && r.method() === 'POST' && posted++);
  await dialog.getByRole('button', { name: t.submit }).click();
  await expect(dialog.getByText(t.propertyRequired)).toBeVisible();
  expect(posted).toBe(0);
  await shotsAtBothSizes(shot, page, 'dialog-choose-property');
  await dialog.getByRole('button', { name: t.close, exact: true }).first().click();

  // The reports narrowed to Northwind Tower: the request starts there.
  const choice = page.getByRole('combobox', { name: 'Property' });
  await choice.click();
  await page.getByRole('option', { name: 'Northwind Tower' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Showing Northwind Tower only.' })).toBeVisible();
  await page.getByRole('button', { name: t.requestService }).click();
  dialog = page.getByRole('dialog', { name: t.requestService });
  await expect(dialog.getByRole('combobox', { name: t.property })).toHaveText('Northwind Tower');
  await dialog.getByRole('combobox', { name: t.equipment }).click();
  await expect(page.getByRole('option').filter({ hasText: 'CH-1 (Chiller)' })).toBeVisible();
  await page.keyboard.press('Escape');
  await shotsAtBothSizes(shot, page, 'dialog-property-in-view');
});

test('a customer files a request with a photo and sees it in My Requests; an administrator schedules it; the customer sees the new status and is mailed', async ({ page, browser, request }) => {
  test.setTimeout(150_000);
  const description = `No cooling on floor 12 since this morning (${stamp})`;

  // The customer files.
  await logIn(page, demo.northwind);
  await page.getByRole('button', { name: t.requestService }).click();
  const dialog = page.getByRole('dialog', { name: t.requestService });
  await expect(dialog.getByRole('combobox', { name: t.property })).toBeVisible();
  await dialog.getByRole('combobox', { name: t.property }).click();
  // Only the customer's own properties are offered.
  await expect(page.getByRole('option')).toHaveText(['Harbor Logistics Center', 'Northwind Plaza', 'Northwind Tower', 'Riverside Data Hall']);
  await page.getByRole('option', { name: 'Northwind Tower' }).click();
  const units = dialog.getByRole('combobox', { name: t.equipment });
  await units.click();
  // Every unit on record (the Assets page's), not only the three monitored devices, which are marked.
  const options = page.getByRole('option');
  await expect(options.filter({ hasText: t.monitored })).toHaveText([/^CH-1 \(Chiller\)/, /^RTU-1 \(Rooftop Unit\)/, /^RTU-2 \(Rooftop Unit\)/]);
  const unitCount = await options.count();
  expect(unitCount).toBeGreaterThan(3);
  await shotsAtBothSizes(shot, page, 'dialog-units');
  // Searchable.
  await units.fill('CH-1');
  await expect.poll(() => options.count()).toBeLessThan(unitCount);
  for (const text of await options.allTextContents()) expect(text).toContain('CH-1');
  await options.filter({ hasText: 'CH-1 (Chiller)' }).click();

  // What is wrong is required.
  await dialog.getByRole('button', { name: t.submit }).click();
  await expect(dialog.getByText(t.descriptionRequired)).toBeVisible();
  await dialog.getByRole('textbox', { name: t.description }).fill(description);

  // Emergency shows the provider's phone (the local stack's DISPATCH_PHONE).
  await dialog.getByRole('radio', { name: t.priorities.emergency }).check();
  await expect(dialog.getByRole('alert')).toContainText(t.emergencyCall.trim());
  await expect(dialog.getByRole('link', { name: '+1 555 0100' })).toHaveAttribute('href', 'tel:+15550100');
  await shotsAtBothSizes(shot, page, 'dialog-emergency');
  await dialog.getByRole('radio', { name: t.priorities.urgent }).check();
  await expect(dialog.getByRole('link', { name: '+1 555 0100' })).toHaveCount(0);

  await dialog.getByRole('textbox', { name: t.accessTimes }).fill('Weekdays 7:00-15:00, ask at reception');
  // A file that is no image is refused in the dialog; the photo is kept.
  await dialog.getByTestId('request-photos').setInputFiles([
    { name: 'notes.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF') },
    { name: 'leak.png', mimeType: 'image/png', buffer: PNG },
  ]);
  await expect(dialog.getByText(t.notImage('notes.pdf'))).toBeVisible();
  await expect(dialog.getByRole('button', { name: t.removePhoto('leak.png') })).toBeVisible();
  await expectNoSeriousA11yViolations(page, { excludeFrames: true });
  await shotsAtBothSizes(shot, page, 'dialog-filled');

  const filed = page.waitForResponse((r) => r.url().endsWith('/api/requests') && r.request().method() === 'POST' && r.status() === 201);
  await dialog.getByRole('button', { name: t.submit }).click();
  const filing = await filed;
  // The new form: a request's fields, no `action` (the previous release's form is answered for one release only).
  expect(filing.request().postDataJSON()).not.toHaveProperty('action');
  const reference = ((await filing.json()) as { request: { reference: string } }).request.reference;
  await expect(dialog.getByRole('status')).toHaveText(`Your request ${reference} was sent. We have emailed you a confirmation.`);

  // The provider's dispatch mail (with a working photo link) and the customer's confirmation.
  await expect.poll(() => mailTo('dispatch@example-hvac.com', reference)).toBeTruthy();
  const dispatch = mailTo('dispatch@example-hvac.com', reference)!;
  expect(dispatch).toContain(`Subject: Service request ${reference}: Northwind Properties, Northwind Tower`);
  // One way to write things: the time in UTC, saying so, as every mail writes it.
  expect(dispatch).toMatch(/^Filed at: \d{1,2} [A-Z][a-z]{2} \d{4}, \d{1,2}:\d{2} [AP]M UTC$/m);
  expect(dispatch).toContain('Equipment: CH-1');
  expect(dispatch).toContain(description);
  const link = /^1\. (http\S+)/m.exec(dispatch)![1]!;
  const photo = await request.get(link);
  expect(photo.status()).toBe(200);
  expect(photo.headers()['content-type']).toBe('image/png');
  expect(Buffer.from(await photo.body()).equals(PNG)).toBe(true);
  expect(mailTo(demo.northwind.email, `We received your service request ${reference}`)).toBeTruthy();
  await dialog.getByRole('button', { name: t.close, exact: true }).last().click();

  // My Requests lists it, submitted (GET /api/requests).
  const listed = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/requests' && r.request().method() === 'GET' && r.status() === 200);
  await page.getByRole('button', { name: t.myRequests }).click();
  await listed;
  const mine = page.getByRole('dialog', { name: t.myRequests });
  const card = mine.getByTestId('service-request').filter({ hasText: reference });
  await expect(card).toBeVisible();
  await expect(card.getByTestId('request-status')).toHaveText(t.statuses.submitted);
  await expect(card).toContainText(description);
  await expect(card).toContainText(t.photoCount(1));
  // Issue 39: the photo is a thumbnail (the image itself, read once in view, with its alt text) that opens the full image.
  const thumb = card.getByRole('img', { name: new RegExp(`^Photo .+\\.png of request ${reference}$`) });
  await expect(thumb).toBeVisible();
  expect(await thumb.evaluate((img: HTMLImageElement) => [img.complete, img.naturalWidth > 0, img.src.startsWith('blob:')])).toEqual([true, true, true]);
  const box = (await thumb.boundingBox())!;
  expect([box.width, box.height]).toEqual([72, 72]);
  const full = card.getByRole('link', { name: /\.png \(opens in a new tab\)$/ });
  expect(await full.getAttribute('target')).toBe('_blank');
  expect(((await request.get((await full.getAttribute('href'))!)).headers())['content-type']).toBe('image/png');
  await expect(mine.getByRole('button', { name: new RegExp(t.changeStatus) })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, { excludeFrames: true });
  await shotsAtBothSizes(shot, page, 'my-requests');

  // An administrator finds it among all requests and schedules it with a note.
  const adminContext = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  const adminPage = await adminContext.newPage();
  await logIn(adminPage, demo.admin);
  await expect(adminPage.getByRole('button', { name: t.requestService })).toHaveCount(0);
  await adminPage.getByRole('button', { name: t.allRequests }).click();
  const all = adminPage.getByRole('dialog', { name: t.allRequests });
  await all.getByRole('combobox', { name: t.status }).click();
  await adminPage.getByRole('option', { name: t.statuses.submitted }).click();
  await all.getByRole('combobox', { name: t.age }).click();
  await adminPage.getByRole('option', { name: t.ages['7'] }).click();
  // Customer names as every screen writes them, in the filter as on the cards.
  await all.getByRole('combobox', { name: t.customer }).click();
  await expect(adminPage.getByRole('option', { name: 'Northwind Properties', exact: true })).toBeVisible();
  await adminPage.keyboard.press('Escape');
  const adminCard = all.getByTestId('service-request').filter({ hasText: reference });
  await expect(adminCard).toContainText('Northwind Properties · Northwind Tower');
  await expect(adminCard).not.toContainText('NORTHWIND PROPERTIES');
  // The photo is linked from the list with a fresh link, whenever the mail's has expired.
  const photoLink = adminCard.getByRole('link', { name: /\.png \(opens in a new tab\)$/ });
  await expect(photoLink).toHaveCount(1);
  await expect(adminCard.getByRole('img', { name: new RegExp(`of request ${reference}$`) })).toBeVisible();
  const fresh = await request.get((await photoLink.getAttribute('href'))!);
  expect([fresh.status(), fresh.headers()['content-type']]).toEqual([200, 'image/png']);
  await shotsAtBothSizes(shot, adminPage, 'admin-list');
  await adminCard.getByRole('button', { name: `${t.changeStatus} ${reference}` }).click();
  await adminCard.getByRole('combobox', { name: t.newStatus }).click();
  await adminPage.getByRole('option', { name: t.statuses.scheduled }).click();
  await adminCard.getByRole('textbox', { name: t.note }).fill('Technician booked for Tuesday 9:00.');
  await expectNoSeriousA11yViolations(adminPage, { excludeFrames: true });
  await shotsAtBothSizes(shot, adminPage, 'admin-change-status');
  const changed = adminPage.waitForResponse((r) => r.url().endsWith(`/api/requests/${reference}`) && r.request().method() === 'PATCH');
  await adminCard.getByRole('button', { name: t.save }).click();
  const change = await changed;
  expect([change.status(), change.request().postDataJSON()]).toEqual([200, { customerId: expect.any(String), status: 'scheduled', note: 'Technician booked for Tuesday 9:00.' }]);
  // Filtered on submitted, the scheduled request leaves the list; without the filter it shows its new status.
  await expect(adminCard).toHaveCount(0);
  await all.getByRole('combobox', { name: t.status }).click();
  await adminPage.getByRole('option', { name: t.anyStatus }).click();
  await expect(adminCard.getByTestId('request-status')).toHaveText(t.statuses.scheduled);
  await adminContext.close();

  // The customer is mailed and sees the new status and the note.
  await expect.poll(() => mailTo(demo.northwind.email, `Your service request ${reference} is scheduled`)).toBeTruthy();
  expect(mailTo(demo.northwind.email, `Your service request ${reference} is scheduled`)).toContain('Technician booked for Tuesday 9:00.');
  await page.reload();
  await page.getByRole('button', { name: t.myRequests }).click();
  const again = page.getByRole('dialog', { name: t.myRequests }).getByTestId('service-request').filter({ hasText: reference });
  await expect(again.getByTestId('request-status')).toHaveText(t.statuses.scheduled);
  await expect(again).toContainText('Technician booked for Tuesday 9:00.');
  await shotsAtBothSizes(shot, page, 'my-requests-scheduled');
});

test("an administrator viewing as a customer files on their behalf; it shows in that customer's requests as filed for them", async ({ page }) => {
  test.setTimeout(90_000);
  const description = `Filed by the service desk (${stamp})`;
  await logIn(page, demo.admin);
  await viewAs(page, demo.lakeside.email);
  await page.getByRole('button', { name: t.requestService }).click();
  const dialog = page.getByRole('dialog', { name: t.requestService });
  await expect(dialog.getByText(t.onBehalf(demo.lakeside.email))).toBeVisible();
  // Several properties and none in view: the property is chosen, not defaulted.
  await dialog.getByRole('combobox', { name: t.property }).click();
  await page.getByRole('option').first().click();
  await dialog.getByRole('textbox', { name: t.description }).fill(description);
  await dialog.getByRole('button', { name: t.submit }).click();
  await expect(dialog.getByRole('status')).toContainText(`was sent for ${demo.lakeside.email}, who has been emailed a confirmation.`);
  await shotsAtBothSizes(shot, page, 'view-as-filed');
  await dialog.getByRole('button', { name: t.close, exact: true }).last().click();

  await page.getByRole('button', { name: t.myRequests }).click();
  const card = page.getByRole('dialog', { name: t.myRequests }).getByTestId('service-request').filter({ hasText: description });
  await expect(card).toContainText(`by ${demo.lakeside.email}`);
  await expect(card).toContainText(t.filedFor(demo.admin.email));
  await expectNoSeriousA11yViolations(page, { excludeFrames: true });
});

test('an account of two customers chooses a property under its customer (issue 39)', async ({ page }) => {
  await logIn(page, demo.twoCustomers);
  await page.getByRole('button', { name: 'Request Service' }).click();
  const dialog = page.getByRole('dialog', { name: 'Request Service' });
  await dialog.getByRole('combobox', { name: /Property/ }).click();
  const listbox = page.getByRole('listbox');
  await expect(listbox.getByText('Harborview Medical Center', { exact: true })).toBeVisible();
  await expect(listbox.getByText('Lakeside School District', { exact: true })).toBeVisible();
  const items = await listbox.locator('li').allTextContents();
  expect(items.indexOf('Lakeside School District')).toBeGreaterThan(items.indexOf('Harborview Main Hospital'));
  expect(items.indexOf('Lakeside High School')).toBeGreaterThan(items.indexOf('Lakeside School District'));
  await page.keyboard.press('Escape');
});
