import { api } from '../shared/platform/middleware.js';
import { calendarFeed } from '../shared/domain/visits/feed.js';

/** GET /api/calendar: the caller's calendar feed, on (with its address) or off. Customers only (lambdas/shared/domain/visits/feed.ts). */
export const handler = api({}, async ({ caller }) => calendarFeed(caller!, 'get'));
