import { jest } from '@jest/globals';
/**
 * The account calls through the local stack (cognito-local with the portal's triggers, dynalite,
 * the local gateway): sign-in, limits, reset by the mailed code, registration with the invited
 * temporary password, and revocation of older tokens. Ported from the old server's auth tests.
 */
import { getUserByEmail } from '../../lambdas/shared/data/users.js';
import { createTestUser, putCustomer, request, signIn, startTestStack, type TestStack } from '../support/local-stack.js';

jest.setTimeout(60_000);

let t: TestStack;
beforeAll(async () => {
  t = await startTestStack({ env: { PRODUCT_NAME: 'Comfort Portal' } });
  await putCustomer({ id: 'C-1', name: 'First' });
  await putCustomer({ id: 'C-2', name: 'Second' });
});
afterAll(async () => t?.stop());

const post = (path: string, body: unknown) => request('POST', path, { body });
const RULE = 'Password must be at least 5 characters long and include at least one lowercase letter, one uppercase letter, and one number.';

/** The line of the last mail to `to` that matches `line` (a code or temporary password stands alone). */
async function mailedLine(to: string, line: RegExp): Promise<string> {
  const mail = (await t.outbox()).reverse().find((m) => m.to === to);
  const found = mail?.text.split('\n').find((l) => line.test(l.trim()));
  if (!found) throw new Error(`nothing matching ${line} mailed to ${to}`);
  return found.trim();
}
const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;

