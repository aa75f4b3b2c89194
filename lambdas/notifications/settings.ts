import { dynamo } from '../shared/clients.js';
import { notificationMessages, NotificationsBody, SetBody, type SettingsReply } from '../shared/contract/notifications.js';
import { getCustomers } from '../shared/data/customers.js';
import { suppressionOf } from '../shared/data/mail-suppression.js';
import { effectiveSettings, getNotificationSettings, saveNotificationSettings } from '../shared/data/notification-settings.js';
import { forbidden, ok } from '../shared/http.js';
import { api, parseAs } from '../shared/middleware.js';

/**
 * POST /api/notifications: the caller's own mail settings. { action: 'get' } answers them;
 * { action: 'set', settings } changes the topics named. Customers only: administrators are mailed
 * as the provider (dispatch), not as a customer, and their scope is everyone's.
 */
export const handler = api({ body: NotificationsBody }, async ({ body, caller }) => {
  const me = caller!;
  if (me.isAdmin) throw forbidden(notificationMessages.staffAccount);
  const db = dynamo();
  let item = await getNotificationSettings(db, me.sub);
  let message: string | undefined;
  if (body.action === 'set') {
    item = await saveNotificationSettings(db, me, parseAs(SetBody, body).settings, item);
    message = notificationMessages.saved;
  }
  const [suppressed, customers] = await Promise.all([suppressionOf(db, me.email), getCustomers(db, me.customerIds)]);
  const reply: SettingsReply = {
    email: me.email,
    settings: effectiveSettings(item),
    suppressed: Boolean(suppressed),
    telemetry: customers.some((c) => Boolean(c.telemetryCustomerId)),
    ...(message ? { message } : {}),
  };
  return ok(reply);
});
