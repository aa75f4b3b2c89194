import { InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { all, cognito, cognitoError, put, resetAws, serverCallOf, user } from './fixtures.js';
import { handler } from '../../../lambdas/accounts/login.js';
import { apiEvent, json } from '../support/events.js';

const route = 'POST /api/users/login';
const login = (body: unknown, sourceIp = '10.0.0.1') => handler(apiEvent({ route, body, sourceIp }));

beforeEach(() => {
  resetAws();
  put('accounts', user('known@customer.test'));
});

describe('POST /api/users/login/', () => {
  it('400s a body without the password, naming the field, before asking Cognito', async () => {
    const r = await login({ email: 'x@y.z' });
    expect(r.statusCode).toBe(400);
    expect(json(r).error).toMatch(/^Invalid body\.password: /);
    expect(cognito.commandCalls(InitiateAuthCommand)).toHaveLength(0);
  });

  it('answers the same 401 for a wrong password (Cognito and the local pool), an unknown user and a trigger refusal', async () => {
    for (const name of ['NotAuthorizedException', 'InvalidPasswordException', 'UserNotFoundException', 'UserLambdaValidationException']) {
      cognito.on(InitiateAuthCommand).rejects(cognitoError(name));
      const r = await login({ email: 'known@customer.test', password: 'Wrong123' });
      expect(r.statusCode).toBe(401);
      expect(json(r)).toEqual({ error: 'Invalid email or password' });
    }
  });

  it('401s a temporary password (the new-password challenge) and a Cognito user with no users row', async () => {
    cognito.on(InitiateAuthCommand).resolves({ ChallengeName: 'NEW_PASSWORD_REQUIRED', Session: 's' });
    expect(json(await login({ email: 'known@customer.test', password: 'Tmp!pass1' }))).toEqual({ error: 'Invalid email or password' });
    cognito.on(InitiateAuthCommand).resolves({ AuthenticationResult: { IdToken: 'id-token' } });
    const r = await login({ email: 'ghost@customer.test', password: 'Right123' });
    expect(r.statusCode).toBe(401);
  });

  it("403s the right password of an account with an authenticator app (its code is asked by the web app's sign-in), counting no failure", async () => {
    cognito.on(InitiateAuthCommand).resolves({ ChallengeName: 'SOFTWARE_TOKEN_MFA', Session: 's', ChallengeParameters: { USER_ID_FOR_SRP: 'u' } });
    const r = await login({ email: 'known@customer.test', password: 'Right123' });
    expect(r.statusCode).toBe(403);
    expect(json(r)).toEqual({ error: "This account signs in with a code from an authenticator app: log in on the portal's Log In page." });
    expect(all('rate-limits')).toEqual([]);
  });

  it('answers 503 when Cognito fails otherwise, without counting a failed sign-in', async () => {
    cognito.on(InitiateAuthCommand).rejects(cognitoError('InternalErrorException'));
    expect((await login({ email: 'known@customer.test', password: 'Right123' })).statusCode).toBe(503);
    expect(all('rate-limits')).toEqual([]);
  });

  it("answers the ID token for the lower-cased email with USER_PASSWORD_AUTH on the server client, its SECRET_HASH and the visitor's address", async () => {
    cognito.on(InitiateAuthCommand).resolves({ AuthenticationResult: { IdToken: 'id-token', AccessToken: 'a' } });
    const r = await login({ email: ' Known@Customer.TEST ', password: 'Right123' }, '198.51.100.7');
    expect(r.statusCode).toBe(200);
    expect(json(r)).toEqual({ token: 'id-token' });
    const server = serverCallOf('known@customer.test', '198.51.100.7');
    expect(cognito.commandCalls(InitiateAuthCommand)[0]!.args[0].input).toEqual({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: 'server-1',
      AuthParameters: { USERNAME: 'known@customer.test', PASSWORD: 'Right123', SECRET_HASH: server.hash },
      UserContextData: server.UserContextData,
    });
  });

  it('answers 503, not the wrong-password 401, when Cognito refuses the secret hash (a deployment fault), counting no failure', async () => {
    cognito.on(InitiateAuthCommand).rejects(cognitoError('NotAuthorizedException', 'Unable to verify secret hash for client server-1'));
    expect((await login({ email: 'known@customer.test', password: 'Right123' })).statusCode).toBe(503);
    expect(all('rate-limits')).toEqual([]);
  });

  it('429s with Retry-After after 10 failures for one email, even with the right password; a success clears the count', async () => {
    cognito.on(InitiateAuthCommand).rejects(cognitoError('NotAuthorizedException'));
    for (let i = 0; i < 9; i++) expect((await login({ email: 'known@customer.test', password: 'nope' })).statusCode).toBe(401);
    cognito.on(InitiateAuthCommand).resolves({ AuthenticationResult: { IdToken: 'id-token' } });
    expect((await login({ email: 'known@customer.test', password: 'Right123' })).statusCode).toBe(200);
    cognito.on(InitiateAuthCommand).rejects(cognitoError('NotAuthorizedException'));
    for (let i = 0; i < 10; i++) expect((await login({ email: 'known@customer.test', password: 'nope' })).statusCode).toBe(401);
    cognito.on(InitiateAuthCommand).resolves({ AuthenticationResult: { IdToken: 'id-token' } });
    const r = await login({ email: 'known@customer.test', password: 'Right123' });
    expect(r.statusCode).toBe(429);
    expect(json(r)).toEqual({ error: 'Too many attempts. Please wait a few minutes and try again.' });
    expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(r.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
  });

  it('429s after 50 failures from one address across emails', async () => {
    cognito.on(InitiateAuthCommand).rejects(cognitoError('NotAuthorizedException'));
    for (let i = 0; i < 50; i++) expect((await login({ email: `u${i}@customer.test`, password: 'nope' }, '10.9.9.9')).statusCode).toBe(401);
    expect((await login({ email: 'known@customer.test', password: 'nope' }, '10.9.9.9')).statusCode).toBe(429);
    expect((await login({ email: 'known@customer.test', password: 'nope' }, '10.9.9.8')).statusCode).toBe(401);
  });
});
