import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { pickerText as p } from '../../web/components/pickers/strings.js';
import { unsavedText as u } from '../../web/components/ui/unsaved-strings.js';
import { documentsText as d } from '../../web/features/documents/strings.js';
import { shellStrings as s } from '../../web/features/shell/strings.js';
import { usersText as t } from '../../web/features/users/strings.js';
import { demo } from './support/env.js';
import { adminToken, expectNoSeriousA11yViolations, logIn, makeCustomer, shotsAtBothSizes, shotter } from './support/session.js';

// Issue 39: one customer-and-property picker, the same click everywhere. In every place that picks
// properties, two clicks from the default state (All) choose exactly those two, read back through the API.
const stamp = Date.now().toString(36);
const shot = shotter('picker');
const northwind = { ID: 'CUST-1001', NAME: 'NORTHWIND PROPERTIES' };
const nw = {
  tower: { ID: 'PROP-1001-01', NAME: 'Northwind Tower' },
  plaza: { ID: 'PROP-1001-02', NAME: 'Northwind Plaza' },
  harbor: { ID: 'PROP-1001-03', NAME: 'Harbor Logistics Center' },
  riverside: { ID: 'PROP-1001-04', NAME: 'Riverside Data Hall' },
};
const allNorthwind = Object.values(nw);
const two = [nw.tower.ID, nw.plaza.ID].sort();

test.describe.configure({ mode: 'serial' });

async function api<T>(request: APIRequestContext, path: string): Promise<T> {
  const r = await request.get(path, { headers: { authorization: `Bearer ${await adminToken(request)}` } });
  expect(r.status()).toBe(200);
  return (await r.json()) as T;
}

/** The user's assigned property ids, as the server holds them. */
async function assignedIds(request: APIRequestContext, email: string): Promise<string[]> {
  const [user] = await api<{ BUILDOPS_PROPERTY_IDS: string[] }[]>(request, `/api/users/getproperty/${encodeURIComponent(email)}`);
  return [...(user?.BUILDOPS_PROPERTY_IDS ?? [])].sort();
}

async function account(request: APIRequestContext, email: string) {
  const all = await api<{ EMAIL: string; NAME: string; QUOTE_APPROVAL?: { limit: number | null } | null }[]>(request, '/api/users?view=accounts');
  return all.find((a) => a.EMAIL === email);
}

/** Clicks options of an open-able dropdown picker, then closes it. */
async function clickOptions(page: Page, combobox: Locator, names: string[]) {
  await combobox.click();
  for (const name of names) await page.getByRole('option', { name, exact: true }).click();
  await page.keyboard.press('Escape');
}

test('Create User: a chosen customer starts at All; two clicks create the user with exactly those two properties', async ({ page, request }) => {
  const email = `picker-create-${stamp}@northwind.test`;
  await logIn(page, demo.admin);
  await page.getByRole('button', { name: 'Add User' }).click();
  const dialog = page.getByRole('dialog', { name: t.createTitle });
  await dialog.getByLabel(t.name).fill(`Picker Create ${stamp}`);
  await dialog.getByLabel(t.email).fill(email);
  await clickOptions(page, dialog.getByRole('combobox', { name: t.customers }), ['Northwind Properties']);
  const summary = dialog.getByTestId('picker-summary');
  await expect(summary).toHaveText('All 4 properties selected');
  await expect(dialog.getByRole('button', { name: p.allChip(4) })).toBeVisible();
  // The All option is ticked, no property on its own: a click on one chooses it.
  await dialog.getByRole('combobox', { name: t.properties }).click();
  await expect(page.getByRole('option', { name: p.all, exact: true }).getByRole('checkbox')).toBeChecked();
  await expect(page.getByRole('option', { name: nw.tower.NAME }).getByRole('checkbox')).not.toBeChecked();
  await page.keyboard.press('Escape');
  await clickOptions(page, dialog.getByRole('combobox', { name: t.properties }), [nw.tower.NAME, nw.plaza.NAME]);
  await expect(summary).toHaveText('2 of 4 properties selected');
  await expect(dialog.getByRole('combobox', { name: t.properties })).toHaveAttribute('aria-describedby', /.+/);
  await shotsAtBothSizes(shot, page, 'create-two-chosen');
  // Select None and Select All (the spec's buttons) do what they say.
  await dialog.getByRole('button', { name: t.selectNone }).click();
  await expect(summary).toHaveText('No property selected');
  await dialog.getByRole('button', { name: t.selectAll }).click();
  await expect(summary).toHaveText('All 4 properties selected');
  await clickOptions(page, dialog.getByRole('combobox', { name: t.properties }), [nw.tower.NAME, nw.plaza.NAME]);
  await dialog.getByRole('button', { name: t.createUser }).click();
  await expect(dialog.getByRole('alert')).toHaveText(t.created);
  expect(await assignedIds(request, email)).toEqual(two);
});

