import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Browser, type Locator, type Page, type Route } from '@playwright/test';
import { pickerText as p } from '../../web/components/pickers/strings.js';
import { documentsText as t } from '../../web/features/documents/strings.js';
import { titleCase } from '../../web/components/text/display-name.js';
import { demo, lastMailTo } from './support/env.js';
import { policySignature } from '../../infra/local/s3-post-policy.js';
import { adminToken, expectNoSeriousA11yViolations, logIn, makeCustomer as makeAccount, readTickedOptions, shotsAtBothSizes, shotter, viewAs } from './support/session.js';

const stamp = Date.now().toString(36);
const shot = shotter('documents');

const signIn = (page: Page, email: string, password: string) => logIn(page, { email, password });

/** A fresh customer account of one customer, registered with the temporary password from the invitation mail. */
async function makeCustomer(request: APIRequestContext, email: string, customer: { ID: string; NAME: string }, properties: { ID: string; NAME: string }[]) {
  const password = await makeAccount(request, email, [customer], properties);
  expect(lastMailTo(email)).toBeTruthy();
  return password;
}

async function openDocuments(page: Page) {
  await page.getByRole('button', { name: 'Documents' }).click();
  const dialog = page.getByRole('dialog', { name: t.title });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function chooseCustomer(page: Page, name: string) {
  const dialog = page.getByRole('dialog', { name: t.title });
  await dialog.getByRole('combobox', { name: t.customerLabel }).fill(name.slice(0, 6));
  await page.getByRole('option', { name: titleCase(name) }).click();
}

/**
 * Upload File, then the confirmation an upload to several properties (or to all but one) asks
 * for: it names each property, and `notTo` the one left out, before anything is sent.
 */
async function uploadTo(page: Page, dialog: Locator, names: string[], notTo?: string) {
  await dialog.getByRole('button', { name: t.uploadFile }).click();
  const confirm = page.getByRole('dialog', { name: t.uploadConfirmTitle });
  await expect(confirm.getByTestId('upload-confirm-targets').getByRole('listitem')).toHaveText(names);
  if (notTo) await expect(confirm.getByText(t.uploadConfirmAllBut(notTo))).toBeVisible();
  await confirm.getByRole('button', { name: t.uploadConfirmButton(names.length) }).click();
  await expect(confirm).toBeHidden();
}

/** The property dropdown's options, each marked with ' [x]' when its checkbox is ticked. */
async function propertyOptions(page: Page) {
  return readTickedOptions(page, page.getByRole('dialog', { name: t.title }).getByRole('combobox', { name: t.propertyLabel }));
}

const lakeside = { ID: 'CUST-1003', NAME: 'LAKESIDE SCHOOL DISTRICT' };
const highSchool = { ID: 'PROP-1003-01', NAME: 'Lakeside High School' };
const maple = { ID: 'PROP-1003-02', NAME: 'Maple Elementary' };
const district = { ID: 'PROP-1003-03', NAME: 'District Administration Building' };

test.describe.configure({ mode: 'serial' });

// The demo seeds a few documents in every library; these cases count rows and show the empty state on
// Lakeside's and Summit's properties, so they start by emptying those two libraries (as an administrator).
test.beforeAll(async ({ request }) => {
  const headers = { authorization: `Bearer ${await adminToken(request)}` };
  for (const customerId of [lakeside.ID, 'CUST-1004']) {
    const buildings = (await (await request.get(`/api/sigma/buildings/${customerId}`, { headers })).json()) as { property_ids: string[] };
    const listed = await request.get(`/api/s3/getdocumentsbyproperty?propertyId=${buildings.property_ids.join(',')}`, { headers });
    for (const d of (await listed.json()) as { DOCUMENT_URL: string; PROPERTY_ID: string }[]) {
      const deleted = await request.post('/api/s3/deletedocument', { headers, data: { key: d.DOCUMENT_URL, propertyId: d.PROPERTY_ID } });
      expect(deleted.ok()).toBe(true);
    }
  }
});

/** The propertyId of an intercepted JSON call (upload-url, confirm-upload). */
const propertyOf = (route: Route) => (route.request().postDataJSON() as { propertyId?: string } | null)?.propertyId ?? '?';

test('once the home screen has been idle, opening Documents fetches no new script', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (r) => r.resourceType() === 'script' && scripts.push(new URL(r.url()).pathname));
  await signIn(page, demo.northwind.email, demo.northwind.password);
  // The dialogs are fetched a little after the home screen settles, when the browser is idle
  // (web/app/routes/home.tsx): wait for the documents chunk itself (a fixed wait lost the race on a
  // busy machine), then for the rest of that fetch to end.
  await expect.poll(() => scripts.some((s) => /\/documents-[\w-]+\.js$/.test(s)), { timeout: 15_000 }).toBe(true);
  await page.waitForLoadState('networkidle');
  const before = scripts.length;
  await openDocuments(page);
  await page.getByRole('dialog', { name: t.title }).getByRole('tab', { name: t.viewTab }).waitFor();
  expect(scripts.slice(before)).toEqual([]);
});

