import { expect, test, type Page, type Request } from '@playwright/test';
import { demo, lastMailTo } from './support/env.js';
import { adminToken, expectNoSeriousA11yViolations, getItem, logIn, makeCustomer, setItem, screenshot } from './support/session.js';

// Spec strings of the sign-in screens (spec sections 2, 5 and 8), letter for letter.
const S = {
  invalid: 'Invalid email or password',
  forgotFailed: 'Email does not exist in our system. Please try again.',
  forgotSent: 'Password reset code has been sent to your email.',
  resetFailed: 'Invalid email or reset code. Please try again.',
  resetDone: 'Password has been reset. You can now log in with your new password.',
  regFailed: 'Invalid email or temporary password. Please try again.',
  regDone: 'Password has been set. You can now log in with your new password.',
  mismatch: 'Passwords do not match.',
  rule: 'Password must be at least 5 characters long and include at least one lowercase letter, one uppercase letter, and one number.',
  regRule:
    'Password must be at least 5 characters long and contain a combination of at least 3 of the following: lowercase letters, uppercase letters, numbers or symbols.',
  tooNarrow: 'Screen is too small. Please expand the width of your tab to view the application.',
  // Not the spec's: the portal holds staff (staff-domain emails) to 12 characters.
  staffRule: 'Staff passwords must be at least 12 characters long and include at least one lowercase letter, one uppercase letter, and one number.',
};


/** A request of the browser to Cognito (the local pool's endpoint) for that action. */
const isCognito = (action: string) => (r: Request) => r.method() === 'POST' && r.headers()['x-amz-target'] === `AWSCognitoIdentityProviderService.${action}`;

let seq = 0;
/** A fresh customer account (via the API as an administrator), so password changes touch nobody else. */
async function createAccount(page: Page, tempPassword: string) {
  const token = await adminToken(page.request);
  const email = `auth-e2e-${Date.now()}-${++seq}@example-customer.test`;
  const signup = await page.request.post('/api/users/signup', {
    headers: { authorization: `Bearer ${token}` },
    data: { name: 'auth e2e', email, password: tempPassword, customers: [], buildops_customer_ids: [], buildops_property_ids: [], properties: [] },
  });
  expect(signup.status()).toBe(201);
  return email;
}

/**
 * An account that has set its own password (registered): Cognito sends reset codes to these only
 * (an invited account gets NotAuthorizedException, which the local pool now answers too).
 */
async function createRegisteredAccount(page: Page) {
  const email = `auth-e2e-${Date.now()}-${++seq}@example-customer.test`;
  await makeCustomer(page.request, email, [], []);
  return email;
}