test('Edit User: from a user at All, two clicks save exactly those two; Escape with unsaved changes asks', async ({ page, request }) => {
  const email = `picker-edit-${stamp}@northwind.test`;
  await makeCustomer(request, email, [northwind], allNorthwind);
  await logIn(page, demo.admin);
  await page.getByRole('button', { name: 'Edit User' }).click();
  const dialog = page.getByRole('dialog', { name: t.editTitle });
  await dialog.getByRole('combobox', { name: t.user }).fill(email);
  await page.getByRole('option', { name: email }).click();
  const properties = dialog.getByRole('list', { name: t.properties });
  await expect(properties.getByRole('checkbox', { name: p.all, exact: true })).toBeChecked();
  await expect(dialog.getByTestId('picker-summary')).toHaveText('All 4 properties selected');
  await properties.getByRole('checkbox', { name: nw.tower.NAME }).click();
  await properties.getByRole('checkbox', { name: nw.plaza.NAME }).click();
  await expect(dialog.getByTestId('picker-summary')).toHaveText('2 of 4 properties selected');
  await expect(properties.getByRole('checkbox', { name: p.all, exact: true })).not.toBeChecked();
  await expect(dialog.getByRole('list', { name: p.selected }).getByRole('listitem')).toHaveText([nw.plaza.NAME, nw.tower.NAME]);
  // Escape asks before the changes are lost; Keep editing keeps them.
  await page.keyboard.press('Escape');
  const ask = page.getByRole('alertdialog', { name: u.title });
  await expect(ask).toBeVisible();
  await expect(ask.getByRole('button', { name: u.keep })).toBeFocused();
  await shot(page, 'edit-unsaved-asks');
  await ask.getByRole('button', { name: u.keep }).click();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: t.saveChanges }).click();
  await expect(page.getByText(t.updated)).toBeVisible();
  expect(await assignedIds(request, email)).toEqual(two);
  // Saved: closing asks nothing.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(ask).toBeHidden();
});

test('the user detail: one Save keeps a rename, two properties and a lowered approval limit; leaving unsaved asks', async ({ page, request }) => {
  const email = `picker-detail-${stamp}@northwind.test`;
  await makeCustomer(request, email, [northwind], allNorthwind);
  const token = await adminToken(request);
  const limit = await request.put(`/api/users/${encodeURIComponent(email)}/quote-approval`, { headers: { authorization: `Bearer ${token}` }, data: { limit: 30000 } });
  expect(limit.ok()).toBe(true);

  await logIn(page, demo.admin);
  await page.getByRole('banner').getByRole('button', { name: s.users, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: t.listTitle });
  await dialog.getByLabel(t.searchList).fill(email);
  await dialog.locator(`[data-testid="user-row"][data-email="${email}"]`).getByRole('button').first().click();
  const save = dialog.getByTestId('save-user');
  await expect(save).toBeDisabled();
  await expect(dialog.getByText(t.allSaved, { exact: false })).toBeVisible();

  // A rename, a property change and a lower limit, then one Save.
  await dialog.getByLabel(t.name).fill(`Renamed ${stamp}`);
  const properties = dialog.getByRole('list', { name: t.properties });
  await properties.getByRole('checkbox', { name: nw.tower.NAME }).click();
  await properties.getByRole('checkbox', { name: nw.plaza.NAME }).click();
  await dialog.getByLabel(t.quoteLimit).fill('10000');
  await expect(dialog.getByText(t.unsavedChanges)).toBeVisible();
  await shotsAtBothSizes(shot, page, 'detail-unsaved');

  // Back to the list with unsaved changes asks; so does Escape.
  await dialog.getByRole('button', { name: t.backToList }).click();
  const ask = page.getByRole('alertdialog', { name: u.title });
  await ask.getByRole('button', { name: u.keep }).click();
  // Escape once the question has gone: pressed while it is still fading out, it is that dialog's.
  await expect(ask).toBeHidden();
  await page.keyboard.press('Escape');
  await ask.getByRole('button', { name: u.keep }).click();
  await expect(ask).toBeHidden();
  await expect(dialog.getByLabel(t.name)).toHaveValue(`Renamed ${stamp}`);

  await save.click();
  await expect(dialog.getByRole('status')).toHaveText(t.savedAll([t.partName, t.partApproval, t.partAssignments]));
  await expect(save).toBeDisabled();
  expect(await assignedIds(request, email)).toEqual(two);
  const saved = await account(request, email);
  expect(saved?.NAME).toBe(`renamed ${stamp}`);
  // The lowered limit is the one kept: a money defect if it stayed at 30,000.
  expect(saved?.QUOTE_APPROVAL).toEqual({ limit: 10000 });
  await expectNoSeriousA11yViolations(page, { excludeFrames: true });

  // A failed part is said, and the changes stay to try again.
  await dialog.getByLabel(t.quoteLimit).fill('5000');
  await page.route(`**/api/users/${encodeURIComponent(email)}/quote-approval`, (route) => route.fulfill({ status: 500, json: { error: 'boom' } }));
  await save.click();
  await expect(dialog.getByRole('alert').first()).toBeVisible();
  await expect(dialog.getByText(t.savedPartly([], t.partApproval))).toBeVisible();
  await expect(dialog.getByText(t.unsavedChanges)).toBeVisible();
  await page.unroute(`**/api/users/${encodeURIComponent(email)}/quote-approval`);
  expect((await account(request, email))?.QUOTE_APPROVAL).toEqual({ limit: 10000 });
  // Discarding closes without saving.
  await page.keyboard.press('Escape');
  await ask.getByRole('button', { name: u.discard }).click();
  await expect(dialog).toBeHidden();
  expect((await account(request, email))?.QUOTE_APPROVAL).toEqual({ limit: 10000 });
});

