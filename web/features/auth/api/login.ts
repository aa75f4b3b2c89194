import { signInWithPassword } from '../../../lib/cognito';
import { decodeJwt } from '../../../lib/token';

/** Where a sign-in with email and password leads. */
export type LoginStep =
  | { kind: 'signedIn'; token: string }
  /** The account has an authenticator app: its current code gives the ID token. */
  | { kind: 'code'; answer(code: string): Promise<string> }
  /** The account must set up an authenticator app before anything else (its token says mfa '0'). */
  | { kind: 'setup' }
  /** The password typed is the invitation's temporary one (Cognito's NEW_PASSWORD_REQUIRED): the registration step follows. */
  | { kind: 'newPassword'; temporaryPassword: string };

/**
 * Signs in through Cognito. A temporary password leads to the registration step (the one
 * /user-registration takes), with the password already typed kept in memory only.
 */
export async function login(email: string, password: string): Promise<LoginStep> {
  const outcome = await signInWithPassword(email, password);
  if (outcome.kind === 'newPasswordRequired') return { kind: 'newPassword', temporaryPassword: password };
  if (outcome.kind === 'totpRequired') return { kind: 'code', answer: outcome.answer };
  if (decodeJwt(outcome.idToken)?.mfa === '0') return { kind: 'setup' };
  return { kind: 'signedIn', token: outcome.idToken };
}
