import { sql } from 'kysely';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createCustomer, createTestApp, createUser, STAFF, type TestContext } from '../../test/helpers.js';
import { issueCode } from './auth.repository.js';
import { limits } from './auth.routes.js';
import { messages } from './auth.schema.js';
import { verifySessionToken } from './tokens.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers });

/** The code on a line of its own in the last mail to that address. */
function lastCode(to: string): string {
  const mail = [...t.mailer.sent].reverse().find((m) => m.to === to);
  const line = mail?.text.split('\n').find((l) => /^\d{8}$/.test(l.trim()));
  if (!line) throw new Error(`no code mailed to ${to}`);
  return line.trim();
}

describe('GET /api/config', () => {
  it('is public and names the product, contact link and staff domains', async () => {
    const res = await t.app.inject({ url: '/api/config' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ productName: 'Comfort Portal', staffDomains: [STAFF, 'example-services.com'] });
  });
});

describe('POST /api/users/login/', () => {
  it('400s a body without the fields', async () => {
    const res = await post('/api/users/login/', { email: 'x@y.z' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/password/);
  });

  it('answers the same 401 for an unknown email and a wrong password', async () => {
    await createUser(t, { email: 'known@customer.test', password: 'Right123' });
    const unknown = await post('/api/users/login/', { email: 'nobody@customer.test', password: 'Right123' });
    const wrong = await post('/api/users/login/', { email: 'known@customer.test', password: 'Wrong123' });
    for (const res of [unknown, wrong]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: 'Invalid email or password' });
    }
  });

  it('signs a token with email, name, exp, BUILDOPS_CUSTOMER_ID and userId', async () => {
    const c1 = await createCustomer(t.db);
    const c2 = await createCustomer(t.db);
    const u = await createUser(t, { email: 'Two@Customer.test', name: 'two customers', customers: [c1.id, c2.id] });
    const res = await post('/api/users/login', { email: 'TWO@customer.test ', password: u.password });
    expect(res.statusCode).toBe(200);
    const { token } = res.json();
    const [, payload] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    expect(claims).toMatchObject({ email: 'two@customer.test', name: 'two customers', userId: u.id });
    expect([...claims.BUILDOPS_CUSTOMER_ID].sort()).toEqual([c1.id, c2.id].sort());
    expect(claims.exp).toBeGreaterThan(Date.now() / 1000 + 3600);
    expect(claims.exp).toBeLessThan(Date.now() / 1000 + 13 * 3600);
    expect(await verifySessionToken(t.config, token)).not.toBeNull();
  });

  it('refuses an account whose registration is still pending', async () => {
    await createUser(t, { email: 'pending@customer.test', pending: true });
    const res = await post('/api/users/login', { email: 'pending@customer.test', password: '' });
    expect(res.statusCode).toBe(401);
  });

  it('rate limits failed sign-ins per email with 429 and Retry-After', async () => {
    const u = await createUser(t, { email: 'limited@customer.test' });
    for (let i = 0; i < limits.loginPerEmail.max; i++) {
      expect((await post('/api/users/login', { email: u.email, password: 'nope' })).statusCode).toBe(401);
    }
    const res = await post('/api/users/login', { email: u.email, password: u.password });
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    // the counter lives in the database
    const row = await t.db.selectFrom('rate_limits').select('hits').where('key', '=', `login:email:${u.email}`).executeTakeFirst();
    expect(row?.hits).toBe(limits.loginPerEmail.max);
  });
});

describe('the authentication hook on /api', () => {
  const probe = '/api/nothing-here';
  it('401s without a token, with a tampered, foreign-secret or expired token', async () => {
    const u = await createUser(t);
    expect((await t.app.inject({ url: probe })).statusCode).toBe(401);
    const tampered = u.token.slice(0, -3) + (u.token.endsWith('AAA') ? 'BBB' : 'AAA');
    expect((await t.app.inject({ url: probe, headers: bearer(tampered) })).statusCode).toBe(401);
    const foreign = await new SignJWT({ email: u.email, userId: u.id, tv: 0, name: '', BUILDOPS_CUSTOMER_ID: [] })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('customer-portal')
      .setAudience('portal-api')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('another-secret-another-secret-another-secret'));
    expect((await t.app.inject({ url: probe, headers: bearer(foreign) })).statusCode).toBe(401);
    const expired = await new SignJWT({ email: u.email, userId: u.id, tv: 0, name: '', BUILDOPS_CUSTOMER_ID: [] })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('customer-portal')
      .setAudience('portal-api')
      .setExpirationTime(Math.floor(Date.now() / 1000) - 10)
      .sign(new TextEncoder().encode(t.config.jwtSecret));
    const res = await t.app.inject({ url: probe, headers: bearer(expired) });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toMatch(/log in again/);
  });

  it('lets a valid token through (404 for an unknown route) and refuses it once the user is removed', async () => {
    const u = await createUser(t);
    expect((await t.app.inject({ url: probe, headers: bearer(u.token) })).statusCode).toBe(404);
    await t.db.deleteFrom('users').where('id', '=', u.id).execute();
    expect((await t.app.inject({ url: probe, headers: bearer(u.token) })).statusCode).toBe(401);
  });
});

