import { describe, expect, it } from '@jest/globals';
import { registrationFailureMessage, twoStepFailure, cognitoErrorCode } from '../features/auth/cognito-errors';
import { authStrings } from '../features/auth/strings';
import { CognitoError, cognitoCaller, cognitoEndpoint } from './cognito-call';
import { passwordSignIn, sessionKeys } from './cognito-password';

const ENDPOINT = 'http://127.0.0.1:9229/';
const CLIENT = 'web-client-1';
const NOW_MS = 1_700_000_100_000;
const b64 = (text: string) => btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const jwt = (claims: Record<string, unknown>) => `${b64('{"alg":"RS256"}')}.${b64(JSON.stringify(claims))}.sig`;
const ID = jwt({ token_use: 'id', iat: 1_700_000_000, exp: 1_700_003_600, email: 'dana@northwind.test' });
const ACCESS = jwt({ token_use: 'access', iat: 1_700_000_040, exp: 1_700_003_600 });
const tokens = { AuthenticationResult: { IdToken: ID, AccessToken: ACCESS, RefreshToken: 'refresh-1', ExpiresIn: 3600, TokenType: 'Bearer' }, ChallengeParameters: {} };

type Answer = { status: number; body: unknown; headers?: Record<string, string> } | Error;
const refusal = (type: string, message = 'x', status = 400): Answer => ({ status, body: { __type: type, message } });

/** A pool answering `answers` in turn over HTTP, recording what was sent; a session kept in `storage`. */
function pool(...answers: Answer[]) {
  const sent: { url: string; target: string | null; contentType: string | null; body: Record<string, unknown> }[] = [];
  const fetchFn = (async (url: string, init: RequestInit) => {
    const headers = new Headers(init.headers);
    sent.push({ url, target: headers.get('x-amz-target'), contentType: headers.get('content-type'), body: JSON.parse(init.body as string) as Record<string, unknown> });
    const a = answers.shift();
    if (!a) throw new Error('no answer scripted');
    if (a instanceof Error) throw a;
    return new Response(typeof a.body === 'string' ? a.body : JSON.stringify(a.body), { status: a.status, headers: a.headers });
  }) as unknown as typeof fetch;
  const storage = new Map<string, string>();
  const deps = { call: cognitoCaller(ENDPOINT, fetchFn), clientId: CLIENT, storage: { setItem: (k: string, v: string) => void storage.set(k, v) }, now: () => NOW_MS };
  return { sent, storage, deps };
}

const failure = (p: Promise<unknown>) => p.then(() => { throw new Error('resolved'); }, (e: unknown) => e as CognitoError);

