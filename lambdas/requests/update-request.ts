import { ReferenceParams, StatusChangeBody } from '../shared/contract/requests.js';
import { api } from '../shared/platform/middleware.js';
import { changeStatus } from '../shared/domain/requests/status.js';

/**
 * PATCH /api/requests/{reference} { customerId, status, note? } (administrators; the route table
 * refuses others): the request's new status and a note the customer sees, audited and mailed.
 * See lambdas/shared/domain/requests/status.ts.
 */
export const handler = api({ params: ReferenceParams, body: StatusChangeBody }, async ({ params, body, caller }) =>
  changeStatus(caller!, { ...body, reference: params.reference }),
);
