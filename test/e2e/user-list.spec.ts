import { expect, test, type Page } from '@playwright/test';
import { usersText as t } from '../../web/features/users/strings.js';
import { demo, readOutbox } from './support/env.js';
import { adminToken, expectNoSeriousA11yViolations, logIn, makeCustomer, screenshot } from './support/session.js';

// The administrators' user list (issue 21): invited / active, last sign-in, customers; resend an
// invitation and send a reset code, whose mails land in the outbox.
const stamp = Date.now().toString(36);
const northwind = { ID: 'CUST-1001', NAME: 'NORTHWIND PROPERTIES' };
const tower = { ID: 'PROP-1001-01', NAME: 'Northwind Tower' };

const mailsTo = (email: string) => readOutbox().filter((m) => new RegExp(`^To: ${email.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\r?$`, 'mi').test(m.text));
const row = (page: Page, email: string) => page.getByRole('dialog', { name: t.listTitle }).locator(`[data-testid="user-row"][data-email="${email}"]`);

/** Tabs from the page's start until the header's 'Users' button has the focus, then opens it with Enter. */
async function openWithKeyboard(page: Page) {
  const users = page.getByRole('banner').getByRole('button', { name: t.usersButton, exact: true });
  await page.locator('body').focus();
  for (let i = 0; i < 40 && !(await users.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
  await expect(users).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: t.listTitle })).toBeVisible();
}

test('an administrator sees invited and active users with their status, resends an invitation and sends a reset code', async ({ page }) => {
  const invited = `list-invited-${stamp}@northwind.test`;
  const active = `list-active-${stamp}@northwind.test`;
  const token = await adminToken(page.request);
  const signup = await page.request.post('/api/users/signup', {
    headers: { authorization: `Bearer ${token}` },
    data: { name: `list invited ${stamp}`, email: invited, password: 'Tmp-pass-9Q', customers: [northwind], buildops_customer_ids: [northwind.ID], buildops_property_ids: [tower.ID], properties: [tower.NAME] },
  });
  expect(signup.status()).toBe(201);
  const password = await makeCustomer(page.request, active, [northwind], [tower]);
  // A sign-in of the active user (the portal's login route goes through the same pre-token trigger).
  expect((await page.request.post('/api/users/login/', { data: { email: active, password } })).ok()).toBe(true);

  await logIn(page, demo.admin);
  // The header's buttons with 'Users' beside 'Edit User', at the two common laptop sizes.
  await page.setViewportSize({ width: 1280, height: 720 });
  await expect(page.getByRole('banner').getByRole('button', { name: t.usersButton, exact: true })).toBeVisible();
  await screenshot(page, { path: '.tmp/screens/header-1280x720.png' });
  await page.setViewportSize({ width: 1440, height: 900 });
  await screenshot(page, { path: '.tmp/screens/header-1440x900.png' });
  await openWithKeyboard(page);
  const dialog = page.getByRole('dialog', { name: t.listTitle });
  await expect(row(page, invited)).toBeVisible();
  await expect(row(page, invited).getByTestId('user-status')).toHaveText(t.statusInvited);
  await expect(row(page, invited).getByTestId('user-last-sign-in')).toHaveText(t.never);
  await expect(row(page, invited)).toContainText('Northwind Properties');
  await expect(row(page, active).getByTestId('user-status')).toHaveText(t.statusActive);
  await expect(row(page, active).getByTestId('user-last-sign-in')).not.toHaveText(t.never);
  // Written as every screen writes a time.
  await expect(row(page, active).getByTestId('user-last-sign-in')).toHaveText(/^\d{1,2} [A-Z][a-z]{2} \d{4}, \d{1,2}:\d{2} [AP]M$/);
  // Staff are not listed, as in the spec's other user lists.
  await expect(row(page, demo.admin.email)).toHaveCount(0);
  await page.waitForTimeout(300); // the dialog's fade-in, which axe would read as low contrast
  // The report frames behind the dialog are checked by their own specs.
  await expectNoSeriousA11yViolations(page, { excludeFrames: true });

  // Invited users are offered the invitation again, active ones a reset code.
  await expect(row(page, invited).getByRole('button', { name: t.sendResetCodeTo(invited) })).toHaveCount(0);
  await expect(row(page, active).getByRole('button', { name: t.resendInvitationTo(active) })).toHaveCount(0);

  // Search narrows the list.
  await dialog.getByLabel(t.searchList).fill(`list-invited-${stamp}`);
  await expect(dialog.locator('[data-testid="user-row"]')).toHaveCount(1);
  await page.setViewportSize({ width: 1440, height: 900 });
  await dialog.getByLabel(t.searchList).fill('');
  await screenshot(page, { path: '.tmp/screens/user-list-1440x900.png' });
  await page.setViewportSize({ width: 1280, height: 720 });
  await screenshot(page, { path: '.tmp/screens/user-list-1280x720.png' });

  // Resend the invitation: a second mail with a new temporary password.
  expect(mailsTo(invited)).toHaveLength(1);
  const resend = row(page, invited).getByRole('button', { name: t.resendInvitationTo(invited) });
  await resend.focus();
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('status')).toHaveText(`A new invitation with a new temporary password has been sent to ${invited}.`);
  await expect.poll(() => mailsTo(invited).length).toBe(2);
  const invitation = mailsTo(invited)[1]!.text;
  const temporary = /temporary password is:\s*(\S+)/i.exec(invitation)?.[1];
  expect(temporary).toBeTruthy();
  expect(temporary).not.toBe('Tmp-pass-9Q');
  await screenshot(page, { path: '.tmp/screens/user-list-resent-1280x720.png' });

  // Send a reset code: the forgot-password mail.
  const before = mailsTo(active).length;
  await row(page, active).getByRole('button', { name: t.sendResetCodeTo(active) }).click();
  await expect(dialog.getByRole('status')).toHaveText(`A password reset code has been sent to ${active}.`);
  await expect.poll(() => mailsTo(active).length).toBe(before + 1);
  expect(mailsTo(active).at(-1)!.text).toMatch(/^Subject: .*password reset code\r?$/m);
  await expectNoSeriousA11yViolations(page, { excludeFrames: true });

  // The new temporary password registers the invited user, who is then active.
  const registered = await page.request.post('/api/users/user-registration/verify', { data: { email: invited, code: temporary, newPassword: 'Chosen-9pass' } });
  expect(registered.ok()).toBe(true);
  await dialog.getByRole('button', { name: t.close }).click();
  await page.getByRole('banner').getByRole('button', { name: t.usersButton, exact: true }).click();
  await expect(row(page, invited).getByTestId('user-status')).toHaveText(t.statusActive);
});