describe('password reset', () => {
  it('answers 404 with the spec message for an unknown email', async () => {
    const res = await post('/api/users/reset-password', { email: 'ghost@customer.test' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: messages.emailUnknown });
  });

  it('mails a code that resets the password once, and older tokens stop working', async () => {
    const u = await createUser(t, { email: 'reset@customer.test' });
    const res = await post('/api/users/reset-password', { email: 'RESET@customer.test' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Password reset code has been sent to your email.' });
    const code = lastCode(u.email);
    const stored = await t.db.selectFrom('one_time_codes').select('code_hash').where('user_id', '=', u.id).execute();
    expect(stored.every((r) => !r.code_hash.includes(code))).toBe(true);

    const weak = await post('/api/users/reset-password/verify', { email: u.email, code, newPassword: 'abc' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error).toBe(
      'Password must be at least 5 characters long and include at least one lowercase letter, one uppercase letter, and one number.',
    );

    const ok = await post('/api/users/reset-password/verify', { email: u.email, code, newPassword: 'NewPass1' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ message: 'Password has been reset. You can now log in with your new password.' });

    const reused = await post('/api/users/reset-password/verify', { email: u.email, code, newPassword: 'Other123' });
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toEqual({ error: 'Invalid email or reset code. Please try again.' });

    expect((await t.app.inject({ url: '/api/x', headers: bearer(u.token) })).statusCode).toBe(401);
    expect((await post('/api/users/login', { email: u.email, password: u.password })).statusCode).toBe(401);
    expect((await post('/api/users/login', { email: u.email, password: 'NewPass1' })).statusCode).toBe(200);
  });

  it('voids a code after 5 wrong tries, and a new code voids the older one', async () => {
    const u = await createUser(t, { email: 'brute@customer.test' });
    await post('/api/users/reset-password', { email: u.email });
    const code = lastCode(u.email);
    for (let i = 0; i < 5; i++) {
      const wrong = String((Number(code) + 1 + i) % 100_000_000).padStart(8, '0');
      expect((await post('/api/users/reset-password/verify', { email: u.email, code: wrong, newPassword: 'NewPass1' })).statusCode).toBe(400);
    }
    expect((await post('/api/users/reset-password/verify', { email: u.email, code, newPassword: 'NewPass1' })).statusCode).toBe(400);

    await post('/api/users/reset-password', { email: u.email });
    const first = lastCode(u.email);
    await post('/api/users/reset-password', { email: u.email });
    const second = lastCode(u.email);
    if (first !== second)
      expect((await post('/api/users/reset-password/verify', { email: u.email, code: first, newPassword: 'NewPass1' })).statusCode).toBe(400);
    expect((await post('/api/users/reset-password/verify', { email: u.email, code: second, newPassword: 'NewPass1' })).statusCode).toBe(200);
  });

  it('refuses an expired code', async () => {
    const u = await createUser(t, { email: 'late@customer.test' });
    await issueCode(t.db, t.config.jwtSecret, u.id, 'reset', '12345678');
    await sql`update one_time_codes set expires_at = now() - interval '1 second' where user_id = ${u.id}`.execute(t.db);
    const res = await post('/api/users/reset-password/verify', { email: u.email, code: '12345678', newPassword: 'NewPass1' });
    expect(res.statusCode).toBe(400);
  });

  it('rate limits code requests per email', async () => {
    const u = await createUser(t, { email: 'many-codes@customer.test' });
    for (let i = 0; i < limits.codeRequestPerEmail.max; i++) expect((await post('/api/users/reset-password', { email: u.email })).statusCode).toBe(200);
    const res = await post('/api/users/reset-password', { email: u.email });
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBeDefined();
  });
});

describe('registration with the temporary password', () => {
  it('sets the password from the temporary one; the temporary one cannot sign in', async () => {
    const u = await createUser(t, { email: 'new@customer.test', pending: true });
    await issueCode(t.db, t.config.jwtSecret, u.id, 'registration', 'Tmp!pass1234');
    expect((await post('/api/users/login', { email: u.email, password: 'Tmp!pass1234' })).statusCode).toBe(401);
    const bad = await post('/api/users/user-registration/verify', { email: u.email, code: 'wrong', newPassword: 'Chosen123' });
    expect(bad.json()).toEqual({ error: 'Invalid email or temporary password. Please try again.' });
    const ok = await post('/api/users/user-registration/verify', { email: u.email, code: 'Tmp!pass1234', newPassword: 'Chosen123' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ message: 'Password has been set. You can now log in with your new password.' });
    expect((await post('/api/users/login', { email: u.email, password: 'Chosen123' })).statusCode).toBe(200);
  });

  it('lets a pending account set its password with a reset code (when the invitation mail was lost)', async () => {
    const u = await createUser(t, { email: 'lost-invite@customer.test', pending: true });
    await issueCode(t.db, t.config.jwtSecret, u.id, 'registration', 'Never-arrived1');
    expect((await post('/api/users/reset-password', { email: u.email })).statusCode).toBe(200);
    const ok = await post('/api/users/reset-password/verify', { email: u.email, code: lastCode(u.email), newPassword: 'Chosen123' });
    expect(ok.statusCode).toBe(200);
    expect((await post('/api/users/login', { email: u.email, password: 'Chosen123' })).statusCode).toBe(200);
  });

  it('does not take a reset code as a temporary password', async () => {
    const u = await createUser(t, { email: 'mixed@customer.test' });
    await issueCode(t.db, t.config.jwtSecret, u.id, 'reset', '87654321');
    const res = await post('/api/users/user-registration/verify', { email: u.email, code: '87654321', newPassword: 'Chosen123' });
    expect(res.statusCode).toBe(400);
  });
});

describe('operations', () => {
  it('healthz and readyz answer', async () => {
    expect((await t.app.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok' });
    expect((await t.app.inject({ url: '/readyz' })).statusCode).toBe(200);
  });
  it('publishes an OpenAPI description with the account calls', async () => {
    const res = await t.app.inject({ url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths)).toContain('/api/users/login');
  });
});
