import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { totpCode } from '../../infra/local/totp.js';
import { startOwnStack, type OwnStack } from './support/own-stack.js';
import { getItem, setItem } from './support/session.js';

// The session on Cognito's tokens (spec section 3, issue 11): a stack of its own whose ID and access
// tokens live 20 seconds, so a refresh and an expiry happen within a test.
const TOKEN_SECONDS = 20;
const admin = { email: 'ops@example-hvac.com', password: 'Admin1234567' };
let stack: OwnStack;

test.describe.configure({ mode: 'serial' });
test.beforeAll(async () => {
  stack = await startOwnStack({ LOCAL_TOKEN_SECONDS: String(TOKEN_SECONDS), PORTAL_ADMIN_EMAIL: admin.email, PORTAL_ADMIN_PASSWORD: admin.password });
});
test.afterAll(async () => {
  await stack?.stop();
});

const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { exp: number; iat: number };
const refreshTokenOf = (page: Page) => page.evaluate(`Object.entries(localStorage).find(([k]) => k.endsWith('.refreshToken'))?.[1] ?? null`) as Promise<string | null>;

/** The start-up administrator's authenticator key, once its first sign-in has set one up. */
let secret: string | undefined;

async function logIn(page: Page) {
  await page.goto(`${stack.base}/`);
  await page.getByPlaceholder('Email').fill(admin.email);
  await page.getByPlaceholder('Password').fill(admin.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  // An administrator: the first sign-in sets up an authenticator app, later ones ask for its code.
  const setUp = page.getByRole('heading', { name: 'Set Up Two-Step Verification' });
  await expect(setUp.or(page.getByRole('heading', { name: 'Two-Step Verification' }))).toBeVisible();
  if (await setUp.isVisible()) {
    secret = (await page.getByTestId('totp-key').innerText()).replace(/\s+/g, '');
    await page.getByLabel('6-digit code').fill(totpCode(secret));
    await page.getByRole('button', { name: 'Verify and continue' }).click();
  } else {
    await page.getByLabel('6-digit code').fill(totpCode(secret!));
    await page.getByRole('button', { name: 'Verify' }).click();
  }
  await expect(page).toHaveURL(/\/home$/);
  return (await getItem(page, 'token'))!;
}

/** Calls Cognito's API at the local pool's endpoint as the browser would. */
async function cognitoCall(request: APIRequestContext, action: string, body: Record<string, unknown>) {
  const config = (await (await request.get(`${stack.base}/config.json`)).json()) as { endpoint: string; userPoolClientId: string };
  const res = await request.post(config.endpoint, {
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': `AWSCognitoIdentityProviderService.${action}` },
    data: JSON.stringify({ ClientId: config.userPoolClientId, ...body }),
  });
  return res.status();
}

/** Cognito's answer to a refresh with that refresh token, asked directly at the pool's endpoint. */
async function refreshWith(request: APIRequestContext, refreshToken: string) {
  const config = (await (await request.get(`${stack.base}/config.json`)).json()) as { endpoint: string; userPoolClientId: string };
  const res = await request.post(config.endpoint, {
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth' },
    data: JSON.stringify({ AuthFlow: 'REFRESH_TOKEN_AUTH', ClientId: config.userPoolClientId, AuthParameters: { REFRESH_TOKEN: refreshToken } }),
  });
  return { status: res.status(), body: (await res.json()) as { __type?: string; AuthenticationResult?: { IdToken?: string } } };
}

const usersCall = (request: APIRequestContext, token: string) => request.get(`${stack.base}/api/users/`, { headers: { authorization: `Bearer ${token}` } });

test('the ID token is refreshed silently: an active user stays signed in past its lifetime', async ({ page }) => {
  test.setTimeout(90_000);
  const first = await logIn(page);
  const firstExp = claimsOf(first).exp;
  expect(firstExp - claimsOf(first).iat).toBe(TOKEN_SECONDS);
  expect((await usersCall(page.request, first)).status()).toBe(200);

  // Active past the first token's expiry (and the second's refresh point).
  while (Date.now() < (firstExp + 8) * 1000) {
    await page.mouse.move(200 + Math.random() * 400, 200 + Math.random() * 300);
    await page.waitForTimeout(2000);
  }
  await expect(page).toHaveURL(/\/home$/);
  const now = (await getItem(page, 'token'))!;
  expect(now).not.toBe(first);
  expect(claimsOf(now).exp).toBeGreaterThan(Date.now() / 1000);
  expect(await getItem(page, 'isLoggedIn', 'sessionStorage')).toBe('true');
  // The API takes the refreshed token and refuses the expired one.
  expect((await usersCall(page.request, now)).status()).toBe(200);
  expect((await usersCall(page.request, first)).status()).toBe(401);
  // The app works on: a reload keeps the session.
  await page.reload();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('banner')).toBeVisible();
});