test('an administrator uploads to two properties; a customer of one views and downloads it, a customer of the other does not; delete after confirmation', async ({
  page,
  browser,
  request,
}) => {
  // Three accounts signing in: on a loaded machine this alone nears the default minute.
  test.setTimeout(120_000);
  const fileName = `boiler_report-${stamp}.txt`;
  const content = `Boiler inspection ${stamp}\nline two ✓\n`;
  const highEmail = `high-${stamp}@lakeside.test`;
  const districtEmail = `district-${stamp}@lakeside.test`;
  const highPassword = await makeCustomer(request, highEmail, lakeside, [highSchool]);
  const districtPassword = await makeCustomer(request, districtEmail, lakeside, [district]);

  await signIn(page, demo.admin.email, demo.admin.password);
  const dialog = await openDocuments(page);
  // Administrators: no customer chosen, properties disabled until one is.
  await expect(dialog.getByRole('combobox', { name: t.customerLabel })).toHaveAttribute('placeholder', t.customerPlaceholder);
  await expect(dialog.getByRole('combobox', { name: t.propertyLabel })).toBeDisabled();
  await expect(dialog.getByRole('tab', { name: t.viewTab })).toHaveAttribute('aria-selected', 'true');
  await expect(dialog.getByRole('heading', { name: t.viewTitle })).toBeVisible();
  await dialog.getByRole('combobox', { name: t.customerLabel }).fill('zzzz-no-such');
  await expect(page.getByText(t.noCustomers)).toBeVisible();
  await shot(page, 'admin-no-customer');

  await chooseCustomer(page, lakeside.NAME);
  // Every property of the customer is selected (the All option ticked), said in words and by one chip.
  const atAll = [`${t.all} [x]`, district.NAME, highSchool.NAME, maple.NAME];
  expect(await propertyOptions(page)).toEqual(atAll);
  await expect(dialog.getByTestId('picker-summary')).toHaveText('All 3 properties selected');
  await expect(dialog.getByRole('button', { name: p.allChip(3) })).toBeVisible();
  await shot(page, 'admin-all-selected');
  // 'Choose properties…' starts from none, so a click picks a property instead of leaving it out.
  await dialog.getByRole('button', { name: p.chooseProperties }).click();
  await page.keyboard.press('Escape');
  await expect(dialog.getByTestId('picker-summary')).toHaveText('No property selected');
  expect(await propertyOptions(page)).toEqual([t.all, district.NAME, highSchool.NAME, maple.NAME]);
  await dialog.getByRole('combobox', { name: t.propertyLabel }).click();
  await page.getByRole('option', { name: t.all, exact: true }).click();
  await page.keyboard.press('Escape');
  expect(await propertyOptions(page)).toEqual(atAll);

  // From All, a click on a property chooses it: two clicks, the file goes to those two.
  await dialog.getByRole('combobox', { name: t.propertyLabel }).click();
  await page.getByRole('option', { name: highSchool.NAME }).click();
  await page.getByRole('option', { name: maple.NAME }).click();
  await page.keyboard.press('Escape');
  expect(await propertyOptions(page)).toEqual([t.all, district.NAME, `${highSchool.NAME} [x]`, `${maple.NAME} [x]`]);
  await dialog.getByRole('tab', { name: t.uploadTab }).click();
  await expect(dialog.getByText(t.uploadNote)).toBeVisible();
  // Beyond the spec: the properties it goes to are named before it starts.
  await expect(dialog.getByTestId('upload-targets')).toHaveText(t.uploadTargets([highSchool.NAME, maple.NAME]));
  await expect(dialog.getByText(t.selectFile)).toBeVisible();
  const upload = dialog.getByRole('button', { name: t.uploadFile });
  await expect(upload).toBeDisabled();

  const input = dialog.getByLabel(t.chooseFile);
  await input.setInputFiles({ name: 'bad name!.txt', mimeType: 'text/plain', buffer: Buffer.from('x') });
  // Shown on three lines, the last giving the example.
  await expect(dialog.getByRole('alert')).toHaveText(t.invalidFileName);
  expect((await dialog.getByRole('alert').innerText()).split('\n').at(-1)).toBe('Example: my_file-name.png');
  await expect(upload).toBeDisabled();
  await shot(page, 'upload-invalid-name');

  await input.setInputFiles({ name: fileName, mimeType: 'text/plain', buffer: Buffer.from(content) });
  await expect(upload).toBeEnabled();
  // To all but one property: asked first, naming the two it goes to and the one it does not.
  let uploads = 0;
  page.on('request', (r) => r.url().endsWith('/api/s3/upload-url') && uploads++);
  await upload.click();
  const asking = page.getByRole('dialog', { name: t.uploadConfirmTitle });
  await expect(asking.getByTestId('upload-confirm-targets').getByRole('listitem')).toHaveText([highSchool.NAME, maple.NAME]);
  await expect(asking.getByText(t.uploadConfirmAllBut(district.NAME))).toBeVisible();
  await shot(page, 'upload-confirm');
  await asking.getByRole('button', { name: t.cancel }).click();
  expect(uploads).toBe(0);
  await uploadTo(page, dialog, [highSchool.NAME, maple.NAME], district.NAME);
  // Success: back on View, the file listed once per property.
  await expect(dialog.getByRole('tab', { name: t.viewTab })).toHaveAttribute('aria-selected', 'true');
  const rows = dialog.getByRole('listitem', { name: fileName });
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText(t.uploaded);
  await shot(page, 'admin-view-after-upload');

  // The customer of the high school sees it, views it and downloads the same bytes.
  const highContext = await browser.newContext();
  const high = await highContext.newPage();
  await signIn(high, highEmail, highPassword);
  const highDialog = await openDocuments(high);
  await expect(highDialog.getByRole('combobox', { name: t.customerLabel })).toHaveCount(0);
  await expect(highDialog.getByRole('tab', { name: t.uploadTab })).toHaveCount(0);
  const highRow = highDialog.getByRole('listitem', { name: fileName });
  await expect(highRow).toHaveCount(1);
  await expect(highRow.getByRole('button', { name: t.delete })).toHaveCount(0);
  await shot(high, 'customer-view');

  const popupPromise = highContext.waitForEvent('page');
  await highRow.getByRole('button', { name: t.view }).click();
  const popup = await popupPromise;
  await popup.waitForLoadState();
  await expect(popup.locator('body')).toContainText(`Boiler inspection ${stamp}`);
  await popup.close();

  const downloadPromise = high.waitForEvent('download');
  await highRow.getByRole('button', { name: t.download }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toBe(fileName);
  expect(readFileSync(await download.path()).equals(Buffer.from(content))).toBe(true);
  await highContext.close();

  // The customer of the district building does not see it.
  await expectNoDocument(browser, districtEmail, districtPassword, fileName);

  // Delete: cancel keeps it; confirming removes that property's row.
  await rows.first().getByRole('button', { name: t.delete }).click();
  const confirm = page.getByRole('dialog', { name: t.deleteConfirmTitle });
  await expect(confirm).toContainText(t.deleteConfirm);
  await shot(page, 'delete-confirm');
  await confirm.getByRole('button', { name: t.cancel }).click();
  await expect(rows).toHaveCount(2);
  await rows.first().getByRole('button', { name: t.delete }).click();
  await confirm.getByRole('button', { name: t.delete }).click();
  await expect(dialog.getByText(t.deleted)).toBeVisible();
  await expect(rows).toHaveCount(1);
  await rows.first().getByRole('button', { name: t.delete }).click();
  await confirm.getByRole('button', { name: t.delete }).click();
  await expect(rows).toHaveCount(0);
  await expect(dialog.getByText(t.noDocuments)).toBeVisible();
  await shot(page, 'after-delete');

  // Reopening starts afresh: View, no customer.
  await dialog.getByRole('button', { name: t.close }).click();
  await expect(dialog).toBeHidden();
  const again = await openDocuments(page);
  await expect(again.getByRole('combobox', { name: t.customerLabel })).toHaveValue('');
  await expect(again.getByRole('combobox', { name: t.propertyLabel })).toBeDisabled();
});

async function expectNoDocument(browser: Browser, email: string, password: string, fileName: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, email, password);
  const dialog = await openDocuments(page);
  expect(await propertyOptions(page)).toEqual([`${t.all} [x]`, district.NAME]);
  await expect(dialog.getByText(t.noDocuments)).toBeVisible();
  await expect(dialog.getByRole('listitem', { name: fileName })).toHaveCount(0);
  await context.close();
}

