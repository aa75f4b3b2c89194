import { PatchSettingsBody } from '../shared/contract/notifications.js';
import { api } from '../shared/platform/middleware.js';
import { ownSettings } from '../shared/domain/notifications/settings.js';

/** PATCH /api/notifications { settings }: changes the caller's topics named, keeps the others, answers the settings with 'Notification settings saved.'. */
export const handler = api({ body: PatchSettingsBody }, async ({ body, caller }) => ownSettings(caller!, body.settings));
