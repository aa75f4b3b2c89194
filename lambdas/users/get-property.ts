import { dynamo } from '../shared/platform/clients.js';
import { EmailParams } from '../shared/contract/users.js';
import { ok } from '../shared/platform/http.js';
import { api } from '../shared/platform/middleware.js';
import { toPortalUsers, visibleUser } from '../shared/domain/users/portal-user.js';

/** GET /api/users/getproperty/{email}: a one-item list with the user's customers and properties. */
export const handler = api({ params: EmailParams }, async ({ params, caller }) => {
  const db = dynamo();
  const user = await visibleUser(db, caller!, params.email);
  return ok(await toPortalUsers(db, [user]));
});
