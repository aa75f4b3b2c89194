/**
 * The portal's server-side sign-in uses its own app client (SERVER_CLIENT_ID, USER_PASSWORD_AUTH on
 * AWS), and falls back to USER_POOL_CLIENT_ID where there is one client (the local stack). The
 * reset-code route stays on the web client, which mailed the code.
 */
import { ConfirmForgotPasswordCommand, InitiateAuthCommand, RespondToAuthChallengeCommand } from '@aws-sdk/client-cognito-identity-provider';
import { cognito, put, resetAws, user } from './fixtures.js';
import { handler as login } from '../../../lambdas/accounts/login.js';
import { handler as register } from '../../../lambdas/accounts/registration-verify.js';
import { handler as resetVerify } from '../../../lambdas/accounts/reset-password-verify.js';
import { apiEvent } from '../support/events.js';

const call = (h: typeof login, route: string, body: unknown) => h(apiEvent({ route, body, sourceIp: '10.9.9.9' }));
const signIn = () => call(login, 'POST /api/users/login', { email: 'known@customer.test', password: 'Right123' });
const setPassword = () => call(register, 'POST /api/users/user-registration/verify', { email: 'new@customer.test', code: 'Tmp!pass1234', newPassword: 'Chosen123' });

beforeEach(() => {
  resetAws();
  put('accounts', user('known@customer.test'), user('new@customer.test', { pending: true }));
  cognito.on(InitiateAuthCommand, { AuthParameters: { USERNAME: 'known@customer.test', PASSWORD: 'Right123' } }).resolves({ AuthenticationResult: { IdToken: 'id-token' } });
  cognito.on(InitiateAuthCommand, { AuthParameters: { USERNAME: 'new@customer.test', PASSWORD: 'Tmp!pass1234' } }).resolves({ ChallengeName: 'NEW_PASSWORD_REQUIRED', Session: 's' });
  cognito.on(RespondToAuthChallengeCommand).resolves({ AuthenticationResult: { IdToken: 'y' } });
  cognito.on(ConfirmForgotPasswordCommand).resolves({});
});
afterEach(() => {
  delete process.env.SERVER_CLIENT_ID;
});

const clientIds = () => [
  ...cognito.commandCalls(InitiateAuthCommand).map((c) => c.args[0].input.ClientId),
  ...cognito.commandCalls(RespondToAuthChallengeCommand).map((c) => c.args[0].input.ClientId),
];

describe('the server-side sign-in client', () => {
  it('signs in and answers the new-password challenge with SERVER_CLIENT_ID when it is set', async () => {
    process.env.SERVER_CLIENT_ID = 'server-1';
    expect((await signIn()).statusCode).toBe(200);
    expect((await setPassword()).statusCode).toBe(200);
    expect(clientIds()).toEqual(['server-1', 'server-1', 'server-1']);
  });

  it('falls back to USER_POOL_CLIENT_ID without it (the local stack has one client)', async () => {
    expect((await signIn()).statusCode).toBe(200);
    expect((await setPassword()).statusCode).toBe(200);
    expect(clientIds()).toEqual(['client-1', 'client-1', 'client-1']);
  });

  it('leaves the reset code on the web client, which sent it', async () => {
    process.env.SERVER_CLIENT_ID = 'server-1';
    const r = await call(resetVerify, 'POST /api/users/reset-password/verify', { email: 'known@customer.test', code: '123456', newPassword: 'NewPass1' });
    expect(r.statusCode).toBe(200);
    expect(cognito.commandCalls(ConfirmForgotPasswordCommand)[0]!.args[0].input.ClientId).toBe('client-1');
  });
});
