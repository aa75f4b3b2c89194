import { dynamo } from '../shared/platform/clients.js';
import { accountMessages, ResetRequestBody } from '../shared/contract/accounts.js';
import { assertUnderLimit, hit, limits } from '../shared/data/rate-limits.js';
import { getUserByEmail } from '../shared/data/users.js';
import { badRequest, notFound, ok } from '../shared/platform/http.js';
import { api } from '../shared/platform/middleware.js';
import { sendResetCode } from '../shared/domain/accounts/reset-code.js';

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
  await sendResetCode(db, body.email, sourceIp, {
    unknown: () => notFound(accountMessages.emailUnknown),
    pending: () => badRequest(accountMessages.registrationPending),
  });
  return ok({ message: accountMessages.resetSent });
});
