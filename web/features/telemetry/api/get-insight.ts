import { useQuery } from '@tanstack/react-query';
import { INSIGHT_MAX_DEVICES, InsightReply, type DeviceInsight } from '../../../../lambdas/shared/contract/answers/telemetry-insight';
import type { Period } from '../../../../lambdas/shared/contract/period';
import { api } from '../../../lib/api-client';
import { telemetryKeys } from './query-keys';

export type { DeviceInsight };

/** POST /api/telemetry/{customerId}/insight: the energy and runtime estimates of some devices over a period. */
export async function getInsight(customerId: string, deviceIds: string[], period: Period, signal?: AbortSignal): Promise<InsightReply['data']> {
  return InsightReply.parse(await api(`/api/telemetry/${encodeURIComponent(customerId)}/insight`, { method: 'POST', body: { deviceIds, period }, signal })).data;
}

/**
 * The estimates of the devices in view, asked only once `enabled` (after the cards' own data):
 * one call per INSIGHT_MAX_DEVICES devices, so the caller's customer and equipment are read once
 * per call rather than once per card; kept for ten minutes.
 */
export function useInsights(customerId: string, deviceIds: string[], period: Period, enabled: boolean) {
  return useQuery({
    queryKey: telemetryKeys.insight(customerId, deviceIds, period),
    queryFn: async ({ signal }) => {
      const calls = [];
      for (let i = 0; i < deviceIds.length; i += INSIGHT_MAX_DEVICES) calls.push(getInsight(customerId, deviceIds.slice(i, i + INSIGHT_MAX_DEVICES), period, signal));
      return Object.assign({}, ...(await Promise.all(calls))) as InsightReply['data'];
    },
    enabled: enabled && deviceIds.length > 0,
    retry: false,
    staleTime: 600_000,
  });
}
