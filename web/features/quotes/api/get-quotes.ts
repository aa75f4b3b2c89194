import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { QuotesReply } from '../../../../lambdas/shared/contract/answers/quotes';
import { api } from '../../../lib/api-client';
import { quoteKeys } from '../query-keys';

export { QuotesReply };

/**
 * GET /api/quotes?email=&propertyIds=&quote=: the viewed user's Sent quotes and those decided in the
 * portal lately, and the one quote named (a Quotes report row or a mail's link opened it, issue 43)
 * whatever its status or age, when it is theirs.
 */
export async function getQuotes(email: string, propertyId: string | null, signal?: AbortSignal, quote: string | null = null): Promise<QuotesReply> {
  const q = new URLSearchParams({ email, ...(propertyId ? { propertyIds: propertyId } : {}), ...(quote ? { quote } : {}) });
  return QuotesReply.parse(await api(`/api/quotes?${q}`, { signal }));
}

/** The panel's quotes; naming another quote keeps the list shown meanwhile (no flash of "Loading"). */
export function useQuotes(email: string, propertyId: string | null, quote: string | null = null) {
  return useQuery({
    queryKey: quoteKeys.list(email, propertyId, quote),
    queryFn: ({ signal }) => getQuotes(email, propertyId, signal, quote),
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
}
