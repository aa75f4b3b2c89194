/**
 * Upcoming visits' calls (issue 30, beyond the spec): GET /api/visits ("Coming up" on the Dashboard
 * and Maintenance), the caller's own calendar feed (GET, POST and DELETE /api/calendar) and the
 * feed itself (GET /api/calendar/{token}, no session: the signed token is the credential). The
 * answers the web app parses live in ./answers/visits.ts.
 */
import { emailString, idString } from '../platform/zod.js';
import * as z from '../platform/zod-parts.js';
import { VISIT_DAYS_MAX } from './answers/visits.js';

export * from './answers/visits.js';

export const visitMessages = {
  outsideUser: 'You may see visits only for your own account.',
  outsideProperty: (id: string) => `You do not have access to property ${id}.`,
  noUser: (email: string) => `No user with the email ${email}.`,
  staffView: 'Choose a customer to view as: an administrator has no visits of their own.',
  staffFeed:
    'Calendar feeds are for customer accounts. An administrator viewing the portal as a customer cannot make one for them: its address would show their visits outside the audit log.',
  noFeed: 'No such calendar feed. It may have been turned off or replaced by a new link.',
  created: 'Your calendar feed is on. Copy its address into your calendar app.',
  regenerated: 'A new calendar link was made. The previous link no longer works.',
  turnedOff: 'Your calendar feed is off. Its link no longer works.',
} as const;

/** GET /api/visits?email=&propertyId=&days=: `email` the viewed customer (administrators viewing as), `days` ahead (1-30, default 30). */
export const VisitsQuery = /* @__PURE__ */ (() => z.object({
  email: z.optional(emailString()),
  propertyId: z.optional(idString(200)),
  days: z.optional(z.pipe(z.coerce.number(), z.int().check(z.gte(1), z.lte(VISIT_DAYS_MAX)))),
}))();

/** GET /api/calendar/{token}: the feed's signed token, as the feed's address carries it (an optional `.ics` ending). */
export const FeedParams = /* @__PURE__ */ (() => z.object({ token: z.string().check(z.minLength(1), z.maxLength(600)) }))();

/**
 * POST /api/calendar { replace }: turns the caller's own feed on (`replace: false` keeps a link
 * that is on already) or makes a new link (`replace: true`; the old one then answers 404). It acts
 * on the caller's own account only: there is no field naming another.
 */
export const CalendarBody = /* @__PURE__ */ (() => z.object({ replace: z.boolean() }))();
