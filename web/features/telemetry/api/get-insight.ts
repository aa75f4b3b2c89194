import { useQuery } from '@tanstack/react-query';
import { INSIGHT_MAX_DEVICES, InsightReply, type DeviceInsight } from '../../../../lambdas/shared/contract/answers/telemetry-insight';
import type { Period } from '../../../../lambdas/shared/contract/period';
import { api } from '../../../lib/api-client';
import { telemetryKeys } from './query-keys';

export type { DeviceInsight };

/** What a call asks beyond the figures: each device's drift against its baseline (the summary screen). */
export interface InsightOptions {
  baseline?: boolean;
}

/** POST /api/telemetry/{customerId}/insight: the energy and runtime estimates of some devices over a period. */
export async function getInsight(customerId: string, deviceIds: string[], period: Period, signal?: AbortSignal, options: InsightOptions = {}): Promise<InsightReply['data']> {
  const body = { deviceIds, period, ...(options.baseline ? { baseline: true } : {}) };
  return InsightReply.parse(await api(`/api/telemetry/${encodeURIComponent(customerId)}/insight`, { method: 'POST', body, signal })).data;
}

/**
 * With a baseline a device's readings are its period's and its first 30 days': calls of this many
 * devices, one after the other, keep each call's readings well inside the route's deadline.
 */
export const BASELINE_CALL_DEVICES = 5;

/**
 * The estimates of the devices in view, asked only once `enabled` (after the cards' own data):
 * one call per INSIGHT_MAX_DEVICES devices (BASELINE_CALL_DEVICES with a baseline, one call at a time), so the caller's
 * customer and equipment are read once per call rather than once per card; kept for ten minutes.
 */
export function useInsights(customerId: string, deviceIds: string[], period: Period, enabled: boolean, options: InsightOptions = {}) {
  const size = options.baseline ? BASELINE_CALL_DEVICES : INSIGHT_MAX_DEVICES;
  return useQuery({
    queryKey: telemetryKeys.insight(customerId, deviceIds, period, options.baseline === true),
    queryFn: async ({ signal }) => {
      const call = (i: number) => getInsight(customerId, deviceIds.slice(i, i + size), period, signal, options);
      const starts = Array.from({ length: Math.ceil(deviceIds.length / size) }, (_, k) => k * size);
      if (!options.baseline) return Object.assign({}, ...(await Promise.all(starts.map(call)))) as InsightReply['data'];
      const data: InsightReply['data'] = {};
      for (const i of starts) Object.assign(data, await call(i));
      return data;
    },
    enabled: enabled && deviceIds.length > 0,
    retry: false,
    staleTime: 600_000,
  });
}
