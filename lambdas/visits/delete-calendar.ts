import { api } from '../shared/middleware.js';
import { calendarFeed } from '../shared/visits/feed.js';

/** DELETE /api/calendar: turns the caller's calendar feed off (its address then answers 404). Customers only (lambdas/shared/visits/feed.ts). */
export const handler = api({}, async ({ caller }) => calendarFeed(caller!, 'off'));
