import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CalendarFeedReply } from '../../../../lambdas/shared/contract/answers/visits';
import { api } from '../../../lib/api-client';
import { visitKeys } from '../query-keys';

/** GET /api/calendar: the signed-in customer's own calendar feed, on (with its address) or off. */
export async function getCalendarFeed(signal?: AbortSignal): Promise<CalendarFeedReply> {
  return CalendarFeedReply.parse(await api('/api/calendar', { signal }));
}

/** POST /api/calendar { replace } (on, or a new link) and DELETE /api/calendar (off). */
export async function changeCalendarFeed(action: 'on' | 'new' | 'off'): Promise<CalendarFeedReply> {
  return CalendarFeedReply.parse(await api('/api/calendar', action === 'off' ? { method: 'DELETE' } : { method: 'POST', body: { replace: action === 'new' } }));
}

export function useCalendarFeed(enabled: boolean) {
  return useQuery({ queryKey: visitKeys.feed, queryFn: ({ signal }) => getCalendarFeed(signal), enabled, staleTime: 0 });
}

export function useChangeCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: changeCalendarFeed, onSuccess: (reply) => queryClient.setQueryData(visitKeys.feed, reply) });
}
