import { AdminUpdateUserAttributesCommand } from '@aws-sdk/client-cognito-identity-provider';
import { dynamo, identity } from '../shared/platform/clients.js';
import { ChangeEmailBody, EmailParams, userMessages } from '../shared/contract/users.js';
import { appendAudit } from '../shared/data/audit.js';
import { changeEmail, getUserByEmail } from '../shared/data/users.js';
import { isStaffEmail, settings } from '../shared/platform/env.js';
import { badRequest, HttpError, ok } from '../shared/platform/http.js';
import { log } from '../shared/platform/log.js';
import { api } from '../shared/platform/middleware.js';
import { errorName, serviceFailure } from '../shared/domain/accounts/cognito-errors.js';
import { noUser } from '../shared/domain/users/portal-user.js';

const setPoolEmail = (from: string, to: string) =>
  identity().send(
    new AdminUpdateUserAttributesCommand({
      UserPoolId: settings.userPoolId(),
      Username: from,
      // Set by an administrator, verified: Cognito applies it at once (a user's own change waits for a code).
      UserAttributes: [
        { Name: 'email', Value: to },
        { Name: 'email_verified', Value: 'true' },
      ],
    }),
  );

/**
 * PUT /api/users/{email}/email { email } (administrators): the one way an account's email
 * changes (the web client may not write it). Cognito first (it refuses an address another account
 * has), then the row, which also refuses every token issued before; if the row cannot follow, the
 * pool is put back. A customer cannot take a staff-domain address, nor staff leave the staff domains.
 */
export const handler = api({ params: EmailParams, body: ChangeEmailBody }, async ({ params, body, caller }) => {
  const db = dynamo();
  const from = params.email;
  const to = body.email;
  if (from === to) throw badRequest(userMessages.sameEmail);
  const row = await getUserByEmail(db, from);
  if (!row) throw noUser(from);
  const staff = isStaffEmail(from);
  if (!staff && isStaffEmail(to)) throw badRequest(userMessages.staffDomainForCustomer);
  if (staff && !isStaffEmail(to)) throw badRequest(userMessages.customerDomainForStaff);
  if (await getUserByEmail(db, to)) throw new HttpError(422, userMessages.exists);

  try {
    await setPoolEmail(from, to);
  } catch (e) {
    const name = errorName(e);
    if (name === 'AliasExistsException' || name === 'UsernameExistsException') throw new HttpError(422, userMessages.exists);
    if (name === 'UserNotFoundException') throw noUser(from);
    throw serviceFailure(e, 'AdminUpdateUserAttributes');
  }
  const putBack = () => setPoolEmail(to, from).catch((err: unknown) => log.error('putting the pool email back failed', { from, to, err }));
  let moved: boolean;
  try {
    moved = await changeEmail(db, row.sub, from, to);
  } catch (e) {
    await putBack();
    throw e;
  }
  if (!moved) {
    await putBack();
    throw new HttpError(409, `The account ${from} changed while its email was being changed. Please try again.`);
  }
  await appendAudit(db, caller!.email, 'user.email', to, { from });
  return ok({ message: userMessages.emailChanged, EMAIL: to });
});
