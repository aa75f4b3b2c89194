import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { chosenTotal, dollars, quoteLimits, type QuoteDecisionKind, type QuotesReply, type QuoteView } from '../../../../lambdas/shared/contract/answers/quotes';
import { titleCase } from '../../../components/text/display-name';
import { writtenDate } from '../../../components/text/dates';
import { failureMessage } from '../../../lib/api-client';
import { openDocumentInNewTab } from '../../../lib/document-link';
import { openedFrom, workOrderPath } from '../../work-orders/paths';
import { useDecideQuote } from '../api/decide-quote';
import { agreeText, approveChoice, decidable, expiryDay, expiryText, statusText } from '../quote-text';
import { AskApproval } from './ask-approval';
import { DecisionHistory } from './decision-history';
import { LineChoices } from './line-choices';
import { quotesText as t } from '../strings';

export interface ReviewDialogProps {
  quote: QuoteView;
  reply: Pick<QuotesReply, 'approval' | 'canDecide' | 'signer'>;
  /** The viewed user's name, left out of "Ask … to approve". */
  ownName?: string;
  onClose: () => void;
}

/**
 * Review (issue 30): the quote's facts and its decisions with what they said (issue 39), then
 * Approve (the signature, prefilled with the account's name; the tick; optional PO number),
 * Decline (a reason) or Request changes (a comment). What is sent as `shown` is the quote
 * as this dialog shows it; the server's refusal (4xx) is shown here. A quote with lines (issue 43)
 * shows them with its options (the first chosen to begin with) and optional lines: the total, the
 * permission and the approval's tick follow the choice, which is sent with the decision.
 */
