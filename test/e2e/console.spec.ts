import { expect, test, type Page } from '@playwright/test';
import { demo } from './support/env.js';
import { adminToken, logIn, makeCustomer } from './support/session.js';

// Console noise (issue 21): flows that logged errors or refused calls log none now. Each flow
// collects console errors, page errors, warnings carrying a stack trace and answers of 400 or
// more; the few refusals a flow is about (a wrong password's 400 from Cognito, the 401 that tells a
// removed user's page the account is gone) are named, nothing else may appear.
const stamp = Date.now().toString(36);
const northwind = { ID: 'CUST-1001', NAME: 'NORTHWIND PROPERTIES' };
const tower = { ID: 'PROP-1001-01', NAME: 'Northwind Tower' };
const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Reports' });

interface Answer {
  status: number;
  method: string;
  path: string;
  /** Cognito's action, for calls to the pool. */
  action: string;
}

function listen(page: Page) {
  const consoleErrors: string[] = [];
  const answers: Answer[] = [];
  const requests: Answer[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') consoleErrors.push(m.text());
    else if (m.type() === 'warning' && /\n\s+at /.test(m.text())) consoleErrors.push(`(warning with a stack trace) ${m.text()}`);
  });
  page.on('pageerror', (e) => consoleErrors.push(`page error: ${e.message}`));
  const describe = (r: { url(): string; method(): string; headers(): Record<string, string> }, status: number): Answer => ({
    status,
    method: r.method(),
    path: new URL(r.url()).pathname,
    action: (r.headers()['x-amz-target'] ?? '').replace('AWSCognitoIdentityProviderService.', ''),
  });
  page.on('request', (r) => requests.push(describe(r, 0)));
  page.on('response', (r) => {
    if (r.status() >= 400) answers.push(describe(r.request(), r.status()));
  });
  /** What appeared that the flow did not expect: answers not `allowed`, and console errors other than the browser's line for an allowed answer. */
  const unexpected = (allowed: (a: Answer) => boolean = () => false) => {
    const allowedStatuses = new Set(answers.filter(allowed).map((a) => a.status));
    return [
      ...answers.filter((a) => !allowed(a)).map((a) => `${a.status} ${a.method} ${a.path} ${a.action}`.trim()),
      ...consoleErrors.filter((e) => {
        const status = /^Failed to load resource: the server responded with a status of (\d+)/.exec(e)?.[1];
        return !(status && allowedStatuses.has(Number(status)));
      }),
    ];
  };
  return { unexpected, answers, requests };
}

test('a customer without telemetry: no request for a mapping that does not exist, nothing logged', async ({ page }) => {
  const seen = listen(page);
  await logIn(page, demo.lakeside);
  await expect(page.getByRole('main').getByTitle('Sigma Report').first()).toBeVisible();
  await sidebar(page).getByRole('button', { name: /^Analytics/ }).click();
  await expect(page.getByRole('banner').getByRole('heading', { level: 1 })).toHaveText('Analytics');
  await expect(page.getByRole('main').getByTitle('Sigma Report').first()).toBeVisible();
  expect(seen.requests.filter((r) => r.path.startsWith('/api/analytics/nclarity-customer/'))).toEqual([]);
  expect(seen.unexpected()).toEqual([]);
});

test('a customer with telemetry still gets the dashboard, with nothing logged', async ({ page }) => {
  const seen = listen(page);
  await logIn(page, demo.northwind);
  await sidebar(page).getByRole('button', { name: /^Analytics/ }).click();
  await expect(page.getByRole('main').getByText('Telemetry Snapshot').first()).toBeVisible();
  expect(seen.requests.filter((r) => r.path === '/api/analytics/nclarity-customer/CUST-1001')).not.toEqual([]);
  expect(seen.unexpected()).toEqual([]);
});

test('accounts with no property or no customer: the screen says what is missing, no refused call, nothing logged', async ({ page, browser }) => {
  const email = `console-${stamp}-noprops@northwind.test`;
  const password = await makeCustomer(page.request, email, [northwind], []);
  const seen = listen(page);
  await logIn(page, { email, password });
  await expect(page.getByTestId('report-empty')).toContainText('none of their properties is assigned yet');
  // One screen, no report list to open (issue 39): looking again asks for nothing refused either.
  await expect(sidebar(page)).toHaveCount(0);
  await page.getByRole('button', { name: 'Check again' }).click();
  await expect(page.getByTestId('report-empty')).toBeVisible();
  expect(seen.requests.filter((r) => r.path === '/api/sigma/filtered')).toEqual([]);
  expect(seen.unexpected()).toEqual([]);

  const other = await (await browser.newContext()).newPage();
  const seenOther = listen(other);
  await logIn(other, demo.noCustomer);
  await expect(other.getByTestId('report-empty')).toContainText('No customer is assigned to this account yet.');
  expect(seenOther.unexpected()).toEqual([]);
  await other.context().close();
});

