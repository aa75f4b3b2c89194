/**
 * Sending a reset code, as the forgot-password screen does and as an administrator does from the
 * user list: Cognito mails the code (text by the custom-message trigger) and the wrong-code count
 * of the email starts again. Cognito keeps reset codes from accounts whose invitation password is
 * still unchanged: `pending` says what to answer then. The call goes through the server app client,
 * naming `address` (the visitor's, or the administrator's who asked) to Cognito.
 */
import { ForgotPasswordCommand } from '@aws-sdk/client-cognito-identity-provider';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { identity } from '../../platform/clients.js';
import { clear, limits, TOO_MANY } from '../../data/rate-limits.js';
import { HttpError } from '../../platform/http.js';
import { errorName, isSecretHashFailure, serviceFailure } from './cognito-errors.js';
import { serverCall } from './server-client.js';

export interface ResetCodeRefusals {
  /** The pool has no such user. */
  unknown: () => HttpError;
  /** The account has not replaced its invitation's temporary password yet. */
  pending: () => HttpError;
}

export async function sendResetCode(db: DynamoDBDocumentClient, email: string, address: string, refusals: ResetCodeRefusals): Promise<void> {
  const server = await serverCall(email, address);
  try {
    await identity().send(new ForgotPasswordCommand({ ClientId: server.ClientId, SecretHash: server.secretHash, UserContextData: server.UserContextData, Username: email }));
  } catch (e) {
    const name = errorName(e);
    if (isSecretHashFailure(e)) throw serviceFailure(e, 'ForgotPassword');
    if (name === 'UserNotFoundException') throw refusals.unknown();
    if (name === 'NotAuthorizedException') throw refusals.pending();
    if (name === 'LimitExceededException') throw new HttpError(429, TOO_MANY, { 'retry-after': '900' });
    throw serviceFailure(e, 'ForgotPassword');
  }
  await clear(db, limits.wrongCodePerEmail, email);
}
