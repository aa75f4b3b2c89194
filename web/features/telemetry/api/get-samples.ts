import { useQuery } from '@tanstack/react-query';
import { SamplesReply } from '../../../../lambdas/shared/contract/answers/telemetry';
import { api } from '../../../lib/api-client';
import type { Sample, Selection } from '../telemetry-rules';
import { telemetryKeys } from './query-keys';

export { SamplesReply };

/** POST /api/telemetry/{customerId}/samples: the latest sample per device. */
export async function getSamples(customerId: string, deviceIds: string[], signal?: AbortSignal): Promise<Record<string, Sample>> {
  const reply = SamplesReply.parse(await api(`/api/telemetry/${encodeURIComponent(customerId)}/samples`, { method: 'POST', body: { deviceIds }, signal }));
  if (typeof performance !== 'undefined') performance.mark('telemetry:samples-received');
  return reply.data;
}

/** Samples of the devices in view; a new selection is a new query (its data starts empty); every minute while visible. */
export function useSamples(customerId: string, selection: Selection, deviceIds: string[], enabled: boolean) {
  return useQuery({
    queryKey: telemetryKeys.samples(customerId, selection, deviceIds),
    queryFn: ({ signal }) => getSamples(customerId, deviceIds, signal),
    enabled: enabled && deviceIds.length > 0,
    retry: false,
    staleTime: 15_000,
    // Data of a selection left behind is dropped, not shown again later.
    gcTime: 0,
    refetchInterval: 60_000,
  });
}
