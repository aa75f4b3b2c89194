import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import type { QuoteView } from '../../../../lambdas/shared/contract/answers/quotes';
import { decisionDetails, decisionText } from '../quote-text';
import { quotesText as t } from '../strings';

/**
 * A quote's decisions in Review, newest first (issue 39): who decided (the account and its email),
 * when, and what they said: the signature, the PO number, the reason, the changes asked for. The
 * same for the customer, for an administrator viewing as them, and read-only after the decision.
 */
export function DecisionHistory({ decisions }: { decisions: QuoteView['decisions'] }) {
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mb: 2 }} data-testid="decision-history">
      <Typography id={headingId} component="h3" variant="subtitle1" sx={{ mb: 0.5 }}>
        {t.history}
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
        {decisions.map((d) => (
          <Box component="li" key={`${d.decidedAt}:${d.decision}`} sx={{ borderLeft: 3, borderColor: 'divider', pl: 1.5 }}>
            <Typography variant="body2" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
              {decisionText(d)}
            </Typography>
            {decisionDetails(d).length > 0 && (
              <Box
                component="dl"
                sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 1.5, rowGap: 0.25, m: 0, mt: 0.5, fontSize: 14, '& dt': { color: 'text.secondary' }, '& dd': { m: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' } }}
              >
                {decisionDetails(d).map((line) => (
                  <Box key={line.label} sx={{ display: 'contents' }}>
                    <dt>{line.label}</dt>
                    <dd>{line.value}</dd>
                  </Box>
                ))}
              </Box>
            )}
          </Box>
        ))}
      </Box>
    </Box>
  );
}
