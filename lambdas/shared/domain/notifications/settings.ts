import { dynamo } from '../../platform/clients.js';
import { notificationMessages, type NotificationSettings, type SettingsReply } from '../../contract/notifications.js';
import { getCustomers } from '../../data/customers.js';
import { suppressionOf } from '../../data/mail-suppression.js';
import { effectiveSettings, getNotificationSettings, saveNotificationSettings } from '../../data/notification-settings.js';
import { forbidden, ok, type Reply } from '../../platform/http.js';
import type { Scope } from '../../platform/scope.js';

/** Notifications are customers' settings: 403 for an administrator. */
export function refuseStaff(me: Scope): void {
  if (me.isAdmin) throw forbidden(notificationMessages.staffAccount);
}

/**
 * The caller's own mail settings (GET /api/notifications), after changing the topics `change` names
 * when given (PATCH /api/notifications; both as the legacy POST { action: 'get' | 'set' }).
 * Customers only: administrators are mailed as the provider (dispatch), not as a customer, and their
 * scope is everyone's.
 */
export async function ownSettings(me: Scope, change?: Partial<NotificationSettings>): Promise<Reply> {
  refuseStaff(me);
  const db = dynamo();
  let item = await getNotificationSettings(db, me.sub);
  if (change) item = await saveNotificationSettings(db, me, change, item);
  const [suppressed, customers] = await Promise.all([suppressionOf(db, me.email), getCustomers(db, me.customerIds)]);
  const reply: SettingsReply = {
    email: me.email,
    settings: effectiveSettings(item),
    suppressed: Boolean(suppressed),
    telemetry: customers.some((c) => Boolean(c.telemetryCustomerId)),
    ...(change ? { message: notificationMessages.saved } : {}),
  };
  return ok(reply);
}
