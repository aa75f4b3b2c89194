import { AdminUpdateUserAttributesCommand } from '@aws-sdk/client-cognito-identity-provider';
import { dynamo, identity } from '../shared/platform/clients.js';
import { ChangeNameBody, EmailParams, userMessages } from '../shared/contract/users.js';
import { appendAudit } from '../shared/data/audit.js';
import { getUserByEmail, setName } from '../shared/data/users.js';
import { isStaffEmail, settings } from '../shared/platform/env.js';
import { badRequest, ok } from '../shared/platform/http.js';
import { log } from '../shared/platform/log.js';
import { api } from '../shared/platform/middleware.js';
import { errorName, serviceFailure } from '../shared/domain/accounts/cognito-errors.js';
import { noUser } from '../shared/domain/users/portal-user.js';

const setPoolName = (email: string, name: string) =>
  identity().send(
    new AdminUpdateUserAttributesCommand({ UserPoolId: settings.userPoolId(), Username: email, UserAttributes: [{ Name: 'name', Value: name }] }),
  );

/**
 * PUT /api/users/{email}/name { name } (administrators; beyond the spec): renames a customer
 * account. The name is stored as signup stores it (trimmed, lower-case). Cognito's `name` first
 * (the invitation and reset-code mails greet by it), then the row (the user list, and the `name`
 * claim of the user's next token); if the row cannot follow, Cognito is put back. Staff accounts
 * are not in the user list and are refused, as their assignments are.
 */
export const handler = api({ params: EmailParams, body: ChangeNameBody }, async ({ params, body, caller }) => {
  const db = dynamo();
  const row = await getUserByEmail(db, params.email);
  if (!row) throw noUser(params.email);
  if (isStaffEmail(row.email)) throw badRequest(userMessages.staffName(row.email));

  try {
    await setPoolName(row.email, body.name);
  } catch (e) {
    if (errorName(e) === 'UserNotFoundException') throw noUser(params.email);
    throw serviceFailure(e, 'AdminUpdateUserAttributes');
  }
  const putBack = () => setPoolName(row.email, row.name).catch((err: unknown) => log.error('putting the pool name back failed', { email: row.email, err }));
  let saved;
  try {
    saved = await setName(db, row.sub, body.name);
  } catch (e) {
    await putBack();
    throw e;
  }
  if (!saved) throw noUser(params.email);
  await appendAudit(db, caller!.email, 'user.name', row.email, { from: row.name, to: body.name });
  return ok({ message: userMessages.nameChanged, EMAIL: row.email, NAME: body.name });
});
