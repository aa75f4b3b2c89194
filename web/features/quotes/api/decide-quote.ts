import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DecisionReply, type QuoteDecisionKind, type QuoteView } from '../../../../lambdas/shared/contract/answers/quotes';
import { api } from '../../../lib/api-client';
import { reportKeys } from '../../reports/query-keys';
import { quoteKeys } from '../query-keys';

export interface DecisionInput {
  quote: QuoteView;
  decision: QuoteDecisionKind;
  signature?: string;
  agreed?: boolean;
  reason?: string;
  comment?: string;
  poNumber?: string;
}

/**
 * POST /api/quotes/{quoteId}/decision. `shown` is the quote exactly as the dialog showed it (the
 * server refuses with 409 when the stored quote is no longer that).
 */
export async function decideQuote(input: DecisionInput): Promise<DecisionReply> {
  const { quote, decision } = input;
  const opt = (v: string | undefined) => (v && v.trim() ? v.trim() : undefined);
  const body = {
    propertyId: quote.propertyId,
    decision,
    ...(decision === 'approve' ? { signature: opt(input.signature), agreed: input.agreed === true, poNumber: opt(input.poNumber) } : {}),
    ...(decision === 'decline' ? { reason: opt(input.reason) } : {}),
    ...(decision === 'request-changes' ? { comment: opt(input.comment) } : {}),
    shown: { amount: quote.amount, title: quote.title, expiresAt: quote.expiresAt },
  };
  return DecisionReply.parse(await api(`/api/quotes/${encodeURIComponent(quote.id)}/decision`, { method: 'POST', body }));
}

/** Decides, then reloads the quote list and the report frames (their figures follow the decision). */
export function useDecideQuote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideQuote,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: quoteKeys.all });
      void queryClient.invalidateQueries({ queryKey: reportKeys.all });
    },
  });
}
