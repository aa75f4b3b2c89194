import { expect, test, type Page } from '@playwright/test';
import { titleCase as titleOf } from '../../web/components/text/display-name.js';
import { pickerText as p } from '../../web/components/pickers/strings.js';
import { shellStrings as s } from '../../web/features/shell/strings.js';
import { usersText as t } from '../../web/features/users/strings.js';
import { viewAsStrings as v } from '../../web/features/view-as/strings.js';
import { demo, readOutbox } from './support/env.js';
import { adminToken, expectNoSeriousA11yViolations, logIn, makeCustomer, shotsAtBothSizes, shotter } from './support/session.js';

// Beyond the spec (issue 29): the Users list is where an administrator administers a user. A row
// opens the user in the same dialog: name, email, customers and properties, account mail, view as,
// and removal with one question asked in place.
const stamp = Date.now().toString(36);
const shot = shotter('user-admin');
const northwind = { ID: 'CUST-1001', NAME: 'NORTHWIND PROPERTIES' };
const lakeside = { ID: 'CUST-1003', NAME: 'LAKESIDE SCHOOL DISTRICT' };
const tower = { ID: 'PROP-1001-01', NAME: 'Northwind Tower' };

const mailsTo = (email: string) => readOutbox().filter((m) => new RegExp(`^To: ${email.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\r?$`, 'mi').test(m.text));
const usersDialog = (page: Page) => page.getByRole('dialog', { name: t.listTitle });
const row = (page: Page, email: string) => usersDialog(page).locator(`[data-testid="user-row"][data-email="${email}"]`);
const usersButton = (page: Page) => page.getByRole('banner').getByRole('button', { name: s.users, exact: true });

async function openUsers(page: Page) {
  await usersButton(page).click();
  await expect(usersDialog(page)).toBeVisible();
}

/** Every open dialog of the page (modal or alert), whatever its name. */
const openDialogs = (page: Page) => page.locator('[role="dialog"], [role="alertdialog"]').filter({ visible: true });

test.describe.configure({ mode: 'serial' });

