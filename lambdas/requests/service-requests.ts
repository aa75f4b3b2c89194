import { FileBody, ListBody, RequestsBody, StatusBody } from '../shared/contract/requests.js';
import { api, parseAs } from '../shared/middleware.js';
import { fileRequest } from '../shared/requests/file.js';
import { listRequests } from '../shared/requests/list.js';
import { changeStatus } from '../shared/requests/status.js';

/**
 * POST /api/requests, by `action`: 'list' the requests of the caller's scope (or, for an
 * administrator, of the viewed customer or of all), 'file' a request (any signed-in user, for their
 * own scope), 'update' a request's status (administrators only). One route for the three: see
 * lambdas/shared/contract/requests.ts. The work is in lambdas/shared/requests/{list,file,status}.ts.
 */
export const handler = api({ body: RequestsBody }, async ({ body, caller }) => {
  if (body.action === 'list') return listRequests(caller!, parseAs(ListBody, body));
  if (body.action === 'update') return changeStatus(caller!, parseAs(StatusBody, body));
  return fileRequest(caller!, parseAs(FileBody, body));
});
