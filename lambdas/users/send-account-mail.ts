import { AdminCreateUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { dynamo, identity } from '../shared/platform/clients.js';
import { AccountMailBody, userMessages } from '../shared/contract/users.js';
import { appendAudit } from '../shared/data/audit.js';
import { assertUnderLimit, hit, limits } from '../shared/data/rate-limits.js';
import { getUserByEmail } from '../shared/data/users.js';
import { settings } from '../shared/platform/env.js';
import { HttpError, ok } from '../shared/platform/http.js';
import { api } from '../shared/platform/middleware.js';
import { temporaryPassword } from '../shared/domain/accounts/passwords.js';
import { errorName, serviceFailure } from '../shared/domain/accounts/cognito-errors.js';
import { sendResetCode } from '../shared/domain/accounts/reset-code.js';
import { noUser } from '../shared/domain/users/portal-user.js';

/**
 * The invitation again: AdminCreateUser with MessageAction RESEND and a new temporary password,
 * valid 7 days from now (the old one stops working). Only for an account still invited.
 */
async function resendInvitation(email: string): Promise<string> {
  try {
    await identity().send(
      new AdminCreateUserCommand({
        UserPoolId: settings.userPoolId(),
        Username: email,
        MessageAction: 'RESEND',
        TemporaryPassword: temporaryPassword(),
        DesiredDeliveryMediums: ['EMAIL'],
      }),
    );
  } catch (e) {
    const name = errorName(e);
    if (name === 'UserNotFoundException') throw noUser(email);
    if (name === 'UnsupportedUserStateException') throw new HttpError(409, userMessages.alreadyActive(email));
    throw serviceFailure(e, 'AdminCreateUser (RESEND)');
  }
  return userMessages.invitationResent(email);
}

/** The reset code the forgot-password screen would send, under the same limit of codes per email; Cognito sees the administrator's address. */
async function resetCode(db: DynamoDBDocumentClient, email: string, address: string): Promise<string> {
  await assertUnderLimit(db, limits.codeRequestPerEmail, email);
  await hit(db, limits.codeRequestPerEmail, email);
  await sendResetCode(db, email, address, {
    unknown: () => noUser(email),
    pending: () => new HttpError(409, userMessages.stillInvited(email)),
  });
  return userMessages.resetCodeSent(email);
}

/**
 * POST /api/users/send-account-mail { email, mail } (administrators; beyond the spec), from the
 * user list: `invitation` mails an invited account its invitation again, `reset-code` mails an
 * active account a reset code. The other way round is 409, saying which to use. One route for
 * both: each route is about eleven CloudFormation resources, and the stage's stack is near the 500 limit.
 */
export const handler = api({ body: AccountMailBody }, async ({ body, caller, sourceIp }) => {
  const db = dynamo();
  if (!(await getUserByEmail(db, body.email))) throw noUser(body.email);
  const message = body.mail === 'invitation' ? await resendInvitation(body.email) : await resetCode(db, body.email, sourceIp);
  await appendAudit(db, caller!.email, body.mail === 'invitation' ? 'user.resend-invitation' : 'user.send-reset-code', body.email);
  return ok({ message, EMAIL: body.email });
});
