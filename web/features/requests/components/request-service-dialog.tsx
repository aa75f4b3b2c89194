import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Link from '@mui/material/Link';
import ListSubheader from '@mui/material/ListSubheader';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { REQUEST_PRIORITIES, requestLimits, type RequestPriority } from '../../../../lambdas/shared/contract/answers/requests';
import { DialogHeading } from '../../../components/ui/dialog-heading';
import { failureMessage, unavailableMessage } from '../../../lib/api-client';
import { useRequests, type RequestForm } from '../api/get-requests';
import { fileRequest } from '../api/write-request';
import { PHOTO_ACCEPT, photoProblem } from '../photo-rules';
import { requestKeys } from '../query-keys';
import { requestsText as t } from '../strings';
import { titleCase } from '../../../components/text/display-name';

export interface RequestServiceDialogProps {
  open: boolean;
  onClose(): void;
  /** Administrator viewing as a customer: that customer's email (filed on their behalf); else null. */
  viewedEmail: string | null;
  isAdmin: boolean;
  /** The property the user is looking at (the reports' property filter), if one: preselected. */
  inView?: string | null;
  /** Customer id -> name (the account's customers): the properties are grouped under them when there are several. */
  customerNames?: ReadonlyMap<string, string>;
}

/** "Request Service": a customer (or an administrator for the viewed customer) files a service request. */
export function RequestServiceDialog({ open, onClose, viewedEmail, isAdmin, inView = null, customerNames }: RequestServiceDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="request-service-title">
      <DialogHeading id="request-service-title" title={t.requestService} closeLabel={t.close} onClose={onClose} />
      {open && <RequestServiceBody viewedEmail={viewedEmail} isAdmin={isAdmin} inView={inView} onClose={onClose} customerNames={customerNames} />}
    </Dialog>
  );
}

function RequestServiceBody({ viewedEmail, isAdmin, inView, onClose, customerNames }: { viewedEmail: string | null; isAdmin: boolean; inView: string | null; onClose(): void; customerNames?: ReadonlyMap<string, string> }) {
  const query = useRequests({ email: viewedEmail }, !isAdmin || !!viewedEmail);
  if (isAdmin && !viewedEmail) {
    return (
      <DialogContent dividers>
        <Alert severity="info">{t.adminOwnView}</Alert>
      </DialogContent>
    );
  }
  if (query.isPending) return <DialogContent dividers>{t.loading}</DialogContent>;
  if (query.isError) {
    return (
      <DialogContent dividers>
        <Alert severity="error">{unavailableMessage(query.error) ?? t.loadFailed}</Alert>
      </DialogContent>
    );
  }
  if (query.data.form.properties.length === 0) {
    return (
      <DialogContent dividers>
        <Alert severity="info">{t.noProperties}</Alert>
      </DialogContent>
    );
  }
  return <RequestFormPanel form={query.data.form} viewedEmail={viewedEmail} inView={inView} onClose={onClose} customerNames={customerNames} />;
}

/**
 * The property choices: with properties of more than one customer, each customer's under its name
 * (issue 39: two customers' properties listed as one had no customer to tell them apart).
 */
function propertyMenu(properties: readonly { id: string; name: string; customerId: string }[], names?: ReadonlyMap<string, string>) {
  const customers = [...new Set(properties.map((p) => p.customerId))];
  const item = (p: { id: string; name: string }) => (
    <MenuItem key={p.id} value={p.id} sx={customers.length > 1 ? { pl: 4 } : undefined}>
      {p.name}
    </MenuItem>
  );
  if (customers.length < 2) return properties.map(item);
  return customers.flatMap((c) => [
    <ListSubheader key={`customer-${c}`}>{titleCase(names?.get(c) ?? c)}</ListSubheader>,
    ...properties.filter((p) => p.customerId === c).map(item),
  ]);
}

/**
 * The property a new request starts on: the one in view, or the only one; with several and none in
 * view, none (the user chooses: a request filed for the wrong building is dispatched there).
 */
