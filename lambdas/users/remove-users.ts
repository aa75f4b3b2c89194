import { AdminDeleteUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { dynamo, identity } from '../shared/platform/clients.js';
import { RemoveUsersBody, userMessages } from '../shared/contract/users.js';
import { appendAudit } from '../shared/data/audit.js';
import { deleteUser, getUsersByEmail } from '../shared/data/users.js';
import { isStaffEmail, settings } from '../shared/platform/env.js';
import { badRequest, listForMessage, notFound, ok } from '../shared/platform/http.js';
import { api } from '../shared/platform/middleware.js';
import { errorName, serviceFailure } from '../shared/domain/accounts/cognito-errors.js';

/**
 * POST /api/users/remove-users (administrators): nothing is removed unless every email is valid
 * (not the caller, not staff, known). Each user leaves Cognito, then the users table; their open
 * sessions fail at the next call because the middleware no longer finds their row.
 */
export const handler = api({ body: RemoveUsersBody }, async ({ body, caller }) => {
  const db = dynamo();
  const emails = [...new Set(body.users)];
  if (emails.includes(caller!.email)) throw badRequest('Invalid body.users: you cannot remove your own account.');
  const staff = emails.filter((e) => isStaffEmail(e));
  if (staff.length) throw badRequest(`Invalid body.users: staff accounts cannot be removed here (${listForMessage(staff)}).`);
  const found = new Map((await getUsersByEmail(db, emails)).map((u) => [u.email, u]));
  const missing = emails.filter((e) => !found.has(e));
  if (missing.length) throw notFound(`No user with the email ${listForMessage(missing)}.`);

  for (const email of emails) {
    try {
      await identity().send(new AdminDeleteUserCommand({ UserPoolId: settings.userPoolId(), Username: email }));
    } catch (e) {
      if (errorName(e) !== 'UserNotFoundException') throw serviceFailure(e, 'AdminDeleteUser');
    }
    await deleteUser(db, found.get(email)!.sub);
    await appendAudit(db, caller!.email, 'user.remove', email);
  }
  return ok({ message: userMessages.removed, removed: emails });
});
