import { useQuery } from '@tanstack/react-query';
import { QuotesReply } from '../../../../lambdas/shared/contract/answers/quotes';
import { api } from '../../../lib/api-client';
import { quoteKeys } from '../query-keys';

export { QuotesReply };

/** GET /api/quotes?email=&propertyIds=: the viewed user's Sent quotes and those decided in the portal lately. */
export async function getQuotes(email: string, propertyId: string | null, signal?: AbortSignal): Promise<QuotesReply> {
  const q = new URLSearchParams({ email, ...(propertyId ? { propertyIds: propertyId } : {}) });
  return QuotesReply.parse(await api(`/api/quotes?${q}`, { signal }));
}

export function useQuotes(email: string, propertyId: string | null) {
  return useQuery({ queryKey: quoteKeys.list(email, propertyId), queryFn: ({ signal }) => getQuotes(email, propertyId, signal), staleTime: 30_000 });
}
