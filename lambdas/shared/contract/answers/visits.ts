/**
 * Upcoming visits' answers (issue 30), in zod/mini: GET /api/visits ("Coming up") and the calendar
 * feed's state (GET, POST and DELETE /api/calendar). Imported by ../visits.ts (handlers) and by the
 * web app's API files. No Node imports here: Vite bundles it.
 */
import * as z from 'zod/mini';

/** The most days ahead "Coming up" and the calendar feed reach. */
export const VISIT_DAYS_MAX = 30;
/** The calendar feed also keeps the visits of the last days, so that a visit just past stays in the calendar. */
export const FEED_DAYS_BACK = 7;

/** One scheduled visit: a work order of the property not completed or cancelled, scheduled in the window asked. */
export const Visit = /* @__PURE__ */ (() => z.object({
  workOrderId: z.string(),
  propertyId: z.string(),
  propertyName: z.string(),
  /** The property's street address, where the import gave one. */
  propertyAddress: z.optional(z.string()),
  /** The property's IANA time zone (its own, else the provider's): the visit's times are written in it. */
  timeZone: z.string(),
  kind: z.enum(['service', 'maintenance', 'capital']),
  /** ISO instant; with `allDay`, midnight UTC of the visit's calendar day. */
  scheduledAt: z.string(),
  /** No time of day is known (scheduled as a date, no arrival window): the day is `scheduledAt`'s UTC date. */
  allDay: z.boolean(),
  windowStart: z.optional(z.string()),
  windowEnd: z.optional(z.string()),
  technician: z.string(),
  description: z.string(),
}))();
export type Visit = z.infer<typeof Visit>;

export const VisitsReply = /* @__PURE__ */ (() => z.object({
  /** Soonest first. */
  visits: z.array(Visit),
  from: z.string(),
  to: z.string(),
}))();
export type VisitsReply = z.infer<typeof VisitsReply>;

/** The caller's calendar feed: off, or on with its address (a secret: whoever has it reads the visits). */
export const CalendarFeedReply = /* @__PURE__ */ (() => z.object({
  enabled: z.boolean(),
  url: z.nullable(z.string()),
  /** The calendar's name in the subscriber's app, when on. */
  name: z.optional(z.string()),
  createdAt: z.nullable(z.string()),
  message: z.optional(z.string()),
}))();
export type CalendarFeedReply = z.infer<typeof CalendarFeedReply>;
