import { useQuery } from '@tanstack/react-query';
import { RecentDecisionsReply, recentDecisionDays } from '../../../../lambdas/shared/contract/answers/quote-decisions';
import { api } from '../../../lib/api-client';
import { quoteKeys } from '../query-keys';

export { RecentDecisionsReply };

/** GET /api/quotes/decisions?days= (administrators): every customer's quote decisions of the last days, newest first. */
export async function getRecentDecisions(days: number, signal?: AbortSignal): Promise<RecentDecisionsReply> {
  return RecentDecisionsReply.parse(await api(`/api/quotes/decisions?days=${days}`, { signal }));
}

export function useRecentDecisions(enabled: boolean, days: number = recentDecisionDays.default) {
  return useQuery({ queryKey: quoteKeys.decisions(days), queryFn: ({ signal }) => getRecentDecisions(days, signal), enabled, staleTime: 30_000 });
}
