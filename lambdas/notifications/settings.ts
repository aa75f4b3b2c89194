import { NotificationsBody, SetBody } from '../shared/contract/notifications.js';
import { api, parseAs } from '../shared/platform/middleware.js';
import { ownSettings, refuseStaff } from '../shared/domain/notifications/settings.js';

/**
 * Legacy: the previous release's POST /api/notifications, { action: 'get' } or { action: 'set',
 * settings }. Answered for that release's web app for one release only; the next release removes
 * this route and file. GET and PATCH /api/notifications serve them now.
 */
export const handler = api({ body: NotificationsBody }, async ({ body, caller }) => {
  refuseStaff(caller!);
  return ownSettings(caller!, body.action === 'set' ? parseAs(SetBody, body).settings : undefined);
});