test.describe('log in screen', () => {
  test('shows the spec texts, the footer and no serious accessibility problem', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Log In' })).toBeVisible();
    await expect(page.getByRole('img', { name: /logo/i }).first()).toHaveAttribute('src', '/logo.svg');
    await expect(page.getByPlaceholder('Email')).toBeVisible();
    await expect(page.getByPlaceholder('Password')).toHaveAttribute('type', 'password');
    await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Forgot Credentials?' })).toHaveAttribute('href', '/forgot-password');
    const footer = page.getByRole('contentinfo');
    const config = (await (await page.request.get('/config.json')).json()) as { productName: string };
    await expect(footer).toContainText(String(new Date().getFullYear()));
    await expect(footer).toContainText(`${config.productName} Reporting`);
    await expect(footer).toContainText('A Total Comfort Solutions Brand');
    await expect(footer).toContainText('All rights reserved');
    await screenshot(page, { path: '.tmp/shots/auth-login.png' });
    await expectNoSeriousA11yViolations(page);
  });

  test('an empty form says at each field what is required, sends nothing and logs nothing', async ({ page }) => {
    const logged: string[] = [];
    page.on('console', (m) => (m.type() === 'error' || m.type() === 'warning') && logged.push(m.text()));
    let sent = 0;
    page.on('request', (r) => isCognito('InitiateAuth')(r) && sent++);
    await page.goto('/');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByText('Enter your email.')).toBeVisible();
    await expect(page.getByText('Enter your password.')).toBeVisible();
    await expect(page.getByPlaceholder('Email')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByPlaceholder('Email')).toHaveAccessibleDescription('Enter your email.');
    await expect(page.getByPlaceholder('Email')).toBeFocused();
    await expect(page.getByRole('alert')).toHaveText('');
    await screenshot(page, { path: '.tmp/shots/auth-login-empty.png' });
    await expectNoSeriousA11yViolations(page);
    // The email typed, the password still empty: only the password is asked for.
    await page.getByPlaceholder('Email').fill('someone@example.com');
    await expect(page.getByText('Enter your email.')).toHaveCount(0);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByText('Enter your password.')).toBeVisible();
    await expect(page.getByPlaceholder('Password')).toBeFocused();
    expect(sent).toBe(0);
    expect(logged).toEqual([]);
  });

  test('a wrong password shows the error above the form, with no other client-side field checks', async ({ page }) => {
    const logged: string[] = [];
    page.on('console', (m) => (m.type() === 'error' || m.type() === 'warning') && logged.push(m.text()));
    await page.goto('/');
    // No format check on the client: a malformed email goes to Cognito as typed.
    const sent = page.waitForRequest(isCognito('InitiateAuth'));
    await page.getByPlaceholder('Email').fill('not-an-email');
    await page.getByPlaceholder('Password').fill('wrong');
    await page.getByRole('button', { name: 'Log in' }).click();
    expect(((await sent).postDataJSON() as { AuthParameters: unknown }).AuthParameters).toEqual({ USERNAME: 'not-an-email', PASSWORD: 'wrong' });
    await expect(page.getByRole('alert')).toHaveText(S.invalid);
    const alertBox = await page.getByRole('alert').boundingBox();
    const emailBox = await page.getByPlaceholder('Email').boundingBox();
    expect(alertBox!.y).toBeLessThan(emailBox!.y);
    // Logged, as the spec says, as one warning line: a refused password is no error with a stack trace.
    const failures = logged.filter((e) => e.includes('Login failed'));
    expect(failures.length).toBeGreaterThan(0);
    expect(failures.filter((e) => /\n\s+at /.test(e))).toEqual([]);
    await expect(page).toHaveURL(/\/$/);
    await screenshot(page, { path: '.tmp/shots/auth-login-error.png' });
  });
});