test('a customer starts on their first customer with all its properties selected', async ({ page }) => {
  await signIn(page, demo.lakeside.email, demo.lakeside.password);
  const dialog = await openDocuments(page);
  await expect(dialog.getByRole('combobox', { name: t.customerLabel })).toHaveCount(0);
  const atAll = [`${t.all} [x]`, district.NAME, highSchool.NAME, maple.NAME];
  expect(await propertyOptions(page)).toEqual(atAll);
  // 'All' clears, then selects, every property.
  await dialog.getByRole('combobox', { name: t.propertyLabel }).click();
  await page.getByRole('option', { name: t.all }).click();
  await page.keyboard.press('Escape');
  await expect(dialog.getByText(t.noDocuments)).toBeVisible();
  expect(await propertyOptions(page)).toEqual([t.all, district.NAME, highSchool.NAME, maple.NAME]);
  await dialog.getByRole('combobox', { name: t.propertyLabel }).click();
  await page.getByRole('option', { name: t.all }).click();
  await page.keyboard.press('Escape');
  expect(await propertyOptions(page)).toEqual(atAll);
  await dialog.getByRole('combobox', { name: t.propertyLabel }).fill('zzz');
  await expect(page.getByText(t.noProperties)).toBeVisible();
  await shot(page, 'customer-no-properties-found');
});

/** A document uploaded through the API as an administrator (upload URL, the form to storage, confirm). */
async function uploadThroughApi(request: APIRequestContext, propertyId: string, fileName: string) {
  const headers = { authorization: `Bearer ${await adminToken(request)}` };
  const body = `${fileName}\n`;
  const target = await request.post('/api/s3/upload-url', { headers, data: { propertyId, fileName, size: Buffer.byteLength(body) } });
  expect(target.ok()).toBe(true);
  const { key, url, fields } = (await target.json()) as { key: string; url: string; fields: Record<string, string> };
  // The signed fields first, the file last, as a browser's form sends them.
  const stored = await request.post(url, { multipart: { ...fields, file: { name: fileName, mimeType: 'text/plain', buffer: Buffer.from(body) } } });
  expect(stored.ok()).toBe(true);
  expect((await request.post('/api/s3/confirm-upload', { headers, data: { key, propertyId } })).ok()).toBe(true);
}

const harborview = { ID: 'CUST-1002', NAME: 'HARBORVIEW MEDICAL CENTER' };
const hospital = 'Harborview Main Hospital';
const clinic = 'Eastside Outpatient Clinic';
// The two customers' properties under their own All rows, both at All.
const bothAtAll = [`${p.allOf(titleCase(harborview.NAME), 2)} [x]`, clinic, hospital, `${p.allOf(titleCase(lakeside.NAME), 1)} [x]`, highSchool.NAME];
// Uploaded oldest first: by date the list reads mid, zeta, Alpha; by name Alpha, mid, zeta.
const handbooks = [`Alpha_handbook-${stamp}.txt`, `zeta_handbook-${stamp}.txt`, `mid_handbook-${stamp}.txt`];
const notes = `beta_notes-${stamp}.txt`;

/** How many rows of the documents list lie wholly inside both the list's scrolled box and the window. */
async function rowsInSight(page: Page, dialog: Locator) {
  const list = dialog.getByRole('list', { name: t.viewTitle });
  const box = (await list.boundingBox())!;
  const height = page.viewportSize()!.height;
  let count = 0;
  for (const row of await list.getByRole('listitem').all()) {
    const r = await row.boundingBox();
    if (r && r.y >= box.y - 0.5 && r.y + r.height <= Math.min(box.y + box.height, height) + 0.5) count++;
  }
  return count;
}

