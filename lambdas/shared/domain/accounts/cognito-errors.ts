/**
 * How the account handlers read Cognito's refusals. Cognito and cognito-local name some of them
 * differently (a wrong password: NotAuthorizedException on Cognito, InvalidPasswordException
 * locally), so each handler asks by meaning, never by one service's name.
 */
import { unavailable } from '../../platform/http.js';
import { log } from '../../platform/log.js';

/** The caller gave something wrong: unknown user, wrong or expired password or code, bad state. */
const refusals = new Set([
  'NotAuthorizedException',
  'InvalidPasswordException',
  'UserNotFoundException',
  'PasswordResetRequiredException',
  'UserNotConfirmedException',
  'InvalidParameterException',
  'CodeMismatchException',
  'ExpiredCodeException',
  'TooManyFailedAttemptsException',
  // A trigger refused (pre-token generation finds no portal account for the user).
  'UserLambdaValidationException',
]);

export const errorName = (e: unknown) => (e instanceof Error ? e.name : '');

/**
 * Cognito refusing the server client's SECRET_HASH (NotAuthorizedException "Unable to verify secret
 * hash for client …"): a deployment fault (a secret that is not the client's), never the caller's
 * mistake, so not a refusal: logged, and 503.
 */
export const isSecretHashFailure = (e: unknown) => errorName(e) === 'NotAuthorizedException' && /secret hash/i.test((e as Error).message);

export const isRefusal = (e: unknown) => refusals.has(errorName(e)) && !isSecretHashFailure(e);

/** Where a new password is set, InvalidPasswordException means Cognito's own policy refused it. */
export const isPolicyRefusal = (e: unknown) => errorName(e) === 'InvalidPasswordException';

/** Anything else is Cognito not answering as it should: logged, and 503 to the caller. */
export function serviceFailure(e: unknown, what: string) {
  log.error(`${what} failed`, { err: e });
  return unavailable();
}
