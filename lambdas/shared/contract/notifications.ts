/**
 * Notifications' calls (issue 20, beyond the spec): GET and PATCH /api/notifications (the caller's
 * own mail settings; the previous release's POST /api/notifications { action: 'get' | 'set' } is
 * answered for one release more) and POST /api/notifications/unsubscribe (a mail's link, without
 * signing in). The answers the web app parses live in ./answers/notifications.ts.
 */
import * as z from '../platform/zod-parts.js';

export * from './answers/notifications.js';

export const notificationMessages = {
  saved: 'Notification settings saved.',
  staffAccount: 'Notifications are settings of customer accounts.',
  badToken: 'This unsubscribe link is not valid. Sign in and change your mail under Notifications in the user menu.',
  noUser: 'This unsubscribe link is for an account that no longer exists.',
  unsubscribed: (title: string) => `You will no longer be mailed: ${title}. You can turn it back on under Notifications in the user menu.`,
} as const;

/** The topics to change: those named are changed, the others kept. */
const Topics = /* @__PURE__ */ (() => z.object({
  documents: z.optional(z.boolean()),
  weekly: z.optional(z.boolean()),
  requests: z.optional(z.boolean()),
  alerts: z.optional(z.boolean()),
  quotes: z.optional(z.boolean()),
  visits: z.optional(z.boolean()),
}))();

/** PATCH /api/notifications { settings }: the topics named are changed, the others kept. */
export const PatchSettingsBody = /* @__PURE__ */ (() => z.object({ settings: Topics }))();

/**
 * Legacy, answered for one release only (the route table's `legacy` note): the previous release's
 * POST /api/notifications { action: 'get' } and { action: 'set', settings }. The next release
 * removes them with lambdas/notifications/settings.ts.
 */
export const NotificationsBody = /* @__PURE__ */ (() => z.looseObject({ action: z.enum(['get', 'set']) }))();
export const SetBody = /* @__PURE__ */ (() => z.object({ action: z.enum(['set']), settings: Topics }))();

export const UnsubscribeBody = /* @__PURE__ */ (() => z.object({ token: z.string().check(z.minLength(1, 'is required'), z.maxLength(2000)) }))();