export function ReviewDialog({ quote, reply, ownName, onClose }: ReviewDialogProps) {
  const titleId = useId();
  const location = useLocation();
  const decide = useDecideQuote();
  const open = decidable(quote) && reply.canDecide;
  // The last decision's choice where there is one (a decided quote shows what was chosen), else the first option.
  const last = quote.decisions[0]?.chosen;
  const [option, setOption] = useState<string | null>(last?.option && quote.options.includes(last.option) ? last.option : (quote.options[0] ?? null));
  const [ticked, setTicked] = useState<string[]>(() => (last ? quote.lines.filter((l) => l.optional && last.lines.includes(l.description)).map((l) => l.id) : []));
  const lined = quote.lines.length > 0;
  const total = lined ? chosenTotal(quote.lines, option, ticked) : quote.amount;
  const choice = approveChoice(reply, { ...quote, amount: total }, ownName);
  const [chosenDecision, setDecision] = useState<QuoteDecisionKind | null>(null);
  // An option over the user's limit takes Approve away: its form goes with it.
  const decision = chosenDecision === 'approve' && !choice.may ? null : chosenDecision;
  // The signature is the signed-in account's name (issue 39): prefilled; the server refuses another.
  const [signature, setSignature] = useState(reply.signer?.name ?? '');
  const [agreed, setAgreed] = useState(false);
  const [poNumber, setPoNumber] = useState('');
  const [reason, setReason] = useState('');
  const [comment, setComment] = useState('');
  const [documentError, setDocumentError] = useState<string | null>(null);
  const ready =
    (decision === 'approve' && signature.trim() !== '' && agreed) ||
    (decision === 'decline' && reason.trim() !== '') ||
    (decision === 'request-changes' && comment.trim() !== '');
  const error = decide.error ? failureMessage(decide.error, t.failed) : null;
  const done = decide.isSuccess;

  const send = () => {
    if (!decision || !ready) return;
    decide.mutate({ quote, decision, signature, agreed, poNumber, reason, comment, ...(lined ? { option, ticked, total } : {}) });
  };
  const openDocument = (key: string) => {
    setDocumentError(null);
    openDocumentInNewTab(key).catch((err: unknown) => setDocumentError(failureMessage(err, t.documentFailed)));
  };
  const sendLabel = decision === 'approve' ? t.sendApprove : decision === 'decline' ? t.sendDecline : t.sendChanges;

  return (
    <Dialog open onClose={decide.isPending ? undefined : onClose} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t.dialogTitle(quote.id)}</DialogTitle>
      <DialogContent>
        <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5, m: 0, mb: 2, '& dt': { color: 'text.secondary' }, '& dd': { m: 0 } }}>
          <dt>{t.facts.title}</dt>
          <dd>{quote.title || quote.id}</dd>
          <dt>{t.facts.property}</dt>
          <dd>{titleCase(quote.propertyName)}</dd>
          <dt>{lined ? t.facts.total : t.facts.amount}</dt>
          <dd>{dollars(total)}</dd>
          <dt>{t.facts.expires}</dt>
          <dd>{expiryText(quote)}</dd>
          <dt>{t.facts.sent}</dt>
          <dd>{writtenDate(quote.createdAt)}</dd>
          {quote.workOrderId && (
            <>
              <dt>{t.facts.workOrder}</dt>
              <dd>
                <Link component={RouterLink} to={workOrderPath(quote.workOrderId)} state={openedFrom(location)} aria-label={t.openWorkOrder(quote.workOrderId)}>
                  {quote.workOrderId}
                </Link>
              </dd>
            </>
          )}
          {quote.document && (
            <>
              <dt>{t.facts.document}</dt>
              <dd>
                <Button size="small" variant="text" sx={{ p: 0, minWidth: 0, textTransform: 'none', wordBreak: 'break-all', textAlign: 'left' }} onClick={() => openDocument(quote.document!.key)}>
                  {t.openDocument(quote.document.fileName)}
                </Button>
              </dd>
            </>
          )}
        </Box>
        {lined && <LineChoices quote={quote} option={option} onOption={setOption} ticked={ticked} onTicked={setTicked} total={total} disabled={!open || done || decide.isPending} />}
        {documentError && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {documentError}
          </Alert>
        )}
        {quote.decisions.length > 0 && <DecisionHistory decisions={quote.decisions} />}
        {!reply.canDecide && <Alert severity="info">{t.staffNote}</Alert>}
        {reply.canDecide && quote.expired && <Alert severity="warning">{t.expiredNote(expiryDay(quote))}</Alert>}
        {reply.canDecide && !done && !quote.expired && quote.status !== 'Sent' && (
          <Alert severity="info">
            {t.decidedNote}
            {/* Decided outside the portal (no record above, issue 43): how and when, as the provider's system says. */}
            {quote.decisions.length === 0 && ` ${statusText(quote)}.`}
          </Alert>
        )}
        {open && !done && (
          <>
            <Typography component="h3" variant="subtitle1" sx={{ mb: 1 }}>
              {t.choose}
            </Typography>
            {!choice.may && (
              <Alert severity="info" sx={{ mb: 1.5 }}>
                {choice.why} <strong>{choice.ask}</strong>
              </Alert>
            )}
            {!choice.may && <AskApproval quote={quote} names={choice.others} />}
            {/* Each choice its own Tab stop (a ToggleButtonGroup's roving focus left Decline and Request changes to the arrow keys). */}
            <Box role="group" aria-label={t.choose} sx={{ mb: 2, display: 'flex', flexWrap: 'wrap', gap: 1 }}>
              {(choice.may ? (['approve', 'decline', 'request-changes'] as const) : (['decline', 'request-changes'] as const)).map((kind) => (
                <ToggleButton
                  key={kind}
                  value={kind}
                  color="primary"
                  size="small"
                  selected={decision === kind}
                  onChange={() => setDecision(decision === kind ? null : kind)}
                >
                  {kind === 'approve' ? t.approve : kind === 'decline' ? t.decline : t.requestChanges}
                </ToggleButton>
              ))}
            </Box>
            {decision === 'approve' && (
              <Box sx={{ display: 'grid', gap: 1.5 }}>
                <TextField
                  label={t.signature}
                  helperText={t.signatureHelp}
                  value={signature}
                  onChange={(e) => setSignature(e.target.value)}
                  required
                  autoComplete="name"
                  slotProps={{ htmlInput: { maxLength: quoteLimits.signatureMax } }}
                />
                <FormControlLabel control={<Checkbox checked={agreed} onChange={(e) => setAgreed(e.target.checked)} />} label={agreeText({ ...quote, amount: total })} />
                <TextField label={t.poNumber} value={poNumber} onChange={(e) => setPoNumber(e.target.value)} slotProps={{ htmlInput: { maxLength: quoteLimits.poNumberMax } }} />
              </Box>
            )}
            {decision === 'decline' && (
              <TextField
                label={t.reason}
                helperText={t.reasonHelp}
                value={reason}
                onChange={(e) => setReason(e.target.value)}
                required
                multiline
                minRows={3}
                fullWidth
                slotProps={{ htmlInput: { maxLength: quoteLimits.reasonMax } }}
              />
            )}
            {decision === 'request-changes' && (
              <TextField
                label={t.comment}
                helperText={t.commentHelp}
                value={comment}
                onChange={(e) => setComment(e.target.value)}
                required
                multiline
                minRows={3}
                fullWidth
                slotProps={{ htmlInput: { maxLength: quoteLimits.commentMax } }}
              />
            )}
          </>
        )}
        {done && (
          <Alert severity="success" role="status">
            {decide.data.message}
          </Alert>
        )}
        {error && (
          <Alert severity="error" role="alert" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={decide.isPending}>
          {done || !open ? t.close : t.cancel}
        </Button>
        {open && !done && decision && (
          <Button variant="contained" onClick={send} disabled={!ready || decide.isPending}>
            {decide.isPending ? t.sending : sendLabel}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
