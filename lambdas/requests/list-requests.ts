import { dynamo } from '../shared/clients.js';
import { ListQuery, type RequestsReply } from '../shared/contract/requests.js';
import { recentRequests, requestsOfCustomer, type ServiceRequestItem } from '../shared/data/service-requests.js';
import { forbidden, ok } from '../shared/http.js';
import { api } from '../shared/middleware.js';
import { referenceSince, servedUser, toAnswer } from '../shared/requests/served.js';

/**
 * GET /api/requests?email=&customerId=&status=&days= : service requests, newest first.
 * A customer (or an administrator viewing as one, `email`): the requests of their customers'
 * properties in their scope ("My Requests"). An administrator in their own view: every customer's,
 * or one customer's. Narrowed by status and by age (filed within 7, 30, 90 or 365 days).
 */
export const handler = api({ query: ListQuery }, async ({ query, caller }) => {
  const db = dynamo();
  const served = await servedUser(caller!, query.email);
  const since = query.days ? referenceSince(Number(query.days)) : undefined;
  let found: ServiceRequestItem[];
  if (served) {
    if (query.customerId && !served.customerIds.has(query.customerId)) throw forbidden(`You do not have access to customer ${query.customerId}.`);
    const customers = query.customerId ? [query.customerId] : [...served.customerIds];
    const lists = await Promise.all(customers.map((c) => requestsOfCustomer(db, c)));
    found = lists.flat().filter((r) => served.propertyCustomers.get(r.propertyId) === r.customerId);
  } else {
    found = query.customerId ? await requestsOfCustomer(db, query.customerId) : await recentRequests(db, since);
  }
  const requests = found
    .filter((r) => (!query.status || r.status === query.status) && (!since || r.reference >= since))
    .sort((a, b) => b.reference.localeCompare(a.reference))
    .map(toAnswer);
  return ok({ requests } satisfies RequestsReply);
});
