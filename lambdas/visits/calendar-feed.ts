import { dynamo } from '../shared/platform/clients.js';
import { FEED_DAYS_BACK, FeedParams, VISIT_DAYS_MAX, visitMessages } from '../shared/contract/visits.js';
import { getUserBySub } from '../shared/data/users.js';
import { isStaffEmail, settings } from '../shared/platform/env.js';
import { notFound } from '../shared/platform/http.js';
import { mailLinks } from '../shared/platform/links.js';
import { api } from '../shared/platform/middleware.js';
import { assignedScope } from '../shared/platform/scope.js';
import { calendarName } from '../shared/domain/visits/feed.js';
import { readFeedToken, sameNonce } from '../shared/domain/visits/feed-token.js';
import { calendarText } from '../shared/domain/visits/ical.js';
import { readVisits, visitWindow } from '../shared/domain/visits/select.js';

/**
 * GET /api/calendar/{token}: a user's calendar feed (iCalendar), without a session: the signed
 * token (lambdas/shared/domain/visits/feed-token.ts) names the account and the feed's nonce. The visits
 * of that account's properties as assigned now, from 7 days back to 30 ahead, read on every
 * request. A token that is forged, of a feed turned off or replaced, or of an account gone or
 * staff: 404, one answer for all, saying nothing of which.
 */
export const handler = api({ params: FeedParams }, async ({ params }) => {
  const claims = await readFeedToken(params.token);
  if (!claims) throw notFound(visitMessages.noFeed);
  const db = dynamo();
  const user = await getUserBySub(db, claims.sub);
  if (!user || isStaffEmail(user.email) || !sameNonce(user.calendarFeed?.nonce, claims.nonce)) throw notFound(visitMessages.noFeed);
  const now = Date.now();
  const { from, to } = visitWindow(VISIT_DAYS_MAX, now, FEED_DAYS_BACK);
  const visits = await readVisits(db, [...assignedScope(user).propertyIds].sort(), from, to);
  const domain = new URL(settings.publicUrl()).host;
  return {
    statusCode: 200,
    text: calendarText(visits, { name: calendarName(), domain, now, link: mailLinks.workOrder }),
    headers: {
      'content-type': 'text/calendar; charset=utf-8',
      'content-disposition': 'inline; filename="visits.ics"',
      // Calendar apps poll; five minutes keeps a busy one from reading the tables on every poll. Private: never in a shared cache.
      'cache-control': 'private, max-age=300',
    },
  };
});
