/**
 * Cognito's refusals as the spec's messages (sections 2, 5 and 8). Cognito and the local pool name
 * some refusals differently (a wrong password: NotAuthorizedException on AWS,
 * InvalidPasswordException locally), so where a name is ambiguous the step decides.
 */
import { authStrings } from './strings';

/** Beyond the spec: Cognito's own attempt limit, whose message helps more than the generic one. */
export const TOO_MANY_ATTEMPTS = 'Too many attempts. Please wait a few minutes and try again.';

const throttled = new Set(['LimitExceededException', 'TooManyRequestsException', 'TooManyFailedAttemptsException']);

/** The code Cognito gave an error (`CodeMismatchException`), or '' for anything else. */
export function cognitoErrorCode(error: unknown): string {
  if (!error || typeof error !== 'object') return '';
  const e = error as { code?: unknown; name?: unknown };
  if (typeof e.code === 'string') return e.code;
  return typeof e.name === 'string' && e.name.endsWith('Exception') ? e.name : '';
}

/** Log in: every refusal is the one spec message (a temporary password too: it works only on /user-registration). */
export function loginFailureMessage(): string {
  return authStrings.login.failed;
}

/** Reset password with the mailed code (ConfirmForgotPassword). */
export function resetFailureMessage(error: unknown): string {
  const code = cognitoErrorCode(error);
  // Only a new password can be refused as a password here: Cognito's policy (stricter than the spec's 5 characters).
  if (code === 'InvalidPasswordException') return authStrings.reset.rule;
  if (throttled.has(code)) return TOO_MANY_ATTEMPTS;
  // Wrong or expired code, unknown email, an account still on its invitation: the spec's one message.
  return authStrings.reset.failed;
}

/**
 * First-time registration: `signIn` is the sign-in with the temporary password, `newPassword` the
 * answer to the new-password challenge.
 */
export function registrationFailureMessage(step: 'signIn' | 'newPassword', error: unknown): string {
  const code = cognitoErrorCode(error);
  if (throttled.has(code)) return TOO_MANY_ATTEMPTS;
  // At sign-in InvalidPasswordException is the local pool's wrong password; only the challenge judges the new one.
  if (step === 'newPassword' && code === 'InvalidPasswordException') return authStrings.registration.rule;
  // Wrong or expired temporary password (NotAuthorizedException), unknown email, already registered.
  return authStrings.registration.failed;
}

/**
 * The second step (a code from the authenticator app, at sign-in or while setting one up):
 * `restart` when the sign-in or set-up has to begin again from the password (Cognito ended it).
 */
export function twoStepFailure(error: unknown): { message: string; restart: boolean } {
  const code = cognitoErrorCode(error);
  const t = authStrings.twoStep;
  if (throttled.has(code)) return { message: TOO_MANY_ATTEMPTS, restart: false };
  // A wrong code: CodeMismatchException at sign-in, EnableSoftwareTokenMFAException in the set-up.
  if (code === 'CodeMismatchException' || code === 'EnableSoftwareTokenMFAException' || code === 'InvalidParameterException') return { message: t.wrongCode, restart: false };
  // The challenge's 3 minutes are over, or too many wrong codes: Cognito ends the session.
  if (code === 'NotAuthorizedException' || code === 'ExpiredCodeException') return { message: t.expired, restart: true };
  return { message: t.failed, restart: false };
}