test('registration through the screen, then the first log in: nothing logged, no refused revocation', async ({ page }) => {
  const email = `console-${stamp}-reg@northwind.test`;
  const token = await adminToken(page.request);
  const signup = await page.request.post('/api/users/signup', {
    headers: { authorization: `Bearer ${token}` },
    data: { name: 'console reg', email, password: 'Tmp-pass-9Q', customers: [northwind], buildops_customer_ids: [northwind.ID], buildops_property_ids: [tower.ID], properties: [tower.NAME] },
  });
  expect(signup.status()).toBe(201);
  const seen = listen(page);
  await page.goto('/user-registration');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Temporary Password').fill('Tmp-pass-9Q');
  await page.getByLabel('New Password').fill('Mine12345');
  await page.getByLabel('Confirm Password').fill('Mine12345');
  await page.getByRole('button', { name: 'Set Password' }).click();
  await expect(page).toHaveURL(/\/$/, { timeout: 8000 });
  await logIn(page, { email, password: 'Mine12345' });
  await expect(page.getByRole('main').getByTitle('Sigma Report').first()).toBeVisible();
  expect(seen.unexpected()).toEqual([]);
});

test('a removed user is signed out by the 401 without a refused revocation; a normal log out still revokes', async ({ page }) => {
  const email = `console-${stamp}-removed@northwind.test`;
  const password = await makeCustomer(page.request, email, [northwind], [tower]);
  await logIn(page, { email, password });
  await expect(page.getByRole('main').getByTitle('Sigma Report').first()).toBeVisible();
  // The screen settled: the frame drawn, and what is asked after it (the alerts badge, the telemetry
  // mapping) answered, so the removal is first seen by the click below.
  await expect(page.frameLocator('iframe[title="Sigma Report"]').first().locator('html[data-charts-drawn="true"]')).toHaveCount(1);
  await page.waitForLoadState('networkidle');
  const seen = listen(page);
  const removed = await page.request.post('/api/users/remove-users', { headers: { authorization: `Bearer ${await adminToken(page.request)}` }, data: { users: [email] } });
  expect(removed.status()).toBe(200);
  await page.getByRole('button', { name: 'Documents' }).click();
  await expect(page).toHaveURL(/\/$/, { timeout: 8000 });
  await expect(page.getByText('Your session has expired or is invalid. Please log in again.')).toBeVisible();
  // The account and its tokens are gone from the pool: nothing to revoke, so no RevokeToken call.
  expect(seen.requests.filter((r) => r.action === 'RevokeToken')).toEqual([]);
  // The API's 401 is how the page learns of the removal; the report frame's data call of the removed
  // user (its embed token) is refused as well before the page is gone.
  expect(seen.unexpected((a) => (a.status === 401 && a.path.startsWith('/api/')) || (a.status === 403 && a.path.startsWith('/api/embed/')))).toEqual([]);

  const normal = listen(page);
  await logIn(page, demo.northwind);
  await page.getByRole('banner').getByRole('button').last().click();
  const revoked = page.waitForResponse((r) => r.request().headers()['x-amz-target'] === 'AWSCognitoIdentityProviderService.RevokeToken');
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  expect((await revoked).status()).toBe(200);
  expect(normal.unexpected()).toEqual([]);
});

test('logging out in one tab ends the other tab quietly at Log In: no refused call, nothing logged', async ({ page, context }) => {
  await logIn(page, demo.northwind);
  const other = await context.newPage();
  const seen = listen(other);
  await other.goto('/home');
  await expect(other.getByRole('main').getByTitle('Sigma Report').first()).toBeVisible();
  // The other tab busy as the session ends: a report page opening (its calls start as the token goes).
  await other.getByRole('button', { name: 'Documents' }).click();
  await page.getByRole('banner').getByRole('button').last().click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(other).toHaveURL(/\/$/);
  await expect(other.getByRole('heading', { name: 'Log In' })).toBeVisible();
  // Signed out, the tab asks the API nothing more: no 401 reaches the console or the network.
  await other.waitForTimeout(1500);
  expect(seen.unexpected()).toEqual([]);
  expect(seen.requests.filter((r) => r.path.startsWith('/api/') && seen.answers.some((a) => a.path === r.path && a.status === 401))).toEqual([]);
});

test('a tab whose session ended elsewhere (the server refuses its token) goes quietly to Log In: no failure logged with a stack, no call after', async ({ page }) => {
  await logIn(page, demo.northwind);
  await expect(page.getByRole('main').getByTitle('Sigma Report').first()).toBeVisible();
  const seen = listen(page);
  // As after a password change or reset elsewhere: the token this tab holds is refused (401).
  await page.evaluate(() => localStorage.setItem('token', `${localStorage.getItem('token')!.slice(0, -4)}AAAA`));
  await page.reload();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Log In' })).toBeVisible();
  await page.waitForTimeout(1500);
  // The refusals sign the tab out; they are the browser's own lines only, no failure logged with a
  // stack, and once signed out the tab asks the API nothing more.
  expect(seen.unexpected((a) => a.status === 401 && a.path.startsWith('/api/'))).toEqual([]);
  const asked = seen.requests.length;
  await page.waitForTimeout(1000);
  expect(seen.requests.slice(asked).filter((r) => r.path.startsWith('/api/'))).toEqual([]);
});

test('a wrong password: the one refusal from Cognito, logged as a warning line without a stack trace', async ({ page }) => {
  const warnings: string[] = [];
  page.on('console', (m) => m.type() === 'warning' && warnings.push(m.text()));
  const seen = listen(page);
  await page.goto('/');
  await page.getByPlaceholder('Email').fill(demo.northwind.email);
  await page.getByPlaceholder('Password').fill('Wrong-pass-1');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText('Invalid email or password')).toBeVisible();
  expect(seen.unexpected((a) => a.status === 400 && a.action === 'InitiateAuth')).toEqual([]);
  expect(warnings.filter((w) => w.startsWith('Login failed:'))).toHaveLength(1);
});
