import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { decisionsCsv, decisionWord, recentDecisionDays, type RecentDecision } from '../../../../lambdas/shared/contract/answers/quote-decisions';
import { dollars } from '../../../../lambdas/shared/contract/answers/quotes';
import { DialogHeading } from '../../../components/ui/dialog-heading';
import { LoadFailure } from '../../../components/ui/load-failure';
import { titleCase } from '../../../components/text/display-name';
import { writtenClock, writtenDate } from '../../../components/text/dates';
import { unavailableMessage } from '../../../lib/api-client';
import { useRecentDecisions } from '../api/get-decisions';
import { quotesText as t } from '../strings';
import { downloadText } from '../../../lib/download-file';

export interface DecisionsDialogProps {
  open: boolean;
  onClose(): void;
}

const DAYS = recentDecisionDays.default;

/** What the decider said besides the decision: the PO number, the reason or the changes asked for. */
const said = (d: RecentDecision) =>
  [d.poNumber ? `${t.detail.poNumber}: ${d.poNumber}` : '', d.reason ? `${t.detail.reason}: ${d.reason}` : '', d.comment ? `${t.detail.comment}: ${d.comment}` : ''].filter(Boolean);

/** Saves the decisions as a CSV file (the same rows the list shows, written by the contract's decisionsCsv). */
const downloadCsv = (decisions: readonly RecentDecision[]) => downloadText(decisionsCsv(decisions), t.csvFileName(new Date().toISOString().slice(0, 10)));

/**
 * Quote decisions (issue 39): the administrators' one list of every customer's recent decisions,
 * newest first: when, the customer and property, the quote, the amount, the decision, who decided
 * (the account's name and email), the signature and what they said; with its CSV.
 */
export function DecisionsDialog({ open, onClose }: DecisionsDialogProps) {
  const titleId = useId();
  const query = useRecentDecisions(open, DAYS);
  const decisions = query.data?.decisions ?? [];
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="lg" aria-labelledby={titleId}>
      <DialogHeading id={titleId} title={t.decisionsTitle} closeLabel={t.close} onClose={onClose} />
      <DialogContent>
        <Box sx={{ display: 'flex', alignItems: 'baseline', flexWrap: 'wrap', columnGap: 2, rowGap: 1, mb: 1.5 }}>
          <Typography variant="body2" sx={{ color: 'text.secondary', flex: 1, minWidth: 240 }}>
            {t.decisionsSubtitle(DAYS)} {query.isSuccess && decisions.length > 0 && t.decisionsCount(decisions.length)}
          </Typography>
          <Button variant="outlined" size="small" disabled={!query.isSuccess || decisions.length === 0} onClick={() => downloadCsv(decisions)}>
            {t.downloadCsv}
          </Button>
        </Box>
        {query.isPending && (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t.decisionsLoading}
          </Typography>
        )}
        {query.isError && <LoadFailure message={unavailableMessage(query.error) ?? t.decisionsFailed} retrying={query.isFetching} onRetry={() => void query.refetch()} />}
        {query.isSuccess && decisions.length === 0 && <Alert severity="info">{t.decisionsNone(DAYS)}</Alert>}
        {decisions.length > 0 && (
          <Box tabIndex={0} role="group" aria-labelledby={titleId} sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-labelledby={titleId} data-testid="quote-decisions">
              <TableHead>
                <TableRow>
                  {Object.values(t.decisionColumns).map((label) => (
                    <TableCell key={label} scope="col" align={label === t.decisionColumns.amount ? 'right' : undefined}>
                      {label}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {decisions.map((d) => (
                  <TableRow key={`${d.propertyId}:${d.quoteId}:${d.decidedAt}`} data-quote={d.quoteId} sx={{ verticalAlign: 'top' }}>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      <Box>{writtenDate(d.decidedAt)}</Box>
                      <Box sx={{ color: 'text.secondary', fontSize: 13 }}>{writtenClock(d.decidedAt)}</Box>
                    </TableCell>
                    <TableCell>
                      <Box sx={{ fontWeight: 500 }}>{d.customerName}</Box>
                      <Box sx={{ color: 'text.secondary', fontSize: 13 }}>{titleCase(d.propertyName)}</Box>
                    </TableCell>
                    <TableCell>
                      <Box sx={{ fontWeight: 500 }}>{d.title || d.quoteId}</Box>
                      <Box sx={{ color: 'text.secondary', fontSize: 13 }}>{d.quoteId}</Box>
                    </TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      {dollars(d.amount)}
                    </TableCell>
                    <TableCell>{decisionWord[d.decision]}</TableCell>
                    <TableCell>
                      <Box>{d.name}</Box>
                      <Box sx={{ color: 'text.secondary', fontSize: 13, whiteSpace: 'nowrap' }}>{d.email}</Box>
                    </TableCell>
                    <TableCell sx={{ overflowWrap: 'anywhere' }}>{d.signature ?? '—'}</TableCell>
                    <TableCell sx={{ minWidth: 180, maxWidth: 320, overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>{said(d).join('\n') || '—'}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t.close}</Button>
      </DialogActions>
    </Dialog>
  );
}
