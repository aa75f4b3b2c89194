import { AdminCreateUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { dynamo, identity } from '../shared/clients.js';
import { AccountEmailBody, userMessages } from '../shared/contract/users.js';
import { appendAudit } from '../shared/data/audit.js';
import { getUserByEmail } from '../shared/data/users.js';
import { settings } from '../shared/env.js';
import { HttpError, ok } from '../shared/http.js';
import { api } from '../shared/middleware.js';
import { temporaryPassword } from '../shared/passwords.js';
import { errorName, serviceFailure } from '../accounts/cognito-errors.js';
import { noUser } from './portal-user.js';

/**
 * POST /api/users/resend-invitation { email } (administrators; beyond the spec): Cognito mails the
 * invitation again (AdminCreateUser, MessageAction RESEND) with a new temporary password, valid 7
 * days from now; the old one stops working. Only for an account still invited: one that has set its
 * password gets 409 (a reset code is what it needs).
 */
export const handler = api({ body: AccountEmailBody }, async ({ body, caller }) => {
  const db = dynamo();
  if (!(await getUserByEmail(db, body.email))) throw noUser(body.email);
  try {
    await identity().send(
      new AdminCreateUserCommand({
        UserPoolId: settings.userPoolId(),
        Username: body.email,
        MessageAction: 'RESEND',
        TemporaryPassword: temporaryPassword(),
        DesiredDeliveryMediums: ['EMAIL'],
      }),
    );
  } catch (e) {
    const name = errorName(e);
    if (name === 'UserNotFoundException') throw noUser(body.email);
    if (name === 'UnsupportedUserStateException') throw new HttpError(409, userMessages.alreadyActive(body.email));
    throw serviceFailure(e, 'AdminCreateUser (RESEND)');
  }
  await appendAudit(db, caller!.email, 'user.resend-invitation', body.email);
  return ok({ message: userMessages.invitationResent(body.email), EMAIL: body.email });
});
