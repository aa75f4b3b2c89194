import { queryOptions, useQuery } from '@tanstack/react-query';
import { DevicesReply } from '../../../../lambdas/shared/contract/answers/telemetry';
import { api } from '../../../lib/api-client';
import { telemetryKeys } from './query-keys';

export { DevicesReply };

/** GET /api/telemetry/{customerId}/devices: the telemetry devices of the customer's equipment. */
export async function getDevices(customerId: string, signal?: AbortSignal) {
  return DevicesReply.parse(await api(`/api/telemetry/${encodeURIComponent(customerId)}/devices`, { signal })).data;
}

/** The devices' query, for the dashboard and for a prefetch (prefetch.ts). */
export const devicesQuery = (customerId: string) =>
  queryOptions({ queryKey: telemetryKeys.devices(customerId), queryFn: ({ signal }) => getDevices(customerId, signal), retry: false, staleTime: 60_000 });

/** Loads after the analytics data (spec section 4); refreshes itself every minute while the tab is visible. */
export function useDevices(customerId: string, enabled: boolean) {
  return useQuery({ ...devicesQuery(customerId), enabled, refetchInterval: 60_000 });
}
