import { useQuery } from '@tanstack/react-query';
import { AlertsReply, type ActiveAlert } from '../../../../lambdas/shared/contract/answers/alerts';
import { api } from '../../../lib/api-client';
import { telemetryKeys } from './query-keys';

export { AlertsReply, type ActiveAlert };

/** GET /api/alerts?customerId=: the customer's raised equipment alerts, newest first. */
export async function getAlerts(customerId: string, signal?: AbortSignal): Promise<ActiveAlert[]> {
  return AlertsReply.parse(await api(`/api/alerts?${new URLSearchParams({ customerId })}`, { signal })).data;
}

/** Re-read every minute while the dashboard is open (the evaluation runs every 5 minutes). */
export function useAlerts(customerId: string) {
  return useQuery({
    queryKey: telemetryKeys.alerts(customerId),
    queryFn: ({ signal }) => getAlerts(customerId, signal),
    retry: false,
    staleTime: 30_000,
    refetchInterval: 60_000,
  });
}

/**
 * How many alerts are raised for the customer, for the home screen's sidebar (the same query as the
 * dashboard's, so the two agree); none asked for without a customer.
 */
export function useAlertCount(customerId: string | null) {
  return useQuery({
    queryKey: telemetryKeys.alerts(customerId ?? ''),
    queryFn: ({ signal }) => getAlerts(customerId!, signal),
    enabled: customerId !== null,
    retry: false,
    staleTime: 30_000,
    refetchInterval: 60_000,
    select: (alerts) => alerts.length,
  });
}
