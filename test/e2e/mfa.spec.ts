/**
 * Two-step verification in the browser: an administrator's first sign-in sets up an authenticator
 * app (QR code and key, a code to confirm), every later one asks for its code; customers sign in
 * with their password alone. Codes are computed here from the key the set-up screen shows.
 */
import { expect, test, type Page } from '@playwright/test';
import { totpCode, wrongTotpCode } from '../../infra/local/totp.js';
import { authStrings } from '../../web/features/auth/strings.js';
import { demo } from './support/env.js';
import { adminToken, expectNoSeriousA11yViolations, logIn, shotter } from './support/session.js';

const t = authStrings.twoStep;
const shot = shotter('mfa');

const wrongCode = (secret: string) => wrongTotpCode(secret);

async function enterPassword(page: Page, email: string, password: string) {
  await page.goto('/');
  await page.getByPlaceholder('Email').fill(email);
  await page.getByPlaceholder('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

/** A new administrator through the API (created by the demo administrator, registered with the mailed password). */
async function newAdministrator(page: Page) {
  const email = `mfa-e2e-${Date.now().toString(36)}@example-hvac.com`;
  const temporary = 'Tmp-pass-9Q-staff';
  const token = await adminToken(page.request);
  const signup = await page.request.post('/api/users/signup', {
    headers: { authorization: `Bearer ${token}` },
    data: { name: 'mfa e2e', email, password: temporary, customers: [], buildops_customer_ids: [], buildops_property_ids: [], properties: [] },
  });
  expect(signup.status()).toBe(201);
  const password = 'Chosen-pass-123';
  const verify = await page.request.post('/api/users/user-registration/verify', { data: { email, code: temporary, newPassword: password } });
  expect(verify.ok()).toBe(true);
  return { email, password };
}

test("an administrator's first sign-in sets up an authenticator app; every later one asks for its code", async ({ page }) => {
  const admin = await newAdministrator(page);
  await enterPassword(page, admin.email, admin.password);
  await expect(page.getByRole('heading', { name: t.setupHeading })).toBeVisible();
  await expect(page.getByRole('img', { name: t.qrLabel })).toBeVisible();
  const secret = (await page.getByTestId('totp-key').innerText()).replace(/\s+/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await expectNoSeriousA11yViolations(page);
  await shot(page, 'setup');

  // Not six digits, then a wrong code: said so, and the same set-up stays.
  await page.getByLabel(t.codeLabel).fill('12345');
  await page.getByRole('button', { name: t.setupSubmit }).click();
  await expect(page.getByRole('alert')).toHaveText(t.codeFormat);
  await page.getByLabel(t.codeLabel).fill(wrongCode(secret));
  await page.getByRole('button', { name: t.setupSubmit }).click();
  await expect(page.getByRole('alert')).toHaveText(t.wrongCode);
  await page.getByLabel(t.codeLabel).fill(totpCode(secret));
  await page.getByRole('button', { name: t.setupSubmit }).click();
  await expect(page).toHaveURL(/\/home$/);
  // An administrator now: the administrator's header buttons.
  await expect(page.getByRole('button', { name: 'Add User' })).toBeVisible();

  await page.getByRole('banner').getByRole('button').last().click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page.getByRole('heading', { name: 'Log In' })).toBeVisible();

  await enterPassword(page, admin.email, admin.password);
  await expect(page.getByRole('heading', { name: t.codeHeading })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByLabel(t.codeLabel).fill(wrongCode(secret));
  await page.getByRole('button', { name: t.verify }).click();
  await expect(page.getByRole('alert')).toHaveText(t.wrongCode);
  await shot(page, 'wrong-code');
  await page.getByLabel(t.codeLabel).fill(totpCode(secret));
  await page.getByRole('button', { name: t.verify }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('button', { name: 'Add User' })).toBeVisible();
});

test('Back to Log In leaves the code screen for the password form', async ({ page }) => {
  await enterPassword(page, demo.admin.email, demo.admin.password);
  await expect(page.getByRole('heading', { name: t.codeHeading })).toBeVisible();
  await page.getByRole('button', { name: authStrings.backToLogin }).click();
  await expect(page.getByRole('heading', { name: 'Log In' })).toBeVisible();
  await expect(page.getByPlaceholder('Password')).toHaveValue('');
});

test("a customer's sign-in is unchanged: the password alone, straight to /home", async ({ page }) => {
  await logIn(page, demo.northwind);
  await expect(page.getByRole('heading', { name: t.codeHeading })).toHaveCount(0);
});
