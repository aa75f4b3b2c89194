import { jest } from '@jest/globals';
/**
 * Two-step verification for administrators on the local stack, through the pool's public API as
 * the browser calls it and through the portal's API: set-up with the access token, later sign-ins
 * answering the code, challenge sessions that cannot be forged or reused, an app turned off by the
 * user's own token, the server-side login route, customers untouched, the operator's reset.
 */
import {
  AdminCreateUserCommand,
  AssociateSoftwareTokenCommand,
  InitiateAuthCommand,
  RespondToAuthChallengeCommand,
  SetUserMFAPreferenceCommand,
  VerifySoftwareTokenCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { resetMfa } from '../../infra/admin/users.js';
import { totpCode, wrongTotpCode } from '../../infra/local/totp.js';
import { authenticatorSecret, createTestUser, putCustomer, putProperty, request, startTestStack, type TestStack } from '../support/local-stack.js';

jest.setTimeout(60_000);

let t: TestStack;
const PASSWORD = 'Staff-pass-123';
const SET_UP = { error: 'Set up two-step verification to continue.' };

beforeAll(async () => {
  t = await startTestStack();
  await putCustomer({ id: 'C-1', name: 'Acme' });
  await putProperty({ id: 'P-1', customerId: 'C-1', name: 'Acme tower', propertyType: 'Office' });
});
afterAll(async () => t?.stop());

const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;

const wrongCode = (secret: string) => wrongTotpCode(secret);

const initiate = (email: string, password = PASSWORD) =>
  t.cognito.send(new InitiateAuthCommand({ ClientId: t.stack.userPoolClientId, AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: email, PASSWORD: password } }));

const answer = (username: string, session: string | undefined, code: string, challenge: 'SOFTWARE_TOKEN_MFA' | 'NEW_PASSWORD_REQUIRED' = 'SOFTWARE_TOKEN_MFA') =>
  t.cognito.send(
    new RespondToAuthChallengeCommand({
      ClientId: t.stack.userPoolClientId,
      ChallengeName: challenge,
      Session: session,
      ChallengeResponses: challenge === 'SOFTWARE_TOKEN_MFA' ? { USERNAME: username, SOFTWARE_TOKEN_MFA_CODE: code } : { USERNAME: username, NEW_PASSWORD: code },
    }),
  );

const refresh = (refreshToken: string) =>
  t.cognito.send(new InitiateAuthCommand({ ClientId: t.stack.userPoolClientId, AuthFlow: 'REFRESH_TOKEN_AUTH', AuthParameters: { REFRESH_TOKEN: refreshToken } }));

/** The error name a call fails with, or 'ok'. */
const outcome = (p: Promise<unknown>) =>
  p.then(
    () => 'ok',
    (e: unknown) => (e as Error).name,
  );

const adminCall = (token: string) => request('GET', '/api/users', { token });

describe('an administrator without an app', () => {
  const email = 'new-admin@staff.test';
  let secret = '';

  it('signs in with the password alone, gets mfa 0, and every call is refused until an app is set up', async () => {
    await createTestUser({ email, password: PASSWORD, authenticator: false });
    const r = await initiate(email);
    expect(r.ChallengeName).toBeUndefined();
    const id = r.AuthenticationResult!.IdToken!;
    expect(claimsOf(id)).toMatchObject({ mfa: '0', 'cognito:groups': ['staff'] });
    expect(await adminCall(id)).toMatchObject({ status: 403, json: SET_UP });
    expect(await request('GET', '/api/sigma/customers', { token: id })).toMatchObject({ status: 403, json: SET_UP });

    // The set-up, as the web app makes it, with the session's access token.
    const access = r.AuthenticationResult!.AccessToken!;
    secret = (await t.cognito.send(new AssociateSoftwareTokenCommand({ AccessToken: access }))).SecretCode!;
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    expect(await outcome(t.cognito.send(new VerifySoftwareTokenCommand({ AccessToken: access, UserCode: wrongCode(secret) })))).toBe('CodeMismatchException');
    expect((await t.cognito.send(new VerifySoftwareTokenCommand({ AccessToken: access, UserCode: totpCode(secret) }))).Status).toBe('SUCCESS');
    await t.cognito.send(new SetUserMFAPreferenceCommand({ AccessToken: access, SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true } }));

    // The session's next token (a refresh) says the app is there, and the API answers.
    const renewed = (await refresh(r.AuthenticationResult!.RefreshToken!)).AuthenticationResult!.IdToken!;
    expect(claimsOf(renewed).mfa).toBe('1');
    expect((await adminCall(renewed)).status).toBe(200);
  });

  it('later sign-ins meet the code challenge; a wrong code, a made-up or foreign session and a used one are refused', async () => {
    const first = await initiate(email);
    expect(first.ChallengeName).toBe('SOFTWARE_TOKEN_MFA');
    expect(first.AuthenticationResult).toBeUndefined();
    const username = first.ChallengeParameters!.USER_ID_FOR_SRP!;
    expect(await outcome(answer(username, first.Session, wrongCode(secret)))).toBe('CodeMismatchException');
    expect(await outcome(answer(username, 'x'.repeat(36), totpCode(secret)))).toBe('NotAuthorizedException');
    // Another administrator's challenge session does not sign this one in.
    await createTestUser({ email: 'other-admin@staff.test', password: PASSWORD });
    const other = await initiate('other-admin@staff.test');
    expect(await outcome(answer(username, other.Session, totpCode(secret)))).toBe('NotAuthorizedException');

    const done = await answer(username, first.Session, totpCode(secret));
    const id = done.AuthenticationResult!.IdToken!;
    expect(claimsOf(id).mfa).toBe('1');
    expect((await adminCall(id)).status).toBe(200);
    // Answered once: the session is spent.
    expect(await outcome(answer(username, first.Session, totpCode(secret)))).toBe('NotAuthorizedException');
    // The session of a sign-in that answered a code refreshes (the pool keeps its refresh token).
    expect(claimsOf((await refresh(done.AuthenticationResult!.RefreshToken!)).AuthenticationResult!.IdToken!).mfa).toBe('1');
  });

  it('turning the app off with the own access token does not keep administrator access: the next token says mfa 0', async () => {
    const first = await initiate(email);
    const done = await answer(first.ChallengeParameters!.USER_ID_FOR_SRP!, first.Session, totpCode(secret));
    await t.cognito.send(new SetUserMFAPreferenceCommand({ AccessToken: done.AuthenticationResult!.AccessToken!, SoftwareTokenMfaSettings: { Enabled: false } }));
    const renewed = (await refresh(done.AuthenticationResult!.RefreshToken!)).AuthenticationResult!.IdToken!;
    expect(claimsOf(renewed).mfa).toBe('0');
    expect(await adminCall(renewed)).toMatchObject({ status: 403, json: SET_UP });
    const again = await initiate(email);
    expect(again.ChallengeName).toBeUndefined();
    expect(await adminCall(again.AuthenticationResult!.IdToken!)).toMatchObject({ status: 403, json: SET_UP });
  });
});