describe('POST /api/users/login/', () => {
  it('400s a body without the password', async () => {
    const r = await post('/api/users/login/', { email: 'x@y.z' });
    expect(r.status).toBe(400);
    expect((r.json as { error: string }).error).toMatch(/^Invalid body\.password: /);
  });

  it('answers the same 401 for an unknown email and a wrong password', async () => {
    await createTestUser({ email: 'known@customer.test', password: 'Right123' });
    const unknown = await post('/api/users/login/', { email: 'nobody@customer.test', password: 'Right123' });
    const wrong = await post('/api/users/login/', { email: 'known@customer.test', password: 'Wrong123' });
    for (const r of [unknown, wrong]) {
      expect(r.status).toBe(401);
      expect(r.json).toEqual({ error: 'Invalid email or password' });
    }
  });

  it('answers an ID token with email, name, exp, BUILDOPS_CUSTOMER_ID and userId, which the API takes', async () => {
    const row = await createTestUser({ email: 'Two@Customer.test', name: 'two customers', password: 'Right123', customers: ['C-1', 'C-2'] });
    const r = await post('/api/users/login', { email: 'TWO@customer.test ', password: 'Right123' });
    expect(r.status).toBe(200);
    const { token } = r.json as { token: string };
    const claims = claimsOf(token);
    expect(claims).toMatchObject({ email: 'two@customer.test', name: 'two customers', userId: row.userId, BUILDOPS_CUSTOMER_ID: 'C-1' });
    expect(claims.exp).toBeGreaterThan(Date.now() / 1000 + 600);
    const me = await request('GET', '/api/users/usercustomerbyemail/two@customer.test', { token });
    expect(me.json).toEqual({ CUSTOMER_NAME: ['First', 'Second'], BUILDOPS_CUSTOMER_ID: ['C-1', 'C-2'], TELEMETRY_MAPPED: [false, false] });
  });

  it('rate limits failed sign-ins per email with 429 and Retry-After', async () => {
    await createTestUser({ email: 'limited@customer.test', password: 'Right123' });
    for (let i = 0; i < 10; i++) expect((await post('/api/users/login', { email: 'limited@customer.test', password: 'nope' })).status).toBe(401);
    const r = await post('/api/users/login', { email: 'limited@customer.test', password: 'Right123' });
    expect(r.status).toBe(429);
    expect(r.json).toEqual({ error: 'Too many attempts. Please wait a few minutes and try again.' });
    expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('password reset', () => {
  it('answers 404 with the spec message for an unknown email', async () => {
    const r = await post('/api/users/reset-password', { email: 'ghost@customer.test' });
    expect(r.status).toBe(404);
    expect(r.json).toEqual({ error: 'Email does not exist in our system. Please try again.' });
  });

  it('mails a code that resets the password once; older tokens and the old password stop working', async () => {
    await createTestUser({ email: 'reset@customer.test', password: 'Old12345' });
    const old = await signIn('reset@customer.test', 'Old12345');
    expect((await request('GET', '/api/users/getproperty/reset@customer.test', { token: old })).status).toBe(200);

    const sent = await post('/api/users/reset-password', { email: 'RESET@customer.test' });
    expect(sent.status).toBe(200);
    expect(sent.json).toEqual({ message: 'Password reset code has been sent to your email.' });
    const mail = (await t.outbox()).reverse().find((m) => m.to === 'reset@customer.test')!;
    expect(mail.subject).toBe('Comfort Portal Reporting password reset code');
    const code = await mailedLine('reset@customer.test', /^\d{6,8}$/);

    const weak = await post('/api/users/reset-password/verify', { email: 'reset@customer.test', code, newPassword: 'abc' });
    expect(weak.status).toBe(400);
    expect(weak.json).toEqual({ error: RULE });

    const ok = await post('/api/users/reset-password/verify', { email: 'reset@customer.test', code, newPassword: 'NewPass1' });
    expect(ok.status).toBe(200);
    expect(ok.json).toEqual({ message: 'Password has been reset. You can now log in with your new password.' });
    const reused = await post('/api/users/reset-password/verify', { email: 'reset@customer.test', code, newPassword: 'Other123' });
    expect(reused.status).toBe(400);
    expect(reused.json).toEqual({ error: 'Invalid email or reset code. Please try again.' });

    expect((await request('GET', '/api/users/getproperty/reset@customer.test', { token: old })).status).toBe(401);
    expect((await post('/api/users/login', { email: 'reset@customer.test', password: 'Old12345' })).status).toBe(401);
    const fresh = await post('/api/users/login', { email: 'reset@customer.test', password: 'NewPass1' });
    expect(fresh.status).toBe(200);
    expect((await request('GET', '/api/users/getproperty/reset@customer.test', { token: (fresh.json as { token: string }).token })).status).toBe(200);
  });

  it('voids a code after 5 wrong tries; a new code works', async () => {
    await createTestUser({ email: 'brute@customer.test', password: 'Old12345' });
    await post('/api/users/reset-password', { email: 'brute@customer.test' });
    const code = await mailedLine('brute@customer.test', /^\d{6,8}$/);
    for (let i = 0; i < 5; i++) {
      const wrong = String((Number(code) + 1 + i) % 1_000_000).padStart(code.length, '0');
      expect((await post('/api/users/reset-password/verify', { email: 'brute@customer.test', code: wrong, newPassword: 'NewPass1' })).status).toBe(400);
    }
    expect((await post('/api/users/reset-password/verify', { email: 'brute@customer.test', code, newPassword: 'NewPass1' })).status).toBe(400);

    await post('/api/users/reset-password', { email: 'brute@customer.test' });
    const second = await mailedLine('brute@customer.test', /^\d{6,8}$/);
    expect((await post('/api/users/reset-password/verify', { email: 'brute@customer.test', code: second, newPassword: 'NewPass1' })).status).toBe(200);
  });

  it('rate limits code requests per email', async () => {
    await createTestUser({ email: 'many-codes@customer.test', password: 'Old12345' });
    for (let i = 0; i < 5; i++) expect((await post('/api/users/reset-password', { email: 'many-codes@customer.test' })).status).toBe(200);
    const r = await post('/api/users/reset-password', { email: 'many-codes@customer.test' });
    expect(r.status).toBe(429);
    expect(r.headers.get('retry-after')).toBeTruthy();
  });
});

describe('registration with the temporary password from the invitation', () => {
  it('sets the password from the mailed temporary one, which cannot sign in; clears pending', async () => {
    await createTestUser({ email: 'boss@staff.test', password: 'Admin123' });
    const admin = await signIn('boss@staff.test', 'Admin123');
    const created = await request('POST', '/api/users/signup', {
      token: admin,
      body: { name: 'New Person', email: 'new@customer.test', password: 'Tmp!pass12Ab', customers: [{ ID: 'C-1', NAME: 'First' }] },
    });
    expect(created.status).toBe(201);
    const mail = (await t.outbox()).reverse().find((m) => m.to === 'new@customer.test')!;
    expect(mail.subject).toBe('Your Comfort Portal Reporting account');
    expect(mail.text).toContain('/user-registration');
    const temporary = await mailedLine('new@customer.test', /^Tmp!pass12Ab$/);
    expect((await getUserByEmail(t.db, 'new@customer.test'))?.pending).toBe(true);

    expect((await post('/api/users/login', { email: 'new@customer.test', password: temporary })).status).toBe(401);
    const wrong = await post('/api/users/user-registration/verify', { email: 'new@customer.test', code: 'Not-the-1', newPassword: 'Chosen123' });
    expect(wrong.status).toBe(400);
    expect(wrong.json).toEqual({ error: 'Invalid email or temporary password. Please try again.' });
    expect((await getUserByEmail(t.db, 'new@customer.test'))?.pending).toBe(true);
    const weak = await post('/api/users/user-registration/verify', { email: 'new@customer.test', code: temporary, newPassword: 'short' });
    expect(weak.json).toEqual({ error: RULE });
    const ok = await post('/api/users/user-registration/verify', { email: 'new@customer.test', code: temporary, newPassword: 'Chosen123' });
    expect(ok.status).toBe(200);
    expect(ok.json).toEqual({ message: 'Password has been set. You can now log in with your new password.' });
    expect((await getUserByEmail(t.db, 'new@customer.test'))?.pending).toBeUndefined();
    const login = await post('/api/users/login', { email: 'new@customer.test', password: 'Chosen123' });
    expect(login.status).toBe(200);
    expect(claimsOf((login.json as { token: string }).token).BUILDOPS_CUSTOMER_ID).toBe('C-1');

    const again = await post('/api/users/user-registration/verify', { email: 'new@customer.test', code: 'Chosen123', newPassword: 'Other123' });
    expect(again.json).toEqual({ error: 'Invalid email or temporary password. Please try again.' });
  });
});
