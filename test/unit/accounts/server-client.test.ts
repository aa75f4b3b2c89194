/**
 * The portal's server-side calls to Cognito's public API use the server app client
 * (SERVER_CLIENT_ID), which has a secret: each carries SECRET_HASH, computed with the secret read
 * from Secrets Manager (SIGN_IN_SECRET_ID, once per container), and the visitor's address as
 * UserContextData.IpAddress. The reset calls moved there too (they were on the web client).
 */
import { ConfirmForgotPasswordCommand, ForgotPasswordCommand, InitiateAuthCommand, RespondToAuthChallengeCommand } from '@aws-sdk/client-cognito-identity-provider';
import { GetSecretValueCommand } from '@aws-sdk/client-secrets-manager';
import { aws, claims, cognito, put, resetAws, serverCallOf, STAFF, user } from './fixtures.js';
import { secretHash } from '../../../lambdas/shared/domain/accounts/server-client.js';
import { handler as login } from '../../../lambdas/accounts/login.js';
import { handler as register } from '../../../lambdas/accounts/registration-verify.js';
import { handler as resetRequest } from '../../../lambdas/accounts/reset-password.js';
import { handler as resetVerify } from '../../../lambdas/accounts/reset-password-verify.js';
import { handler as accountMail } from '../../../lambdas/users/send-account-mail.js';
import { apiEvent } from '../support/events.js';

const VISITOR = '203.0.113.44';
const call = (h: typeof login, route: string, body: unknown) => h(apiEvent({ route, body, sourceIp: VISITOR }));
const signIn = () => call(login, 'POST /api/users/login', { email: 'known@customer.test', password: 'Right123' });
const setPassword = () => call(register, 'POST /api/users/user-registration/verify', { email: 'new@customer.test', code: 'Tmp!pass1234', newPassword: 'Chosen123' });
const admin = `boss@${STAFF}`;

beforeEach(() => {
  resetAws();
  put('accounts', user('known@customer.test'), user('new@customer.test', { pending: true }), user(admin));
  cognito.on(InitiateAuthCommand, { AuthParameters: { USERNAME: 'known@customer.test', PASSWORD: 'Right123' } }).resolves({ AuthenticationResult: { IdToken: 'id-token' } });
  cognito.on(InitiateAuthCommand, { AuthParameters: { USERNAME: 'new@customer.test', PASSWORD: 'Tmp!pass1234' } }).resolves({ ChallengeName: 'NEW_PASSWORD_REQUIRED', Session: 's' });
  cognito.on(RespondToAuthChallengeCommand).resolves({ AuthenticationResult: { IdToken: 'y' } });
  cognito.on(ForgotPasswordCommand).resolves({});
  cognito.on(ConfirmForgotPasswordCommand).resolves({});
});

describe('SECRET_HASH', () => {
  it('is Base64(HMAC_SHA256(secret, username + client id)): known vectors (computed with openssl dgst -sha256 -hmac)', () => {
    expect(secretHash('server-client-secret-for-tests', 'known@customer.test', 'server-1')).toBe('NJElJewS0Ixq5YhgdEZnBvDLlUGYMpYKpasYPZtI4qk=');
    expect(secretHash('c2VjcmV0LWtleQ', 'user@example.com', '6v7p5q9example')).toBe('g8cmNyk0qAPuv/fWMESIzGU5njgBegKbeFrr+i+SqKg=');
  });

  it('depends on each of the three', () => {
    const base = secretHash('s', 'u', 'c');
    expect(new Set([base, secretHash('t', 'u', 'c'), secretHash('s', 'v', 'c'), secretHash('s', 'u', 'd')]).size).toBe(4);
  });
});

describe('the server client', () => {
  it("signs in and answers the new-password challenge with SERVER_CLIENT_ID, SECRET_HASH and the visitor's address", async () => {
    expect((await signIn()).statusCode).toBe(200);
    expect((await setPassword()).statusCode).toBe(200);
    const [first, second] = cognito.commandCalls(InitiateAuthCommand).map((c) => c.args[0].input);
    expect(first).toMatchObject({ ClientId: 'server-1', AuthParameters: { SECRET_HASH: serverCallOf('known@customer.test', VISITOR).hash }, UserContextData: { IpAddress: VISITOR } });
    expect(second).toMatchObject({ ClientId: 'server-1', AuthParameters: { SECRET_HASH: serverCallOf('new@customer.test', VISITOR).hash }, UserContextData: { IpAddress: VISITOR } });
    // No USER_ID_FOR_SRP in this answer: the challenge is answered for the email it was asked for.
    expect(cognito.commandCalls(RespondToAuthChallengeCommand)[0]!.args[0].input).toMatchObject({
      ClientId: 'server-1',
      ChallengeResponses: { USERNAME: 'new@customer.test', SECRET_HASH: serverCallOf('new@customer.test', VISITOR).hash },
      UserContextData: { IpAddress: VISITOR },
    });
  });

  it('sends and checks reset codes on it too (no longer on the web client)', async () => {
    expect((await call(resetRequest, 'POST /api/users/reset-password', { email: 'known@customer.test' })).statusCode).toBe(200);
    expect((await call(resetVerify, 'POST /api/users/reset-password/verify', { email: 'known@customer.test', code: '123456', newPassword: 'NewPass1' })).statusCode).toBe(200);
    const expected = { ClientId: 'server-1', SecretHash: serverCallOf('known@customer.test', VISITOR).hash, UserContextData: { IpAddress: VISITOR } };
    expect(cognito.commandCalls(ForgotPasswordCommand)[0]!.args[0].input).toMatchObject(expected);
    expect(cognito.commandCalls(ConfirmForgotPasswordCommand)[0]!.args[0].input).toMatchObject(expected);
  });

  it("sends an administrator's reset code on it, naming the administrator's address", async () => {
    const r = await accountMail(apiEvent({ route: 'POST /api/users/send-account-mail', body: { email: 'known@customer.test', mail: 'reset-code' }, claims: claims(admin), sourceIp: '198.51.100.2' }));
    expect(r.statusCode).toBe(200);
    expect(cognito.commandCalls(ForgotPasswordCommand)[0]!.args[0].input).toMatchObject({
      ClientId: 'server-1',
      SecretHash: serverCallOf('known@customer.test', '198.51.100.2').hash,
      UserContextData: { IpAddress: '198.51.100.2' },
    });
  });

  it('reads the secret from Secrets Manager by SIGN_IN_SECRET_ID, once per container', async () => {
    await signIn();
    await signIn();
    const reads = aws.secrets.commandCalls(GetSecretValueCommand).map((c) => c.args[0].input.SecretId);
    expect(reads.every((id) => id === 'sign-in-client')).toBe(true);
    expect(reads.length).toBeLessThanOrEqual(1);
  });
});
