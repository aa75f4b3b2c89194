import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SettingsReply, type NotificationSettings } from '../../../../lambdas/shared/contract/answers/notifications';
import { api } from '../../../lib/api-client';
import { notificationKeys } from '../query-keys';

/** PATCH /api/notifications { settings }: the settings as saved, with the server's message. */
export async function saveSettings(settings: NotificationSettings): Promise<SettingsReply> {
  return SettingsReply.parse(await api('/api/notifications', { method: 'PATCH', body: { settings } }));
}

export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSettings,
    onSuccess: (reply) => queryClient.setQueryData(notificationKeys.settings, reply),
  });
}
