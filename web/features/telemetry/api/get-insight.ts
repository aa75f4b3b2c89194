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
 * devices over 7 days, one after the other, keep each call's readings well inside the route's deadline.
 */
export const BASELINE_CALL_DEVICES = 5;

/**
 * The devices of one call: INSIGHT_MAX_DEVICES without a baseline (the cards' 7 days); with one,
 * as many as make BASELINE_CALL_DEVICES × 7 days of period readings (5 over 7 days, 2 over 14,
 * 1 over 18 days or more), so that a longer period does not make a call read more.
 */
export function insightCallSize(period: Period, baseline: boolean): number {
  if (!baseline) return INSIGHT_MAX_DEVICES;
  const days = Math.round((Date.parse(period.to) - Date.parse(period.from)) / 86_400_000) + 1;
  return Math.max(1, Math.min(BASELINE_CALL_DEVICES, Math.floor((BASELINE_CALL_DEVICES * 7) / days)));
}

export function useInsights(customerId: string, deviceIds: string[], period: Period, enabled: boolean, options: InsightOptions = {}) {
  const size = insightCallSize(period, options.baseline === true);
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
