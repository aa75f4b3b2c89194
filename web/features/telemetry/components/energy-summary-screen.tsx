import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { driftCsv, rankByDrift } from '../../../../lambdas/shared/contract/drift-ranking';
import { paths } from '../../../app/paths';
import { ApiError } from '../../../lib/api-client';
import { downloadText } from '../../../lib/download-file';
import { useDevices } from '../api/get-devices';
import { useInsights } from '../api/get-insight';
import { PeriodFilter } from '../../reports/components/period-filter';
import { choiceOf, type Period } from '../../reports/period';
import { periodStrings } from '../../reports/strings';
import { INSIGHT_MAX_DAYS } from '../../../../lambdas/shared/contract/answers/telemetry-insight';
import { SUMMARY_PRESETS, summarize, type PropertySummary, type Total } from '../energy-summary';
import { insightText as t } from '../insight-strings';

const ALL = '*';

/** A column heading that says its figures are estimated, "estimated" linking to how they are made. */
function Estimated({ label }: { label: string }) {
  return (
    <>
      {label} (
      <Link component={RouterLink} to={paths.estimates}>
        {t.estimated}
      </Link>
      )
    </>
  );
}

/** A table's column headings: label, alignment, and whether its figures are estimated. */
function Head({ cells }: { cells: readonly (readonly [string, ('left' | 'right')?, boolean?])[] }) {
  return (
    <TableHead>
      <TableRow>
        {cells.map(([label, align, estimated]) => (
          <TableCell key={label} align={align}>
            {estimated ? <Estimated label={label} /> : label}
          </TableCell>
        ))}
      </TableRow>
    </TableHead>
  );
}

/** A figure with its coverage beneath it. */
function FigureCell({ label, total, text }: { label: string; total: Total | null; text: (v: number) => string }) {
  if (total === null)
    return (
      <TableCell align="right" sx={{ color: 'text.secondary' }}>
        {t.noCost}
      </TableCell>
    );
  return (
    <TableCell align="right">
      {total.value === null ? t.missing : text(total.value)}
      <Box component="span" aria-label={t.coverageLabel(label, total.coverage)} data-testid="coverage" sx={{ display: 'block', color: 'text.secondary', fontSize: '0.75rem' }}>
        {t.coverage(total.coverage)}
      </Box>
    </TableCell>
  );
}

function Flags({ p }: { p: PropertySummary }) {
  const flags = [...p.shortCycling.map((u) => ({ ...u, why: t.shortCycling })), ...p.deltaTOutside.map((u) => ({ ...u, why: t.deltaTFlag }))];
  if (flags.length === 0) return <TableCell sx={{ color: 'text.secondary' }}>{t.noneFlagged}</TableCell>;
  return (
    <TableCell>
      {flags.map((f) => (
        <Box key={`${f.deviceId}:${f.why}`} data-testid="flag">
          {f.name} ({f.deviceId}):{' '}
          <Box component="span" sx={{ px: 0.75, borderRadius: 10, bgcolor: '#9a3412', color: '#fff', fontSize: '0.75rem', fontWeight: 600 }}>
            {f.why}
          </Box>
        </Box>
      ))}
    </TableCell>
  );
}