test('an administrator opens a user from the list, renames them, changes their assignments and sends a reset code', async ({ page, request }) => {
  const email = `admin-one-${stamp}@northwind.test`;
  await makeCustomer(request, email, [northwind], [tower]);
  const initialName = titleOf(email.split('@')[0]!);

  await logIn(page, demo.admin);
  // The header's Users button says what the list holds.
  await usersButton(page).hover();
  await expect(page.getByRole('tooltip')).toHaveText(s.usersHint);
  await openUsers(page);
  const dialog = usersDialog(page);
  await expect(dialog.getByText(t.listOpenNote, { exact: false })).toBeVisible();
  await expect(row(page, email)).toBeVisible();
  await shotsAtBothSizes(shot, page, 'list');
  await dialog.getByLabel(t.searchList).fill(`admin-one-${stamp}`);

  // The row's name is a button for the keyboard.
  const open = row(page, email).getByRole('button', { name: t.openUser(initialName) });
  await open.focus();
  await page.keyboard.press('Enter');
  const detail = dialog.getByRole('region', { name: t.detailLabel(initialName) });
  await expect(detail).toBeVisible();
  await expect(detail.getByRole('heading', { name: initialName })).toBeFocused();
  await expect(detail).toContainText(email);
  await expect(detail).toContainText(t.statusActive);
  // Assigned customers and properties are ticked, as in Edit User.
  const customers = detail.getByRole('list', { name: t.customers });
  const properties = detail.getByRole('list', { name: t.properties });
  await expect(customers.getByRole('checkbox', { name: northwind.NAME })).toBeChecked();
  await expect(properties.getByRole('checkbox', { name: tower.NAME })).toBeChecked();
  await page.waitForTimeout(300);
  await expectNoSeriousA11yViolations(page, { excludeFrames: true });
  await shotsAtBothSizes(shot, page, 'detail');

  // Rename, and the assignments, saved by one Save: an empty name is refused before any call.
  const name = detail.getByLabel(t.name);
  await expect(name).toHaveValue(initialName);
  const save = detail.getByRole('button', { name: t.saveChanges });
  await expect(save).toBeDisabled();
  await name.fill('   ');
  await save.click();
  await expect(detail.getByRole('alert')).toHaveText(t.nameRequired);
  const renamed = `Dana Fox ${stamp}`;
  const shown = titleOf(renamed);
  const put = page.waitForRequest((r) => r.method() === 'PUT' && r.url().endsWith(`/api/users/${encodeURIComponent(email)}/name`));
  await name.fill(`  ${renamed} `);

  // Assignments: Lakeside added (at All), Northwind dropped by its chip.
  await detail.getByLabel(t.searchCustomers).fill('lake');
  await detail.getByRole('list', { name: t.customers }).getByRole('checkbox', { name: lakeside.NAME }).click();
  await detail.getByLabel(t.searchCustomers).fill('');
  await expect(detail.getByRole('list', { name: t.properties }).getByRole('checkbox', { name: p.allOf('Lakeside School District', 3) })).toBeChecked();
  await detail.getByRole('button', { name: t.remove('Northwind Properties') }).click();
  await expect(detail.getByRole('list', { name: t.properties }).getByRole('checkbox', { name: tower.NAME })).toHaveCount(0);
  const saves: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'PUT' && r.url().includes(`/api/users/${encodeURIComponent(email)}/`)) saves.push(r.url().split('/').pop()!);
  });
  await save.click();
  // Sent lower-cased, as Create User sends a name.
  expect((await put).postDataJSON()).toEqual({ name: renamed.toLowerCase() });
  await expect(dialog.getByRole('status')).toHaveText(t.savedAll([t.partName, t.partAssignments]));
  await expect(dialog.getByRole('heading', { name: shown })).toBeVisible();
  // The name first, then spec section 4's customer update and property update.
  expect(saves).toEqual(['name', 'customers', 'properties']);
  const detailNow = dialog.getByRole('region', { name: t.detailLabel(shown) });
  await shotsAtBothSizes(shot, page, 'detail-saved');

  // A reset code, from the user's view.
  const before = mailsTo(email).length;
  await detailNow.getByRole('button', { name: t.sendResetCodeTo(email) }).click();
  await expect(dialog.getByRole('status')).toHaveText(`A password reset code has been sent to ${email}.`);
  await expect.poll(() => mailsTo(email).length).toBe(before + 1);

  // Back to the list: the row has the new name and customers, and its button the focus.
  await detailNow.getByRole('button', { name: t.backToList }).click();
  const renamedRow = row(page, email);
  await expect(renamedRow.getByRole('button', { name: t.openUser(shown) })).toBeFocused();
  await expect(renamedRow).toContainText(shown);
  await expect(renamedRow).toContainText('Lakeside School District');
  await expect(renamedRow).not.toContainText('Northwind');

  // A reload keeps it (the server has it).
  await page.reload();
  await openUsers(page);
  await expect(row(page, email)).toContainText(shown);
  await expect(row(page, email)).toContainText('Lakeside School District');
});

