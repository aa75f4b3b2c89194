import { dynamo } from '../shared/platform/clients.js';
import { EmailParams, PutPropertiesBody, userMessages } from '../shared/contract/users.js';
import { appendAudit } from '../shared/data/audit.js';
import { getProperties } from '../shared/data/properties.js';
import { setAssignments } from '../shared/data/users.js';
import { badRequest, listForMessage, ok } from '../shared/platform/http.js';
import { api } from '../shared/platform/middleware.js';
import { assignableUser, noUser } from '../shared/domain/users/portal-user.js';

/**
 * PUT /api/users/{email}/properties (administrators): replaces the user's properties; a property
 * of a customer the user does not have is refused (assign the customer first).
 */
export const handler = api({ params: EmailParams, body: PutPropertiesBody }, async ({ params, body, caller }) => {
  const db = dynamo();
  const user = await assignableUser(db, params.email);
  const ids = [...new Set(body.properties.map((p) => p.ID))];
  const found = await getProperties(db, ids);
  const known = new Set(found.map((p) => p.id));
  const missing = ids.filter((id) => !known.has(id));
  if (missing.length) throw badRequest(`Invalid body.properties: unknown property id ${listForMessage(missing)}.`);
  const customers = new Set(user.customerIds ?? []);
  const outside = found.filter((p) => !customers.has(p.customerId)).map((p) => p.id);
  if (outside.length) throw badRequest(`Invalid body.properties: ${listForMessage(outside)} belong to no customer of ${user.email}; assign the customer first.`);

  const saved = await setAssignments(db, user.sub, user.customerIds ?? [], Object.fromEntries(found.map((p) => [p.id, p.customerId])));
  if (!saved) throw noUser(params.email);
  await appendAudit(db, caller!.email, 'user.properties', user.email, { properties: found.map((p) => p.id) });
  // Customers are stored in name order; properties come back from the read sorted by name.
  return ok({ message: userMessages.updated, BUILDOPS_CUSTOMER_ID: saved.customerIds, BUILDOPS_PROPERTY_IDS: found.map((p) => p.id) });
});
