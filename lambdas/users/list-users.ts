import { dynamo } from '../shared/clients.js';
import { listUsers } from '../shared/data/users.js';
import { ok } from '../shared/http.js';
import { api } from '../shared/middleware.js';
import { assignedOf, toPortalUsers } from './portal-user.js';

/** GET /api/users (administrators): every portal user, by email; the web app hides staff where the spec says. */
export const handler = api({}, async () => {
  const db = dynamo();
  const rows = (await listUsers(db)).sort((a, b) => a.email.localeCompare(b.email));
  return ok(await toPortalUsers(db, rows.map(assignedOf)));
});
