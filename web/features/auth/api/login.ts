import { CognitoError, signInWithPassword } from '../../../lib/cognito';
import { decodeJwt } from '../../../lib/token';

/** Where a sign-in with email and password leads. */
export type LoginStep =
  | { kind: 'signedIn'; token: string }
  /** The account has an authenticator app: its current code gives the ID token. */
  | { kind: 'code'; answer(code: string): Promise<string> }
  /** The account must set up an authenticator app before anything else (its token says mfa '0'). */
  | { kind: 'setup' };

/**
 * Signs in through Cognito. A temporary password is refused like a wrong one: it works only on
 * /user-registration.
 */
export async function login(email: string, password: string): Promise<LoginStep> {
  const outcome = await signInWithPassword(email, password);
  if (outcome.kind === 'newPasswordRequired') throw new CognitoError('NewPasswordRequired', 'The account still has its temporary password');
  if (outcome.kind === 'totpRequired') return { kind: 'code', answer: outcome.answer };
  if (decodeJwt(outcome.idToken)?.mfa === '0') return { kind: 'setup' };
  return { kind: 'signedIn', token: outcome.idToken };
}
