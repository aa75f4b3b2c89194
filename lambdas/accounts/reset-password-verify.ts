import { ConfirmForgotPasswordCommand } from '@aws-sdk/client-cognito-identity-provider';
import { dynamo, identity } from '../shared/platform/clients.js';
import { accountMessages, VerifyBody } from '../shared/contract/accounts.js';
import { assertUnderLimit, clear, hit, limits, overLimit } from '../shared/data/rate-limits.js';
import { isStaffEmail } from '../shared/platform/env.js';
import { badRequest, ok } from '../shared/platform/http.js';
import { api } from '../shared/platform/middleware.js';
import { newPasswordProblem, PASSWORD_RULE_MESSAGE } from '../shared/domain/accounts/passwords.js';
import { errorName, isPolicyRefusal, isSecretHashFailure, serviceFailure } from '../shared/domain/accounts/cognito-errors.js';
import { serverCall } from '../shared/domain/accounts/server-client.js';

/**
 * POST /api/users/reset-password/verify: the mailed code sets a new password. The fifth wrong code
 * for an email voids the code (counted here: Cognito's own limit is not exact and the local pool
 * has none). The post-confirmation trigger then refuses every older token.
 */
export const handler = api({ body: VerifyBody }, async ({ body, sourceIp }) => {
  const db = dynamo();
  await assertUnderLimit(db, limits.codeCheckPerAddress, sourceIp);
  const weak = newPasswordProblem(body.newPassword, isStaffEmail(body.email));
  if (weak) throw badRequest(weak);
  const refuse = async (wrongCode: boolean) => {
    if (wrongCode) await hit(db, limits.wrongCodePerEmail, body.email);
    await hit(db, limits.codeCheckPerAddress, sourceIp);
    return badRequest(accountMessages.resetFailed);
  };
  if (await overLimit(db, limits.wrongCodePerEmail, body.email)) throw await refuse(false);
  const server = await serverCall(body.email, sourceIp);
  try {
    await identity().send(
      new ConfirmForgotPasswordCommand({
        ClientId: server.ClientId,
        SecretHash: server.secretHash,
        UserContextData: server.UserContextData,
        Username: body.email,
        ConfirmationCode: body.code,
        Password: body.newPassword,
      }),
    );
  } catch (e) {
    if (isPolicyRefusal(e)) throw badRequest(PASSWORD_RULE_MESSAGE);
    const name = errorName(e);
    if (isSecretHashFailure(e)) throw serviceFailure(e, 'ConfirmForgotPassword');
    if (name === 'CodeMismatchException') throw await refuse(true);
    if (['ExpiredCodeException', 'UserNotFoundException', 'NotAuthorizedException', 'TooManyFailedAttemptsException', 'LimitExceededException', 'InvalidParameterException'].includes(name))
      throw await refuse(false);
    throw serviceFailure(e, 'ConfirmForgotPassword');
  }
  await clear(db, limits.wrongCodePerEmail, body.email);
  return ok({ message: accountMessages.resetDone });
});
