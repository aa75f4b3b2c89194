import { useQuery } from '@tanstack/react-query';
import { InsightReply, type DeviceInsight } from '../../../../lambdas/shared/contract/answers/telemetry-insight';
import type { Period } from '../../../../lambdas/shared/contract/period';
import { api } from '../../../lib/api-client';
import { telemetryKeys } from './query-keys';

export type { DeviceInsight };

/** POST /api/telemetry/{customerId}/insight: the energy and runtime estimates of some devices over a period. */
export async function getInsight(customerId: string, deviceIds: string[], period: Period, signal?: AbortSignal): Promise<InsightReply['data']> {
  return InsightReply.parse(await api(`/api/telemetry/${encodeURIComponent(customerId)}/insight`, { method: 'POST', body: { deviceIds, period }, signal })).data;
}

/** One device's estimates; asked only once `enabled` (after the cards' own data), kept for ten minutes. */
export function useInsight(customerId: string, deviceId: string, period: Period, enabled: boolean) {
  return useQuery({
    queryKey: telemetryKeys.insight(customerId, deviceId, period),
    queryFn: async ({ signal }) => (await getInsight(customerId, [deviceId], period, signal))[deviceId],
    enabled,
    retry: false,
    staleTime: 600_000,
  });
}
