import { dynamo } from '../shared/platform/clients.js';
import { EmailParams, PutCustomersBody, userMessages } from '../shared/contract/users.js';
import { appendAudit } from '../shared/data/audit.js';
import { getCustomers } from '../shared/data/customers.js';
import { getProperties } from '../shared/data/properties.js';
import { setAssignments } from '../shared/data/users.js';
import { badRequest, listForMessage, ok } from '../shared/platform/http.js';
import { api } from '../shared/platform/middleware.js';
import { assignableUser, noUser } from '../shared/domain/users/portal-user.js';

/**
 * PUT /api/users/{email}/customers (administrators): replaces the user's customers; property
 * assignments outside them are dropped in the same write. Answers the saved state.
 */
export const handler = api({ params: EmailParams, body: PutCustomersBody }, async ({ params, body, caller }) => {
  const db = dynamo();
  const user = await assignableUser(db, params.email);
  const ids = new Set(body.customers.map((c) => c.ID));
  const customers = await getCustomers(db, ids);
  const known = new Set(customers.map((c) => c.id));
  const missing = [...ids].filter((id) => !known.has(id));
  if (missing.length) throw badRequest(`Invalid body.customers: unknown customer id ${listForMessage(missing)}.`);

  const kept = Object.fromEntries(Object.entries(user.properties ?? {}).filter(([, customerId]) => known.has(customerId)));
  // Stored in customer-name order, the order every answer lists them in.
  const saved = await setAssignments(db, user.sub, customers.map((c) => c.id), kept);
  if (!saved) throw noUser(params.email);
  await appendAudit(db, caller!.email, 'user.customers', user.email, { customers: saved.customerIds });
  const properties = await getProperties(db, Object.keys(kept));
  return ok({ message: userMessages.updated, BUILDOPS_CUSTOMER_ID: saved.customerIds, BUILDOPS_PROPERTY_IDS: properties.map((p) => p.id) });
});
