import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useRef, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import { dollars } from '../../../../lambdas/shared/contract/answers/quotes';
import { titleCase } from '../../../components/text/display-name';
import { LoadFailure } from '../../../components/ui/load-failure';
import { unavailableMessage } from '../../../lib/api-client';
import { useQuotes } from '../api/get-quotes';
import { decisionDetails, expiryText, statusText } from '../quote-text';
import { quotesText as t } from '../strings';
import { ReviewDialog } from './review-dialog';

export interface QuotesPanelProps {
  /** The viewed user (the signed-in customer, or the customer an administrator views as). */
  email: string;
  /** Their name, left out of "Ask … to approve". */
  name?: string;
  /** The reports' property filter: only this property's quotes, or all of the user's. */
  propertyId: string | null;
  propertyName: string | null;
  /** Property id -> its customer's name, for an account of several customers (a Customer column then). */
  customerOf?: ReadonlyMap<string, string>;
}

/**
 * "Quotes awaiting approval" (issue 30): above the Quotes report, the viewed user's Sent quotes
 * and those decided in the portal lately, each with Review. An administrator viewing as a customer
 * sees them read-only (the server refuses staff decisions), and is told why.
 */
export function QuotesPanel({ email, name, propertyId, propertyName, customerOf }: QuotesPanelProps) {
  // A link to one quote (?quote=<id>: a mail's, or a Quotes report row opened, issue 43) lists that
  // quote too, even one decided long ago or outside the portal, when it is the viewed user's.
  const [searchParams] = useSearchParams();
  const linked = searchParams.get('quote');
  const query = useQuotes(email, propertyId, linked);
  const headingId = useId();
  const [reviewing, setReviewing] = useState<string | null>(null);
  const quotes = query.data?.quotes ?? [];
  // Quotes of several customers' properties name each one's customer (issue 39).
  const manyCustomers = !propertyId && !!customerOf && new Set(quotes.map((q) => customerOf.get(q.propertyId))).size > 1;
  const current = quotes.find((q) => q.id === reviewing);
  // A mail's link to one quote (?quote=<id>, lambdas/shared/platform/links.ts) or a Quotes report
  // row opened: its row is marked, brought into view and its Review button focused, once the quotes
  // are in (issue 39); again on each opening (a new history entry), also of the same quote.
  const { key: locationKey } = useLocation();
  const shownLink = useRef<string | null>(null);
  const linkFound = !linked || quotes.some((q) => q.id === linked);
  useEffect(() => {
    const shown = `${linked}\u0000${locationKey}`;
    if (!linked || shownLink.current === shown || !quotes.some((q) => q.id === linked)) return;
    shownLink.current = shown;
    const row = document.querySelector<HTMLElement>(`[data-quote="${CSS.escape(linked)}"]`);
    row?.scrollIntoView({ block: 'center' });
    row?.querySelector<HTMLElement>('button')?.focus();
  }, [linked, locationKey, quotes]);
  return (
    <Paper component="section" variant="outlined" aria-labelledby={headingId} aria-busy={query.isPending} data-testid="quotes-panel" sx={{ mb: 2, p: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'baseline', flexWrap: 'wrap', columnGap: 1.5, mb: 1 }}>
        <Typography id={headingId} component="h2" variant="h6" sx={{ fontSize: 18 }}>
          {t.title}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {propertyName ? t.subtitleProperty(titleCase(propertyName)) : t.subtitle}
        </Typography>
      </Box>
      {query.data && !query.data.canDecide && (
        <Alert severity="info" sx={{ mb: 1 }}>
          {t.staffReadOnly}
        </Alert>
      )}
      {query.isPending && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t.loading}
        </Typography>
      )}
      {query.isError && <LoadFailure message={unavailableMessage(query.error) ?? t.loadFailed} retrying={query.isFetching} onRetry={() => void query.refetch()} />}
      {query.isSuccess && !query.isPlaceholderData && !linkFound && (
        <Alert severity="info" sx={{ mb: 1 }} role="status">
          {propertyName ? t.linkedNotAtProperty(linked!, titleCase(propertyName)) : t.linkedNotFound(linked!)}
        </Alert>
      )}
      {query.isSuccess && quotes.length === 0 && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t.none}
        </Typography>
      )}
      {quotes.length > 0 && (
        <Box tabIndex={0} role="group" aria-labelledby={headingId} sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-labelledby={headingId}>
            <TableHead>
              <TableRow>
                <TableCell scope="col">{t.columns.quote}</TableCell>
                {manyCustomers && <TableCell scope="col">{t.columns.customer}</TableCell>}
                <TableCell scope="col">{t.columns.property}</TableCell>
                <TableCell scope="col" align="right">
                  {t.columns.amount}
                </TableCell>
                <TableCell scope="col">{t.columns.expires}</TableCell>
                <TableCell scope="col">{t.columns.status}</TableCell>
                <TableCell scope="col">
                  <Box component="span" sx={visuallyHidden}>
                    {t.columns.action}
                  </Box>
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {quotes.map((q) => (
                <TableRow key={q.id} data-quote={q.id} selected={q.id === linked} aria-current={q.id === linked ? 'true' : undefined}>
                  <TableCell>
                    <Box sx={{ fontWeight: 500 }}>{q.title || q.id}</Box>
                    <Box sx={{ color: 'text.secondary', fontSize: 13 }}>{q.id}</Box>
                  </TableCell>
                  {manyCustomers && <TableCell>{customerOf?.get(q.propertyId) ?? ''}</TableCell>}
                  <TableCell>{titleCase(q.propertyName)}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {dollars(q.amount)}
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap', color: q.expired ? 'error.main' : undefined }}>{expiryText(q)}</TableCell>
                  <TableCell sx={{ minWidth: 200, maxWidth: 380, overflowWrap: 'anywhere' }}>
                    {statusText(q)}
                    {/* What the newest decision said (issue 39), in full in Review. */}
                    {q.decisions[0] &&
                      decisionDetails(q.decisions[0])
                        .filter((line) => line.label !== t.detail.signature && line.label !== t.detail.lines)
                        .map((line) => (
                          <Box key={line.label} sx={{ color: 'text.secondary', fontSize: 13, display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}>
                            {line.label}: {line.value}
                          </Box>
                        ))}
                  </TableCell>
                  <TableCell align="right">
                    <Button size="small" variant="outlined" onClick={() => setReviewing(q.id)} aria-label={t.reviewLabel(q.id, q.title)}>
                      {t.review}
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
      {current && query.data && <ReviewDialog key={current.id} quote={current} reply={query.data} ownName={name} onClose={() => setReviewing(null)} />}
    </Paper>
  );
}

// '1px', not 1: in sx a width or height of 1 means 100%, which made the Quotes page 2,754 px wide.
const visuallyHidden = { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;