describe('password sign-in with direct calls (USER_PASSWORD_AUTH, issue 42)', () => {
  it('sends InitiateAuth with the name and password typed, and keeps the session where the library reads it', async () => {
    const { sent, storage, deps } = pool({ status: 200, body: tokens });
    await expect(passwordSignIn('dana@northwind.test', 'Demo1234', deps)).resolves.toEqual({ kind: 'signedIn', idToken: ID });
    expect(sent).toEqual([
      {
        url: ENDPOINT,
        target: 'AWSCognitoIdentityProviderService.InitiateAuth',
        contentType: 'application/x-amz-json-1.1',
        body: { AuthFlow: 'USER_PASSWORD_AUTH', ClientId: CLIENT, AuthParameters: { USERNAME: 'dana@northwind.test', PASSWORD: 'Demo1234' } },
      },
    ]);
    const keys = sessionKeys(CLIENT, 'dana@northwind.test');
    expect(keys.refreshToken).toBe(`CognitoIdentityServiceProvider.${CLIENT}.dana@northwind.test.refreshToken`);
    // The clock drift as the library works it out: now less the earlier of the two issue times.
    expect(Object.fromEntries(storage)).toEqual({
      [keys.idToken]: ID,
      [keys.accessToken]: ACCESS,
      [keys.refreshToken]: 'refresh-1',
      [keys.clockDrift]: '100',
      [keys.lastAuthUser]: 'dana@northwind.test',
    });
  });

  it.each([
    ['a wrong password', 'NotAuthorizedException', 'Incorrect username or password.'],
    ['an unknown user', 'UserNotFoundException', 'User does not exist.'],
    ["the local pool's wrong password", 'InvalidPasswordException', 'Invalid password'],
    ['an expired invitation', 'NotAuthorizedException', 'Temporary password has expired and must be reset by an administrator.'],
  ])('%s is refused with the code Cognito names and keeps no session', async (_what, code, message) => {
    const { storage, deps } = pool(refusal(code, message));
    const error = await failure(passwordSignIn('dana@northwind.test', 'nope', deps));
    expect(error).toBeInstanceOf(CognitoError);
    expect({ code: error.code, message: error.message, read: cognitoErrorCode(error) }).toEqual({ code, message, read: code });
    expect(storage.size).toBe(0);
  });

  it("reads the code from a namespaced __type, from the header when the body is not JSON, and names a silent service's failure", async () => {
    const namespaced = pool(refusal('com.amazonaws.cognito.identity.idp.model#TooManyRequestsException', 'Rate exceeded'));
    expect((await failure(passwordSignIn('a@b.test', 'p', namespaced.deps))).code).toBe('TooManyRequestsException');
    const header = pool({ status: 400, body: '<html>', headers: { 'x-amzn-errortype': 'LimitExceededException:http://internal.amazon.com/' } });
    const fromHeader = await failure(passwordSignIn('a@b.test', 'p', header.deps));
    expect({ code: fromHeader.code, message: fromHeader.message }).toEqual({ code: 'LimitExceededException', message: 'InitiateAuth answered 400' });
    const unnamed = pool({ status: 500, body: '' });
    expect((await failure(passwordSignIn('a@b.test', 'p', unnamed.deps))).code).toBe('UnknownError');
    // No answer at all (the pool down, offline): not a refusal, so the form logs it as an error.
    const offline = pool(new TypeError('Failed to fetch'));
    const down = await failure(passwordSignIn('a@b.test', 'p', offline.deps));
    expect({ code: down.code, message: down.message }).toEqual({ code: 'NetworkError', message: 'Failed to fetch' });
  });

  it("answers the new-password challenge of an invitation's temporary password with the user's writable attributes", async () => {
    const challenge = {
      ChallengeName: 'NEW_PASSWORD_REQUIRED',
      Session: 'session-np',
      ChallengeParameters: {
        USER_ID_FOR_SRP: 'user-uuid-1',
        requiredAttributes: '[]',
        userAttributes: JSON.stringify({ email: 'new@northwind.test', email_verified: 'true', name: 'New Person' }),
      },
    };
    const { sent, storage, deps } = pool({ status: 200, body: challenge }, refusal('InvalidPasswordException', 'Password does not conform to policy'), { status: 200, body: tokens });
    const outcome = await passwordSignIn('new@northwind.test', 'Invited77x', deps);
    if (outcome.kind !== 'newPasswordRequired') throw new Error(`got ${outcome.kind}`);
    expect(storage.size).toBe(0);
    // A new password Cognito's policy refuses: the spec's rule is shown, and the challenge may be answered again.
    const refused = await failure(outcome.answer('short'));
    expect(registrationFailureMessage('newPassword', refused)).toBe(authStrings.registration.rule);
    await expect(outcome.answer('Renewed42x')).resolves.toBe(ID);
    expect(sent.slice(1).map((s) => s.target)).toEqual(['AWSCognitoIdentityProviderService.RespondToAuthChallenge', 'AWSCognitoIdentityProviderService.RespondToAuthChallenge']);
    expect(sent[2]!.body).toEqual({
      ClientId: CLIENT,
      ChallengeName: 'NEW_PASSWORD_REQUIRED',
      Session: 'session-np',
      ChallengeResponses: { USERNAME: 'user-uuid-1', 'userAttributes.name': 'New Person', NEW_PASSWORD: 'Renewed42x' },
    });
    // Kept under the name signed in with, as the library kept it (the registration revokes it next).
    expect(storage.get(sessionKeys(CLIENT, 'new@northwind.test').refreshToken)).toBe('refresh-1');
  });

  it("answers the staff two-step challenge with the app's code: a wrong code may be tried again, an ended challenge starts over", async () => {
    const challenge = { ChallengeName: 'SOFTWARE_TOKEN_MFA', Session: 'session-mfa', ChallengeParameters: { USER_ID_FOR_SRP: 'staff-uuid' } };
    const { sent, storage, deps } = pool(
      { status: 200, body: challenge },
      refusal('CodeMismatchException', 'Invalid code received for user'),
      { status: 200, body: tokens },
    );
    const outcome = await passwordSignIn('ops@provider.test', 'Passw0rd', deps);
    if (outcome.kind !== 'totpRequired') throw new Error(`got ${outcome.kind}`);
    expect(storage.size).toBe(0);
    const wrong = await failure(outcome.answer('000000'));
    expect(twoStepFailure(wrong)).toEqual({ message: authStrings.twoStep.wrongCode, restart: false });
    await expect(outcome.answer('123456')).resolves.toBe(ID);
    for (const [i, code] of [[1, '000000'], [2, '123456']] as const)
      expect(sent[i]!.body).toEqual({
        ClientId: CLIENT,
        ChallengeName: 'SOFTWARE_TOKEN_MFA',
        Session: 'session-mfa',
        ChallengeResponses: { USERNAME: 'staff-uuid', SOFTWARE_TOKEN_MFA_CODE: code },
      });
    expect(storage.get(sessionKeys(CLIENT, 'ops@provider.test').lastAuthUser)).toBe('ops@provider.test');

    const ended = pool({ status: 200, body: challenge }, refusal('NotAuthorizedException', 'Invalid session for the user, session is expired.'));
    const again = await passwordSignIn('ops@provider.test', 'Passw0rd', ended.deps);
    if (again.kind !== 'totpRequired') throw new Error(`got ${again.kind}`);
    expect(twoStepFailure(await failure(again.answer('123456')))).toEqual({ message: authStrings.twoStep.expired, restart: true });
  });

  it('refuses a challenge the portal does not use (SMS, or an answer with neither tokens nor a challenge) rather than waiting', async () => {
    const sms = pool({ status: 200, body: { ChallengeName: 'SMS_MFA', Session: 's', ChallengeParameters: {} } });
    const error = await failure(passwordSignIn('a@b.test', 'p', sms.deps));
    expect({ code: error.code, message: error.message }).toEqual({ code: 'UnsupportedChallenge', message: 'Cognito asked for SMS_MFA' });
    const empty = pool({ status: 200, body: {} });
    expect((await failure(passwordSignIn('a@b.test', 'p', empty.deps))).code).toBe('UnsupportedChallenge');
    expect(sms.storage.size + empty.storage.size).toBe(0);
  });

  it("calls the endpoint config.json names, else the region's own", () => {
    expect(cognitoEndpoint({ endpoint: ENDPOINT, region: 'eu-west-1' })).toBe(ENDPOINT);
    expect(cognitoEndpoint({ endpoint: undefined, region: 'eu-west-1' })).toBe('https://cognito-idp.eu-west-1.amazonaws.com/');
  });
});