/** The dialog lies wholly inside the window and its content does not scroll: only the list scrolls, inside it. */
async function dialogFits(page: Page, dialog: Locator) {
  const box = (await dialog.boundingBox())!;
  const inside = box.y >= 0 && box.y + box.height <= page.viewportSize()!.height;
  const contentScrolls = await dialog.locator('.MuiDialogContent-root').evaluate((el) => el.scrollHeight > el.clientHeight + 1);
  return inside && !contentScrolls;
}

test.describe('an account of two customers', () => {
  test.beforeAll(async ({ request }) => {
    // Lakeside's library was emptied above: four documents on the property this account holds there.
    for (const name of [...handbooks, notes]) await uploadThroughApi(request, highSchool.ID, name);
  });

  test('sees the documents of both customers at once, properties grouped by customer, and may narrow to one', async ({ page }) => {
    const listCalls: string[] = [];
    page.on('request', (r) => r.url().includes('/api/s3/getdocumentsbyproperty?') && listCalls.push(new URL(r.url()).searchParams.get('propertyId') ?? ''));
    await signIn(page, demo.twoCustomers.email, demo.twoCustomers.password);
    const dialog = await openDocuments(page);
    const picker = dialog.getByRole('combobox', { name: t.customerLabel });
    await expect(picker).toHaveValue(t.allMyCustomers);
    // Every property of both customers, all selected; the unassigned Harborview Research Annex is not among them.
    expect(await propertyOptions(page)).toEqual(bothAtAll);
    await dialog.getByRole('combobox', { name: t.propertyLabel }).click();
    const listbox = page.getByRole('listbox');
    await expect(listbox.getByText(titleCase(harborview.NAME), { exact: true })).toBeVisible();
    await expect(listbox.getByText(titleCase(lakeside.NAME), { exact: true })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog.getByTestId('picker-summary')).toHaveText('Selected: Harborview Medical Center, all 2 properties; Lakeside School District, its 1 property');

    // One list: Lakeside's documents beside Harborview's, each row naming its property and customer.
    const rows = dialog.getByRole('list', { name: t.viewTitle }).getByRole('listitem');
    await expect(dialog.getByRole('listitem', { name: notes })).toContainText(`${highSchool.NAME} (${titleCase(lakeside.NAME)})`);
    await expect(dialog.getByRole('listitem', { name: 'Backflow_Test_Certificate.pdf' }).first()).toContainText(titleCase(harborview.NAME));
    await expect(rows.filter({ hasText: hospital })).not.toHaveCount(0);
    await expect(rows.filter({ hasText: clinic })).not.toHaveCount(0);
    await expect(rows.filter({ hasText: highSchool.NAME })).toHaveCount(4);
    await expect(rows.filter({ hasText: 'Harborview Research Annex' })).toHaveCount(0);
    expect(listCalls.at(-1)?.split(',').sort()).toEqual(['PROP-1002-01', 'PROP-1002-02', highSchool.ID]);
    await expect(dialog.getByRole('tab', { name: t.uploadTab })).toHaveCount(0);
    await expect(rows.first().getByRole('button', { name: t.delete })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
    await shotsAtBothSizes(shot, page, 'two-customers');

    // Narrowing to one customer is still possible.
    await picker.click();
    await expect(page.getByRole('option')).toHaveText([t.allMyCustomers, titleCase(harborview.NAME), titleCase(lakeside.NAME)]);
    await page.getByRole('option', { name: titleCase(lakeside.NAME) }).click();
    expect(await propertyOptions(page)).toEqual([`${t.all} [x]`, highSchool.NAME]);
    await expect(rows).toHaveCount(4);
    await picker.click();
    await page.getByRole('option', { name: t.allMyCustomers }).click();
    await expect(rows.filter({ hasText: hospital })).not.toHaveCount(0);
  });

  test('an administrator viewing as that account sees what it sees; on their own, the spec\'s empty customer choice', async ({ page }) => {
    await signIn(page, demo.admin.email, demo.admin.password);
    let dialog = await openDocuments(page);
    await expect(dialog.getByRole('combobox', { name: t.customerLabel })).toHaveValue('');
    await expect(dialog.getByRole('combobox', { name: t.propertyLabel })).toBeDisabled();
    await expect(dialog.getByText(t.noDocuments)).toBeVisible();
    await dialog.getByRole('button', { name: t.close }).click();

    await page.getByRole('combobox', { name: 'Select User View' }).fill(demo.twoCustomers.email);
    await page.getByRole('option', { name: new RegExp(demo.twoCustomers.email) }).click();
    dialog = await openDocuments(page);
    await expect(dialog.getByRole('combobox', { name: t.customerLabel })).toHaveValue(t.allCustomersOf(demo.twoCustomers.email));
    // The account's three properties, not every property of its two customers.
    expect(await propertyOptions(page)).toEqual(bothAtAll);
    await expect(dialog.getByRole('listitem', { name: notes })).toBeVisible();
    await expect(dialog.getByRole('listitem', { name: notes }).getByRole('button', { name: t.delete })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await shotsAtBothSizes(shot, page, 'admin-view-as-two-customers');
    // Any other customer, chosen by the administrator, comes with all its properties (spec section 4).
    await chooseCustomer(page, 'Summit Retail Group');
    expect(await propertyOptions(page)).toEqual([`${t.all} [x]`, 'Summit Distribution Center', 'Summit Mall']);
  });

  test('search narrows the list by file name and says how many match; sort by name or newest first', async ({ page }) => {
    await signIn(page, demo.twoCustomers.email, demo.twoCustomers.password);
    const dialog = await openDocuments(page);
    const rows = dialog.getByRole('list', { name: t.viewTitle }).getByRole('listitem');
    const status = dialog.getByRole('status');
    await expect(rows.filter({ hasText: notes })).toHaveCount(1);
    const total = await rows.count();
    expect(total).toBeGreaterThanOrEqual(10);
    await expect(status).toHaveText(t.documentCount(total, total, false));
    await expect(status).toHaveAttribute('aria-live', 'polite');
    // Newest first by default.
    const names = async () => (await rows.all()).map((r) => r.getAttribute('aria-label'));
    expect((await Promise.all(await names())).slice(0, 4)).toEqual([notes, handbooks[2], handbooks[1], handbooks[0]]);

    const search = dialog.getByRole('searchbox', { name: t.searchLabel });
    await search.fill(`HANDBOOK-${stamp}`);
    await expect(rows).toHaveCount(3);
    await expect(status).toHaveText(t.documentCount(3, total, true));
    expect(await Promise.all(await names())).toEqual([handbooks[2], handbooks[1], handbooks[0]]);
    await dialog.getByRole('combobox', { name: t.sortLabel }).click();
    await page.getByRole('option', { name: t.sortName }).click();
    expect(await Promise.all(await names())).toEqual([handbooks[0], handbooks[2], handbooks[1]]);
    await shot(page, 'search-sorted-by-name');

    // Sorted by name without a search: A to Z over every document, whatever the case.
    await search.fill('');
    await expect(rows).toHaveCount(total);
    const all = (await Promise.all(await names())) as string[];
    expect(all).toEqual([...all].sort((a, b) => a.localeCompare(b, undefined, { sensitivity: 'base', numeric: true })));
    await dialog.getByRole('combobox', { name: t.sortLabel }).click();
    await page.getByRole('option', { name: t.sortDate }).click();
    expect((await Promise.all(await names()))[0]).toBe(notes);

    // Nothing matches: said so, in other words than an empty library.
    await search.fill('no-such-document-name');
    await expect(rows).toHaveCount(0);
    await expect(dialog.getByTestId('no-match')).toHaveText(t.noMatch('no-such-document-name'));
    await expect(dialog.getByText(t.noDocuments)).toHaveCount(0);
    await expect(status).toHaveText(t.documentCount(0, total, true));
    await shot(page, 'search-no-match');
    await dialog.getByRole('button', { name: t.clearSearch }).click();
    await expect(search).toHaveValue('');
    await expect(rows).toHaveCount(total);
  });

  test('at 1280×720 the list shows at least eight rows without the page scrolling (and at 1440×900)', async ({ page }) => {
    await signIn(page, demo.twoCustomers.email, demo.twoCustomers.password);
    for (const [width, height] of [
      [1280, 720],
      [1440, 900],
    ] as const) {
      await page.setViewportSize({ width, height });
      const dialog = await openDocuments(page);
      await expect(dialog.getByRole('listitem', { name: notes })).toBeVisible();
      expect(await dialog.getByRole('list', { name: t.viewTitle }).getByRole('listitem').count()).toBeGreaterThan(8);
      expect(await rowsInSight(page, dialog)).toBeGreaterThanOrEqual(8);
      expect(await dialogFits(page, dialog)).toBe(true);
      await dialog.getByRole('button', { name: t.close }).click();
      await expect(dialog).toBeHidden();
    }
  });

  test('an administrator too sees at least eight rows at 1280×720', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 720 });
    await signIn(page, demo.admin.email, demo.admin.password);
    const dialog = await openDocuments(page);
    await chooseCustomer(page, 'Northwind Properties');
    await expect(dialog.getByTestId('picker-summary')).toHaveText('All 4 properties selected');
    await expect(dialog.getByRole('list', { name: t.viewTitle }).getByRole('listitem')).not.toHaveCount(0);
    expect(await dialog.getByRole('list', { name: t.viewTitle }).getByRole('listitem').count()).toBeGreaterThan(8);
    expect(await rowsInSight(page, dialog)).toBeGreaterThanOrEqual(8);
    expect(await dialogFits(page, dialog)).toBe(true);
    await expectNoSeriousA11yViolations(page);
    await shotsAtBothSizes(shot, page, 'admin-northwind');
  });
});

