import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { REQUEST_STATUSES, requestLimits, type RequestStatus } from '../../../../lambdas/shared/contract/answers/requests';
import { DialogHeading } from '../../../components/ui/dialog-heading';
import { ApiError, unavailableMessage } from '../../../lib/api-client';
import { useCustomers } from '../api/get-customers';
import { useRequests, type ServiceRequest } from '../api/get-requests';
import { changeStatus } from '../api/write-request';
import { PhotoThumbnail } from '../../../components/ui/photo-thumbnail';
import { RequestWorkOrderLine } from './request-work-order';
import { requestKeys } from '../query-keys';
import { requestsText as t } from '../strings';
import { writtenTime as formatTime } from '../../../components/text/dates';
import { titleCase } from '../../../components/text/display-name';

export interface RequestsDialogProps {
  open: boolean;
  onClose(): void;
  isAdmin: boolean;
  /** Administrator viewing as a customer: that customer's requests; else null (own, or for an administrator all). */
  viewedEmail: string | null;
}

/** "My Requests" (a customer, or an administrator viewing as one) and "Service Requests" (an administrator's own view: every customer's). */
export function RequestsDialog({ open, onClose, isAdmin, viewedEmail }: RequestsDialogProps) {
  const title = isAdmin && !viewedEmail ? t.allRequests : t.myRequests;
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="md" aria-labelledby="requests-dialog-title">
      <DialogHeading id="requests-dialog-title" title={title} closeLabel={t.close} onClose={onClose} />
      <DialogContent dividers sx={{ minHeight: 420 }}>
        {open && <RequestsBody isAdmin={isAdmin} viewedEmail={viewedEmail} />}
      </DialogContent>
    </Dialog>
  );
}


// Chip colours chosen for WCAG AA contrast (MUI's info and warning fills are under 4.5:1 with white text).
const statusColors: Record<RequestStatus, { bgcolor: string; color: string }> = {
  submitted: { bgcolor: '#e8eaed', color: '#1f2937' },
  scheduled: { bgcolor: '#dbeafe', color: '#0b4f8a' },
  'in progress': { bgcolor: '#fef3c7', color: '#78350f' },
  completed: { bgcolor: '#dcfce7', color: '#14532d' },
  cancelled: { bgcolor: '#f3f4f6', color: '#4b5563' },
};
const priorityColors = { routine: '#374151', urgent: '#92400e', emergency: '#b3261e' } as const;

