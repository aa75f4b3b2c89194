import { dynamo } from '../shared/clients.js';
import { AccountEmailBody, userMessages } from '../shared/contract/users.js';
import { appendAudit } from '../shared/data/audit.js';
import { assertUnderLimit, hit, limits } from '../shared/data/rate-limits.js';
import { getUserByEmail } from '../shared/data/users.js';
import { HttpError, ok } from '../shared/http.js';
import { api } from '../shared/middleware.js';
import { sendResetCode } from '../accounts/reset-code.js';
import { noUser } from './portal-user.js';

/**
 * POST /api/users/send-reset-code { email } (administrators; beyond the spec): the reset code the
 * forgot-password screen would send that email, under the same limit of codes per email (a
 * mailbox gets no more codes because an administrator asks). An account still invited gets 409:
 * Cognito gives it no code, the invitation is what it needs.
 */
export const handler = api({ body: AccountEmailBody }, async ({ body, caller }) => {
  const db = dynamo();
  if (!(await getUserByEmail(db, body.email))) throw noUser(body.email);
  await assertUnderLimit(db, limits.codeRequestPerEmail, body.email);
  await hit(db, limits.codeRequestPerEmail, body.email);
  await sendResetCode(db, body.email, {
    unknown: () => noUser(body.email),
    pending: () => new HttpError(409, userMessages.stillInvited(body.email)),
  });
  await appendAudit(db, caller!.email, 'user.send-reset-code', body.email);
  return ok({ message: userMessages.resetCodeSent(body.email), EMAIL: body.email });
});
