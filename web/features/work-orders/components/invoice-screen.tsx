import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import { useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import type { InvoiceReply, OwedInvoice } from '../../../../lambdas/shared/contract/answers/invoices';
import { titleCase } from '../../../components/text/display-name';
import { paymentLink } from '../../../embed/format';
import { openDocumentInNewTab } from '../../../lib/document-link';
import { useInvoice } from '../api/get-invoice';
import { offersPaySeveral, paySeveral } from '../invoice-text';
import { openedFrom, workOrderPath } from '../paths';
import { invoiceText as t } from '../strings';
import { dayText, money } from '../work-order-text';
import { LinesSection } from './lines-section';
import { RecordScreen } from './record-screen';
import { Facts, Quiet, Section } from './section';

const STATUS_COLOUR = { Open: 'default', Overdue: 'error', Paid: 'success', Void: 'default' } as const;

function Details({ reply }: { reply: InvoiceReply }) {
  const i = reply.invoice;
  const location = useLocation();
  const day = (v: string) => dayText(v, i.timeZone);
  const rows: [string, string][] = [
    [t.fields.status, i.status],
    [t.fields.property, titleCase(i.propertyName)],
    [t.fields.customer, titleCase(i.customerName)],
    [t.fields.issued, day(i.issuedAt)],
    [t.fields.due, day(i.dueAt)],
    [t.fields.paid, i.paidAt ? day(i.paidAt) : ''],
    [t.fields.amount, money(i.amount)],
    [t.fields.balance, money(i.balance)],
  ];
  return (
    <Section title={t.details} testId="invoice-details">
      <Facts rows={rows.filter(([, v]) => v)} />
      {i.workOrderId && (
        <Box sx={{ mt: 1 }}>
          {t.fields.workOrder}{' '}
          <Link component={RouterLink} to={workOrderPath(i.workOrderId)} state={openedFrom(location)} aria-label={t.openWorkOrder(i.workOrderId)}>
            {i.workOrderId}
          </Link>
        </Box>
      )}
    </Section>
  );
}

/** Pay (the Invoicing table's rule: an owed invoice with an https payment page), and the provider's PDF. */
function Payment({ reply }: { reply: InvoiceReply }) {
  const i = reply.invoice;
  const [failed, setFailed] = useState(false);
  const pay = i.owed && i.paymentUrl ? paymentLink(i.paymentUrl, { balance: i.balance, number: i.number }) : null;
  const d = reply.document;
  return (
    <Section title={t.payment} testId="invoice-payment">
      <Box sx={{ display: 'grid', gap: 1.5, justifyItems: 'start' }}>
        {pay ? (
          <Button variant="contained" href={pay.href} target="_blank" rel="noopener noreferrer" aria-label={`${pay.label} (opens in a new tab)`}>
            {pay.text}
          </Button>
        ) : (
          <Quiet>{i.owed ? t.noOnlinePayment : i.paidAt ? t.paidOn(dayText(i.paidAt, i.timeZone)) : t.nothingOwed}</Quiet>
        )}
        {d ? (
          <Button
            variant="outlined"
            aria-label={t.downloadLabel(d.fileName)}
            onClick={() => {
              setFailed(false);
              openDocumentInNewTab(d.key).catch(() => setFailed(true));
            }}
          >
            {t.download(d.fileName)}
          </Button>
        ) : (
          <Quiet>{t.noDocument}</Quiet>
        )}
        {failed && <Alert severity="error">{t.documentFailed}</Alert>}
      </Box>
    </Section>
  );
}

/**
 * Pay several: the customer's owed invoices with checkboxes (this one first, ticked, when owed); the
 * provider's page with the chosen ones where it takes them together, else the plain reason.
 */
function PaySeveral({ reply }: { reply: InvoiceReply }) {
  const i = reply.invoice;
  const [chosen, setChosen] = useState<ReadonlySet<string>>(() => new Set(i.owed ? [i.id] : []));
  if (reply.owed.length < 2) return null;
  if (!offersPaySeveral(reply.owed))
    return (
      <Section title={t.paySeveral} testId="invoice-pay-several">
        <Quiet>{t.noPaySeveral}</Quiet>
      </Section>
    );
  // This invoice first, then the others oldest due first (as the answer orders them).
  const listed: OwedInvoice[] = [...reply.owed.filter((o) => o.id === i.id), ...reply.owed.filter((o) => o.id !== i.id)];
  const picked = listed.filter((o) => chosen.has(o.id));
  const result = paySeveral(picked);
  const toggle = (id: string) =>
    setChosen((was) => {
      const next = new Set(was);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  return (
    <Section title={t.paySeveral} testId="invoice-pay-several">
      <Quiet>{t.paySeveralIntro(titleCase(i.customerName))}</Quiet>
      {/* A customer may owe dozens: the list scrolls (focusable, so a keyboard can scroll it too). */}
      <Box component="fieldset" tabIndex={0} sx={{ border: 0, p: 0, m: 0, mt: 1, display: 'grid', maxHeight: 280, overflowY: 'auto' }}>
        <Box component="legend" sx={{ position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' }}>
          {t.paySeveral}
        </Box>
        {listed.map((o) => (
          <FormControlLabel
            key={o.id}
            control={<Checkbox size="small" checked={chosen.has(o.id)} onChange={() => toggle(o.id)} />}
            label={t.choose(o.number, money(o.balance), dayText(o.dueAt, i.timeZone))}
          />
        ))}
      </Box>
      <Box sx={{ mt: 1 }} aria-live="polite">
        {'href' in result ? (
          <Button variant="contained" href={result.href} target="_blank" rel="noopener noreferrer" aria-label={result.label}>
            {result.text}
          </Button>
        ) : (
          <Quiet>{result.cannot}</Quiet>
        )}
      </Box>
    </Section>
  );
}

/** The invoice screen (issue 43, item 4): its facts, Pay and the provider's PDF, its lines with their total, and Pay several; Back returns where it was opened from. */
export function InvoiceScreen({ invoiceId, email }: { invoiceId: string; email: string | null }) {
  const query = useInvoice(invoiceId, email);
  const i = query.data?.invoice;
  return (
    <RecordScreen query={query} title={i ? t.title(i.number) : t.titleLoading(invoiceId)} text={t} badge={i && <Chip label={i.status} color={STATUS_COLOUR[i.status]} size="small" />}>
      {(reply) => (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'minmax(280px, 1fr) 2fr' }, alignItems: 'start' }}>
          <Box sx={{ display: 'grid', gap: 2 }}>
            <Details reply={reply} />
            <Payment reply={reply} />
          </Box>
          <Box sx={{ display: 'grid', gap: 2 }}>
            <LinesSection lines={reply.lines} total={reply.linesTotal} empty={t.noLines} testId="invoice-lines" />
            {reply.lines.length > 0 && reply.linesTotal !== reply.invoice.amount && <Quiet>{t.linesDiffer(money(reply.linesTotal), money(reply.invoice.amount))}</Quiet>}
            <PaySeveral reply={reply} />
          </Box>
        </Box>
      )}
    </RecordScreen>
  );
}
