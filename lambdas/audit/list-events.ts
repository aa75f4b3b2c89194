import { dynamo } from '../shared/platform/clients.js';
import { AuditQuery, type AuditReply } from '../shared/contract/audit.js';
import { listAudit } from '../shared/data/audit.js';
import { ok } from '../shared/platform/http.js';
import { api } from '../shared/platform/middleware.js';

/** GET /api/audit?limit=&before= (administrators): events newest first; `nextBefore` pages on (null on the last page). */
export const handler = api({ query: AuditQuery }, async ({ query }) => {
  // One more than asked tells whether an older page exists.
  const { items } = await listAudit(dynamo(), query.limit + 1, query.before);
  const page = items.slice(0, query.limit);
  return ok({
    events: page.map((e) => ({ id: e.sk, at: e.at, actor: e.actorEmail, action: e.action, target: e.target, details: e.details ?? {} })),
    nextBefore: items.length > query.limit ? page[page.length - 1]!.sk : null,
  } satisfies AuditReply);
});
