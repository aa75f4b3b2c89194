import { CalendarBody } from '../shared/contract/visits.js';
import { api } from '../shared/platform/middleware.js';
import { calendarFeed } from '../shared/domain/visits/feed.js';

/** POST /api/calendar { replace }: turns the caller's calendar feed on, or makes it a new address (the old one then answers 404). Customers only (lambdas/shared/domain/visits/feed.ts). */
export const handler = api({ body: CalendarBody }, async ({ body, caller }) => calendarFeed(caller!, body.replace ? 'new' : 'on'));
