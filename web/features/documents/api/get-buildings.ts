import { useQueries, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { documentKeys } from '../query-keys';

export const BuildingsReply = z.object({
  property_names: z.array(z.string()),
  property_ids: z.array(z.string()),
  property_type: z.array(z.string().nullable()).optional(),
});

export interface PropertyOption {
  id: string;
  name: string;
}

/** GET /api/sigma/buildings/{customerId}: the customer's properties the caller may see. */
export async function getBuildings(customerId: string, signal?: AbortSignal): Promise<PropertyOption[]> {
  const reply = BuildingsReply.parse(await api(`/api/sigma/buildings/${encodeURIComponent(customerId)}`, { signal }));
  return reply.property_ids.map((id, i) => ({ id, name: reply.property_names[i] ?? id }));
}

export function useBuildings(customerId: string | null) {
  return useQuery({
    queryKey: documentKeys.properties(customerId ?? ''),
    queryFn: ({ signal }) => getBuildings(customerId!, signal),
    enabled: !!customerId,
  });
}

/** The properties of several customers at once (an account of several customers): one call per customer, in parallel. */
export function useBuildingsOf(customerIds: readonly string[]) {
  return useQueries({
    queries: customerIds.map((id) => ({
      queryKey: documentKeys.properties(id),
      queryFn: ({ signal }: { signal: AbortSignal }) => getBuildings(id, signal),
    })),
  });
}