test('Documents: two clicks from All list exactly those two; Choose properties… and Select All; an upload goes to exactly the two', async ({ page, request }) => {
  await logIn(page, demo.northwind);
  await page.getByRole('button', { name: 'Documents' }).click();
  const dialog = page.getByRole('dialog', { name: d.title });
  const summary = dialog.getByTestId('picker-summary');
  await expect(summary).toHaveText('All 4 properties selected');
  const listed = page.waitForRequest((r) => r.url().includes('/api/s3/getdocumentsbyproperty') && r.url().includes(encodeURIComponent(nw.plaza.ID)) && !r.url().includes(nw.harbor.ID));
  await clickOptions(page, dialog.getByRole('combobox', { name: d.propertyLabel }), [nw.tower.NAME, nw.plaza.NAME]);
  const asked = new URL((await listed).url()).searchParams.get('propertyId')!.split(',').sort();
  expect(asked).toEqual(two);
  await expect(summary).toHaveText('2 of 4 properties selected');
  await shotsAtBothSizes(shot, page, 'documents-two-chosen');
  // The way back to All, and Choose properties… (none, to pick from).
  await dialog.getByRole('button', { name: p.selectAll }).click();
  await expect(summary).toHaveText('All 4 properties selected');
  await dialog.getByRole('button', { name: p.chooseProperties }).click();
  await expect(summary).toHaveText('No property selected');
  await expect(page.getByRole('option', { name: nw.tower.NAME })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByRole('dialog', { name: d.title }).getByRole('button', { name: d.close }).click();

  // Upload (administrators): Northwind chosen, two clicks, the file lands in exactly those two.
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await logIn(page, demo.admin);
  await page.getByRole('button', { name: 'Documents' }).click();
  await dialog.getByRole('combobox', { name: d.customerLabel }).fill('northwind');
  await page.getByRole('option', { name: 'Northwind Properties' }).click();
  await expect(summary).toHaveText('All 4 properties selected');
  await dialog.getByRole('tab', { name: d.uploadTab }).click();
  await clickOptions(page, dialog.getByRole('combobox', { name: d.propertyLabel }), [nw.tower.NAME, nw.plaza.NAME]);
  const fileName = `picker-${stamp}.txt`;
  await dialog.locator('input[type="file"]').setInputFiles({ name: fileName, mimeType: 'text/plain', buffer: Buffer.from(`picker ${stamp}`) });
  await dialog.getByRole('button', { name: d.uploadFile }).click();
  await page.getByRole('dialog', { name: d.uploadConfirmTitle }).getByRole('button', { name: d.uploadConfirmButton(2) }).click();
  await expect(dialog.getByRole('tab', { name: d.viewTab })).toHaveAttribute('aria-selected', 'true');
  const docs = await api<{ DOCUMENT_URL: string; PROPERTY_ID: string }[]>(request, `/api/s3/getdocumentsbyproperty?propertyId=${allNorthwind.map((x) => x.ID).join(',')}`);
  expect(docs.filter((doc) => doc.DOCUMENT_URL.endsWith(`/${fileName}`)).map((doc) => doc.PROPERTY_ID).sort()).toEqual(two);
});
