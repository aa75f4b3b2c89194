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
  /** A quote with lines (issue 43): the option chosen, the optional lines ticked and the total shown (the server counts its own). */
  option?: string | null;
  ticked?: string[];
  total?: number;
}

/**
 * POST /api/quotes/{quoteId}/decision. `shown` is the quote exactly as the dialog showed it (the
 * server refuses with 409 when the stored quote is no longer that); with lines, the option and the
 * optional lines chosen, and the total shown (the server counts the total from its own lines).
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
    ...(quote.lines.length ? { ...(input.option ? { option: input.option } : {}), lines: input.ticked ?? [] } : {}),
    shown: { amount: quote.amount, title: quote.title, expiresAt: quote.expiresAt, ...(quote.lines.length && input.total !== undefined ? { total: input.total } : {}) },
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