test('idle sign-out still wins over the refresh, and revokes the refresh token', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto(`${stack.base}/`);
  // Test-only idle time-out (see web/config/constants.ts): 35 s, longer than a token's lifetime.
  await setItem(page, 'portal:idle-timeout-ms', '35000');
  const first = await logIn(page);
  const refreshToken = (await refreshTokenOf(page))!;
  expect(refreshToken).toBeTruthy();
  const loggedInAt = Date.now();
  await page.mouse.move(10, 10);

  // No activity from here on: tokens are refreshed while the idle timer runs, then the timer signs out.
  const seen = new Set([first]);
  while (page.url().endsWith('/home') && Date.now() - loggedInAt < 60_000) {
    const token = await getItem(page, 'token');
    if (token) seen.add(token);
    await page.waitForTimeout(500);
  }
  await expect(page).toHaveURL(new RegExp(`${stack.base}/$`));
  expect(Date.now() - loggedInAt).toBeGreaterThanOrEqual(34_000);
  expect(seen.size).toBeGreaterThan(1);
  expect(await getItem(page, 'token')).toBeNull();
  expect(await getItem(page, 'isLoggedIn', 'sessionStorage')).toBeNull();
  await expect.poll(() => refreshTokenOf(page)).toBeNull();
  await expect.poll(async () => (await refreshWith(page.request, refreshToken)).body.__type).toBe('NotAuthorizedException');
});

test('logging out revokes the refresh token and signs out the other tabs', async ({ page, context }) => {
  await logIn(page);
  const other = await context.newPage();
  await other.goto(`${stack.base}/home`);
  await expect(other.getByRole('banner')).toBeVisible();
  const refreshToken = (await refreshTokenOf(page))!;
  // It works until the user logs out.
  const before = await refreshWith(page.request, refreshToken);
  expect(before.status).toBe(200);
  expect(before.body.AuthenticationResult?.IdToken).toBeTruthy();

  await page.getByRole('banner').getByRole('button').last().click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(new RegExp(`${stack.base}/$`));
  await expect(other).toHaveURL(new RegExp(`${stack.base}/$`));
  await expect(other.getByRole('heading', { name: 'Log In' })).toBeVisible();
  await expect.poll(async () => (await refreshWith(page.request, refreshToken)).status).toBe(400);
  expect((await refreshWith(page.request, refreshToken)).body.__type).toBe('NotAuthorizedException');
  expect(await refreshTokenOf(other)).toBeNull();
});

test("a password reset elsewhere ends the open session at its next refresh, even with no API call", async ({ page }) => {
  test.setTimeout(90_000);
  await logIn(page);
  const mailsBefore = readdirSync(path.join(stack.dataDir, 'outbox')).length;
  expect((await page.request.post(`${stack.base}/api/users/reset-password`, { data: { email: admin.email } })).status()).toBe(200);
  const mails = readdirSync(path.join(stack.dataDir, 'outbox')).sort();
  expect(mails.length).toBe(mailsBefore + 1);
  const code = /reset code is:\s*(\S+)/i.exec(readFileSync(path.join(stack.dataDir, 'outbox', mails.at(-1)!), 'utf8'))?.[1];
  expect(code).toBeTruthy();
  expect(await cognitoCall(page.request, 'ConfirmForgotPassword', { Username: admin.email, ConfirmationCode: code, Password: 'Changed42xyz' })).toBe(200);

  // The open page makes no API call; its refresh (within a token's lifetime) sees the reset and signs out.
  await expect(page).toHaveURL(new RegExp(`${stack.base}/$`), { timeout: TOKEN_SECONDS * 1000 + 5000 });
  expect(await getItem(page, 'token')).toBeNull();
  // The new password signs in (and is put back for the other tests of this file).
  admin.password = 'Changed42xyz';
  await logIn(page);
});
