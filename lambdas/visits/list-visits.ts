import { dynamo } from '../shared/platform/clients.js';
import { VISIT_DAYS_MAX, VisitsQuery, type VisitsReply } from '../shared/contract/visits.js';
import { ok } from '../shared/platform/http.js';
import { api } from '../shared/platform/middleware.js';
import { readVisits, visitWindow } from '../shared/domain/visits/select.js';
import { visitPropertyIds } from '../shared/domain/visits/viewed.js';

/**
 * GET /api/visits?email=&propertyId=&days=: "Coming up", the scheduled visits of the next `days`
 * (at most 30) of the viewed user's properties, or of one of them (lambdas/shared/domain/visits/viewed.ts).
 */
export const handler = api({ query: VisitsQuery }, async ({ query, caller }) => {
  const db = dynamo();
  const propertyIds = await visitPropertyIds(db, caller!, query);
  const { from, to } = visitWindow(query.days ?? VISIT_DAYS_MAX);
  const reply: VisitsReply = { visits: await readVisits(db, propertyIds, from, to), from, to };
  return ok(reply);
});
