/**
 * The browser's talk with Cognito. Pool, client, endpoint and sign-in flow come from config.json:
 * SRP on AWS, USER_PASSWORD_AUTH where the local pool cannot do SRP. The password flow is two
 * direct calls (cognito-password.ts, issue 42); SRP, and everything after the sign-in (refresh,
 * password change, authenticator set-up, reset code, sign-out), go through
 * amazon-cognito-identity-js, loaded on first use (about 30 KB gzipped, never on the log-in route's
 * first load), which finds the session where both keep it.
 */
import type { CognitoUser, CognitoUserPool, CognitoUserSession } from 'amazon-cognito-identity-js';
import { asCognitoError, CognitoError, cognitoCaller, cognitoEndpoint } from './cognito-call';
import { passwordSignIn, sessionKeys, type SignInOutcome } from './cognito-password';
import { publicConfig } from './public-config';

export { CognitoError, type SignInOutcome };

type CognitoLib = typeof import('amazon-cognito-identity-js');

let lib: Promise<CognitoLib> | undefined;

/** Starts loading the library; safe to call often. */
export function loadCognito(): Promise<CognitoLib> {
  // The library's Buffer polyfill reads Node's `global`, which browsers do not have.
  if (!('global' in globalThis)) Object.assign(globalThis, { global: globalThis });
  lib ??= import('amazon-cognito-identity-js').catch((error: unknown) => {
    lib = undefined;
    throw error;
  });
  return lib;
}

/**
 * The user means to sign in (the first keystroke of the log-in form): the library starts loading
 * where the sign-in needs it (SRP); the password flow needs nothing more than this module.
 */
export function prepareSignIn(): void {
  if (publicConfig().signInFlow === 'USER_SRP_AUTH') void loadCognito().catch(() => {});
}

async function pool(): Promise<{ lib: CognitoLib; pool: CognitoUserPool }> {
  const loaded = await loadCognito();
  const c = publicConfig();
  return { lib: loaded, pool: new loaded.CognitoUserPool({ UserPoolId: c.userPoolId, ClientId: c.userPoolClientId, endpoint: c.endpoint }) };
}

async function user(email: string) {
  const p = await pool();
  const u = new p.lib.CognitoUser({ Username: email, Pool: p.pool });
  u.setAuthenticationFlowType(publicConfig().signInFlow);
  return { ...p, user: u };
}

/**
 * Signs in with email and password; resolves with the ID token or the challenge that comes first
 * (a new password, the authenticator app's code).
 */
export async function signInWithPassword(email: string, password: string): Promise<SignInOutcome> {
  const c = publicConfig();
  if (c.signInFlow === 'USER_PASSWORD_AUTH')
    return passwordSignIn(email, password, { call: cognitoCaller(cognitoEndpoint(c)), clientId: c.userPoolClientId, storage: localStorage });
  return srpSignIn(email, password);
}

/** SRP (AWS): the library works out the SRP values and answers Cognito's password verifier. */
async function srpSignIn(email: string, password: string): Promise<SignInOutcome> {
  const { lib: l, user: u } = await user(email);
  return new Promise<SignInOutcome>((resolve, reject) => {
    u.authenticateUser(new l.AuthenticationDetails({ Username: email, Password: password }), {
      onSuccess: (session: CognitoUserSession) => resolve({ kind: 'signedIn', idToken: session.getIdToken().getJwtToken() }),
      onFailure: (err: unknown) => reject(asCognitoError(err)),
      totpRequired: () =>
        resolve({
          kind: 'totpRequired',
          answer: (code) =>
            new Promise<string>((done, fail) =>
              u.sendMFACode(
                code,
                {
                  onSuccess: (session: CognitoUserSession) => done(session.getIdToken().getJwtToken()),
                  onFailure: (err: unknown) => fail(asCognitoError(err)),
                },
                'SOFTWARE_TOKEN_MFA',
              ),
            ),
        }),
      newPasswordRequired: (userAttributes: Record<string, unknown>) => {
        // Cognito refuses these back in the answer (they are not writable here).
        const { email: _email, email_verified: _verified, ...attributes } = userAttributes;
        resolve({
          kind: 'newPasswordRequired',
          answer: (newPassword) =>
            new Promise<string>((done, fail) =>
              u.completeNewPasswordChallenge(newPassword, attributes, {
                onSuccess: (session: CognitoUserSession) => done(session.getIdToken().getJwtToken()),
                onFailure: (err: unknown) => fail(asCognitoError(err)),
              }),
            ),
        });
      },
    });
  });
}

