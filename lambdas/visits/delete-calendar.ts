import { api } from '../shared/platform/middleware.js';
import { calendarFeed } from '../shared/domain/visits/feed.js';

/** DELETE /api/calendar: turns the caller's calendar feed off (its address then answers 404). Customers only (lambdas/shared/domain/visits/feed.ts). */
export const handler = api({}, async ({ caller }) => calendarFeed(caller!, 'off'));