test('every documents message of section 8, with the server failing on purpose', async ({ page }) => {
  const fileName = `fail_case-${stamp}.txt`;
  await signIn(page, demo.admin.email, demo.admin.password);
  let dialog = await openDocuments(page);
  // Loading, then a fetch failure.
  const heldList: (() => void)[] = [];
  await page.route('**/api/s3/getdocumentsbyproperty?**', async (route) => {
    await new Promise<void>((resolve) => heldList.push(resolve));
    await route.fulfill({ status: 500, json: { error: 'boom' } });
  });
  await chooseCustomer(page, 'Summit Retail Group');
  await expect(dialog.getByText(t.loadingDocuments)).toBeVisible();
  await shot(page, 'loading');
  // The page says Loading as it sends; the route may get the request a moment later: release it once held.
  await expect.poll(() => heldList.length).toBeGreaterThan(0);
  heldList.splice(0).forEach((release) => release());
  await expect(dialog.getByText(t.fetchFailed)).toBeVisible();
  await shot(page, 'fetch-failed');
  await page.unroute('**/api/s3/getdocumentsbyproperty?**');
  // Changing tabs reloads the list.
  await dialog.getByRole('tab', { name: t.uploadTab }).click();
  await dialog.getByRole('tab', { name: t.viewTab }).click();
  await expect(dialog.getByText(t.noDocuments)).toBeVisible();

  // Upload where the second property fails: the message names both sides; a retry sends only the missing one.
  const sent: string[] = [];
  let failCenter = true;
  await page.route('**/api/s3/upload-url', async (route) => {
    const property = propertyOf(route);
    sent.push(property);
    if (property === 'PROP-1004-02' && failCenter) await route.fulfill({ status: 500, json: { error: 'Internal Server Error' } });
    else await route.continue();
  });
  await dialog.getByRole('tab', { name: t.uploadTab }).click();
  await dialog.getByLabel(t.chooseFile).setInputFiles({ name: fileName, mimeType: 'text/plain', buffer: Buffer.from('retry me') });
  await uploadTo(page, dialog, ['Summit Distribution Center', 'Summit Mall']);
  const failure = dialog.getByRole('alert');
  await expect(failure).toContainText(t.uploadFailed);
  await expect(failure).toContainText(t.uploadedTo(['Summit Mall']));
  await expect(failure).toContainText(t.failedFor(['Summit Distribution Center']));
  await expect(dialog.getByRole('progressbar', { name: /Summit Mall/ })).toHaveAttribute('aria-valuenow', '100');
  await shot(page, 'upload-partial-failure');
  expect(sent).toEqual(['PROP-1004-02', 'PROP-1004-01']);
  failCenter = false;
  await uploadTo(page, dialog, ['Summit Distribution Center', 'Summit Mall']);
  await expect(dialog.getByRole('tab', { name: t.viewTab })).toHaveAttribute('aria-selected', 'true');
  expect(sent).toEqual(['PROP-1004-02', 'PROP-1004-01', 'PROP-1004-02']);
  const rows = dialog.getByRole('listitem', { name: fileName });
  await expect(rows).toHaveCount(2);
  await page.unroute('**/api/s3/upload-url');

  // View, download and delete failures.
  await page.route('**/api/s3/getpresignedurl?**', (route) => route.fulfill({ status: 500, json: { error: 'boom' } }));
  await rows.first().getByRole('button', { name: t.view }).click();
  await expect(dialog.getByText(t.accessFailed)).toBeVisible();
  await shot(page, 'view-failed');
  await rows.first().getByRole('button', { name: t.download }).click();
  await expect(dialog.getByText(t.downloadFailed)).toBeVisible();
  await page.unroute('**/api/s3/getpresignedurl?**');
  await page.route('**/api/s3/deletedocument', (route) => route.fulfill({ status: 500, json: { error: 'boom' } }));
  await rows.first().getByRole('button', { name: t.delete }).click();
  await page.getByRole('dialog', { name: t.deleteConfirmTitle }).getByRole('button', { name: t.delete }).click();
  await expect(dialog.getByText(t.deleteFailed)).toBeVisible();
  await expect(rows).toHaveCount(2);
  await page.unroute('**/api/s3/deletedocument');

  // A plain upload failure for every property.
  await page.route('**/api/s3/upload-url', (route) => route.fulfill({ status: 500, json: { error: 'boom' } }));
  await dialog.getByRole('tab', { name: t.uploadTab }).click();
  await dialog.getByLabel(t.chooseFile).setInputFiles({ name: `other-${stamp}.txt`, mimeType: 'text/plain', buffer: Buffer.from('x') });
  await uploadTo(page, dialog, ['Summit Distribution Center', 'Summit Mall']);
  await expect(dialog.getByRole('alert')).toContainText(t.uploadFailed);
  await expect(dialog.getByRole('alert')).not.toContainText('Uploaded to:');
  await page.unroute('**/api/s3/upload-url');

  // Customers failing to load.
  await page.keyboard.press('Escape');
  await page.route('**/api/sigma/customers', (route) => route.fulfill({ status: 500, json: { error: 'boom' } }));
  await page.reload();
  dialog = await openDocuments(page);
  await expect(dialog.getByText(t.fetchFailed)).toBeVisible();
});

