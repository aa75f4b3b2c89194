import { useQuery } from '@tanstack/react-query';
import { ThresholdsReply, type RuleThreshold } from '../../../../lambdas/shared/contract/answers/alerts';
import { api } from '../../../lib/api-client';
import { telemetryKeys } from './query-keys';

export { ThresholdsReply, type RuleThreshold };

/** GET /api/alerts/thresholds/{propertyId}?customerId=: the property's rules as evaluated, with their defaults. */
export async function getThresholds(customerId: string, propertyId: string, signal?: AbortSignal): Promise<ThresholdsReply> {
  return ThresholdsReply.parse(await api(`/api/alerts/thresholds/${encodeURIComponent(propertyId)}?${new URLSearchParams({ customerId })}`, { signal }));
}

export function useThresholds(customerId: string, propertyId: string | null) {
  return useQuery({
    queryKey: telemetryKeys.thresholds(customerId, propertyId ?? ''),
    queryFn: ({ signal }) => getThresholds(customerId, propertyId!, signal),
    enabled: !!propertyId,
    retry: false,
    staleTime: 0,
  });
}
