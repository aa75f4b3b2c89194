import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent, type ReactNode } from 'react';
import { EQUIPMENT_KINDS, type RuleThreshold } from '../../../../lambdas/shared/contract/answers/alerts';
import { INSIGHT_DEFAULTS } from '../../../../lambdas/shared/contract/answers/insight';
import { titleCase } from '../../../components/text/display-name';
import { writtenTime as formatTime } from '../../../components/text/dates';
import { DialogHeading } from '../../../components/ui/dialog-heading';
import { SuccessPopup } from '../../../components/ui/success-popup';
import { failureMessage } from '../../../lib/api-client';
import { useThresholds, type ThresholdsReply } from '../api/get-thresholds';
import { useSaveThresholds } from '../api/save-thresholds';
import { kindTitles, ruleTitles, telemetryText as t } from '../strings';
import { STALE_AFTER_MS, staleRaisedAfter } from '../telemetry-rules';
import { changedRules, limitToDisplay, rowOf, rowProblem, type ThresholdRow } from '../threshold-units';


export interface ThresholdsDialogProps {
  open: boolean;
  onClose(): void;
  customerId: string;
  /** The properties to choose from (the viewed user's, as the home screen knows them). */
  properties: { id: string; name: string }[];
  /** Administrators change thresholds; customers read them. */
  canEdit: boolean;
}


/** "Alert Thresholds" (beyond the spec: issue 20): a property's alert rules by kind of equipment; administrators change them. */
export function ThresholdsDialog({ open, onClose, customerId, properties, canEdit }: ThresholdsDialogProps) {
  const [saved, setSaved] = useState<string | null>(null);
  return (
    <>
      <Dialog open={open} onClose={onClose} fullWidth maxWidth="md" aria-labelledby="thresholds-title">
        <DialogHeading id="thresholds-title" title={t.thresholds} closeLabel={t.thresholdsClose} onClose={onClose} />
        {open && (
          <ThresholdsBody
            customerId={customerId}
            properties={properties}
            canEdit={canEdit}
            onClose={onClose}
            onSaved={(message) => {
              setSaved(message);
              onClose();
            }}
          />
        )}
      </Dialog>
      <SuccessPopup message={saved} onClose={() => setSaved(null)} />
    </>
  );
}

interface BodyProps extends Omit<ThresholdsDialogProps, 'open'> {
  onSaved(message: string): void;
}

function ThresholdsBody({ customerId, properties, canEdit, onClose, onSaved }: BodyProps) {
  const [propertyId, setPropertyId] = useState<string | null>(properties[0]?.id ?? null);
  const query = useThresholds(customerId, propertyId);

  if (!propertyId) {
    return (
      <DialogContent dividers>
        <Alert severity="info">{t.thresholdsNoProperties}</Alert>
      </DialogContent>
    );
  }
  const select = (
    <TextField select size="small" label={t.thresholdsProperty} value={propertyId} onChange={(e) => setPropertyId(e.target.value)} sx={{ minWidth: 280 }}>
      {properties.map((p) => (
        <MenuItem key={p.id} value={p.id}>
          {titleCase(p.name) || p.id}
        </MenuItem>
      ))}
    </TextField>
  );
  if (!query.isSuccess) {
    return (
      <>
        <DialogContent dividers sx={{ minHeight: 360 }}>
          <Stack spacing={2}>
            {select}
            {query.isError ? <Alert severity="error">{failureMessage(query.error, t.thresholdsLoadFailed)}</Alert> : <Typography role="status">{t.thresholdsLoading}</Typography>}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t.thresholdsClose}</Button>
        </DialogActions>
      </>
    );
  }
  // A new property or a new answer starts the form afresh.
  return <ThresholdsForm key={`${propertyId}:${query.data.updatedAt ?? ''}`} customerId={customerId} reply={query.data} select={select} canEdit={canEdit} onClose={onClose} onSaved={onSaved} />;
}

interface FormProps {
  customerId: string;
  reply: ThresholdsReply;
  select: ReactNode;
  canEdit: boolean;
  onClose(): void;
  onSaved(message: string): void;
}

