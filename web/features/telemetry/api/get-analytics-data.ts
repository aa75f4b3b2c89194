import { queryOptions, useQuery } from '@tanstack/react-query';
import { AnalyticsRows } from '../../../../lambdas/shared/contract/answers/analytics';
import { api, logFailure } from '../../../lib/api-client';
import type { AnalyticsRow } from '../telemetry-rules';
import { telemetryKeys } from './query-keys';

export { AnalyticsRows };

/** GET /api/analytics/data/{customerId}: the equipment rows. A failure is logged and gives an empty list (spec section 8). */
export async function getAnalyticsData(customerId: string): Promise<AnalyticsRow[]> {
  try {
    return AnalyticsRows.parse(await api(`/api/analytics/data/${encodeURIComponent(customerId)}`));
  } catch (err) {
    logFailure('Failed to load analytics data', err);
    return [];
  }
}

/** The equipment rows' query, for the dashboard and for a prefetch (prefetch.ts). */
export const analyticsDataQuery = (customerId: string) =>
  queryOptions({ queryKey: telemetryKeys.analytics(customerId), queryFn: () => getAnalyticsData(customerId), staleTime: 5 * 60_000 });

export function useAnalyticsData(customerId: string) {
  return useQuery(analyticsDataQuery(customerId));
}
