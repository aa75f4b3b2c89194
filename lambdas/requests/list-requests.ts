import { ListQuery } from '../shared/contract/requests.js';
import { api } from '../shared/platform/middleware.js';
import { listRequests } from '../shared/domain/requests/list.js';

/**
 * GET /api/requests?email=&customerId=&status=&days=: service requests newest first, with the
 * request form's choices. A customer: their scope's (`email` only their own); an administrator: the
 * customer they view as (`email`), or every customer's or one's. See lambdas/shared/domain/requests/list.ts.
 */
export const handler = api({ query: ListQuery }, async ({ query, caller }) => listRequests(caller!, query));
