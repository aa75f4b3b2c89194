import { AxeBuilder } from '@axe-core/playwright';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { totpCode } from '../../../infra/local/totp.js';
import { demo } from './env.js';

/** The demo accounts with an authenticator app (the administrators): their keys by email. */
const demoSecrets = new Map(Object.values(demo).flatMap((d): [string, string][] => ('totpSecret' in d ? [[d.email, d.totpSecret]] : [])));

/**
 * Signs in through the log-in screen and waits for /home; an account with an authenticator app
 * (`totpSecret`: the demo administrators) answers the Two-Step Verification screen with its code.
 */
export async function logIn(page: Page, user: { email: string; password: string; totpSecret?: string }) {
  // A demo account named by email and password alone still answers with its key.
  const secret = user.totpSecret ?? demoSecrets.get(user.email);
  await page.goto('/');
  await page.getByPlaceholder('Email').fill(user.email);
  await page.getByPlaceholder('Password').fill(user.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  if (secret) {
    await expect(page.getByRole('heading', { name: 'Two-Step Verification' })).toBeVisible();
    await page.getByLabel('6-digit code').fill(totpCode(secret));
    await page.getByRole('button', { name: 'Verify' }).click();
  }
  await expect(page).toHaveURL(/\/home$/);
}

/** Signs in (the demo's Northwind customer unless another is given) and opens Analytics. */
export async function openAnalytics(page: Page, user: { email: string; password: string } = demo.northwind) {
  await logIn(page, user);
  await page.getByRole('navigation').getByRole('button', { name: /^Analytics/ }).click();
}

/**
 * An administrator views the portal as the user of that email: chosen by its whole address in
 * Select User View (earlier specs on the same stack add users whose addresses contain a demo
 * customer's name), then the banner names them.
 */
export async function viewAs(page: Page, email: string) {
  await page.getByRole('banner').getByRole('combobox', { name: 'Select User View' }).fill(email);
  await page.getByRole('option', { name: new RegExp(`(^|\\s)${email.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|\\s)`) }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Viewing as' })).toContainText(`Viewing as ${email}`);
}

/**
 * Clicks what opens a file in a new tab and answers the address that tab asked for. The full
 * Chromium shows a PDF in the tab; the headless shell the specs run in downloads it and leaves the
 * tab blank: both ask the same address, which the spec then fetches itself to check what is served.
 */
export async function fileOpenedInNewTab(page: Page, click: () => Promise<unknown>, fileName: string): Promise<string> {
  const asked = page.context().waitForEvent('request', { predicate: (r) => r.isNavigationRequest() && r.url().includes(fileName) });
  const opened = page.context().waitForEvent('page');
  await click();
  const [request, tab] = await Promise.all([asked, opened]);
  // Asked by the new tab, not by the portal's own page.
  expect(request.frame().page()).toBe(tab);
  await tab.close();
  return request.url();
}

/** A call to the local pool's public API (its endpoint from config.json), as the browser makes it. */
export async function cognitoCall(request: APIRequestContext, action: string, body: object): Promise<Record<string, unknown>> {
  const config = (await (await request.get('/config.json')).json()) as { endpoint: string };
  const res = await request.post(config.endpoint, {
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': `AWSCognitoIdentityProviderService.${action}` },
    data: JSON.stringify(body),
  });
  expect(res.ok(), `${action}: ${await res.text()}`).toBe(true);
  return (await res.json()) as Record<string, unknown>;
}

/**
 * An administrator's ID token for a spec's set-up calls: signed in at the pool with the password
 * and the authenticator code (POST /api/users/login refuses accounts with an app).
 */
export async function adminToken(request: APIRequestContext, user: { email: string; password: string; totpSecret: string } = demo.admin): Promise<string> {
  const { userPoolClientId: ClientId } = (await (await request.get('/config.json')).json()) as { userPoolClientId: string };
  const first = await cognitoCall(request, 'InitiateAuth', { AuthFlow: 'USER_PASSWORD_AUTH', ClientId, AuthParameters: { USERNAME: user.email, PASSWORD: user.password } });
  expect(first.ChallengeName).toBe('SOFTWARE_TOKEN_MFA');
  const answered = await cognitoCall(request, 'RespondToAuthChallenge', {
    ClientId,
    ChallengeName: 'SOFTWARE_TOKEN_MFA',
    Session: first.Session,
    ChallengeResponses: { USERNAME: (first.ChallengeParameters as { USER_ID_FOR_SRP: string }).USER_ID_FOR_SRP, SOFTWARE_TOKEN_MFA_CODE: totpCode(user.totpSecret) },
  });
  return (answered.AuthenticationResult as { IdToken: string }).IdToken;
}

/** A customer's ID token (an account without an authenticator app) for a spec's API calls. */
export async function customerToken(request: APIRequestContext, user: { email: string; password: string }): Promise<string> {
  const { userPoolClientId: ClientId } = (await (await request.get('/config.json')).json()) as { userPoolClientId: string };
  const r = await cognitoCall(request, 'InitiateAuth', { AuthFlow: 'USER_PASSWORD_AUTH', ClientId, AuthParameters: { USERNAME: user.email, PASSWORD: user.password } });
  return (r.AuthenticationResult as { IdToken: string }).IdToken;
}

// The specs compile without DOM types, so storage is read and written through expression strings.
type StorageArea = 'localStorage' | 'sessionStorage';
export const getItem = (page: Page, key: string, area: StorageArea = 'localStorage') =>
  page.evaluate(`${area}.getItem(${JSON.stringify(key)})`) as Promise<string | null>;
export const setItem = (page: Page, key: string, value: string) =>
  page.evaluate(`localStorage.setItem(${JSON.stringify(key)}, ${JSON.stringify(value)})`);

/** axe-core finds no serious or critical violation (report frames are checked by their own specs). */
export async function expectNoSeriousA11yViolations(page: Page, opts: { excludeFrames?: boolean } = {}) {
  // A dialog or menu still fading in reads as low contrast: wait for finite transitions to end.
  type Doc = { getAnimations(): { playState: string; effect: { getTiming(): { iterations?: number } } | null }[] };
  await page.waitForFunction(
    () => (globalThis as unknown as { document: Doc }).document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
    undefined,
    { timeout: 5_000 },
  );
  // Every rule runs on every node; only the violations are written out node by node (the passes'
  // selectors, XPaths and HTML were about a third of a call's time on a page with a report frame;
  // a11y-check.spec.ts shows violations are still named, in the page and in frames).
  const builder = new AxeBuilder({ page }).options({ resultTypes: ['violations'] });
  const results = await (opts.excludeFrames ? builder.exclude('iframe') : builder).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/**
 * Screenshots are for a person to look at (a spec's run by hand, `npx playwright test`); `npm test`
 * runs with E2E_SHOTS=0 (test/run.js), where nobody does: no picture is taken, and no assertion
 * depends on one.
 */
const shotsTaken = () => process.env.E2E_SHOTS !== '0';

/** A page's or an element's screenshot, when they are taken (see above). */
export async function screenshot(target: Page | Locator, options: NonNullable<Parameters<Page['screenshot']>[0]>) {
  if (shotsTaken()) await target.screenshot(options);
}

/** A screenshot under .tmp/shots, named by the spec's area. */
export const shotter =
  (area: string, fullPage = false) =>
  async (page: Page, name: string) => {
    await screenshot(page, { path: `.tmp/shots/${area}-${name}.png`, fullPage });
  };

/** The screen at 1440×900 and at 1280×720 (`<name>-<w>x<h>`), then back to the specs' 1400×900. */
export async function shotsAtBothSizes(shot: (page: Page, name: string) => Promise<unknown>, page: Page, name: string) {
  if (!shotsTaken()) return;
  for (const [w, h] of [
    [1440, 900],
    [1280, 720],
  ] as const) {
    await page.setViewportSize({ width: w, height: h });
    await shot(page, `${name}-${w}x${h}`);
  }
  await page.setViewportSize({ width: 1400, height: 900 });
}

/** A fresh customer account through the API: created by the administrator, registered with the mailed password. */
export async function makeCustomer(
  request: APIRequestContext,
  email: string,
  customers: { ID: string; NAME: string }[],
  properties: { ID: string; NAME: string }[],
) {
  const token = await adminToken(request);
  const signup = await request.post('/api/users/signup', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      name: email.split('@')[0],
      email,
      password: 'Tmp-pass-9Q',
      customers,
      buildops_customer_ids: customers.map((c) => c.ID),
      buildops_property_ids: properties.map((p) => p.ID),
      properties: properties.map((p) => p.NAME),
    },
  });
  expect(signup.status()).toBe(201);
  const password = 'Chosen-9pass';
  const verify = await request.post('/api/users/user-registration/verify', { data: { email, code: 'Tmp-pass-9Q', newPassword: password } });
  expect(verify.ok()).toBe(true);
  return password;
}

/** Opens a multi-select dropdown and reads its options, each marked ' [x]' when ticked; closes it again. */
export async function readTickedOptions(page: Page, combobox: Locator) {
  await combobox.click();
  await expect(page.getByRole('option').first()).toBeVisible();
  const result: string[] = [];
  for (const option of await page.getByRole('option').all()) {
    const checked = await option.getByRole('checkbox').isChecked();
    result.push(`${(await option.innerText()).trim()}${checked ? ' [x]' : ''}`);
  }
  await page.keyboard.press('Escape');
  return result;
}
