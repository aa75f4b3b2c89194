import { expect, test, type Browser, type Page } from '@playwright/test';
import { pickerText as p } from '../../web/components/pickers/strings.js';
import { documentsText as d } from '../../web/features/documents/strings.js';
import { usersText as t } from '../../web/features/users/strings.js';
import { demo, lastMailTo } from './support/env.js';
import { expectNoSeriousA11yViolations, logIn, makeCustomer, readTickedOptions, shotter } from './support/session.js';

const stamp = Date.now().toString(36);
const shot = shotter('users');

const signIn = (page: Page, email: string, password: string) => logIn(page, { email, password });

async function customerPage(browser: Browser, email: string, password: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, email, password);
  return page;
}

/** The documents dialog's property options as a customer sees them, ticked ones marked ' [x]'. */
async function documentProperties(page: Page) {
  await page.getByRole('button', { name: 'Documents' }).click();
  const dialog = page.getByRole('dialog', { name: d.title });
  const result = await readTickedOptions(page, dialog.getByRole('combobox', { name: d.propertyLabel }));
  await dialog.getByRole('button', { name: d.close }).click();
  return result;
}

const northwind = { ID: 'CUST-1001', NAME: 'NORTHWIND PROPERTIES' };
const lakeside = { ID: 'CUST-1003', NAME: 'LAKESIDE SCHOOL DISTRICT' };
const tower = { ID: 'PROP-1001-01', NAME: 'Northwind Tower' };

test.describe.configure({ mode: 'serial' });

