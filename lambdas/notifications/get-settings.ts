import { api } from '../shared/platform/middleware.js';
import { ownSettings } from '../shared/domain/notifications/settings.js';

/** GET /api/notifications: the caller's own mail settings, address, whether mail to it is suppressed and whether alerts apply (customers only). */
export const handler = api({}, async ({ caller }) => ownSettings(caller!));
