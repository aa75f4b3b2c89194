import { useQuery } from '@tanstack/react-query';
import { VisitsReply } from '../../../../lambdas/shared/contract/answers/visits';
import { api } from '../../../lib/api-client';
import { visitKeys } from '../query-keys';

export { VisitsReply };

/** GET /api/visits?email=&propertyId=: the viewed user's visits of the next 30 days, or one property's. */
export async function getVisits(email: string, propertyId: string | null, signal?: AbortSignal): Promise<VisitsReply> {
  const q = new URLSearchParams({ email, ...(propertyId ? { propertyId } : {}) });
  return VisitsReply.parse(await api(`/api/visits?${q}`, { signal }));
}

export function useVisits(email: string, propertyId: string | null) {
  return useQuery({ queryKey: visitKeys.list(email, propertyId), queryFn: ({ signal }) => getVisits(email, propertyId, signal), staleTime: 60_000 });
}