describe('POST /api/users/login for an account with an app', () => {
  it("answers 403 to the right password (the code is the web app's to ask), 401 to a wrong one", async () => {
    await createTestUser({ email: 'api-admin@staff.test', password: PASSWORD });
    expect(authenticatorSecret('api-admin@staff.test')).toBeDefined();
    expect(await request('POST', '/api/users/login', { body: { email: 'api-admin@staff.test', password: PASSWORD } })).toMatchObject({
      status: 403,
      json: { error: "This account signs in with a code from an authenticator app: log in on the portal's Log In page." },
    });
    expect((await request('POST', '/api/users/login', { body: { email: 'api-admin@staff.test', password: 'Wrong-pass-123' } })).status).toBe(401);
  });
});

describe('customers', () => {
  it('sign in with the password alone, with no mfa claim, and are served', async () => {
    await createTestUser({ email: 'buyer@acme.test', password: 'Passw0rd', customers: ['C-1'], properties: ['P-1'] });
    const r = await initiate('buyer@acme.test', 'Passw0rd');
    expect(r.ChallengeName).toBeUndefined();
    const id = r.AuthenticationResult!.IdToken!;
    expect(claimsOf(id).mfa).toBeUndefined();
    expect((await request('GET', '/api/sigma/customers', { token: id })).status).toBe(200);
    expect((await adminCall(id)).status).toBe(403);
  });
});

describe('the operator reset (admin reset-mfa)', () => {
  it("turns an administrator's app off: the next sign-in has no challenge and must set one up", async () => {
    await createTestUser({ email: 'lost-phone@staff.test', password: PASSWORD });
    expect((await initiate('lost-phone@staff.test')).ChallengeName).toBe('SOFTWARE_TOKEN_MFA');
    expect(await resetMfa('Lost-Phone@staff.test')).toBe('lost-phone@staff.test');
    const r = await initiate('lost-phone@staff.test');
    expect(r.ChallengeName).toBeUndefined();
    expect(claimsOf(r.AuthenticationResult!.IdToken!).mfa).toBe('0');
  });
});

describe('challenge sessions the local pool checks as Cognito does', () => {
  it('a new-password challenge cannot be answered with a made-up session, only with the one the sign-in gave', async () => {
    await t.cognito.send(
      new AdminCreateUserCommand({
        UserPoolId: t.stack.userPoolId,
        Username: 'invited@acme.test',
        TemporaryPassword: 'Tmp-pass-9Q',
        MessageAction: 'SUPPRESS',
        UserAttributes: [
          { Name: 'email', Value: 'invited@acme.test' },
          { Name: 'email_verified', Value: 'true' },
        ],
      }),
    );
    expect(await outcome(answer('invited@acme.test', 'x'.repeat(36), 'Chosen-pass-1', 'NEW_PASSWORD_REQUIRED'))).toBe('NotAuthorizedException');
    const r = await initiate('invited@acme.test', 'Tmp-pass-9Q');
    expect(r.ChallengeName).toBe('NEW_PASSWORD_REQUIRED');
    // No users row: the pool takes the password, then the pre-token trigger refuses the tokens.
    expect(await outcome(answer('invited@acme.test', r.Session, 'Chosen-pass-1', 'NEW_PASSWORD_REQUIRED'))).toBe('UserLambdaValidationException');
    // The password was set all the same (the trigger runs after): the new one now signs in to the pool.
    expect(await outcome(initiate('invited@acme.test', 'Chosen-pass-1'))).toBe('UserLambdaValidationException');
  });
});
