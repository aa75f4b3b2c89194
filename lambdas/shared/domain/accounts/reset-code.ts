/**
 * Sending a reset code, as the forgot-password screen does and as an administrator does from the
 * user list: Cognito mails the code (text by the custom-message trigger) and the wrong-code count
 * of the email starts again. Cognito keeps reset codes from accounts whose invitation password is
 * still unchanged: `pending` says what to answer then.
 */
import { ForgotPasswordCommand } from '@aws-sdk/client-cognito-identity-provider';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { identity } from '../../platform/clients.js';
import { clear, limits, TOO_MANY } from '../../data/rate-limits.js';
import { settings } from '../../platform/env.js';
import { HttpError } from '../../platform/http.js';
import { errorName, serviceFailure } from './cognito-errors.js';

export interface ResetCodeRefusals {
  /** The pool has no such user. */
  unknown: () => HttpError;
  /** The account has not replaced its invitation's temporary password yet. */
  pending: () => HttpError;
}

export async function sendResetCode(db: DynamoDBDocumentClient, email: string, refusals: ResetCodeRefusals): Promise<void> {
  try {
    await identity().send(new ForgotPasswordCommand({ ClientId: settings.userPoolClientId(), Username: email }));
  } catch (e) {
    const name = errorName(e);
    if (name === 'UserNotFoundException') throw refusals.unknown();
    if (name === 'NotAuthorizedException') throw refusals.pending();
    if (name === 'LimitExceededException') throw new HttpError(429, TOO_MANY, { 'retry-after': '900' });
    throw serviceFailure(e, 'ForgotPassword');
  }
  await clear(db, limits.wrongCodePerEmail, email);
}