export function initialProperty(properties: readonly { id: string }[], inView: string | null): string {
  if (inView && properties.some((p) => p.id === inView)) return inView;
  return properties.length === 1 ? properties[0]!.id : '';
}

function RequestFormPanel({ form, viewedEmail, inView, onClose, customerNames }: { form: RequestForm; viewedEmail: string | null; inView: string | null; onClose(): void; customerNames?: ReadonlyMap<string, string> }) {
  const queryClient = useQueryClient();
  const inputRef = useRef<HTMLInputElement>(null);
  const [propertyId, setPropertyId] = useState(() => initialProperty(form.properties, inView));
  const [equipmentId, setEquipmentId] = useState('');
  const [description, setDescription] = useState('');
  const [priority, setPriority] = useState<RequestPriority>('routine');
  const [accessTimes, setAccessTimes] = useState('');
  const [photos, setPhotos] = useState<File[]>([]);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const failureRef = useRef<HTMLDivElement>(null);
  // The failure shows under the form, which may be scrolled away in a short window: bring it into sight.
  useEffect(() => {
    if (failure) failureRef.current?.scrollIntoView({ block: 'nearest' });
  }, [failure]);

  const property = form.properties.find((p) => p.id === propertyId);
  const propertyMissing = !property;
  const descriptionMissing = description.trim() === '';

  function handlePhotos(event: ChangeEvent<HTMLInputElement>) {
    const chosen = [...(event.target.files ?? [])];
    event.target.value = '';
    const problems: string[] = [];
    const ok = chosen.filter((f) => {
      const p = photoProblem(f);
      if (p) problems.push(p === 'type' ? t.notImage(f.name) : t.photoTooLarge(f.name));
      return !p;
    });
    const next = [...photos, ...ok];
    if (next.length > requestLimits.maxPhotos) problems.push(t.tooManyPhotos);
    setPhotos(next.slice(0, requestLimits.maxPhotos));
    setPhotoError(problems.length ? problems.join(' ') : null);
  }

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (propertyMissing || descriptionMissing) return;
    setBusy(true);
    setFailure(null);
    try {
      const reply = await fileRequest({ email: viewedEmail, propertyId, equipmentId: equipmentId || null, description, priority, accessTimes, photos });
      setDone(reply.message);
      void queryClient.invalidateQueries({ queryKey: requestKeys.all });
    } catch (err) {
      setFailure(failureMessage(err, t.sendFailed));
    } finally {
      setBusy(false);
    }
  }

  if (done) {
    return (
      <>
        <DialogContent dividers>
          <Alert severity="success" role="status">
            {done}
          </Alert>
        </DialogContent>
        <DialogActions>
          <Button variant="contained" onClick={onClose}>
            {t.close}
          </Button>
        </DialogActions>
      </>
    );
  }

  return (
    <form onSubmit={(e) => void handleSubmit(e)} noValidate>
      <DialogContent dividers>
        <Stack spacing={2.5}>
          {viewedEmail && <Alert severity="info">{t.onBehalf(viewedEmail)}</Alert>}
          <TextField
            select
            label={t.property}
            value={propertyId}
            onChange={(e) => {
              setPropertyId(e.target.value);
              setEquipmentId('');
            }}
            error={touched && propertyMissing}
            helperText={touched && propertyMissing ? t.propertyRequired : undefined}
            slotProps={{
              select: { displayEmpty: true, renderValue: (v) => (v ? form.properties.find((p) => p.id === v)?.name : t.chooseProperty) },
              inputLabel: { shrink: true },
            }}
            required
            fullWidth
            // The first field to fill takes the focus: the property when none is chosen yet, else the description.
            autoFocus={!propertyId}
          >
            {propertyMenu(form.properties, customerNames)}
          </TextField>
          <Autocomplete
            options={property?.equipment ?? []}
            value={property?.equipment.find((e) => e.id === equipmentId) ?? null}
            onChange={(_e, unit) => setEquipmentId(unit?.id ?? '')}
            getOptionLabel={(u) => `${u.name} (${u.type})`}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            disabled={!property}
            noOptionsText={t.equipmentNoMatch}
            renderOption={(props, u) => {
              const { key, ...rest } = props;
              return (
                <li key={key} {...rest}>
                  <span>
                    {u.name} ({u.type})
                  </span>
                  {u.monitored && <Chip size="small" variant="outlined" color="primary" label={t.monitored} sx={{ ml: 1 }} />}
                </li>
              );
            }}
            renderInput={(params) => <TextField {...params} label={t.equipment} placeholder={t.equipmentNone} helperText={property ? t.equipmentHelp(property.equipment.length) : undefined} />}
            fullWidth
          />
          <TextField
            label={t.description}
            autoFocus={!!propertyId}
            value={description}
            onChange={(e) => setDescription(e.target.value.slice(0, requestLimits.descriptionMax))}
            onBlur={() => setTouched(true)}
            required
            multiline
            minRows={3}
            fullWidth
            error={touched && descriptionMissing}
            helperText={touched && descriptionMissing ? t.descriptionRequired : t.descriptionHelp(requestLimits.descriptionMax - description.length)}
            slotProps={{ htmlInput: { maxLength: requestLimits.descriptionMax } }}
          />
          <FormControl>
            <FormLabel id="request-priority-label">{t.priority}</FormLabel>
            <RadioGroup row aria-labelledby="request-priority-label" value={priority} onChange={(e) => setPriority(e.target.value as RequestPriority)}>
              {REQUEST_PRIORITIES.map((p) => (
                <FormControlLabel key={p} value={p} control={<Radio />} label={t.priorities[p]} />
              ))}
            </RadioGroup>
            <FormHelperText sx={{ mx: 0 }}>{t.priorityHelp[priority]}</FormHelperText>
          </FormControl>
          {priority === 'emergency' && (
            <Alert severity="warning" role="alert">
              {form.dispatchPhone ? (
                <>
                  {t.emergencyCall}
                  <Link href={`tel:${form.dispatchPhone.replace(/[^+\d]/g, '')}`} sx={{ fontWeight: 700 }}>
                    {form.dispatchPhone}
                  </Link>
                </>
              ) : (
                t.emergencyNoPhone
              )}
            </Alert>
          )}
          <TextField
            label={t.accessTimes}
            value={accessTimes}
            onChange={(e) => setAccessTimes(e.target.value.slice(0, requestLimits.accessTimesMax))}
            helperText={t.accessTimesHelp}
            fullWidth
            slotProps={{ htmlInput: { maxLength: requestLimits.accessTimesMax } }}
          />
          <Stack spacing={1}>
            <Typography component="span" variant="body2" id="request-photos-label" sx={{ color: 'text.secondary' }}>
              {t.photos}
            </Typography>
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
              <Button variant="outlined" component="label" disabled={photos.length >= requestLimits.maxPhotos || busy}>
                {t.addPhotos}
                <input ref={inputRef} hidden type="file" accept={PHOTO_ACCEPT} multiple aria-describedby="request-photos-help" onChange={handlePhotos} data-testid="request-photos" />
              </Button>
            </Stack>
            {photos.length > 0 && (
              <Stack component="ul" spacing={0.5} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-labelledby="request-photos-label">
                {photos.map((f, i) => (
                  <Stack component="li" key={`${f.name}-${i}`} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                    <Chip size="small" label={f.name} />
                    <Button size="small" disabled={busy} aria-label={t.removePhoto(f.name)} onClick={() => setPhotos(photos.filter((_, j) => j !== i))}>
                      {t.remove}
                    </Button>
                  </Stack>
                ))}
              </Stack>
            )}
            <FormHelperText id="request-photos-help" sx={{ mx: 0 }}>
              {t.photosHelp}
            </FormHelperText>
            {photoError && <Alert severity="warning">{photoError}</Alert>}
          </Stack>
          {failure && (
            <Alert ref={failureRef} severity="error">
              {failure}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {t.cancel}
        </Button>
        <Button type="submit" variant="contained" disabled={busy}>
          {busy ? t.sending : t.submit}
        </Button>
      </DialogActions>
    </form>
  );
}