function Properties({ properties }: { properties: PropertySummary[] }) {
  return (
    <Table size="small" aria-labelledby="by-property-title">
      <Head cells={[[t.property], [t.units, 'right'], [t.energyEstimated, 'right', true], [t.costEstimated, 'right', true], [t.runtimeEstimated, 'right', true], [t.flagged]]} />
      <TableBody>
        {properties.map((p) => (
          <TableRow key={p.propertyId} data-testid="property-row">
            <TableCell component="th" scope="row">
              {p.propertyName}
            </TableCell>
            <TableCell align="right">{p.units}</TableCell>
            <FigureCell label={t.energy} total={p.energyKwh} text={t.kwh} />
            <FigureCell label={t.costEstimated} total={p.cost} text={(v) => t.cost(v).replace(/^cost /, '')} />
            <FigureCell label={t.runtime} total={p.runtimeHours} text={t.hours} />
            <Flags p={p} />
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function Ranking({ rows, properties }: { rows: ReturnType<typeof summarize>['driftRows']; properties: PropertySummary[] }) {
  const [scope, setScope] = useState(ALL);
  const ranked = useMemo(() => rankByDrift(rows, scope === ALL ? undefined : scope), [rows, scope]);
  const scopeName = scope === ALL ? t.wholeAccount : (properties.find((p) => p.propertyId === scope)?.propertyName ?? '');
  return (
    <>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <TextField select size="small" label={t.rankingScope} value={scope} onChange={(e) => setScope(e.target.value)} sx={{ minWidth: 240 }}>
          <MenuItem value={ALL}>{t.wholeAccount}</MenuItem>
          {properties.map((p) => (
            <MenuItem key={p.propertyId} value={p.propertyId}>
              {p.propertyName}
            </MenuItem>
          ))}
        </TextField>
        <Button variant="outlined" size="small" onClick={() => downloadText(driftCsv(ranked), `drift-ranking-${scopeName.replace(/[^\w-]+/g, '-').toLowerCase()}.csv`)}>
          {t.downloadCsv}
        </Button>
      </Box>
      <Table size="small" aria-label={`${t.ranking}: ${scopeName}`}>
        <Head
          cells={[[t.rank], [t.property], [t.unit], [t.unitId], [t.kwhPerHour, 'right', true], [t.baseline, 'right', true], [t.drift, 'right'], [t.dataCoverage, 'right']]}
        />
        <TableBody>
          {ranked.map((r, i) => (
            <TableRow key={r.unitId} data-testid="drift-row">
              <TableCell>{i + 1}</TableCell>
              <TableCell>{r.propertyName}</TableCell>
              <TableCell>{r.unitName}</TableCell>
              <TableCell>{r.unitId}</TableCell>
              <TableCell align="right">{t.kwhPerHourValue(r.kwhPerRuntimeHour)}</TableCell>
              <TableCell align="right">{t.kwhPerHourValue(r.baselineKwhPerRuntimeHour)}</TableCell>
              <TableCell align="right">{t.driftValue(r.driftPct)}</TableCell>
              <TableCell align="right">{t.coverage(r.coverage)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </>
  );
}

const serverMessage = (err: unknown) => {
  const body = err instanceof ApiError ? (err.body as { error?: unknown } | undefined) : undefined;
  return typeof body?.error === 'string' ? body.error : t.summaryFailed;
};

/**
 * Beyond the spec (issue 44, items 2 and 4): a customer's energy and runtime over a period (the
 * reports' Period control, offering the presets the route reads: last 7 or 30 days, or a range of
 * at most INSIGHT_MAX_DAYS days) per property (estimated kWh, cost where the property has a tariff, runtime, the units flagged),
 * and its units ranked by drift, per property or for the whole account, with the ranking's CSV.
 * Its data: the customer's devices, then the insight route with baselines in calls of
 * insightCallSize devices (5 over 7 days, fewer over longer); nothing of it is asked by the home screen or Analytics.
 */
export function EnergySummaryScreen({ customerId, period, onPeriodChange }: { customerId: string; period: Period; onPeriodChange(period: Period | null): void }) {
  const now = new Date();
  const choice = choiceOf(period, now, SUMMARY_PRESETS);
  const periodName = choice === 'custom' ? periodStrings.custom : periodStrings.presets[choice];
  const devices = useDevices(customerId, true);
  const ids = useMemo(() => (devices.data ?? []).map((d) => d.deviceId).sort(), [devices.data]);
  const insights = useInsights(customerId, ids, period, devices.isSuccess, { baseline: true });
  const summary = useMemo(() => (insights.data ? summarize(insights.data) : null), [insights.data]);
  const failure = devices.error ?? insights.error;
  return (
    <Box component="main" sx={{ maxWidth: 1200, width: '100%', mx: 'auto', p: 3, display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Link component={RouterLink} to={paths.report('analytics')}>
        {t.backToAnalytics}
      </Link>
      <Typography variant="h4" component="h1">
        {t.summaryTitle}
      </Typography>
      <PeriodFilter key={`${period.from}:${period.to}`} value={period} onChange={onPeriodChange} now={now} presets={SUMMARY_PRESETS} maxDays={INSIGHT_MAX_DAYS} />
      <Typography color="text.secondary" data-testid="summary-period">
        {periodName} ({period.from} to {period.to}), all figures{' '}
        <Link component={RouterLink} to={paths.estimates}>
          {t.estimated}
        </Link>
        .
      </Typography>
      {failure ? (
        <Alert severity="warning">{serverMessage(failure)}</Alert>
      ) : devices.isSuccess && ids.length === 0 ? (
        <Alert severity="info">{t.noDevices}</Alert>
      ) : !summary ? (
        <Typography aria-busy="true">{t.summaryLoading}</Typography>
      ) : (
        <>
          {summary.unavailable.length > 0 && <Alert severity="warning">{t.unavailable(summary.unavailable)}</Alert>}
          <Paper variant="outlined" component="section" aria-labelledby="by-property-title" sx={{ p: 2 }}>
            <Typography id="by-property-title" variant="h6" component="h2">
              {t.byProperty}
            </Typography>
            <Properties properties={summary.properties} />
          </Paper>
          <Paper variant="outlined" component="section" aria-labelledby="ranking-title" sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 1.5 }}>
            <Typography id="ranking-title" variant="h6" component="h2">
              {t.ranking}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t.rankingHelp}
            </Typography>
            <Ranking rows={summary.driftRows} properties={summary.properties} />
          </Paper>
        </>
      )}
    </Box>
  );
}
