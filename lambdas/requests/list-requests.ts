import { ListQuery } from '../shared/contract/requests.js';
import { api } from '../shared/platform/middleware.js';
import { listRequests } from '../shared/domain/requests/list.js';

/**
 * GET /api/requests?email=&customerId=&status=&days=: service requests newest first, with the
 * request form's choices. A customer: their scope's (`email` only their own); an administrator: the
 * customer they view as (`email`), or every customer's or one's. See lambdas/shared/domain/requests/list.ts.
 * Each request carries the work order linked to it (issue 43) without a call per request: the
 * work orders of the served scope's properties are read in the two report-rows calls (index, then
 * items) that read their assets for the form, so the links add no call.
 */
export const handler = api({ query: ListQuery }, async ({ query, caller }) => listRequests(caller!, query));