test('an administrator viewing as a customer starts on that customer; loading texts show while lists load', async ({ page }) => {
  await signIn(page, demo.admin.email, demo.admin.password);
  await viewAs(page, demo.northwind.email);
  let dialog = await openDocuments(page);
  await expect(dialog.getByRole('combobox', { name: t.customerLabel })).toHaveValue('Northwind Properties');
  expect(await propertyOptions(page)).toEqual(
    [`${t.all} [x]`, 'Harbor Logistics Center', 'Northwind Plaza', 'Northwind Tower', 'Riverside Data Hall'],
  );
  await shot(page, 'view-as');
  // The administrator may still pick any other customer.
  await chooseCustomer(page, 'Summit Retail Group');
  expect(await propertyOptions(page)).toEqual([`${t.all} [x]`, 'Summit Distribution Center', 'Summit Mall']);
  await dialog.getByRole('button', { name: t.close }).click();

  // Slow answers: the dropdowns say they are loading.
  const hold: (() => void)[] = [];
  const slow = async (route: import('@playwright/test').Route) => {
    await new Promise<void>((resolve) => hold.push(resolve));
    await route.continue();
  };
  await page.route('**/api/sigma/customers', slow);
  await page.route('**/api/sigma/buildings/**', slow);
  await page.reload();
  dialog = await openDocuments(page);
  await dialog.getByRole('combobox', { name: t.customerLabel }).click();
  await expect(page.getByText(t.loadingCustomers)).toBeVisible();
  await shot(page, 'loading-customers');
  // Released once the route holds them (the page says Loading as it sends, the route gets them after).
  await expect.poll(() => hold.length).toBeGreaterThan(0);
  hold.splice(0).forEach((release) => release());
  await page.getByRole('option', { name: 'Summit Retail Group' }).click();
  await dialog.getByRole('combobox', { name: t.propertyLabel }).click();
  await expect(page.getByText(t.loadingProperties)).toBeVisible();
  await expect.poll(() => hold.length).toBeGreaterThan(0);
  hold.splice(0).forEach((release) => release());
  await expect(page.getByRole('option', { name: 'Summit Mall' })).toBeVisible();
});

/** A text file of exactly that many bytes, numbered lines so any reordering or loss shows. */
function bigText(bytes: number) {
  const lines: string[] = [];
  for (let i = 0, n = 0; n < bytes; i++) {
    const line = `line ${String(i).padStart(7, '0')} of the drawings register ${stamp}\n`;
    lines.push(line);
    n += line.length;
  }
  return Buffer.from(lines.join('')).subarray(0, bytes);
}