function ThresholdsForm({ customerId, reply, select, canEdit, onClose, onSaved }: FormProps) {
  const [rows, setRows] = useState<ThresholdRow[]>(() => reply.rules.map(rowOf));
  const [touched, setTouched] = useState(false);
  const save = useSaveThresholds();
  const problems = rows.map(rowProblem);
  const hasProblem = problems.some((p) => p !== null);
  const kinds = EQUIPMENT_KINDS.filter((k) => rows.some((r) => r.rule.kind === k));

  const send = (rules: ReturnType<typeof changedRules>) =>
    save.mutate({ customerId, propertyId: reply.propertyId, rules }, { onSuccess: (next) => onSaved(next.message ?? '') });
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!hasProblem) send(changedRules(rows));
  };
  const update = (i: number, change: Partial<ThresholdRow>) => setRows(rows.map((r, j) => (j === i ? { ...r, ...change } : r)));

  return (
    <Box component="form" onSubmit={handleSubmit} noValidate sx={{ display: 'contents' }}>
      <DialogContent dividers sx={{ minHeight: 360 }}>
        <Stack spacing={2}>
          {select}
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t.thresholdsIntro} {t.signalsIntro} {reply.updatedAt && reply.updatedBy ? t.thresholdsUpdated(formatTime(reply.updatedAt), reply.updatedBy) : t.thresholdsDefaults}
          </Typography>
          {!canEdit && <Alert severity="info">{t.thresholdsReadOnly}</Alert>}
          <Table size="small" aria-label={t.thresholds}>
            <TableHead>
              <TableRow>
                <TableCell component="th" scope="col">
                  {t.thresholdsRule}
                </TableCell>
                <TableCell component="th" scope="col" sx={{ width: 90 }}>
                  {t.ruleOn}
                </TableCell>
                <TableCell component="th" scope="col" sx={{ width: 210 }}>
                  {t.raiseAfter}
                </TableCell>
                <TableCell component="th" scope="col" sx={{ width: 250 }}>
                  {t.limit}
                </TableCell>
              </TableRow>
            </TableHead>
            {kinds.map((kind) => (
              <TableBody key={kind} data-testid={`thresholds-${kind}`}>
                <TableRow>
                  <TableCell component="th" scope="colgroup" colSpan={4} sx={{ bgcolor: 'action.hover', fontWeight: 700 }}>
                    {kindTitles[kind]}
                  </TableCell>
                </TableRow>
                {rows.map((row, i) => {
                  if (row.rule.kind !== kind) return null;
                  const { rule, unit, defaultLimit } = row.rule;
                  const defaultShown = unit === 'none' ? null : t.limitShown(limitToDisplay(unit, defaultLimit)!, unit);
                  const problem = touched ? problems[i] : null;
                  const minutesHelp = minutesHelpOf(row);
                  const limitHelp = rule === 'short-cycling' ? t.shortCyclingHelp(defaultShown!) : rule === 'drift' ? t.driftHelp(defaultShown!) : t.defaultIs(defaultShown!);
                  const limitProblem = rule === 'short-cycling' ? t.startsProblem : rule === 'drift' ? t.driftProblem : t.limitProblem;
                  const onMinutesHelp = row.rule.defaultMinOnMinutes === undefined ? '' : t.onMinutesHelp(row.minOnMinutes || '…', String(row.rule.defaultMinOnMinutes));
                  const names = [kindTitles[kind], ruleTitles[rule]] as const;
                  return (
                    <TableRow key={`${kind}/${rule}`} data-testid={`threshold-${kind}-${rule}`}>
                      <TableCell component="th" scope="row">
                        {ruleTitles[rule]}
                      </TableCell>
                      <TableCell>
                        {row.rule.defaultOn ? (
                          <Typography variant="body2">{t.alwaysOn}</Typography>
                        ) : canEdit ? (
                          <Switch checked={row.on} onChange={(e) => update(i, { on: e.target.checked })} disabled={save.isPending} slotProps={{ input: { 'aria-label': t.ruleOnLabel(...names) } }} />
                        ) : (
                          <Typography variant="body2">{row.rule.on ? t.ruleOn : t.ruleOff}</Typography>
                        )}
                      </TableCell>
                      <TableCell>
                        {canEdit ? (
                          <NumberField
                            value={row.forMinutes}
                            onChange={(forMinutes) => update(i, { forMinutes })}
                            problem={problem === 'minutes' ? (rule === 'delta-t' ? t.deltaTMinutesProblem : t.minutesProblem) : null}
                            help={minutesHelp}
                            disabled={save.isPending}
                            width={150}
                            label={t.minutesLabel(...names)}
                            bounds={{ min: 0, max: 1440, step: 1 }}
                          />
                        ) : (
                          <ReadOnlyValue value={String(row.rule.forMinutes)} helper={minutesHelp} />
                        )}
                      </TableCell>
                      <TableCell>
                        {unit === 'none' ? (
                          t.noLimit
                        ) : canEdit ? (
                          <Stack spacing={1}>
                            <NumberField
                              value={row.limit}
                              onChange={(limit) => update(i, { limit })}
                              problem={problem === 'limit' ? limitProblem : null}
                              help={limitHelp}
                              disabled={save.isPending}
                              width={200}
                              label={t.limitLabel(...names)}
                              bounds={{ step: unit === 'per-day' ? 1 : 0.1 }}
                              suffix={t.unitSuffix(unit)}
                            />
                            {row.rule.defaultMinOnMinutes !== undefined && (
                              <NumberField
                                value={row.minOnMinutes}
                                onChange={(minOnMinutes) => update(i, { minOnMinutes })}
                                problem={problem === 'onMinutes' ? t.onMinutesProblem : null}
                                help={onMinutesHelp}
                                disabled={save.isPending}
                                width={200}
                                label={t.onMinutesLabel(...names)}
                                bounds={{ min: 1, max: 60, step: 1 }}
                                suffix={t.onMinutesSuffix}
                              />
                            )}
                          </Stack>
                        ) : (
                          <ReadOnlyValue
                            value={`${t.limitShown(limitToDisplay(unit, row.rule.limit)!, unit)}${row.rule.minOnMinutes === undefined ? '' : `, ${t.onMinutesShown(row.rule.minOnMinutes)}`}`}
                            helper={row.rule.defaultMinOnMinutes === undefined ? limitHelp : t.defaultIs(`${defaultShown}, ${t.onMinutesShown(row.rule.defaultMinOnMinutes)}`)}
                          />
                        )}
                      </TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            ))}
          </Table>
          {save.isError && (
            <Alert severity="error" role="alert">
              {failureMessage(save.error, t.thresholdsSaveFailed)}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ justifyContent: canEdit ? 'space-between' : 'flex-end' }}>
        {canEdit && (
          <Button color="error" onClick={() => send([])} disabled={save.isPending || !reply.updatedAt}>
            {t.thresholdsReset}
          </Button>
        )}
        <Stack direction="row" spacing={1}>
          <Button onClick={onClose} disabled={save.isPending}>
            {canEdit ? t.thresholdsCancel : t.thresholdsClose}
          </Button>
          {canEdit && (
            <Button type="submit" variant="contained" disabled={save.isPending}>
              {save.isPending ? t.thresholdsSaving : t.thresholdsSave}
            </Button>
          )}
        </Stack>
      </DialogActions>
    </Box>
  );
}

/** The help under a rule's minutes: not reporting's own rule, ΔT's band, else the default. */
function minutesHelpOf(row: ThresholdRow): string {
  const { rule, defaultForMinutes }: RuleThreshold = row.rule;
  if (rule === 'stale') return t.staleMinutesHelp(staleRaisedAfter(row.forMinutes, defaultForMinutes), STALE_AFTER_MS / 60_000, String(defaultForMinutes));
  if (rule === 'delta-t') return t.deltaTHelp(INSIGHT_DEFAULTS.coolingDeltaT.low, INSIGHT_DEFAULTS.coolingDeltaT.high, String(defaultForMinutes));
  return t.defaultIs(String(defaultForMinutes));
}

/** One number of a rule in the editor: its problem in place of its help when it has one. */
function NumberField(p: {
  value: string;
  onChange: (value: string) => void;
  problem: string | null;
  help: ReactNode;
  disabled: boolean;
  width: number;
  label: string;
  bounds: { min?: number; max?: number; step: number };
  suffix?: string;
}) {
  return (
    <TextField
      size="small"
      type="number"
      value={p.value}
      onChange={(e) => p.onChange(e.target.value)}
      error={p.problem !== null}
      helperText={p.problem ?? p.help}
      disabled={p.disabled}
      sx={{ width: p.width }}
      slotProps={{
        htmlInput: { 'aria-label': p.label, ...p.bounds },
        ...(p.suffix ? { input: { endAdornment: <InputAdornment position="end">{p.suffix}</InputAdornment> } } : {}),
      }}
    />
  );
}

function ReadOnlyValue({ value, helper }: { value: string; helper: string }) {
  return (
    <>
      <Typography variant="body2">{value}</Typography>
      <Typography variant="caption" sx={{ color: 'text.secondary' }}>
        {helper}
      </Typography>
    </>
  );
}