/** Sets a new password with the mailed reset code (ConfirmForgotPassword). */
export async function confirmResetCode(email: string, code: string, newPassword: string): Promise<void> {
  const { user: u } = await user(email);
  return new Promise<void>((resolve, reject) =>
    u.confirmPassword(code, newPassword, { onSuccess: () => resolve(), onFailure: (err: unknown) => reject(asCognitoError(err)) }),
  );
}

/** The signed-in user of this browser as the library keeps them (tokens in local storage), or null. */
async function currentUser(): Promise<{ user: CognitoUser; session: CognitoUserSession } | null> {
  const { pool: p } = await pool();
  const u = p.getCurrentUser();
  if (!u) return null;
  return new Promise((resolve) =>
    u.getSession((err: Error | null, session: CognitoUserSession | null) => resolve(err || !session ? null : { user: u, session })),
  );
}

/**
 * Changes the password of the user signed in on this browser (Cognito's ChangePassword with their
 * access token): Cognito checks the current password itself and holds the new one to the pool's policy.
 */
export async function changeOwnPassword(currentPassword: string, newPassword: string): Promise<void> {
  const current = await currentUser();
  if (!current) throw new CognitoError('NotAuthorizedException', 'No signed-in user on this browser');
  return new Promise<void>((resolve, reject) =>
    current.user.changePassword(currentPassword, newPassword, (err?: Error) => (err ? reject(asCognitoError(err)) : resolve())),
  );
}

/**
 * Setting up an authenticator app for the user signed in on this browser (their access token):
 * Cognito's new secret (base32), and `confirm`, which checks a code the app shows
 * (VerifySoftwareToken), makes the app the account's second step (SetUserMFAPreference) and gives a
 * fresh ID token, which now says the app is there.
 */
export async function startAuthenticatorSetup(): Promise<{ secret: string; confirm(code: string): Promise<string> }> {
  const current = await currentUser();
  if (!current) throw new CognitoError('NotAuthorizedException', 'No signed-in user on this browser');
  const u = current.user;
  const secret = await new Promise<string>((resolve, reject) =>
    u.associateSoftwareToken({ associateSecretCode: resolve, onFailure: (err: unknown) => reject(asCognitoError(err)) }),
  );
  const confirm = async (code: string) => {
    await new Promise<void>((resolve, reject) =>
      u.verifySoftwareToken(code, 'Authenticator app', { onSuccess: () => resolve(), onFailure: (err: unknown) => reject(asCognitoError(err)) }),
    );
    await new Promise<void>((resolve, reject) =>
      u.setUserMfaPreference(null, { PreferredMfa: true, Enabled: true }, (err?: Error) => (err ? reject(asCognitoError(err)) : resolve())),
    );
    const token = await refreshIdToken();
    if (!token) throw new CognitoError('NotAuthorizedException', 'The session could not be renewed');
    return token;
  };
  return { secret, confirm };
}

/** A fresh ID token from the refresh token; null when there is no refresh token or Cognito refuses it. */
export async function refreshIdToken(): Promise<string | null> {
  const current = await currentUser();
  if (!current) return null;
  return new Promise((resolve) =>
    current.user.refreshSession(current.session.getRefreshToken(), (err: unknown, session: CognitoUserSession | null) =>
      resolve(err || !session ? null : session.getIdToken().getJwtToken()),
    ),
  );
}

/**
 * Revokes this browser's refresh token (RevokeToken) and forgets the library's tokens. Called
 * directly rather than through the library's signOut, which skips the call when the access token
 * lacks `origin_jti` (the local pool's tokens do). With `remote: false` (the account is gone, and
 * its tokens with it) the tokens are only forgotten; with no refresh token there is nothing to call.
 */
export async function revokeSession({ remote = true }: { remote?: boolean } = {}): Promise<void> {
  const { pool: p } = await pool();
  const u = p.getCurrentUser();
  if (!u) return;
  const refreshToken = readRefreshToken(u.getUsername());
  u.signOut();
  if (!refreshToken || !remote) return;
  const c = publicConfig();
  const res = await fetch(cognitoEndpoint(c), {
    method: 'POST',
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AWSCognitoIdentityProviderService.RevokeToken' },
    body: JSON.stringify({ Token: refreshToken, ClientId: c.userPoolClientId }),
  });
  if (!res.ok) throw new CognitoError('RevokeFailed', `RevokeToken answered ${res.status}`);
}

function readRefreshToken(username: string) {
  return localStorage.getItem(sessionKeys(publicConfig().userPoolClientId, username).refreshToken);
}