const percentOf = async (bar: import('@playwright/test').Locator) => Number(await bar.getAttribute('aria-valuenow'));
const isMidway = (value: number) => value > 0 && value < 99;

test('a 6 MB file goes straight to storage for two properties, each with its own progress bar, and comes back byte for byte', async ({ page }) => {
  test.setTimeout(120_000); // two 6 MiB uploads on a throttled uplink, then three reads back
  await page.setViewportSize({ width: 1440, height: 900 });
  const fileName = `big_drawings-${stamp}.txt`;
  const content = bigText(6 * 1024 * 1024);
  expect(content.length).toBeGreaterThan(4 * 1024 * 1024);
  const posts: string[] = [];
  const apiBodyBytes: number[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/')) apiBodyBytes.push(request.postDataBuffer()?.length ?? 0);
    else if (request.method() === 'POST' && /^multipart\/form-data/.test(request.headers()['content-type'] ?? '')) posts.push(request.url());
  });

  await signIn(page, demo.admin.email, demo.admin.password);
  const dialog = await openDocuments(page);
  await chooseCustomer(page, 'Northwind Properties');
  await dialog.getByRole('combobox', { name: t.propertyLabel }).click();
  await page.getByRole('option', { name: t.all, exact: true }).click();
  await page.getByRole('option', { name: 'Northwind Plaza' }).click();
  await page.getByRole('option', { name: 'Northwind Tower' }).click();
  await page.keyboard.press('Escape');
  expect(await propertyOptions(page)).toEqual([t.all, 'Harbor Logistics Center', 'Northwind Plaza [x]', 'Northwind Tower [x]', 'Riverside Data Hall']);

  await dialog.getByRole('tab', { name: t.uploadTab }).click();
  await dialog.getByLabel(t.chooseFile).setInputFiles({ name: fileName, mimeType: 'text/plain', buffer: content });
  // A slow uplink (2 MiB/s, about 3 s per property) so the bars can be seen moving.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 2 * 1024 * 1024 });
  await uploadTo(page, dialog, ['Northwind Plaza', 'Northwind Tower']);
  await expect(dialog.getByRole('button', { name: t.uploading })).toBeDisabled();
  await expect(dialog.getByRole('button', { name: t.chooseFile })).toHaveAttribute('aria-disabled', 'true');

  const plaza = dialog.getByRole('progressbar', { name: /Northwind Plaza/ });
  const tower = dialog.getByRole('progressbar', { name: /Northwind Tower/ });
  // One property at a time: the first moves while the second waits at 0, then the second moves.
  await expect.poll(async () => isMidway(await percentOf(plaza)) && (await percentOf(plaza)) >= 20, { intervals: [50] }).toBe(true);
  expect(await percentOf(tower)).toBe(0);
  await shot(page, 'upload-progress');
  await expect.poll(async () => isMidway(await percentOf(tower)), { intervals: [50] }).toBe(true);
  expect(await percentOf(plaza)).toBe(100);
  await expect(dialog.getByText('Northwind Plaza — done')).toBeVisible();
  await shot(page, 'upload-progress-second');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });

  await expect(dialog.getByRole('tab', { name: t.viewTab })).toHaveAttribute('aria-selected', 'true');
  const rows = dialog.getByRole('listitem', { name: fileName });
  await expect(rows).toHaveCount(2);
  await shot(page, 'view-after-big-upload');
  // The bytes went to storage as a form POST to the bucket (its policy names the key), not through the API.
  expect(posts).toHaveLength(2);
  for (const url of posts) {
    expect(new URL(url).origin).not.toBe(new URL(page.url()).origin);
    expect(new URL(url).pathname).toMatch(/^\/[^/]+\/?$/);
  }
  expect(Math.max(...apiBodyBytes)).toBeLessThan(10_000);
  // The Upload tab afterwards: no file, no bars.
  await dialog.getByRole('tab', { name: t.uploadTab }).click();
  await expect(dialog.getByTestId('chosen-file')).toHaveText(t.noFileChosen);
  await expect(dialog.getByRole('progressbar')).toHaveCount(0);
  await shot(page, 'upload-after-big-upload');
  await dialog.getByRole('tab', { name: t.viewTab }).click();

  const popupPromise = page.context().waitForEvent('page');
  await rows.first().getByRole('button', { name: t.view }).click();
  const popup = await popupPromise;
  await popup.waitForLoadState();
  await expect(popup.locator('body')).toContainText(`line 0000000 of the drawings register ${stamp}`);
  const viewed = await page.request.get(popup.url());
  expect(Buffer.compare(await viewed.body(), content)).toBe(0);
  await popup.close();

  // The same name in two properties: each download is named by its property first (issue 39).
  const names: string[] = [];
  for (const row of [rows.first(), rows.last()]) {
    const downloadPromise = page.waitForEvent('download');
    await row.getByRole('button', { name: t.download }).click();
    const download = await downloadPromise;
    names.push(download.suggestedFilename());
    expect(Buffer.compare(readFileSync(await download.path()), content)).toBe(0);
  }
  expect(names.sort()).toEqual([`Northwind_Plaza-${fileName}`, `Northwind_Tower-${fileName}`]);
});

