import { dynamo } from '../shared/platform/clients.js';
import type { CustomersReply } from '../shared/contract/catalog.js';
import { listCustomers } from '../shared/data/customers.js';
import { ok } from '../shared/platform/http.js';
import { api } from '../shared/platform/middleware.js';

/** GET /api/users/customers (administrators, by the route table): every customer as { ID, NAME }. */
export const handler = api({}, async () => {
  const rows = await listCustomers(dynamo());
  return ok(rows.map((c) => ({ ID: c.id, NAME: c.name })) satisfies CustomersReply);
});
