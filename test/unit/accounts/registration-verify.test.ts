import { InitiateAuthCommand, RespondToAuthChallengeCommand } from '@aws-sdk/client-cognito-identity-provider';
import { cognito, cognitoError, get, put, resetAws, serverCallOf, subOf, user } from './fixtures.js';
import { handler } from '../../../lambdas/accounts/registration-verify.js';
import { apiEvent, json } from '../support/events.js';

const verify = (body: unknown, sourceIp = '10.0.0.1') => handler(apiEvent({ route: 'POST /api/users/user-registration/verify', body, sourceIp }));
const body = (over: Record<string, unknown> = {}) => ({ email: 'new@customer.test', code: 'Tmp!pass1234', newPassword: 'Chosen123', ...over });
const FAILED = { error: 'Invalid email or temporary password. Please try again.' };
const challenge = { ChallengeName: 'NEW_PASSWORD_REQUIRED' as const, Session: 'session-1', ChallengeParameters: { USER_ID_FOR_SRP: '7d1c-uuid' } };

beforeEach(() => {
  resetAws();
  put('accounts', user('new@customer.test', { pending: true, tokensValidAfter: 5 }));
});

describe('POST /api/users/user-registration/verify', () => {
  it('400s a missing password, then one outside the rule, before asking Cognito', async () => {
    expect(json(await verify(body({ newPassword: undefined }))).error).toMatch(/^Invalid body\.newPassword: /);
    const weak = await verify(body({ newPassword: 'chosen' }));
    expect(weak.statusCode).toBe(400);
    expect(json(weak).error).toBe('Password must be at least 5 characters long and include at least one lowercase letter, one uppercase letter, and one number.');
    expect(cognito.commandCalls(InitiateAuthCommand)).toHaveLength(0);
  });

  it('holds a staff email to 12 characters before asking Cognito; customers keep the spec rule', async () => {
    put('accounts', user('ops@example-hvac.com', { pending: true }));
    const short = await verify(body({ email: 'ops@example-hvac.com', newPassword: 'Chosen12345' }));
    expect(short.statusCode).toBe(400);
    expect(json(short).error).toBe('Staff passwords must be at least 12 characters long and include at least one lowercase letter, one uppercase letter, and one number.');
    expect(json(await verify(body({ email: 'OPS@Example-HVAC.com', newPassword: 'chosen123456' }))).error).toMatch(/^Staff passwords must be at least 12 characters/);
    expect(cognito.commandCalls(InitiateAuthCommand)).toHaveLength(0);
    cognito.on(InitiateAuthCommand).resolves(challenge);
    cognito.on(RespondToAuthChallengeCommand).resolves({ AuthenticationResult: { IdToken: 'y' } });
    expect((await verify(body({ email: 'ops@example-hvac.com', newPassword: 'Chosen123456' }))).statusCode).toBe(200);
    expect((await verify(body({ newPassword: 'Chosen1' }))).statusCode).toBe(200);
  });

  it('400s a wrong or expired temporary password', async () => {
    cognito.on(InitiateAuthCommand).rejects(cognitoError('NotAuthorizedException', 'Temporary password has expired and must be reset by an administrator.'));
    expect(json(await verify(body()))).toEqual(FAILED);
    cognito.on(InitiateAuthCommand).rejects(cognitoError('NotAuthorizedException', 'Incorrect username or password.'));
    expect((await verify(body())).statusCode).toBe(400);
    expect(cognito.commandCalls(RespondToAuthChallengeCommand)).toHaveLength(0);
  });

  it('400s an account that has its own password already (no challenge) and a Cognito user with no users row', async () => {
    cognito.on(InitiateAuthCommand).resolves({ AuthenticationResult: { IdToken: 'x' } });
    expect(json(await verify(body()))).toEqual(FAILED);
    cognito.on(InitiateAuthCommand).resolves(challenge);
    expect(json(await verify(body({ email: 'ghost@customer.test' })))).toEqual(FAILED);
    expect(cognito.commandCalls(RespondToAuthChallengeCommand)).toHaveLength(0);
  });

  it("answers Cognito's policy refusal of the new password with the rule's message", async () => {
    cognito.on(InitiateAuthCommand).resolves(challenge);
    cognito.on(RespondToAuthChallengeCommand).rejects(cognitoError('InvalidPasswordException', 'Password did not conform with policy'));
    const r = await verify(body({ newPassword: 'Ab3de' }));
    expect(r.statusCode).toBe(400);
    expect(json(r).error).toMatch(/^Password must be at least 5 characters/);
    expect(get('accounts', subOf('new@customer.test'))?.pending).toBe(true);
  });

  it('sets the password through the new-password challenge, clears pending and refuses older tokens', async () => {
    cognito.on(InitiateAuthCommand).resolves(challenge);
    cognito.on(RespondToAuthChallengeCommand).resolves({ AuthenticationResult: { IdToken: 'y' } });
    const before = Date.now();
    const r = await verify(body({ email: 'NEW@customer.test' }));
    expect(r.statusCode).toBe(200);
    expect(json(r)).toEqual({ message: 'Password has been set. You can now log in with your new password.' });
    const signIn = serverCallOf('new@customer.test', '10.0.0.1');
    expect(cognito.commandCalls(InitiateAuthCommand)[0]!.args[0].input).toEqual({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: 'server-1',
      AuthParameters: { USERNAME: 'new@customer.test', PASSWORD: 'Tmp!pass1234', SECRET_HASH: signIn.hash },
      UserContextData: signIn.UserContextData,
    });
    // The challenge is answered for the user Cognito names in it (the pool's user name, not the email alias), hashed for that name.
    const answer = serverCallOf('7d1c-uuid', '10.0.0.1');
    expect(cognito.commandCalls(RespondToAuthChallengeCommand)[0]!.args[0].input).toEqual({
      ClientId: 'server-1',
      ChallengeName: 'NEW_PASSWORD_REQUIRED',
      Session: 'session-1',
      ChallengeResponses: { USERNAME: '7d1c-uuid', NEW_PASSWORD: 'Chosen123', SECRET_HASH: answer.hash },
      UserContextData: answer.UserContextData,
    });
    const row = get('accounts', subOf('new@customer.test'))!;
    expect(row.pending).toBeUndefined();
    expect(Number(row.tokensValidAfter)).toBeGreaterThanOrEqual(before);
  });

  it('429s after 30 failed checks from one address', async () => {
    cognito.on(InitiateAuthCommand).rejects(cognitoError('NotAuthorizedException'));
    for (let i = 0; i < 30; i++) expect((await verify(body(), '10.3.3.3')).statusCode).toBe(400);
    expect((await verify(body(), '10.3.3.3')).statusCode).toBe(429);
  });
});