test('a file over the limit is refused with the limit named; a failing confirm shows the failure and the retry sends only to the failed property', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const asked: string[] = [];
  const confirmed: string[] = [];
  let claimHuge = true;
  let failMall = true;
  await page.route('**/api/s3/upload-url', async (route) => {
    asked.push(propertyOf(route));
    const body = route.request().postDataJSON() as Record<string, unknown>;
    // The real server judges the size the browser declares: claim 101 MiB rather than send it.
    if (claimHuge) await route.continue({ postData: JSON.stringify({ ...body, size: 101 * 1024 * 1024 }) });
    else await route.continue();
  });
  await page.route('**/api/s3/confirm-upload', async (route) => {
    const property = propertyOf(route);
    confirmed.push(property);
    if (property === 'PROP-1004-01' && failMall) await route.fulfill({ status: 500, json: { error: 'Internal Server Error' } });
    else await route.continue();
  });
  await signIn(page, demo.admin.email, demo.admin.password);
  const dialog = await openDocuments(page);
  await chooseCustomer(page, 'Summit Retail Group');
  await dialog.getByRole('tab', { name: t.uploadTab }).click();
  const input = dialog.getByLabel(t.chooseFile);
  const upload = dialog.getByRole('button', { name: t.uploadFile });

  // Over the limit: the first property's answer names the limit and the second is not asked.
  await input.setInputFiles({ name: `huge-${stamp}.txt`, mimeType: 'text/plain', buffer: Buffer.from('pretend this is big') });
  await uploadTo(page, dialog, ['Summit Distribution Center', 'Summit Mall']);
  const alert = dialog.getByRole('alert');
  await expect(alert).toContainText(t.uploadFailed);
  await expect(alert).toHaveText([t.uploadFailed, t.failedFor(['Summit Distribution Center', 'Summit Mall']), t.tooLarge('100 MiB')].join('\n'));
  expect((await alert.innerText()).split('\n')).toEqual([t.uploadFailed, t.failedFor(['Summit Distribution Center', 'Summit Mall']), t.tooLarge('100 MiB')]);
  await expect(upload).toBeEnabled();
  expect(asked).toEqual(['PROP-1004-02']);
  expect(confirmed).toEqual([]);
  await shot(page, 'upload-too-large');

  claimHuge = false;
  asked.length = 0;
  const fileName = `confirm_case-${stamp}.txt`;
  await input.setInputFiles({ name: fileName, mimeType: 'text/plain', buffer: Buffer.from('confirm me') });
  await uploadTo(page, dialog, ['Summit Distribution Center', 'Summit Mall']);
  await expect(alert).toContainText(t.uploadFailed);
  await expect(alert).toContainText(t.uploadedTo(['Summit Distribution Center']));
  await expect(alert).toContainText(t.failedFor(['Summit Mall']));
  await expect(dialog.getByRole('progressbar', { name: /Summit Distribution Center/ })).toHaveAttribute('aria-valuenow', '100');
  // Sent but not recorded: the bar stops short of full.
  await expect(dialog.getByRole('progressbar', { name: /Summit Mall/ })).toHaveAttribute('aria-valuenow', '99');
  await expect(dialog.getByTestId('chosen-file')).toHaveText(fileName);
  await expect(upload).toBeEnabled();
  await page.waitForTimeout(500); // the bars' transition, for the screenshot only
  await shot(page, 'upload-confirm-failed');
  expect(asked).toEqual(['PROP-1004-02', 'PROP-1004-01']);
  expect(confirmed).toEqual(['PROP-1004-02', 'PROP-1004-01']);

  failMall = false;
  await uploadTo(page, dialog, ['Summit Distribution Center', 'Summit Mall']);
  await expect(dialog.getByRole('tab', { name: t.viewTab })).toHaveAttribute('aria-selected', 'true');
  expect(asked).toEqual(['PROP-1004-02', 'PROP-1004-01', 'PROP-1004-01']);
  expect(confirmed).toEqual(['PROP-1004-02', 'PROP-1004-01', 'PROP-1004-01']);
  const rows = dialog.getByRole('listitem', { name: fileName });
  await expect(rows).toHaveCount(2);
  await expect(dialog.getByRole('listitem', { name: `huge-${stamp}.txt` })).toHaveCount(0);
});

test("storage itself refuses a file over its policy's size, whatever the portal was told: the limit message shows", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  // The portal's real answer, its policy narrowed to 4 bytes and signed again with the local stack's
  // public key (as S3 would sign it): the browser then meets storage's own EntityTooLarge.
  await page.route('**/api/s3/upload-url', async (route) => {
    const real = (await (await route.fetch()).json()) as { fields: Record<string, string> };
    const policy = JSON.parse(Buffer.from(real.fields.Policy!, 'base64').toString()) as { conditions: unknown[] };
    policy.conditions = policy.conditions.map((c) => (Array.isArray(c) && c[0] === 'content-length-range' ? ['content-length-range', 1, 4] : c));
    const Policy = Buffer.from(JSON.stringify(policy)).toString('base64');
    const signature = policySignature('S3RVER', real.fields['X-Amz-Credential']!, Policy);
    await route.fulfill({ json: { ...real, fields: { ...real.fields, Policy, 'X-Amz-Signature': signature }, maxBytes: 4 } });
  });
  const refused: number[] = [];
  page.on('response', (r) => {
    if (r.request().method() === 'POST' && /^multipart\/form-data/.test(r.request().headers()['content-type'] ?? '')) refused.push(r.status());
  });
  await signIn(page, demo.admin.email, demo.admin.password);
  const dialog = await openDocuments(page);
  await chooseCustomer(page, 'Summit Retail Group');
  await dialog.getByRole('tab', { name: t.uploadTab }).click();
  await dialog.getByLabel(t.chooseFile).setInputFiles({ name: `over-${stamp}.txt`, mimeType: 'text/plain', buffer: Buffer.from('more than four bytes') });
  await uploadTo(page, dialog, ['Summit Distribution Center', 'Summit Mall']);
  const alert = dialog.getByRole('alert');
  await expect(alert).toContainText(t.tooLarge('100 MiB'));
  expect(refused).toEqual([400]);
  await shot(page, 'upload-refused-by-storage');
});
