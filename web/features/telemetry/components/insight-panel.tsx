import { Link as RouterLink } from 'react-router-dom';
import { INSIGHT_MAX_DAYS } from '../../../../lambdas/shared/contract/answers/telemetry-insight';
import type { DeviceInsight } from '../api/get-insight';
import { estimatesHref } from '../insight-links';
import { insightText as t } from '../insight-strings';

/** The panel's height inside a card (the grid is virtualised on a fixed card height). */
export const INSIGHT_PANEL_HEIGHT = 112;

export const insightPanelSx = {
  '& .insight': { borderTop: 1, borderColor: 'divider', pt: 0.75, mt: 'auto', height: INSIGHT_PANEL_HEIGHT, flexShrink: 0, fontSize: '0.8125rem' },
  '& .insight-head': { display: 'flex', justifyContent: 'space-between', gap: 1, m: 0, fontSize: '0.8125rem', fontWeight: 600 },
  '& .insight-head a': { fontWeight: 400 },
  '& .insight-period': { fontWeight: 400, color: 'text.secondary' },
  '& .insight dl': { m: 0, mt: 0.25, display: 'grid', gridTemplateColumns: 'auto minmax(0, 1fr) auto', columnGap: 1, rowGap: 0.125 },
  '& .insight dt': { color: 'text.secondary' },
  '& .insight dd': { m: 0, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' },
  '& .insight dd.cov': { color: 'text.secondary', fontSize: '0.75rem', textAlign: 'right' },
  '& .flag': { ml: 0.5, px: 0.75, borderRadius: 10, bgcolor: '#9a3412', color: '#fff', fontSize: '0.75rem', fontWeight: 600 },
  '& .insight .note': { m: 0, mt: 0.5 },
} as const;

function Row({ label, value, coverage, flag }: { label: string; value: string; coverage: number; flag?: string | null }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>
        {value}
        {flag && <span className="flag">{flag}</span>}
      </dd>
      <dd className="cov" aria-label={t.coverageLabel(label, coverage)} data-testid="coverage">
        {t.coverage(coverage)}
      </dd>
    </>
  );
}

function Figures({ d }: { d: DeviceInsight }) {
  const energy = d.energyKwh.value === null ? t.missing : `${t.kwh(d.energyKwh.value)} · ${d.costEstimate.value === null ? t.noCost : t.cost(d.costEstimate.value)}`;
  const runtime = d.runtimeHours.value === null ? t.missing : `${t.hours(d.runtimeHours.value)} · ${t.duty(d.dutyCyclePct.value ?? 0)}`;
  const starts = d.startsPerDay.value === null ? t.missing : `${t.perDay(d.startsPerDay.value)} · ${t.medianOn(d.medianOnMinutes.value)}`;
  const delta = t.deltaTValue(d.deltaT.meanF.value, d.deltaT.hoursOutside.value, d.deltaT.band.low, d.deltaT.band.high);
  return (
    <dl>
      <Row label={t.energy} value={energy} coverage={d.energyKwh.coverage} />
      <Row label={t.runtime} value={runtime} coverage={d.runtimeHours.coverage} />
      <Row label={t.starts} value={starts} coverage={d.startsPerDay.coverage} flag={d.shortCycling.value ? t.shortCycling : null} />
      <Row label={t.deltaT} value={delta} coverage={d.deltaT.meanF.coverage} />
    </dl>
  );
}

interface InsightPanelProps {
  deviceId: string;
  /** The period's name ("Last 7 days", or its dates). */
  label: string;
  /** The period is longer than the route reads: said plainly, nothing asked. */
  tooLong?: boolean;
  /** This device's estimates or `{ error }`; undefined while they are asked for (after the cards' own data). */
  entry: DeviceInsight | { error: string } | undefined;
  /** The dashboard's call for them failed. */
  failed: boolean;
}

/** A device card's "Energy and runtime (estimated)" part: the period's estimates, each with its coverage. */
export function InsightPanel({ deviceId, label, tooLong = false, entry, failed: callFailed }: InsightPanelProps) {
  const d = entry && !('error' in entry) ? entry : undefined;
  const failed = callFailed || (entry !== undefined && 'error' in entry);
  return (
    <section className="insight" aria-label={`${t.panelTitle} (${t.estimated})`} data-testid="insight-panel">
      <p className="insight-head">
        <span>
          {t.panelTitle} (
          <RouterLink to={estimatesHref(deviceId, d)} aria-label={t.estimatedLink(deviceId)}>
            {t.estimated}
          </RouterLink>
          )
        </span>
        <span className="insight-period">{label}</span>
      </p>
      {tooLong ? (
        <p className="note">{t.tooLong(INSIGHT_MAX_DAYS)}</p>
      ) : failed ? (
        <p className="note error">{t.failed}</p>
      ) : !d ? (
        <p className="note" aria-busy="true">
          {t.loading}
        </p>
      ) : d.coverage === 0 ? (
        <p className="note">{t.noData}</p>
      ) : (
        <Figures d={d} />
      )}
    </section>
  );
}
