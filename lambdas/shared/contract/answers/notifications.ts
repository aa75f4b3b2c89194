/**
 * Notifications' answers (issue 20), in zod/mini: the handlers' reply types and the web app's
 * parsers. No Node imports here: Vite bundles this file.
 */
import * as z from 'zod/mini';

/** What a user may be mailed about, each switched on or off in the user menu's Notifications panel. */
export const NOTIFICATION_TOPICS = ['documents', 'weekly', 'requests', 'alerts', 'quotes', 'visits'] as const;
export type NotificationTopic = (typeof NOTIFICATION_TOPICS)[number];

/** The panel's labels, also named in each mail's footer and on the unsubscribe page. */
export const topicTitles: Record<NotificationTopic, string> = {
  documents: 'New documents for my properties',
  weekly: 'Weekly summary of work orders and invoices',
  requests: 'Updates to my service requests',
  alerts: 'Equipment alerts',
  quotes: 'Quote decisions',
  visits: 'Upcoming visits (the day before)',
};

/** A new user's settings: service-request updates, equipment alerts, quote decisions and upcoming visits on, the rest off (docs/features/notifications.md "Notifications"). */
export const defaultNotificationSettings: Record<NotificationTopic, boolean> = { documents: false, weekly: false, requests: true, alerts: true, quotes: true, visits: true };

export const NotificationSettings = /* @__PURE__ */ (() => z.object({
  documents: z.boolean(),
  weekly: z.boolean(),
  requests: z.boolean(),
  alerts: z.boolean(),
  quotes: z.boolean(),
  visits: z.boolean(),
}))();
export type NotificationSettings = z.infer<typeof NotificationSettings>;

/** POST /api/notifications, actions 'get' and 'set'. */
export const SettingsReply = /* @__PURE__ */ (() => z.object({
  email: z.string(),
  settings: NotificationSettings,
  /** SES reported a bounce or a complaint for this address: no mail is sent to it. */
  suppressed: z.boolean(),
  /** The user's customers include one with equipment telemetry (the alerts topic applies). */
  telemetry: z.boolean(),
  message: z.optional(z.string()),
}))();
export type SettingsReply = z.infer<typeof SettingsReply>;

/** POST /api/notifications/unsubscribe */
export const UnsubscribeReply = /* @__PURE__ */ (() => z.object({ message: z.string(), topic: z.enum(NOTIFICATION_TOPICS) }))();
export type UnsubscribeReply = z.infer<typeof UnsubscribeReply>;
