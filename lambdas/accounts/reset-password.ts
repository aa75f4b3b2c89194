import { ForgotPasswordCommand } from '@aws-sdk/client-cognito-identity-provider';
import { dynamo, identity } from '../shared/clients.js';
import { accountMessages, ResetRequestBody } from '../shared/contract/accounts.js';
import { assertUnderLimit, clear, hit, limits, TOO_MANY } from '../shared/data/rate-limits.js';
import { getUserByEmail } from '../shared/data/users.js';
import { settings } from '../shared/env.js';
import { badRequest, HttpError, notFound, ok } from '../shared/http.js';
import { api } from '../shared/middleware.js';
import { errorName, serviceFailure } from './cognito-errors.js';

/**
 * POST /api/users/reset-password: Cognito mails a reset code (text by the custom-message trigger).
 * Spec section 8 tells an unknown email apart (404); the limits per email and address keep that
 * from being mined in bulk. A new code starts the wrong-code count again.
 */
export const handler = api({ body: ResetRequestBody }, async ({ body, sourceIp }) => {
  const db = dynamo();
  await assertUnderLimit(db, limits.codeRequestPerEmail, body.email);
  await assertUnderLimit(db, limits.codeRequestPerAddress, sourceIp);
  await hit(db, limits.codeRequestPerEmail, body.email);
  await hit(db, limits.codeRequestPerAddress, sourceIp);
  if (!(await getUserByEmail(db, body.email))) throw notFound(accountMessages.emailUnknown);
  try {
    await identity().send(new ForgotPasswordCommand({ ClientId: settings.userPoolClientId(), Username: body.email }));
  } catch (e) {
    const name = errorName(e);
    if (name === 'UserNotFoundException') throw notFound(accountMessages.emailUnknown);
    // Cognito keeps reset codes from accounts whose invitation password is still unchanged.
    if (name === 'NotAuthorizedException') throw badRequest(accountMessages.registrationPending);
    if (name === 'LimitExceededException') throw new HttpError(429, TOO_MANY, { 'retry-after': '900' });
    throw serviceFailure(e, 'ForgotPassword');
  }
  await clear(db, limits.wrongCodePerEmail, body.email);
  return ok({ message: accountMessages.resetSent });
});
