import { dynamo } from '../shared/platform/clients.js';
import { auditMessages, ViewAsBody } from '../shared/contract/audit.js';
import { appendAudit } from '../shared/data/audit.js';
import { getUserByEmail } from '../shared/data/users.js';
import { isStaffEmail } from '../shared/platform/env.js';
import { badRequest, notFound, ok } from '../shared/platform/http.js';
import { api } from '../shared/platform/middleware.js';

/** POST /api/audit/view-as { email } (administrators): records that the caller views the portal as that customer. */
export const handler = api({ body: ViewAsBody }, async ({ body, caller }) => {
  const { email } = body;
  if (isStaffEmail(email)) throw badRequest(auditMessages.staffViewAs);
  const user = await getUserByEmail(dynamo(), email);
  if (!user) throw notFound(auditMessages.noUser(email));
  await appendAudit(dynamo(), caller!.email, 'view-as', user.email);
  return ok({ message: auditMessages.viewing(user.email) });
});
