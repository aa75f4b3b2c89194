import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { QuoteView } from '../../../../lambdas/shared/contract/answers/quotes';
import { failureMessage } from '../../../lib/api-client';
import { useAskApproval } from '../api/ask-approval';
import { quotesText as t } from '../strings';

export interface AskApprovalProps {
  quote: Pick<QuoteView, 'id' | 'propertyId'>;
  /** Whom to offer: the quote's approvers, the viewed user left out. Empty: nothing is offered. */
  names: readonly string[];
}

/**
 * "Ask <name> to approve" (issue 39): one button per colleague who may approve the quote; the
 * server mails the one chosen a link to it and the answer says so here (or why it did not).
 */
export function AskApproval({ quote, names }: AskApprovalProps) {
  const ask = useAskApproval();
  if (!names.length) return null;
  return (
    <Box sx={{ mb: 2 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        {names.map((name) => (
          <Button key={name} size="small" variant="outlined" disabled={ask.isPending} onClick={() => ask.mutate({ quote, approver: name })}>
            {ask.isPending && ask.variables?.approver === name ? t.asking : t.askButton(name)}
          </Button>
        ))}
      </Box>
      {ask.isSuccess && (
        <Alert severity="success" role="status" sx={{ mt: 1 }}>
          {ask.data.message}
        </Alert>
      )}
      {ask.isError && (
        <Alert severity="error" role="alert" sx={{ mt: 1 }}>
          {failureMessage(ask.error, t.askFailed)}
        </Alert>
      )}
    </Box>
  );
}
