import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import type { WorkOrderReply } from '../../../../lambdas/shared/contract/answers/work-orders';
import { titleCase } from '../../../components/text/display-name';
import { useWorkOrder } from '../api/get-work-order';
import { equipmentPath, invoicePath, invoicesPath, openedFrom, quotePath } from '../paths';
import { equipmentText, workOrderText as t } from '../strings';
import { dayText, money, payable, stepText, when } from '../work-order-text';
import { LinesSection } from './lines-section';
import { PhotosSection, ReportSection } from './photos-section';
import { RecordScreen } from './record-screen';
import { Facts, Quiet, Section } from './section';

function Timeline({ reply }: { reply: WorkOrderReply }) {
  const zone = reply.workOrder.timeZone;
  return (
    <Section title={t.timeline} testId="work-order-timeline">
      {reply.workOrder.status === 'Cancelled' && (
        <Alert severity="info" sx={{ mb: 1 }}>
          {t.cancelled}
        </Alert>
      )}
      <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gridTemplateColumns: 'repeat(4, minmax(0, 1fr))', gap: 1 }}>
        {reply.timeline.map((step) => {
          const { label, detail } = stepText(step, zone);
          return (
            <Box
              component="li"
              key={step.step}
              data-step={step.step}
              data-reached={step.reached}
              sx={{ borderTop: 4, borderColor: step.reached ? 'primary.main' : 'divider', pt: 1 }}
            >
              <Typography component="p" sx={{ fontWeight: 600, color: step.reached ? 'text.primary' : 'text.secondary' }}>
                {label}
              </Typography>
              <Typography component="p" variant="body2" sx={{ color: 'text.secondary' }}>
                {detail}
              </Typography>
            </Box>
          );
        })}
      </Box>
    </Section>
  );
}

function Details({ reply }: { reply: WorkOrderReply }) {
  const w = reply.workOrder;
  const rows: [string, string][] = [
    [t.fields.status, w.status],
    [t.fields.priority, w.priority],
    [t.fields.kind, t.kind[w.kind]],
    [t.fields.property, titleCase(w.propertyName)],
    [t.fields.technician, w.technician || t.noTechnician],
    [t.fields.amount, money(w.amount)],
    ...(w.requestId ? ([[t.fields.request, w.requestId]] as [string, string][]) : []),
  ];
  return (
    <Section title={t.details} testId="work-order-details">
      <Facts rows={rows} />
    </Section>
  );
}

function Equipment({ reply }: { reply: WorkOrderReply }) {
  const e = reply.equipment;
  const location = useLocation();
  return (
    <Section title={t.equipment} testId="work-order-equipment">
      {e ? (
        <>
          <Typography sx={{ fontWeight: 600 }}>{e.name}</Typography>
          <Quiet>{t.equipmentLine(e.assetType, e.make, e.model)}</Quiet>
          <Link component={RouterLink} to={equipmentPath(e.id)} state={openedFrom(location)} aria-label={equipmentText.historyLabel(e.name)}>
            {equipmentText.historyLink}
          </Link>
        </>
      ) : (
        <Quiet>{t.noEquipment}</Quiet>
      )}
    </Section>
  );
}

function Notes({ reply }: { reply: WorkOrderReply }) {
  return (
    <Section title={t.notes} testId="work-order-notes">
      {reply.notes.length === 0 ? (
        <Quiet>{t.noNotes}</Quiet>
      ) : (
        <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}>
          {reply.notes.map((n, i) => (
            <Box component="li" key={`${n.at}-${i}`}>
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {when(n.at, reply.workOrder.timeZone)} · {n.author}
              </Typography>
              <Typography sx={{ whiteSpace: 'pre-line' }}>{n.text}</Typography>
            </Box>
          ))}
        </Box>
      )}
    </Section>
  );
}

function Invoices({ reply }: { reply: WorkOrderReply }) {
  const zone = reply.workOrder.timeZone;
  const location = useLocation();
  return (
    <Section title={t.invoices} testId="work-order-invoices">
      {reply.invoices.length === 0 && <Quiet>{t.noInvoices}</Quiet>}
      {reply.invoices.map((i) => (
        <Box key={i.id} data-invoice={i.id} sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5, '& + &': { mt: 1 } }}>
          <Box sx={{ flex: 1, minWidth: 200 }}>
            <Link component={RouterLink} to={invoicePath(i.id)} state={openedFrom(location)} aria-label={t.openInvoice(i.number)} sx={{ fontWeight: 600 }}>
              {t.invoiceLine(i.number, i.status)}
            </Link>
            <Quiet>{t.invoiceAmounts(money(i.amount), money(i.balance), dayText(i.dueAt, zone))}</Quiet>
          </Box>
          {payable(i) && (
            <Button variant="contained" size="small" href={i.paymentUrl!} target="_blank" rel="noopener noreferrer" aria-label={t.payLabel(money(i.balance), i.number)}>
              {t.pay(money(i.balance))}
            </Button>
          )}
          <Link component={RouterLink} to={invoicesPath}>
            {t.viewInvoices}
          </Link>
        </Box>
      ))}
    </Section>
  );
}

function Quotes({ reply }: { reply: WorkOrderReply }) {
  return (
    <Section title={t.quotes} testId="work-order-quotes">
      {reply.quotes.length === 0 && <Quiet>{t.noQuotes}</Quiet>}
      {reply.quotes.map((q) => (
        <Box key={q.id} data-quote-link={q.id} sx={{ '& + &': { mt: 1 } }}>
          <Link component={RouterLink} to={quotePath(q.id)} aria-label={t.openQuote(q.id)}>
            {q.id}
          </Link>
          <Quiet>{t.quoteLine(q.title, q.status, money(q.amount))}</Quiet>
        </Box>
      ))}
    </Section>
  );
}

/** The work order screen (issue 43): its timeline, details, equipment, signed report, notes, photos, lines, invoice and quote; Back returns where it was opened from. */
export function WorkOrderScreen({ workOrderId, email }: { workOrderId: string; email: string | null }) {
  const query = useWorkOrder(workOrderId, email);
  const status = query.data?.workOrder.status;
  return (
    <RecordScreen query={query} title={t.title(workOrderId)} text={t} badge={status && <Chip label={status} color={status === 'Completed' ? 'success' : 'default'} size="small" />}>
      {(reply) => (
        <>
          <Typography sx={{ fontSize: 18 }}>{reply.workOrder.description}</Typography>
          <Timeline reply={reply} />
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'minmax(280px, 1fr) 2fr' }, alignItems: 'start' }}>
            <Box sx={{ display: 'grid', gap: 2 }}>
              <Details reply={reply} />
              <Equipment reply={reply} />
              <ReportSection reply={reply} />
              <Invoices reply={reply} />
              <Quotes reply={reply} />
            </Box>
            <Box sx={{ display: 'grid', gap: 2 }}>
              <Notes reply={reply} />
              <PhotosSection reply={reply} />
              <LinesSection lines={reply.lines} total={reply.linesTotal} empty={t.noLines} testId="work-order-lines" />
            </Box>
          </Box>
        </>
      )}
    </RecordScreen>
  );
}