test.describe('config.json', () => {
  test('is read once, before the first screen', async ({ page }) => {
    let reads = 0;
    page.on('request', (r) => new URL(r.url()).pathname === '/config.json' && reads++);
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Log In' })).toBeVisible();
    await page.getByRole('link', { name: 'Forgot Credentials?' }).click();
    await expect(page.getByRole('heading', { name: 'Forgot Password' })).toBeVisible();
    expect(reads).toBe(1);
  });

  for (const [label, answer] of [
    ['a failed answer', { status: 503, body: 'Service Unavailable' }],
    ['a file without the pool', { status: 200, body: JSON.stringify({ productName: 'P' }), contentType: 'application/json' }],
  ] as const) {
    test(`${label} shows the error screen, not a broken app`, async ({ page }) => {
      const logged: string[] = [];
      page.on('console', (m) => logged.push(m.text()));
      await page.route('**/config.json', (route) => route.fulfill(answer));
      await page.goto('/');
      await expect(page.getByRole('heading', { name: 'The portal could not start' })).toBeVisible();
      await expect(page.getByRole('alert')).toHaveText(/settings could not be loaded/);
      await expect(page.getByRole('button', { name: 'Reload' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Log In' })).toHaveCount(0);
      expect(logged.some((t) => t.startsWith('Failed to load config.json:'))).toBe(true);
      await screenshot(page, { path: '.tmp/shots/auth-config-error.png' });
      await expectNoSeriousA11yViolations(page);
    });
  }
});

test.describe('routes and session', () => {
  test('a deep link opened signed out survives Log In: back to the report that was asked for, with its query', async ({ page }) => {
    await page.goto('/home/quotes?from=2026-09-01&to=2026-09-30');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Log In' })).toBeVisible();
    await page.getByPlaceholder('Email').fill(demo.northwind.email);
    await page.getByPlaceholder('Password').fill(demo.northwind.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/home\/quotes\?from=2026-09-01&to=2026-09-30$/);
  });

  test('signed out: /home and unknown paths go to /; public pages stay', async ({ page }) => {
    await page.goto('/home');
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/no/such/page');
    await expect(page).toHaveURL(/\/$/);
    for (const path of ['/forgot-password', '/reset-password', '/user-registration', '/unsubscribe']) {
      await page.goto(path);
      await expect(page).toHaveURL(new RegExp(`${path}$`));
    }
  });

  test('signing in stores the session; / and unknown paths then go to /home; log out clears it', async ({ page }) => {
    await logIn(page, demo.northwind);
    const stored = {
      token: await getItem(page, 'token'),
      isAdmin: await getItem(page, 'isAdmin'),
      loggedIn: await getItem(page, 'isLoggedIn', 'sessionStorage'),
    };
    expect(stored.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(stored.isAdmin).toBe('false');
    expect(stored.loggedIn).toBe('true');
    await page.goto('/');
    await expect(page).toHaveURL(/\/home$/);
    await page.goto('/somewhere-else');
    await expect(page).toHaveURL(/\/home$/);
    await page.getByRole('button', { name: /dana facilities/i }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Log In' })).toBeVisible();
    expect([await getItem(page, 'token'), await getItem(page, 'isLoggedIn', 'sessionStorage')]).toEqual([null, null]);
  });

  test('an administrator gets isAdmin true from the staff domains', async ({ page }) => {
    await logIn(page, demo.admin2);
    expect(await getItem(page, 'isAdmin')).toBe('true');
  });

  test("a malformed token signs out and logs 'Failed to decode JWT:'", async ({ page }) => {
    // What the page logs, kept in the page itself (the console event can be lost in a navigation).
    await page.addInitScript(`{
      const errors = (window.__errors = []);
      const original = console.error.bind(console);
      console.error = (...args) => { errors.push(args.map(String).join(' ')); original(...args); };
    }`);
    await page.goto('/');
    // The app reads the stored token once, as it starts: wait for it, or it may read (and clear) this one first.
    await expect(page.getByRole('heading', { name: 'Log In' })).toBeVisible();
    await setItem(page, 'token', 'not-a-token');
    await page.goto('/home');
    await expect(page).toHaveURL(/\/$/);
    await expect.poll(async () => ((await page.evaluate('window.__errors')) as string[]).some((t) => t.startsWith('Failed to decode JWT:'))).toBe(true);
    expect(await getItem(page, 'token')).toBeNull();
  });

  test('an expired token signs out on load', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Log In' })).toBeVisible();
    const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const exp = Math.floor(Date.now() / 1000) - 60;
    await setItem(page, 'token', `${b64({ alg: 'HS256' })}.${b64({ email: 'facilities@northwind.test', name: 'x', exp, userId: 1 })}.sig`);
    await page.goto('/home');
    await expect(page).toHaveURL(/\/$/);
    expect(await getItem(page, 'token')).toBeNull();
  });

  test('any 401 from the API signs out and returns to /', async ({ page }) => {
    await logIn(page, demo.northwind);
    // A well-formed, unexpired token the server refuses (bad signature): the next call gets 401.
    const [h, p] = (await getItem(page, 'token'))!.split('.');
    await setItem(page, 'token', `${h}.${p}.invalidsignature`);
    await page.reload();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Log In' })).toBeVisible();
    expect(await getItem(page, 'token')).toBeNull();
  });
});

test.describe('narrow window', () => {
  test('under 700 px the message replaces the screen; widening restores it as it was', async ({ page }) => {
    await page.setViewportSize({ width: 700, height: 800 });
    await page.goto('/');
    await expect(page.getByText(S.tooNarrow)).toHaveCount(0);
    await page.getByPlaceholder('Email').fill('kept@typing.test');
    await page.setViewportSize({ width: 699, height: 800 });
    await expect(page.getByText(S.tooNarrow)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Log In' })).toBeHidden();
    await screenshot(page, { path: '.tmp/shots/auth-narrow.png' });
    await page.setViewportSize({ width: 700, height: 800 });
    await expect(page.getByText(S.tooNarrow)).toHaveCount(0);
    await expect(page.getByPlaceholder('Email')).toHaveValue('kept@typing.test');
  });

  test('the rule holds on the home screen too', async ({ page }) => {
    await logIn(page, demo.northwind);
    await page.getByRole('banner').getByRole('button', { name: 'dana facilities' }).click();
    await expect(page.getByRole('menuitem', { name: 'Log out' })).toBeVisible();
    await page.setViewportSize({ width: 699, height: 800 });
    await expect(page.getByText(S.tooNarrow)).toBeVisible();
    await expect(page.getByRole('banner')).toBeHidden();
    // Menus and dialogs (outside the app's root) give way to the message too.
    await expect(page.getByRole('menuitem', { name: 'Log out' })).toBeHidden();
    await screenshot(page, { path: '.tmp/shots/auth-narrow-home.png' });
    await page.setViewportSize({ width: 1200, height: 800 });
    // As it was: the menu is still open.
    await expect(page.getByRole('menuitem', { name: 'Log out' })).toBeVisible();
    await page.getByRole('menuitem', { name: 'Log out' }).focus();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('banner')).toBeVisible();
  });
});

test.describe('forgot, reset and registration', () => {
  test('forgot password: failure, then success gives way to Enter Reset Code; reset with the mailed code', async ({ page }) => {
    const email = await createRegisteredAccount(page);
    await page.goto('/');
    await page.getByRole('link', { name: 'Forgot Credentials?' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await page.getByLabel('Email').fill('nobody-here@example-customer.test');
    await page.getByRole('button', { name: 'Send Reset Code' }).click();
    await expect(page.getByText(S.forgotFailed)).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    // Lower-cased before sending.
    const sent = page.waitForRequest((r) => r.url().endsWith('/api/users/reset-password') && r.method() === 'POST');
    await page.getByLabel('Email').fill(email.toUpperCase());
    await page.getByRole('button', { name: 'Send Reset Code' }).click();
    expect((await sent).postDataJSON()).toEqual({ email });
    await expect(page.getByText(S.forgotSent)).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveCount(0);
    await screenshot(page, { path: '.tmp/shots/auth-forgot-sent.png' });
    await page.getByRole('link', { name: 'Enter Reset Code' }).click();
    await expect(page).toHaveURL(/\/reset-password$/);
    await expect(page.getByRole('heading', { name: 'Reset Password' })).toBeVisible();

    const mail = lastMailTo(email);
    expect(mail).toBeDefined();
    const code = /reset code is:\s*\r?\n\s*\r?\n?\s*(\S+)/i.exec(mail!.text)?.[1];
    expect(code).toBeTruthy();

    // Every field is required: an empty form is not sent (the email carried over is emptied first).
    let verifyCalls = 0;
    page.on('request', (r) => (isCognito('ConfirmForgotPassword')(r) || r.url().endsWith('/verify')) && verifyCalls++);
    await page.getByLabel('Email').fill('');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByLabel('Email')).toBeFocused();
    expect(verifyCalls).toBe(0);

    const checklist = page.getByRole('list', { name: 'Password requirements' });
    // The rule that is enforced: the pool's 6 characters are on the list (the spec's message says 5).
    await expect(checklist.getByRole('listitem')).toHaveText([/Lowercase letter/, /Uppercase letter/, /Number/, /6 characters/]);
    await expect(checklist.getByRole('listitem').filter({ hasText: 'Lowercase letter' })).toHaveAttribute('data-valid', 'false');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Reset Code').fill(code!);
    await page.getByLabel('New Password').fill('abc');
    await expect(checklist.getByRole('listitem').filter({ hasText: 'Lowercase letter' })).toHaveAttribute('data-valid', 'true');
    await expect(checklist.getByRole('listitem').filter({ hasText: 'Uppercase letter' })).toHaveAttribute('data-valid', 'false');
    await expect(checklist.getByRole('listitem').filter({ hasText: 'Number' })).toHaveAttribute('data-valid', 'false');
    await page.getByLabel('Confirm Password').fill('abd');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByText(S.mismatch)).toBeVisible();
    await page.getByLabel('Confirm Password').fill('abc');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByText(S.rule)).toBeVisible();
    // Five characters of every kind meet the spec's words but not the pool: refused before sending.
    await page.getByLabel('New Password').fill('aB3de');
    await page.getByLabel('Confirm Password').fill('aB3de');
    await expect(checklist.getByRole('listitem').filter({ hasText: '6 characters' })).toHaveAttribute('data-valid', 'false');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByText(S.rule)).toBeVisible();
    expect(verifyCalls).toBe(0);
    await page.getByLabel('New Password').fill('Better123');
    await page.getByLabel('Confirm Password').fill('Better123');
    for (const item of ['Lowercase letter', 'Uppercase letter', 'Number', '6 characters'])
      await expect(checklist.getByRole('listitem').filter({ hasText: item })).toHaveAttribute('data-valid', 'true');
    await page.getByLabel('Reset Code').fill('000000-wrong');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByText(S.resetFailed)).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.getByLabel('Reset Code').fill(code!);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    const doneAt = Date.now();
    await expect(page.getByText(S.resetDone)).toBeVisible();
    await expect(page.getByLabel('Email')).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Reset Password' })).toBeDisabled();
    // Beyond the spec: the 3-second return is said, and counted down.
    await expect(page.getByRole('status')).toHaveText(/^Returning to Log In in [123] seconds?…$/);
    await screenshot(page, { path: '.tmp/shots/auth-reset-done.png' });
    await expect(page).toHaveURL(/\/reset-password$/);
    await expect(page).toHaveURL(/\/$/, { timeout: 6000 });
    expect(Date.now() - doneAt).toBeGreaterThanOrEqual(2500);
    // The log-in page says what happened and has the email filled in.
    await expect(page.getByRole('status')).toHaveText(S.resetDone);
    await expect(page.getByPlaceholder('Email')).toHaveValue(email);
    await screenshot(page, { path: '.tmp/shots/auth-login-after-reset.png' });
    await logIn(page, { email, password: 'Better123' });
  });

  test('Enter Reset Code carries the email to the reset screen, out of the URL, at 1440 and 700 px', async ({ page }) => {
    const email = await createRegisteredAccount(page);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/forgot-password');
    await page.getByLabel('Email').fill(`  ${email.toUpperCase()} `);
    await page.getByRole('button', { name: 'Send Reset Code' }).click();
    await expect(page.getByText(S.forgotSent)).toBeVisible();
    await page.getByRole('link', { name: 'Enter Reset Code' }).click();
    await expect(page).toHaveURL(/\/reset-password$/);
    await expect(page.getByLabel('Email')).toHaveValue(email);
    await expect(page.getByLabel('Reset Code')).toBeFocused();
    await screenshot(page, { path: '.tmp/shots/auth-reset-carried-1440.png' });
    await expectNoSeriousA11yViolations(page);
    // A reload keeps it (history state); opened directly (last lines), the screen starts empty.
    await page.reload();
    await expect(page.getByLabel('Email')).toHaveValue(email);
    await page.setViewportSize({ width: 700, height: 900 });
    await expect(page.getByLabel('Email')).toBeVisible();
    await screenshot(page, { path: '.tmp/shots/auth-reset-carried-700.png' });

    const code = /reset code is:\s*(\S+)/i.exec(lastMailTo(email)?.text ?? '')?.[1];
    expect(code).toBeTruthy();
    await page.getByLabel('Reset Code').fill(code!);
    await page.getByLabel('New Password').fill('Carried42x');
    await page.getByLabel('Confirm Password').fill('Carried42x');
    const confirm = page.waitForRequest(isCognito('ConfirmForgotPassword'));
    await page.getByRole('button', { name: 'Reset Password' }).click();
    expect((await confirm).postDataJSON()).toMatchObject({ Username: email, ConfirmationCode: code });
    await expect(page.getByText(S.resetDone)).toBeVisible();

    await expect(page).toHaveURL(/\/$/, { timeout: 6000 });
    await page.goto('/reset-password');
    await expect(page.getByLabel('Email')).toHaveValue('');
  });

  test("a staff email sees '12 characters' in the checklist and is held to it on reset and registration, before any call", async ({ page }) => {
    let calls = 0;
    page.on('request', (r) => (isCognito('ConfirmForgotPassword')(r) || isCognito('InitiateAuth')(r) || r.url().endsWith('/verify')) && calls++);
    for (const [path, codeLabel, submit] of [
      ['/reset-password', 'Reset Code', 'Reset Password'],
      ['/user-registration', 'Temporary Password', 'Set Password'],
    ] as const) {
      await page.goto(path);
      const checklist = page.getByRole('list', { name: 'Password requirements' });
      // A customer's email: the three kinds and the pool's 6 characters.
      await page.getByLabel('Email').fill('someone@example-customer.test');
      await expect(checklist.getByRole('listitem')).toHaveText([/Lowercase letter/, /Uppercase letter/, /Number/, /6 characters/]);
      // A staff email: 12 characters instead.
      await page.getByLabel('Email').fill(demo.admin.email.toUpperCase());
      await expect(checklist.getByRole('listitem')).toHaveText([/Lowercase letter/, /Uppercase letter/, /Number/, /12 characters/]);
      await page.getByLabel(codeLabel).fill('123456');
      await page.getByLabel('New Password').fill('Better12345');
      await page.getByLabel('Confirm Password').fill('Better12345');
      await expect(checklist.getByRole('listitem').filter({ hasText: 'Number' })).toHaveAttribute('data-valid', 'true');
      await expect(checklist.getByRole('listitem').filter({ hasText: '12 characters' })).toHaveAttribute('data-valid', 'false');
      await page.getByRole('button', { name: submit }).click();
      await expect(page.getByText(S.staffRule)).toBeVisible();
      await page.getByLabel('New Password').fill('Better123456');
      await expect(checklist.getByRole('listitem').filter({ hasText: '12 characters' })).toHaveAttribute('data-valid', 'true');
    }
    await expectNoSeriousA11yViolations(page);
    expect(calls).toBe(0);
  });

  test('registration: temporary password from the invitation, checklist, failure and success', async ({ page }) => {
    const email = await createAccount(page, 'TempPass9');
    // The invitation mail carries the temporary password; the registration uses what the mail says.
    const mail = lastMailTo(email);
    const temporary = /temporary password is:\s*(\S+)/i.exec(mail?.text ?? '')?.[1];
    expect(temporary).toBe('TempPass9');
    // The mail's link opens the page with the email filled in, greets by name, and shows no internal id.
    const link = /(https?:\/\/\S+\/user-registration#\S+)/.exec(mail?.text ?? '')?.[1];
    expect(link).toContain(`#email=${encodeURIComponent(email)}`);
    expect(mail?.text).toMatch(/^Hello Auth E2e,$/m);
    expect(mail?.text).not.toMatch(/Account reference/);
    await page.goto(link!);
    await expect(page.getByLabel('Email')).toHaveValue(email);
    // The fragment is taken out of the address bar once read.
    await expect(page).toHaveURL(/\/user-registration$/);
    await page.goto('/user-registration');
    await expect(page.getByRole('heading', { name: 'Set Your Password' })).toBeVisible();
    await expect(page.getByLabel('Temporary Password')).toBeVisible();
    await screenshot(page, { path: '.tmp/shots/auth-registration.png' });
    await expectNoSeriousA11yViolations(page);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Temporary Password').fill('WrongTemp1');
    await page.getByLabel('New Password').fill('Mine12345');
    await page.getByLabel('Confirm Password').fill('Mine12346');
    await page.getByRole('button', { name: 'Set Password' }).click();
    await expect(page.getByText(S.mismatch)).toBeVisible();
    await page.getByLabel('New Password').fill('mine');
    await page.getByLabel('Confirm Password').fill('mine');
    await page.getByRole('button', { name: 'Set Password' }).click();
    await expect(page.getByText(S.regRule)).toBeVisible();
    await page.getByLabel('New Password').fill('Mine12345');
    await page.getByLabel('Confirm Password').fill('Mine12345');
    await page.getByRole('button', { name: 'Set Password' }).click();
    await expect(page.getByText(S.regFailed)).toBeVisible();
    // The temporary password signs in to Cognito, whose new-password challenge takes the chosen one.
    const challenge = page.waitForRequest(isCognito('RespondToAuthChallenge'));
    await page.getByLabel('Temporary Password').fill(temporary!);
    await page.getByRole('button', { name: 'Set Password' }).click();
    expect((await challenge).postDataJSON()).toMatchObject({ ChallengeName: 'NEW_PASSWORD_REQUIRED' });
    await expect(page.getByText(S.regDone)).toBeVisible();
    await expect(page.getByLabel('Temporary Password')).toBeDisabled();
    await expect(page).toHaveURL(/\/$/, { timeout: 6000 });
    // Not an empty Log In page: it says the password is set, with the email filled in.
    await expect(page.getByRole('status')).toHaveText(S.regDone);
    await expect(page.getByPlaceholder('Email')).toHaveValue(email);
    // The registration's own tokens are not kept: the user signs in as the spec says.
    expect(await getItem(page, 'token')).toBeNull();
    await logIn(page, { email, password: 'Mine12345' });
  });

  test('the temporary password typed on Log In leads to setting a password there, not to "Invalid email or password"', async ({ page }) => {
    const email = await createAccount(page, 'TempLogin9');
    const logged: string[] = [];
    page.on('console', (m) => m.type() === 'error' && logged.push(m.text()));
    await page.goto('/');
    await page.getByPlaceholder('Email').fill(email);
    await page.getByPlaceholder('Password').fill('TempLogin9');
    await page.getByRole('button', { name: 'Log in' }).click();
    // Cognito's NEW_PASSWORD_REQUIRED: the registration step, the temporary password not asked again.
    await expect(page.getByRole('heading', { name: 'Set Your Password' })).toBeVisible();
    await expect(page.getByText('Invalid email or password')).toHaveCount(0);
    await expect(page.getByLabel('Email')).toHaveValue(email);
    await expect(page.getByLabel('Temporary Password')).toHaveCount(0);
    await expect(page.getByLabel('New Password')).toBeFocused();
    await screenshot(page, { path: '.tmp/shots/auth-login-temporary.png' });
    await expectNoSeriousA11yViolations(page);
    // Back to Log In is the password step again; the temporary password leads here once more.
    await page.getByRole('link', { name: 'Back to Log In' }).click();
    await expect(page.getByRole('heading', { name: 'Log In' })).toBeVisible();
    await page.getByPlaceholder('Email').fill(email);
    await page.getByPlaceholder('Password').fill('TempLogin9');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByRole('heading', { name: 'Set Your Password' })).toBeVisible();
    await page.getByLabel('New Password').fill('Mine12345');
    await page.getByLabel('Confirm Password').fill('Mine12345');
    const challenge = page.waitForRequest(isCognito('RespondToAuthChallenge'));
    await page.getByRole('button', { name: 'Set Password' }).click();
    expect((await challenge).postDataJSON()).toMatchObject({ ChallengeName: 'NEW_PASSWORD_REQUIRED' });
    await expect(page.getByText(S.regDone)).toBeVisible();
    // Back to Log In, the email filled in; the new password signs in.
    await expect(page.getByRole('heading', { name: 'Log In' })).toBeVisible({ timeout: 6000 });
    await expect(page.getByRole('status')).toHaveText(S.regDone);
    await expect(page.getByPlaceholder('Email')).toHaveValue(email);
    await logIn(page, { email, password: 'Mine12345' });
    expect(logged).toEqual([]);
  });

  test('the user menu shows the account\'s email and changes its password: the current one checked, the rule held, then Log In with the new one', async ({ page }) => {
    const email = `auth-e2e-${Date.now()}-change@example-customer.test`;
    const oldPassword = await makeCustomer(page.request, email, [], []);
    await logIn(page, { email, password: oldPassword });
    const menu = async () => {
      await page.getByRole('banner').getByRole('button', { name: /auth-e2e/i }).click();
      return page.getByRole('menu');
    };
    await expect((await menu()).getByTestId('user-menu-email')).toHaveText(`Signed in as ${email}`);
    await page.getByRole('menuitem', { name: 'Change Password' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change Password' });
    await expect(dialog.getByRole('list', { name: 'Password requirements' }).getByRole('listitem')).toHaveText([/Lowercase letter/, /Uppercase letter/, /Number/, /6 characters/]);
    await screenshot(page, { path: '.tmp/shots/auth-change-password.png' });
    await expectNoSeriousA11yViolations(page);
    // The rule, before anything is sent; then a wrong current password, which Cognito refuses.
    await dialog.getByLabel('Current Password').fill('not-my-password');
    await dialog.getByLabel('New Password').fill('aB3de');
    await dialog.getByLabel('Confirm Password').fill('aB3de');
    await dialog.getByRole('button', { name: 'Change Password' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(S.rule);
    await dialog.getByLabel('New Password').fill('Changed123');
    await dialog.getByLabel('Confirm Password').fill('Changed124');
    await dialog.getByRole('button', { name: 'Change Password' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(S.mismatch);
    await dialog.getByLabel('Confirm Password').fill('Changed123');
    await dialog.getByRole('button', { name: 'Change Password' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('The current password is not correct.');
    // The current password as the new one is refused before any call (issue 39).
    await dialog.getByLabel('Current Password').fill('Changed123');
    await dialog.getByRole('button', { name: 'Change Password' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('The new password must differ from the current one.');
    await dialog.getByLabel('Current Password').fill(oldPassword);
    await dialog.getByRole('button', { name: 'Change Password' }).click();
    // Changed: signed out, told so on Log In; the new password signs in, the old one no longer.
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('status')).toHaveText('Your password has been changed. Please log in with your new password.');
    await page.getByPlaceholder('Email').fill(email);
    await page.getByPlaceholder('Password').fill(oldPassword);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByRole('alert')).toHaveText(S.invalid);
    await logIn(page, { email, password: 'Changed123' });
  });

  test('forgot, the code from the outbox, reset: the old session is refused, the new password signs in', async ({ page, browser }) => {
    const email = `auth-e2e-${Date.now()}-reset@example-customer.test`;
    const oldPassword = await makeCustomer(page.request, email, [], []);
    // A session opened before the reset, in another browser.
    const before = await browser.newContext();
    const oldPage = await before.newPage();
    await logIn(oldPage, { email, password: oldPassword });
    await expect(oldPage.getByRole('banner')).toBeVisible();

    await page.goto('/forgot-password');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send Reset Code' }).click();
    await expect(page.getByText(S.forgotSent)).toBeVisible();
    const code = /reset code is:\s*(\S+)/i.exec(lastMailTo(email)?.text ?? '')?.[1];
    expect(code).toMatch(/^\w+$/);
    await page.getByRole('link', { name: 'Enter Reset Code' }).click();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Reset Code').fill(code!);
    await page.getByLabel('New Password').fill('Renewed42x');
    await page.getByLabel('Confirm Password').fill('Renewed42x');
    const confirm = page.waitForRequest(isCognito('ConfirmForgotPassword'));
    await page.getByRole('button', { name: 'Reset Password' }).click();
    expect((await confirm).postDataJSON()).toMatchObject({ Username: email, ConfirmationCode: code });
    await expect(page.getByText(S.resetDone)).toBeVisible();

    // The old session's token is refused by the API from now on: its next call signs it out.
    await oldPage.reload();
    await expect(oldPage).toHaveURL(/\/$/);
    await expect(oldPage.getByRole('heading', { name: 'Log In' })).toBeVisible();
    expect(await getItem(oldPage, 'token')).toBeNull();
    await before.close();

    await expect(page).toHaveURL(/\/$/, { timeout: 6000 });
    await page.getByPlaceholder('Email').fill(email);
    await page.getByPlaceholder('Password').fill(oldPassword);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByRole('alert')).toHaveText(S.invalid);
    await logIn(page, { email, password: 'Renewed42x' });
  });
});

test.describe('sign-in through Cognito', () => {
  test("the browser signs in at the pool config.json names; the API gets the pool's ID token with the portal's claims", async ({ page }) => {
    const config = (await (await page.request.get('/config.json')).json()) as { endpoint: string; userPoolId: string; userPoolClientId: string; signInFlow: string };
    expect(config.signInFlow).toBe('USER_PASSWORD_AUTH');
    await page.goto('/');
    const initiate = page.waitForRequest(isCognito('InitiateAuth'));
    const apiCall = page.waitForRequest((r) => new URL(r.url()).pathname.startsWith('/api/') && r.headers()['authorization'] !== undefined);
    await page.getByPlaceholder('Email').fill(demo.northwind.email);
    await page.getByPlaceholder('Password').fill(demo.northwind.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    const sent = await initiate;
    expect(new URL(sent.url()).origin).toBe(new URL(config.endpoint).origin);
    expect(sent.postDataJSON()).toEqual({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: config.userPoolClientId, AuthParameters: { USERNAME: demo.northwind.email, PASSWORD: demo.northwind.password } });
    // A direct call (issue 42), not the library's helper, which names itself in every call it makes.
    expect(sent.headers()['x-amz-user-agent']).toBeUndefined();
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByRole('banner').getByRole('button', { name: 'dana facilities' })).toBeVisible();

    const token = (await getItem(page, 'token'))!;
    expect((await apiCall).headers()['authorization']).toBe(`Bearer ${token}`);
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
    expect(claims).toMatchObject({ token_use: 'id', iss: `${config.endpoint}/${config.userPoolId}`, aud: config.userPoolClientId, email: demo.northwind.email });
    expect(claims.userId).toMatch(/^[0-9a-f-]{36}$/);
    expect(typeof claims.BUILDOPS_CUSTOMER_ID).toBe('string');
    // The refresh token stays with the library for the silent refresh.
    expect(await page.evaluate(`Object.keys(localStorage).some((k) => k.endsWith('.refreshToken'))`)).toBe(true);
  });

  test('an account still on its invitation password gets no session with it: it is led to set its own (issue 39)', async ({ page }) => {
    const email = await createAccount(page, 'Invited77x');
    await page.goto('/');
    await page.getByPlaceholder('Email').fill(email);
    await page.getByPlaceholder('Password').fill('Invited77x');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByRole('heading', { name: 'Set Your Password' })).toBeVisible();
    await expect(page.getByText(S.invalid)).toHaveCount(0);
    await expect(page).toHaveURL(/\/$/);
    expect(await getItem(page, 'token')).toBeNull();
  });
});
