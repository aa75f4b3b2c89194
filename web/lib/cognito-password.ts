/**
 * The password sign-in (`USER_PASSWORD_AUTH`, the flow config.json names where the pool has no SRP)
 * as two direct calls to Cognito, InitiateAuth and, for a challenge, RespondToAuthChallenge (issue
 * 42). The library's sign-in helper worked out an SRP value before it sent anything, also for this
 * flow (about 0.25 s of big-number arithmetic in the page), and the log-in screen loaded the library
 * for it. The tokens are kept where and as the library keeps them (CognitoUser.cacheTokens), so its
 * refresh, password change, authenticator set-up and sign-out (web/lib/cognito.ts) find the session.
 */
import { CognitoError, type CognitoCall } from './cognito-call';
import { base64UrlDecode } from './token';

export type SignInOutcome =
  | { kind: 'signedIn'; idToken: string }
  /** An invitation's temporary password: Cognito asks for the user's own before any token. */
  | { kind: 'newPasswordRequired'; answer(newPassword: string): Promise<string> }
  /**
   * The account has an authenticator app: the 6-digit code it shows now gives the ID token. The
   * same challenge takes another try after a wrong code, until Cognito ends it (3 minutes).
   */
  | { kind: 'totpRequired'; answer(code: string): Promise<string> };

/** The library's storage keys for a user's session (CognitoUser.cacheTokens). */
export function sessionKeys(clientId: string, username: string) {
  const prefix = `CognitoIdentityServiceProvider.${clientId}`;
  return {
    idToken: `${prefix}.${username}.idToken`,
    accessToken: `${prefix}.${username}.accessToken`,
    refreshToken: `${prefix}.${username}.refreshToken`,
    clockDrift: `${prefix}.${username}.clockDrift`,
    lastAuthUser: `${prefix}.LastAuthUser`,
  };
}

export interface PasswordSignInDeps {
  call: CognitoCall;
  clientId: string;
  storage: Pick<Storage, 'setItem'>;
  /** Milliseconds since the epoch (the clock drift the library keeps is measured with it). */
  now?: () => number;
}

interface AuthAnswer {
  ChallengeName?: string;
  Session?: string;
  ChallengeParameters?: Record<string, string>;
  AuthenticationResult?: { IdToken?: string; AccessToken?: string; RefreshToken?: string };
}

/** A token's `iat` (seconds), or null when it cannot be read. */
function issuedAt(jwt: string): number | null {
  try {
    const iat = (JSON.parse(base64UrlDecode(jwt.split('.')[1] ?? '')) as { iat?: unknown }).iat;
    return typeof iat === 'number' ? iat : null;
  } catch {
    return null;
  }
}

/**
 * The ID token of an answer that ends the sign-in, with the session stored as the library stores
 * it; a challenge this portal does not use (SMS, device keys) is refused as such.
 */
function keepSession(answer: AuthAnswer, username: string, deps: PasswordSignInDeps): string {
  const r = answer.AuthenticationResult;
  if (!r?.IdToken || !r.AccessToken) throw new CognitoError('UnsupportedChallenge', `Cognito asked for ${answer.ChallengeName ?? 'nothing it names'}`);
  const keys = sessionKeys(deps.clientId, username);
  const nowSeconds = Math.floor((deps.now ?? Date.now)() / 1000);
  const issued = [issuedAt(r.IdToken), issuedAt(r.AccessToken)].filter((t): t is number => t !== null);
  // The library's clock drift: this clock less the tokens' issue time (it judges their expiry by it).
  const drift = issued.length ? nowSeconds - Math.min(...issued) : 0;
  deps.storage.setItem(keys.idToken, r.IdToken);
  deps.storage.setItem(keys.accessToken, r.AccessToken);
  if (r.RefreshToken) deps.storage.setItem(keys.refreshToken, r.RefreshToken);
  deps.storage.setItem(keys.clockDrift, String(drift));
  deps.storage.setItem(keys.lastAuthUser, username);
  return r.IdToken;
}

/** What an answer to InitiateAuth leads to; `email` is the name the user signed in with. */
function outcomeOf(first: AuthAnswer, email: string, deps: PasswordSignInDeps): SignInOutcome {
  if (first.AuthenticationResult) return { kind: 'signedIn', idToken: keepSession(first, email, deps) };
  // The user as Cognito names them in a challenge's answer (the library sent the name typed, which Cognito takes too).
  const user = first.ChallengeParameters?.USER_ID_FOR_SRP ?? email;
  const respond = async (challengeName: string, responses: Record<string, string>) =>
    keepSession(
      (await deps.call('RespondToAuthChallenge', {
        ClientId: deps.clientId,
        ChallengeName: challengeName,
        Session: first.Session,
        ChallengeResponses: { USERNAME: user, ...responses },
      })) as AuthAnswer,
      email,
      deps,
    );
  if (first.ChallengeName === 'SOFTWARE_TOKEN_MFA')
    // A wrong code leaves the challenge's session as it was: the next code answers the same one.
    return { kind: 'totpRequired', answer: (code) => respond('SOFTWARE_TOKEN_MFA', { SOFTWARE_TOKEN_MFA_CODE: code }) };
  if (first.ChallengeName === 'NEW_PASSWORD_REQUIRED') {
    let attributes: Record<string, unknown> = {};
    try {
      attributes = JSON.parse(first.ChallengeParameters?.userAttributes ?? '{}') as Record<string, unknown>;
    } catch {
      /* none named: the answer carries the new password alone */
    }
    // Cognito refuses these back in the answer (they are not writable here).
    const { email: _email, email_verified: _verified, ...writable } = attributes;
    const given = Object.fromEntries(Object.entries(writable).flatMap(([k, v]) => (typeof v === 'string' ? [[`userAttributes.${k}`, v]] : [])));
    return { kind: 'newPasswordRequired', answer: (newPassword) => respond('NEW_PASSWORD_REQUIRED', { ...given, NEW_PASSWORD: newPassword }) };
  }
  throw new CognitoError('UnsupportedChallenge', `Cognito asked for ${first.ChallengeName ?? 'nothing it names'}`);
}

/** Signs in with email and password (USER_PASSWORD_AUTH): the ID token, or the challenge that comes first. */
export async function passwordSignIn(email: string, password: string, deps: PasswordSignInDeps): Promise<SignInOutcome> {
  const first = (await deps.call('InitiateAuth', {
    AuthFlow: 'USER_PASSWORD_AUTH',
    ClientId: deps.clientId,
    AuthParameters: { USERNAME: email, PASSWORD: password },
  })) as AuthAnswer;
  return outcomeOf(first, email, deps);
}
