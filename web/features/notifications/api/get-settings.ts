import { useQuery } from '@tanstack/react-query';
import { SettingsReply } from '../../../../lambdas/shared/contract/answers/notifications';
import { api } from '../../../lib/api-client';
import { notificationKeys } from '../query-keys';

export { SettingsReply };

/** GET /api/notifications: the caller's own mail settings, address and whether mail to it is suppressed. */
export async function getSettings(signal?: AbortSignal): Promise<SettingsReply> {
  return SettingsReply.parse(await api('/api/notifications', { signal }));
}

export function useNotificationSettings(enabled: boolean) {
  return useQuery({ queryKey: notificationKeys.settings, queryFn: ({ signal }) => getSettings(signal), enabled, staleTime: 0 });
}