test('an administrator resends an invitation, changes the email and views the portal as the user from the list', async ({ page }) => {
  const email = `admin-invited-${stamp}@lakeside.test`;
  const token = await adminToken(page.request);
  const signup = await page.request.post('/api/users/signup', {
    headers: { authorization: `Bearer ${token}` },
    data: { name: `pat invited ${stamp}`, email, password: 'Tmp-pass-9Q', customers: [lakeside], buildops_customer_ids: [lakeside.ID], buildops_property_ids: [], properties: [] },
  });
  expect(signup.status()).toBe(201);
  const label = titleOf(`pat invited ${stamp}`);

  await logIn(page, demo.admin);
  await openUsers(page);
  // A click anywhere on the row opens the user.
  await row(page, email).getByRole('cell').nth(1).click();
  const detail = usersDialog(page).getByRole('region', { name: t.detailLabel(label) });
  await expect(detail).toContainText(t.statusInvited);
  await expect(detail.getByRole('button', { name: t.sendResetCodeTo(email) })).toHaveCount(0);
  expect(mailsTo(email)).toHaveLength(1);
  await detail.getByRole('button', { name: t.resendInvitationTo(email) }).click();
  await expect(usersDialog(page).getByRole('status')).toHaveText(`A new invitation with a new temporary password has been sent to ${email}.`);
  await expect.poll(() => mailsTo(email).length).toBe(2);
  // The mail greets by the account's name.
  expect(mailsTo(email)[1]!.text).toContain(`Hello ${label},`);

  // Change Email in place: the view stays on the user, under the new address.
  const moved = `admin-moved-${stamp}@lakeside.test`;
  await detail.getByRole('button', { name: t.changeEmail }).click();
  await expect(detail).toContainText(t.changeEmailText(email));
  await detail.getByLabel(t.newEmail).fill(demo.northwind.email);
  await detail.getByRole('button', { name: t.changeEmail }).click();
  await expect(detail.getByRole('alert')).toHaveText(t.exists);
  await detail.getByLabel(t.newEmail).fill(moved.toUpperCase());
  await detail.getByRole('button', { name: t.changeEmail }).click();
  await expect(usersDialog(page).getByRole('status')).toHaveText(t.emailChanged(moved));
  await expect(detail).toContainText(moved);
  await expect(detail.getByRole('button', { name: t.resendInvitationTo(moved) })).toBeVisible();
  await expect(openDialogs(page)).toHaveCount(1);

  // View as: the dialog closes on the portal as that user sees it.
  await detail.getByRole('button', { name: t.viewAsUser }).click();
  await expect(usersDialog(page)).toBeHidden();
  const banner = page.getByRole('status').filter({ hasText: v.viewingAs });
  await expect(banner).toContainText(moved);
  await expect(page.getByTestId('header-customers')).toHaveText('Lakeside School District');
  await expect(page.getByRole('combobox', { name: v.selectUserView })).toHaveValue(new RegExp(moved.replace(/[.]/g, '\\.')));
  await shotsAtBothSizes(shot, page, 'viewing-as');
  await banner.getByRole('button', { name: v.backToMyView }).click();
  await expect(page.getByTestId('header-customers')).toHaveText(s.admin);
});

test('removing a user from their view asks once, in place: one dialog open, the row gone', async ({ page, request, browser }) => {
  const email = `admin-gone-${stamp}@northwind.test`;
  const password = await makeCustomer(request, email, [northwind], [tower]);
  const label = titleOf(email.split('@')[0]!);
  const customerContext = await browser.newContext();
  const customer = await customerContext.newPage();
  await logIn(customer, { email, password });

  await logIn(page, demo.admin);
  await openUsers(page);
  await usersDialog(page).getByLabel(t.searchList).fill(`admin-gone-${stamp}`);
  await row(page, email).getByRole('button', { name: t.openUser(label) }).click();
  const detail = usersDialog(page).getByRole('region', { name: t.detailLabel(label) });

  // Cancel removes nobody; the question is asked in the same dialog.
  let removals = 0;
  page.on('request', (r) => r.url().endsWith('/api/users/remove-users') && removals++);
  await detail.getByRole('button', { name: t.removeUser }).click();
  const question = detail.getByRole('group', { name: t.removeUserConfirmTitle(label) });
  await expect(question).toContainText(t.removeUserConfirmText(email));
  await expect(question.getByRole('button', { name: t.cancel })).toBeFocused();
  await expect(openDialogs(page)).toHaveCount(1);
  await expectNoSeriousA11yViolations(page, { excludeFrames: true });
  await shotsAtBothSizes(shot, page, 'remove-question');
  // Escape answers the question, not the dialog.
  await page.keyboard.press('Escape');
  await expect(question).toBeHidden();
  await expect(usersDialog(page)).toBeVisible();
  expect(removals).toBe(0);

  await detail.getByRole('button', { name: t.removeUser }).click();
  await question.getByRole('button', { name: t.removeUser }).click();
  await expect(usersDialog(page).getByRole('status')).toHaveText(t.userRemoved(email));
  await expect(row(page, email)).toHaveCount(0);
  await expect(openDialogs(page)).toHaveCount(1);
  expect(removals).toBe(1);
  await shotsAtBothSizes(shot, page, 'removed');

  // The removed user's open session ends at its next call.
  await customer.getByRole('button', { name: 'Documents' }).click();
  await expect(customer).toHaveURL(/\/$/);
  await customerContext.close();
});