function RequestsBody({ isAdmin, viewedEmail }: Omit<RequestsDialogProps, 'open' | 'onClose'>) {
  const allCustomers = isAdmin && !viewedEmail;
  const [customerId, setCustomerId] = useState('');
  const [status, setStatus] = useState('');
  const [days, setDays] = useState('');
  const customers = useCustomers(allCustomers);
  const query = useRequests({ email: viewedEmail, customerId: customerId || undefined, status: status || undefined, days: days || undefined });
  const filtered = !!(customerId || status || days);
  const requests = query.data?.requests ?? [];

  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} role="group" aria-label={t.filters}>
        {allCustomers && (
          <TextField select size="small" label={t.customer} value={customerId} onChange={(e) => setCustomerId(e.target.value)} sx={{ minWidth: 220 }}>
            <MenuItem value="">{t.anyCustomer}</MenuItem>
            {(customers.data ?? []).map((c) => (
              <MenuItem key={c.id} value={c.id}>
                {titleCase(c.name)}
              </MenuItem>
            ))}
          </TextField>
        )}
        <TextField select size="small" label={t.status} value={status} onChange={(e) => setStatus(e.target.value)} sx={{ minWidth: 180 }}>
          <MenuItem value="">{t.anyStatus}</MenuItem>
          {REQUEST_STATUSES.map((s) => (
            <MenuItem key={s} value={s}>
              {t.statuses[s]}
            </MenuItem>
          ))}
        </TextField>
        <TextField select size="small" label={t.age} value={days} onChange={(e) => setDays(e.target.value)} sx={{ minWidth: 180 }}>
          <MenuItem value="">{t.anyAge}</MenuItem>
          {Object.entries(t.ages).map(([d, label]) => (
            <MenuItem key={d} value={d}>
              {label}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      {query.isPending && <Typography role="status">{t.loading}</Typography>}
      {query.isError && <Alert severity="error">{unavailableMessage(query.error) ?? t.loadFailed}</Alert>}
      {query.isSuccess && requests.length === 0 && <Typography role="status">{filtered ? t.noneMatching : t.none}</Typography>}
      <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={allCustomers ? t.allRequests : t.myRequests}>
        {requests.map((r) => (
          <li key={`${r.customerId}/${r.reference}`}>
            <RequestCard request={r} showCustomer={isAdmin} canChange={isAdmin} />
          </li>
        ))}
      </Stack>
    </Stack>
  );
}

function RequestCard({ request: r, showCustomer, canChange }: { request: ServiceRequest; showCustomer: boolean; canChange: boolean }) {
  const [changing, setChanging] = useState(false);
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="service-request" aria-labelledby={`request-${r.reference}`}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography component="h3" variant="subtitle1" id={`request-${r.reference}`} sx={{ fontWeight: 700 }}>
          {r.reference}
        </Typography>
        <Chip size="small" label={t.statuses[r.status]} sx={{ ...statusColors[r.status], fontWeight: 600 }} data-testid="request-status" />
        <Chip size="small" variant="outlined" label={t.priorities[r.priority]} sx={{ color: priorityColors[r.priority], borderColor: priorityColors[r.priority] }} />
        <Box sx={{ flex: 1 }} />
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t.filedOn(formatTime(r.createdAt))} {t.filedBy(r.filedBy)} {r.filedOnBehalfOf ? t.filedFor(r.filedOnBehalfOf) : ''}
        </Typography>
      </Stack>
      <Typography variant="body2" sx={{ mt: 0.5, fontWeight: 600 }}>
        {showCustomer ? `${titleCase(r.customerName)} · ` : ''}
        {r.propertyName}
        {r.equipmentName ? ` · ${r.equipmentName}` : ''}
      </Typography>
      <Typography variant="body2" sx={{ mt: 1, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {r.description}
      </Typography>
      <Typography variant="body2" sx={{ mt: 0.5, color: 'text.secondary' }}>
        {r.accessTimes ? `${t.accessTimesShort} ${r.accessTimes}` : ''}
        {r.accessTimes && r.photoCount ? ' · ' : ''}
        {r.photoCount && r.photos.length === 0 ? t.photoCount(r.photoCount) : ''}
        {r.photos.length > 0 && t.photoCount(r.photos.length)}
      </Typography>
      {r.photos.length > 0 && (
        <Stack component="ul" direction="row" spacing={1} useFlexGap aria-label={t.photosOf(r.reference)} sx={{ listStyle: 'none', p: 0, m: 0, mt: 1, flexWrap: 'wrap' }}>
          {r.photos.map((p) => (
            <li key={p.url}>
              <PhotoThumbnail url={p.url} fileName={p.fileName} alt={t.photoAlt(p.fileName, r.reference)} label={t.openPhoto(p.fileName)} testId="request-photo" />
            </li>
          ))}
        </Stack>
      )}
      {r.workOrder && <RequestWorkOrderLine workOrder={r.workOrder} />}
      <Box sx={{ mt: 1.5 }}>
        <Typography component="h4" variant="body2" sx={{ fontWeight: 600 }}>
          {/* Staff read the notes as theirs, the customer's as from their provider (issue 39). */}
          {canChange ? t.notesStaff : t.notes}
        </Typography>
        {r.notes.length === 0 ? (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t.noNotes}
          </Typography>
        ) : (
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {r.notes.map((n) => (
              <li key={n.at}>
                <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                  <Box component="span" sx={{ color: 'text.secondary' }}>
                    {formatTime(n.at)} ({t.statuses[n.status]}):
                  </Box>{' '}
                  {n.text}
                </Typography>
              </li>
            ))}
          </Box>
        )}
      </Box>
      {canChange &&
        (changing ? (
          <StatusForm request={r} onDone={() => setChanging(false)} />
        ) : (
          <Button size="small" variant="outlined" sx={{ mt: 1.5 }} onClick={() => setChanging(true)} aria-label={`${t.changeStatus} ${r.reference}`}>
            {t.changeStatus}
          </Button>
        ))}
    </Paper>
  );
}

function StatusForm({ request: r, onDone }: { request: ServiceRequest; onDone(): void }) {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<RequestStatus>(r.status);
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setFailure(null);
    try {
      await changeStatus({ customerId: r.customerId, reference: r.reference, status, note });
      await queryClient.invalidateQueries({ queryKey: requestKeys.all });
      onDone();
    } catch (err) {
      setFailure(unavailableMessage(err) ?? (err instanceof ApiError && err.status >= 400 && err.status < 500 ? err.message : t.saveFailed));
      setBusy(false);
    }
  }

  return (
    <Box component="form" onSubmit={(e: FormEvent) => void handleSubmit(e)} sx={{ mt: 1.5 }} aria-label={`${t.changeStatus} ${r.reference}`}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'flex-start' } }}>
        <TextField select size="small" label={t.newStatus} value={status} onChange={(e) => setStatus(e.target.value as RequestStatus)} sx={{ minWidth: 170 }}>
          {REQUEST_STATUSES.map((s) => (
            <MenuItem key={s} value={s}>
              {t.statuses[s]}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          size="small"
          label={t.note}
          value={note}
          onChange={(e) => setNote(e.target.value.slice(0, requestLimits.noteMax))}
          helperText={t.noteHelp}
          multiline
          sx={{ flex: 1 }}
          slotProps={{ htmlInput: { maxLength: requestLimits.noteMax } }}
        />
        <Stack direction="row" spacing={1}>
          <Button type="submit" variant="contained" disabled={busy}>
            {busy ? t.saving : t.save}
          </Button>
          <Button onClick={onDone} disabled={busy}>
            {t.cancel}
          </Button>
        </Stack>
      </Stack>
      {failure && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {failure}
        </Alert>
      )}
    </Box>
  );
}
