import { dynamo } from '../shared/platform/clients.js';
import type { SigmaCustomersReply } from '../shared/contract/catalog.js';
import { getCustomers, listCustomers } from '../shared/data/customers.js';
import { ok } from '../shared/platform/http.js';
import { api } from '../shared/platform/middleware.js';

/** GET /api/sigma/customers: every customer for administrators, the caller's own for customers. */
export const handler = api({}, async ({ caller }) => {
  const scope = caller!;
  const rows = scope.isAdmin ? await listCustomers(dynamo()) : await getCustomers(dynamo(), scope.customerIds);
  return ok({ customer_names: rows.map((c) => c.name), customer_ids: rows.map((c) => c.id) } satisfies SigmaCustomersReply);
});
