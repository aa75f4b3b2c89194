import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { setPublicConfig, type PublicConfig } from '../../../lib/public-config';
import { localPublicConfig } from '../../../lib/public-config.fixture';
import { login } from './login';

/**
 * Log in as the form calls it, against a pool answering over `fetch`: with the local stack's flow
 * (USER_PASSWORD_AUTH) each outcome comes from direct calls to the endpoint config.json names.
 */
const config: PublicConfig = { ...localPublicConfig, userPoolClientId: 'web-client-1' };
const b64 = (text: string) => btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const idToken = (claims: Record<string, unknown>) => `${b64('{"alg":"RS256"}')}.${b64(JSON.stringify({ token_use: 'id', iat: 1, exp: 4_000_000_000, email: 'dana@northwind.test', ...claims }))}.sig`;
const result = (id: string) => ({ AuthenticationResult: { IdToken: id, AccessToken: idToken({ token_use: 'access' }), RefreshToken: 'r' } });

const saved = { fetch: globalThis.fetch, localStorage: (globalThis as { localStorage?: unknown }).localStorage };
let answers: unknown[] = [];
let sent: { url: string; target: string; body: unknown }[] = [];
const stored = new Map<string, string>();

beforeEach(() => {
  setPublicConfig(config);
  answers = [];
  sent = [];
  stored.clear();
  Object.assign(globalThis, {
    fetch: async (url: string, init: RequestInit) => {
      sent.push({ url, target: new Headers(init.headers).get('x-amz-target') ?? '', body: JSON.parse(init.body as string) });
      const a = answers.shift() as { status?: number; body: unknown };
      return new Response(JSON.stringify(a.body), { status: a.status ?? 200 });
    },
    localStorage: { setItem: (k: string, v: string) => void stored.set(k, v), getItem: (k: string) => stored.get(k) ?? null },
  });
});
afterEach(() => {
  Object.assign(globalThis, saved);
  setPublicConfig(null);
});

describe('log in with the password flow (issue 42: no library, no SRP value worked out)', () => {
  it('a customer gets the ID token from one InitiateAuth at the configured endpoint', async () => {
    const token = idToken({ BUILDOPS_CUSTOMER_ID: 'c-1' });
    answers.push({ body: result(token) });
    await expect(login('dana@northwind.test', 'Demo1234')).resolves.toEqual({ kind: 'signedIn', token });
    expect(sent).toEqual([
      {
        url: 'http://127.0.0.1:45405',
        target: 'AWSCognitoIdentityProviderService.InitiateAuth',
        body: { AuthFlow: 'USER_PASSWORD_AUTH', ClientId: 'web-client-1', AuthParameters: { USERNAME: 'dana@northwind.test', PASSWORD: 'Demo1234' } },
      },
    ]);
    expect(stored.get('CognitoIdentityServiceProvider.web-client-1.LastAuthUser')).toBe('dana@northwind.test');
  });

  it('a wrong password rejects with the code the form logs as a refusal', async () => {
    answers.push({ status: 400, body: { __type: 'NotAuthorizedException', message: 'Incorrect username or password.' } });
    await expect(login('dana@northwind.test', 'wrong')).rejects.toMatchObject({ code: 'NotAuthorizedException', message: 'Incorrect username or password.' });
  });

  it("a temporary password leads to the registration step with the password typed, and no session", async () => {
    answers.push({ body: { ChallengeName: 'NEW_PASSWORD_REQUIRED', Session: 's', ChallengeParameters: { USER_ID_FOR_SRP: 'u', userAttributes: '{}' } } });
    await expect(login('new@northwind.test', 'Invited77x')).resolves.toEqual({ kind: 'newPassword', temporaryPassword: 'Invited77x' });
    expect(stored.size).toBe(0);
  });

  it("an account with an authenticator app is asked for its code, whose answer is the ID token", async () => {
    const token = idToken({ email: 'ops@example-hvac.com', mfa: '1' });
    answers.push({ body: { ChallengeName: 'SOFTWARE_TOKEN_MFA', Session: 's-mfa', ChallengeParameters: { USER_ID_FOR_SRP: 'staff-uuid' } } }, { body: result(token) });
    const step = await login('ops@example-hvac.com', 'Passw0rd');
    if (step.kind !== 'code') throw new Error(`got ${step.kind}`);
    await expect(step.answer('123456')).resolves.toBe(token);
    expect(sent[1]).toMatchObject({ target: 'AWSCognitoIdentityProviderService.RespondToAuthChallenge', body: { ChallengeName: 'SOFTWARE_TOKEN_MFA', Session: 's-mfa' } });
  });

  it('an administrator whose token says the app is still to be set up goes to the set-up', async () => {
    answers.push({ body: result(idToken({ email: 'new-staff@example-hvac.com', mfa: '0' })) });
    await expect(login('new-staff@example-hvac.com', 'Passw0rd')).resolves.toEqual({ kind: 'setup' });
  });
});
