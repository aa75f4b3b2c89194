import { FileBody, ListBody, RequestsBody, StatusBody } from '../shared/contract/requests.js';
import { api, parseAs } from '../shared/platform/middleware.js';
import { fileRequest } from '../shared/domain/requests/file.js';
import { listRequests } from '../shared/domain/requests/list.js';
import { changeStatus } from '../shared/domain/requests/status.js';
import type { Scope } from '../shared/platform/scope.js';
import * as z from '../shared/platform/zod-parts.js';

/**
 * The previous release's POST /api/requests with the body's `action` ('list', 'file', 'update'),
 * served as it was. Legacy: it goes away in the next release, with this function and the route
 * row's grants for listing and changing status (GET /api/requests and PATCH
 * /api/requests/{reference} serve those now).
 */
function legacyAction(caller: Scope, body: Record<string, unknown>) {
  const { action } = parseAs(RequestsBody, body);
  if (action === 'list') return listRequests(caller, parseAs(ListBody, body));
  if (action === 'update') return changeStatus(caller, parseAs(StatusBody, body));
  return fileRequest(caller, parseAs(FileBody, body));
}

/**
 * POST /api/requests: files a service request (lambdas/shared/domain/requests/file.ts) for the caller, or
 * for an administrator the customer `email` they view the portal as. A body with an `action` field
 * is the previous release's web app: served the old way, for one release (legacyAction).
 */
export const handler = api({ body: z.looseObject({}) }, async ({ body, caller }) => {
  if ('action' in body) return legacyAction(caller!, body);
  return fileRequest(caller!, parseAs(FileBody, body));
});
