import { FileBody, StatusBody, WriteBody } from '../shared/contract/requests.js';
import { badRequest } from '../shared/http.js';
import { api, describe } from '../shared/middleware.js';
import { fileRequest } from '../shared/requests/file.js';
import { changeStatus } from '../shared/requests/status.js';
import type { ZodType } from '../shared/zod.js';

function parse<S extends ZodType>(schema: S, value: unknown) {
  const r = schema.safeParse(value);
  if (!r.success) throw badRequest(describe('body', r.error));
  return r.data;
}

/**
 * POST /api/requests: files a service request (`action` 'file', the default; any signed-in user,
 * for their own scope) or changes one's status (`action` 'update'; administrators only).
 * See lambdas/shared/requests/file.ts and status.ts.
 */
export const handler = api({ body: WriteBody }, async ({ body, caller }) =>
  body.action === 'update' ? changeStatus(caller!, parse(StatusBody, body)) : fileRequest(caller!, parse(FileBody, body)),
);
