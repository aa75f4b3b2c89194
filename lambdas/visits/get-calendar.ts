import { api } from '../shared/middleware.js';
import { calendarFeed } from '../shared/visits/feed.js';

/** GET /api/calendar: the caller's calendar feed, on (with its address) or off. Customers only (lambdas/shared/visits/feed.ts). */
export const handler = api({}, async ({ caller }) => calendarFeed(caller!, 'get'));
