import { useMutation } from '@tanstack/react-query';
import { AskApprovalReply, type QuoteView } from '../../../../lambdas/shared/contract/answers/quotes';
import { api } from '../../../lib/api-client';

export interface AskApprovalInput {
  quote: Pick<QuoteView, 'id' | 'propertyId'>;
  /** A name from the quote's `approvers`. */
  approver: string;
}

/** POST /api/quotes/{quoteId}/ask-approval: the server mails that colleague a link to the quote (issue 39). */
export async function askApproval({ quote, approver }: AskApprovalInput): Promise<AskApprovalReply> {
  return AskApprovalReply.parse(await api(`/api/quotes/${encodeURIComponent(quote.id)}/ask-approval`, { method: 'POST', body: { propertyId: quote.propertyId, approver } }));
}

export function useAskApproval() {
  return useMutation({ mutationFn: askApproval });
}
