import { dynamo } from '../shared/clients.js';
import { EmailParams } from '../shared/contract/users.js';
import { ok } from '../shared/http.js';
import { api } from '../shared/middleware.js';
import { toPortalUsers, visibleUser } from './portal-user.js';

/** GET /api/users/getproperty/{email}: a one-item list with the user's customers and properties. */
export const handler = api({ params: EmailParams }, async ({ params, caller }) => {
  const db = dynamo();
  const user = await visibleUser(db, caller!, params.email);
  return ok(await toPortalUsers(db, [user]));
});
