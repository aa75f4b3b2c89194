import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { userKeys } from '../query-keys';

/** What an administrator grants: up to an amount, any amount, or nothing. */
export type QuoteApprovalChoice = { limit: number | null } | null;

/** PUT /api/users/{email}/quote-approval (administrators; beyond the spec, issue 30). */
export async function setQuoteApproval(input: { email: string; approval: QuoteApprovalChoice }): Promise<void> {
  await api(`/api/users/${encodeURIComponent(input.email)}/quote-approval`, { method: 'PUT', body: input.approval ? { limit: input.approval.limit } : { allowed: false } });
}

export function useSetQuoteApproval() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setQuoteApproval,
    onSettled: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}