test('an administrator creates a user; the mailed temporary password registers them; they see exactly their customers and properties', async ({ page, browser }) => {
  const email = `new-${stamp}@northwind.test`;
  await signIn(page, demo.admin.email, demo.admin.password);
  await page.getByRole('button', { name: 'Add User' }).click();
  const dialog = page.getByRole('dialog', { name: t.createTitle });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel(t.email)).toHaveAttribute('type', 'email');

  await dialog.getByRole('button', { name: t.createUser }).click();
  await expect(dialog.getByRole('alert')).toHaveText(t.required);

  // Staff-domain emails get no pickers.
  await dialog.getByLabel(t.email).fill('someone@example-hvac.com');
  await expect(dialog.getByRole('combobox', { name: t.customers })).toHaveCount(0);
  await expect(dialog.getByText(t.staffNote)).toBeVisible();

  await dialog.getByLabel(t.name).fill(`New Person ${stamp}`);
  await dialog.getByLabel(t.email).fill(email.toUpperCase());
  await dialog.getByRole('combobox', { name: t.customers }).click();
  // Customer names in the header's form (title case), not the stored capitals.
  await expect(page.getByRole('option', { name: northwind.NAME })).toHaveText('Northwind Properties');
  await page.getByRole('option', { name: northwind.NAME }).click();
  await page.keyboard.press('Escape');
  // The chosen customer starts at All (one chip says so); a click on a property then chooses it.
  await expect(dialog.getByTestId('picker-summary')).toHaveText('All 4 properties selected');
  await expect(dialog.getByRole('button', { name: p.allChip(4) })).toBeVisible();
  await shot(page, 'create-customer-chosen');
  await dialog.getByRole('button', { name: t.selectNone }).click();
  await expect(dialog.getByRole('button', { name: p.allChip(4) })).toHaveCount(0);
  await expect(dialog.getByTestId('picker-summary')).toHaveText('No property selected');
  await dialog.getByRole('button', { name: t.selectAll }).click();
  await expect(dialog.getByRole('button', { name: p.allChip(4) })).toBeVisible();
  await dialog.getByRole('combobox', { name: t.properties }).click();
  await page.getByRole('option', { name: 'Northwind Tower' }).click();
  await page.getByRole('option', { name: 'Northwind Plaza' }).click();
  await page.keyboard.press('Escape');
  await expect(dialog.getByRole('button', { name: 'Northwind Plaza' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Northwind Tower' })).toBeVisible();
  await expect(dialog.getByTestId('picker-summary')).toHaveText('2 of 4 properties selected');
  await shot(page, 'create-filled');

  await dialog.getByRole('button', { name: t.createUser }).click();
  await expect(dialog.getByRole('alert')).toHaveText(t.created);
  await expect(dialog.getByLabel(t.name)).toBeDisabled();
  await expect(dialog.getByLabel(t.email)).toBeDisabled();
  await expect(dialog.getByRole('button', { name: t.createUser })).toHaveCount(0);
  await shot(page, 'create-done');
  await dialog.getByRole('button', { name: t.done }).click();
  await expect(dialog).toBeHidden();

  // The same email again: 422.
  await page.getByRole('button', { name: 'Add User' }).click();
  await expect(dialog.getByLabel(t.name)).toHaveValue('');
  await dialog.getByLabel(t.name).fill('again');
  await dialog.getByLabel(t.email).fill(email);
  // A customer account with no properties is asked about first; going back creates nothing.
  let signups = 0;
  page.on('request', (r) => r.url().endsWith('/api/users/signup') && signups++);
  await dialog.getByRole('button', { name: t.createUser }).click();
  const confirm = page.getByRole('alertdialog', { name: t.noPropertiesTitle });
  await expect(confirm).toContainText(t.noCustomersText(email));
  await expect(confirm.getByRole('button', { name: t.goBack })).toBeFocused();
  await page.waitForTimeout(300); // let the dialog finish fading in for the screenshot
  await shot(page, 'create-confirm-empty');
  await expectNoSeriousA11yViolations(page, { excludeFrames: true });
  await page.setViewportSize({ width: 700, height: 900 });
  await shot(page, 'create-confirm-empty-700');
  await page.setViewportSize({ width: 1440, height: 900 });
  await confirm.getByRole('button', { name: t.goBack }).click();
  await expect(confirm).toBeHidden();
  await expect(dialog.getByLabel(t.email)).toHaveValue(email);
  expect(signups).toBe(0);
  await dialog.getByRole('button', { name: t.createUser }).click();
  await confirm.getByRole('button', { name: t.createAnyway }).click();
  await expect(dialog.getByRole('alert')).toHaveText(t.exists);
  expect(signups).toBe(1);
  await shot(page, 'create-exists');

  // The invitation mail holds a 12-character temporary password.
  const mail = lastMailTo(email);
  expect(mail).toBeTruthy();
  const lines = mail!.text.split(/\r?\n/);
  const temporary = lines[lines.indexOf('Your temporary password is:') + 2];
  expect(temporary).toHaveLength(12);

  const context = await browser.newContext();
  const user = await context.newPage();
  await user.goto('/user-registration');
  await user.getByLabel('Email').fill(email);
  await user.getByLabel('Temporary Password').fill(temporary);
  await user.getByLabel('New Password').fill('Fresh-pass-7');
  await user.getByLabel('Confirm Password').fill('Fresh-pass-7');
  await user.getByRole('button', { name: 'Set Password' }).click();
  await expect(user.getByText('Password has been set. You can now log in with your new password.')).toBeVisible();
  await signIn(user, email, 'Fresh-pass-7');
  await expect(user.getByRole('banner')).toContainText('Northwind Properties');
  expect(await documentProperties(user)).toEqual([`${d.all} [x]`, 'Northwind Plaza', 'Northwind Tower']);
  await context.close();
});

test('create user failures: customers, properties and the creation itself', async ({ page }) => {
  await signIn(page, demo.admin.email, demo.admin.password);
  await page.route('**/api/users/customers/', (route) => route.fulfill({ status: 500, json: { error: 'boom' } }));
  await page.getByRole('button', { name: 'Add User' }).click();
  const dialog = page.getByRole('dialog', { name: t.createTitle });
  await expect(dialog.getByText(t.createCustomersFailed)).toBeVisible();
  await dialog.getByRole('button', { name: t.close }).click();
  await page.unroute('**/api/users/customers/');

  await page.route('**/api/users/customers/properties', (route) => route.fulfill({ status: 500, json: { error: 'boom' } }));
  await page.getByRole('button', { name: 'Add User' }).click();
  await dialog.getByRole('combobox', { name: t.customers }).click();
  await page.getByRole('option', { name: lakeside.NAME }).click();
  await page.keyboard.press('Escape');
  await expect(dialog.getByText(t.createPropertiesFailed)).toBeVisible();
  await shot(page, 'create-fetch-failed');
  await page.unroute('**/api/users/customers/properties');

  await page.route('**/api/users/signup', (route) => route.fulfill({ status: 500, json: { error: 'boom' } }));
  await dialog.getByLabel(t.name).fill('broken');
  await dialog.getByLabel(t.email).fill(`broken-${stamp}@lakeside.test`);
  await dialog.getByRole('button', { name: t.createUser }).click();
  await page.getByRole('alertdialog', { name: t.noPropertiesTitle }).getByRole('button', { name: t.createAnyway }).click();
  await expect(dialog.getByRole('alert').filter({ hasText: t.createFailed })).toBeVisible();
  await expect(dialog.getByRole('button', { name: t.createUser })).toBeEnabled();
});

test('editing assignments changes what the customer sees', async ({ page, browser, request }) => {
  const email = `edit-${stamp}@northwind.test`;
  const password = await makeCustomer(request, email, [northwind], [tower]);
  const customer = await customerPage(browser, email, password);
  expect(await documentProperties(customer)).toEqual([`${d.all} [x]`, 'Northwind Tower']);

  await signIn(page, demo.admin.email, demo.admin.password);
  await page.getByRole('button', { name: 'Edit User' }).click();
  const dialog = page.getByRole('dialog', { name: t.editTitle });
  await dialog.getByRole('button', { name: t.saveChanges }).click();
  await expect(dialog.getByRole('alert')).toHaveText(t.noUserSelected);

  await dialog.getByRole('combobox', { name: t.user }).fill(`edit-${stamp}`);
  await page.getByRole('option', { name: email }).click();
  const customers = dialog.getByRole('list', { name: t.customers });
  const properties = dialog.getByRole('list', { name: t.properties });
  await expect(customers.getByRole('checkbox', { name: northwind.NAME })).toBeChecked();
  await expect(properties.getByRole('checkbox', { name: tower.NAME })).toBeChecked();
  await expect(properties.getByRole('checkbox', { name: 'Northwind Plaza' })).not.toBeChecked();
  await expect(dialog.getByRole('list', { name: p.selected })).toContainText(tower.NAME);
  await dialog.getByLabel(t.searchCustomers).fill('lake');
  await expect(customers.getByRole('checkbox', { name: northwind.NAME })).toHaveCount(0);
  await customers.getByRole('checkbox', { name: lakeside.NAME }).click();
  await dialog.getByLabel(t.searchCustomers).fill('');
  // A customer ticked here starts at All, beside Northwind's saved Tower; a click on a property of it chooses that one.
  await expect(properties.getByRole('checkbox', { name: p.allOf('Lakeside School District', 3) })).toBeChecked();
  await expect(properties.getByRole('checkbox', { name: 'Maple Elementary' })).not.toBeChecked();
  await expect(properties.getByRole('checkbox', { name: 'Northwind Plaza' })).not.toBeChecked();
  await expect(properties.getByRole('checkbox', { name: tower.NAME })).toBeChecked();
  await properties.getByRole('checkbox', { name: 'Maple Elementary' }).click();
  await expect(properties.getByRole('checkbox', { name: 'Maple Elementary' })).toBeChecked();
  await expect(properties.getByRole('checkbox', { name: 'Lakeside High School' })).not.toBeChecked();
  // Dropping Northwind by its chip drops its property too.
  await dialog.getByRole('button', { name: t.remove(northwind.NAME) }).click();
  await expect(properties.getByRole('checkbox', { name: tower.NAME })).toHaveCount(0);
  await expect(dialog.getByRole('list', { name: p.selected })).toHaveText('Maple Elementary');
  await shot(page, 'edit-changed');
  await expect(dialog.getByRole('button', { name: t.done })).toHaveCount(0);
  await dialog.getByRole('button', { name: t.saveChanges }).click();
  await expect(page.getByText(t.updated)).toBeVisible();
  await expect(dialog.getByRole('button', { name: t.done })).toBeVisible();
  await shot(page, 'edit-saved');
  // The popup goes after 3 seconds.
  await expect(page.getByText(t.updated)).toBeHidden({ timeout: 6000 });

  await customer.reload();
  await expect(customer.getByRole('banner')).toContainText('Lakeside School District');
  await expect(customer.getByRole('banner')).not.toContainText('Northwind');
  expect(await documentProperties(customer)).toEqual([`${d.all} [x]`, 'Maple Elementary']);
  await customer.context().close();
  await dialog.getByRole('button', { name: t.done }).click();
  await expect(dialog).toBeHidden();
});

test("an administrator changes a user's email: the user's session ends and they sign in with the new address", async ({ page, browser, request }) => {
  const email = `rename-${stamp}@northwind.test`;
  const renamed = `renamed-${stamp}@northwind.test`;
  const password = await makeCustomer(request, email, [northwind], [tower]);
  const customer = await customerPage(browser, email, password);

  await signIn(page, demo.admin.email, demo.admin.password);
  await page.getByRole('button', { name: 'Edit User' }).click();
  const dialog = page.getByRole('dialog', { name: t.editTitle });
  await expect(dialog.getByRole('button', { name: t.changeEmail })).toHaveCount(0);
  await dialog.getByRole('combobox', { name: t.user }).fill(`rename-${stamp}`);
  await page.getByRole('option', { name: email }).click();
  await dialog.getByRole('button', { name: t.changeEmail }).click();
  const change = page.getByRole('dialog', { name: t.changeEmailTitle });
  await expect(change).toContainText(t.changeEmailText(email));
  // Taken, then a staff address: refused with a message, nothing changes.
  await change.getByLabel(t.newEmail).fill(demo.northwind.email);
  await change.getByRole('button', { name: t.changeEmail }).click();
  await expect(change.getByRole('alert')).toHaveText(t.exists);
  await change.getByLabel(t.newEmail).fill('someone-new@example-hvac.com');
  await change.getByRole('button', { name: t.changeEmail }).click();
  await expect(change.getByRole('alert')).toHaveText('A customer account cannot take a staff-domain email; create a staff account for that address instead.');
  await change.getByLabel(t.newEmail).fill(renamed.toUpperCase());
  await shot(page, 'change-email');
  await change.getByRole('button', { name: t.changeEmail }).click();
  await expect(change).toBeHidden();
  await expect(page.getByText(t.emailChanged(renamed))).toBeVisible();
  await expect(dialog.getByRole('combobox', { name: t.user })).toHaveValue(renamed);
  await expect(dialog.getByRole('list', { name: t.customers }).getByRole('checkbox', { name: northwind.NAME })).toBeChecked();
  await shot(page, 'change-email-done');

  // The old session is refused at its next call (signed out); the new address signs in as the same user.
  await customer.reload();
  await expect(customer).toHaveURL(/\/$/);
  await customer.context().close();
  const again = await customerPage(browser, renamed, password);
  expect(await documentProperties(again)).toEqual([`${d.all} [x]`, 'Northwind Tower']);
  await again.context().close();
});

test('saving a customer account with no property asks first; Go Back saves nothing', async ({ page, request }) => {
  const email = `empty-${stamp}@northwind.test`;
  await makeCustomer(request, email, [northwind], [tower]);
  await signIn(page, demo.admin.email, demo.admin.password);
  await page.getByRole('button', { name: 'Edit User' }).click();
  const dialog = page.getByRole('dialog', { name: t.editTitle });
  await dialog.getByRole('combobox', { name: t.user }).fill(`empty-${stamp}`);
  await page.getByRole('option', { name: email }).click();
  const properties = dialog.getByRole('list', { name: t.properties });
  await expect(properties.getByRole('checkbox', { name: tower.NAME })).toBeChecked();
  await properties.getByRole('checkbox', { name: tower.NAME }).click();
  const saved = page.waitForRequest((r) => r.method() === 'PUT' && r.url().includes('/api/users/'), { timeout: 1500 }).catch(() => null);
  await dialog.getByRole('button', { name: t.saveChanges }).click();
  const confirm = page.getByRole('alertdialog', { name: t.saveNoPropertiesTitle });
  await expect(confirm).toContainText(t.saveNoPropertiesText(email));
  await expect(confirm.getByRole('button', { name: t.goBack })).toBeFocused();
  await page.waitForTimeout(300); // let the dialog finish fading in for the screenshot
  await shot(page, 'edit-no-properties');
  await confirm.getByRole('button', { name: t.goBack }).click();
  expect(await saved).toBeNull();
  await dialog.getByRole('button', { name: t.saveChanges }).click();
  await page.getByRole('alertdialog', { name: t.saveNoPropertiesTitle }).getByRole('button', { name: t.saveAnyway }).click();
  await expect(page.getByText(t.updated)).toBeVisible();
});

test('edit user failures of section 8', async ({ page }) => {
  await signIn(page, demo.admin.email, demo.admin.password);
  const dialog = page.getByRole('dialog', { name: t.editTitle });
  const fail = (route: import('@playwright/test').Route) => route.fulfill({ status: 500, json: { error: 'boom' } });

  await page.route('**/api/users', fail);
  await page.getByRole('button', { name: 'Edit User' }).click();
  await expect(dialog.getByText(t.fetchUsersFailed)).toBeVisible();
  await dialog.getByRole('button', { name: t.close }).click();
  await page.unroute('**/api/users', fail);

  await page.route('**/api/users/customers/', fail);
  await page.route('**/api/users/customers/properties', fail);
  await page.route('**/api/users/usercustomerbyemail/**', fail);
  await page.getByRole('button', { name: 'Edit User' }).click();
  await dialog.getByRole('combobox', { name: t.user }).fill(demo.lakeside.email);
  await page.getByRole('option', { name: demo.lakeside.email }).click();
  await expect(dialog.getByText(t.fetchCustomersFailed)).toBeVisible();
  await expect(dialog.getByText(t.fetchAssignedFailed)).toBeVisible();
  await shot(page, 'edit-fetch-failed');
  await dialog.getByRole('button', { name: t.close }).click();
  await page.unroute('**/api/users/customers/', fail);
  await page.unroute('**/api/users/usercustomerbyemail/**', fail);

  await page.getByRole('button', { name: 'Edit User' }).click();
  await dialog.getByRole('combobox', { name: t.user }).fill(demo.lakeside.email);
  await page.getByRole('option', { name: demo.lakeside.email }).click();
  await expect(dialog.getByText(t.fetchPropertiesFailed)).toBeVisible();
  await page.unroute('**/api/users/customers/properties', fail);

  await page.route('**/api/users/*/properties', fail);
  await dialog.getByRole('button', { name: t.saveChanges }).click();
  await expect(dialog.getByRole('alert').filter({ hasText: t.updateFailed })).toBeVisible();
  await expect(page.getByText(t.updated)).toHaveCount(0);
});

test('removing a user: gone from the list, selection cleared, and their open session is signed out at its next call', async ({ page, browser, request }) => {
  const email = `gone-${stamp}@lakeside.test`;
  const keep = `keep-${stamp}@lakeside.test`;
  const goneName = `Gone-${stamp.charAt(0).toUpperCase()}${stamp.slice(1)}`;
  const password = await makeCustomer(request, email, [lakeside], []);
  await makeCustomer(request, keep, [lakeside], []);
  const customer = await customerPage(browser, email, password);

  await signIn(page, demo.admin.email, demo.admin.password);
  await page.getByRole('button', { name: 'Edit User' }).click();
  await page.getByRole('dialog', { name: t.editTitle }).getByRole('button', { name: t.removeUserForm }).click();
  const dialog = page.getByRole('dialog', { name: t.removeTitle });
  const list = dialog.getByRole('list', { name: t.usersList });
  await expect(dialog.getByRole('button', { name: t.removeUsers })).toBeDisabled();
  await dialog.getByLabel(t.searchUsers).fill(`${stamp}@lakeside.test`);
  await expect(list.getByRole('checkbox')).toHaveCount(2);
  await expect(list).not.toContainText('admin@');

  // A failure says so, and removes nobody.
  await page.route('**/api/users/remove-users', (route) => route.fulfill({ status: 500, json: { error: 'boom' } }));
  await list.getByRole('checkbox', { name: `gone-${stamp}` }).click();
  // Names as people write them; removal is asked about first, and Cancel removes nobody.
  await expect(list.getByText(goneName, { exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: t.removeUsers }).click();
  const confirm = page.getByRole('alertdialog', { name: t.removeConfirmTitle(1) });
  await expect(confirm).toContainText(`${goneName} (${email})`);
  await expect(confirm.getByRole('button', { name: t.cancel })).toBeFocused();
  await page.waitForTimeout(300); // let the dialog finish fading in for the screenshot
  await shot(page, 'remove-confirm');
  await expectNoSeriousA11yViolations(page, { excludeFrames: true });
  await page.setViewportSize({ width: 700, height: 900 });
  await shot(page, 'remove-confirm-700');
  await page.setViewportSize({ width: 1440, height: 900 });
  await confirm.getByRole('button', { name: t.cancel }).click();
  await expect(confirm).toBeHidden();
  await expect(list.getByRole('checkbox', { name: `gone-${stamp}` })).toBeChecked();
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  await dialog.getByRole('button', { name: t.removeUsers }).click();
  await confirm.getByRole('button', { name: t.removeUsers }).click();
  await expect(dialog.getByRole('alert')).toHaveText(t.removeFailed);
  await expect(dialog.getByText(t.removed)).toHaveCount(0);
  await expect(list.getByRole('checkbox', { name: `gone-${stamp}` })).toBeChecked();
  await shot(page, 'remove-failed');
  await page.unroute('**/api/users/remove-users');

  await dialog.getByRole('button', { name: t.removeUsers }).click();
  await confirm.getByRole('button', { name: t.removeUsers }).click();
  await expect(dialog.getByRole('alert')).toHaveText(t.removed);
  await expect(list.getByRole('checkbox')).toHaveCount(1);
  await expect(list).toContainText(keep);
  await expect(list.getByRole('checkbox', { name: `keep-${stamp}` })).not.toBeChecked();
  await expect(dialog.getByRole('button', { name: t.removeUsers })).toBeDisabled();
  await shot(page, 'remove-done');

  // The removed user's next call is refused and signs them out (an account with no property yet
  // has one screen: its 'Check again' asks for its profile).
  await customer.getByRole('button', { name: 'Check again' }).click();
  await expect(customer).toHaveURL(/\/$/);
  await expect(customer.getByRole('heading', { name: 'Log In' })).toBeVisible();
  // With the reason, not an empty page.
  await expect(customer.getByRole('status')).toHaveText('Your session has expired or is invalid. Please log in again.');
  await customer.context().close();
});
