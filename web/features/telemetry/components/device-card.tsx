import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import { memo } from 'react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { equipmentPath, openedFrom } from '../../work-orders/paths';
import type { ActiveAlert } from '../api/get-alerts';
import { ruleTitles, telemetryText } from '../strings';
import { cardState, isCoolOn, isHeatOn, lastSeenAge, sampleTime, visibleMetrics, type Sample } from '../telemetry-rules';
import type { DeviceInsight } from '../api/get-insight';
import { InsightPanel, INSIGHT_PANEL_HEIGHT, insightPanelSx } from './insight-panel';

/** Fixed card height, so the grid can be virtualised: the readings, then the estimates' panel. */
export const CARD_HEIGHT = 328 + INSIGHT_PANEL_HEIGHT;

// One style block per card instead of a styled component per element: a 1,000-device list scrolls
// by rendering cards quickly.
const cardSx = {
  height: CARD_HEIGHT,
  p: 1.5,
  display: 'flex',
  flexDirection: 'column',
  gap: 1,
  overflow: 'hidden',
  // Stale cards are dimmed by a grey ground and grey text rather than opacity, which took their text below AA contrast.
  '&[data-state="stale"]': { bgcolor: 'grey.100', borderStyle: 'dashed', color: 'text.secondary' },
  '&[data-state="stale"] .metric dd, &[data-state="stale"] .card-name': { color: 'text.secondary', fontWeight: 500 },
  '& .card-head': { display: 'flex', alignItems: 'flex-start', gap: 1, minHeight: 24 },
  '& .card-title': { flex: 1, minWidth: 0 },
  '& .card-name': { m: 0, fontSize: '1rem', fontWeight: 600, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  '& .card-sub': { display: 'block', fontSize: '0.75rem', color: 'text.secondary', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  '& .card-id': { fontFamily: 'monospace' },
  '& .badge': { display: 'inline-flex', alignItems: 'center', gap: 0.5, height: 24, px: 1.25, borderRadius: 12, fontSize: '0.8125rem', border: 1, borderColor: 'divider', color: 'text.primary' },
  '& .badge[data-on="true"]': { borderColor: 'transparent', color: '#fff' },
  // Darker than info.main / warning.main: white text on them stays above 4.5:1.
  '& .badge.cool[data-on="true"]': { bgcolor: '#01579b' },
  '& .badge.heat[data-on="true"]': { bgcolor: '#9a3412' },
  '& .alert-tag': { fontSize: '0.75rem', fontWeight: 600, color: '#fff', bgcolor: '#9a3412', borderRadius: 12, px: 1, lineHeight: '22px', whiteSpace: 'nowrap' },
  '& .history-link': { fontSize: '0.8125rem', fontWeight: 600, lineHeight: '24px', whiteSpace: 'nowrap' },
  '& .stale-tag': { fontSize: '0.75rem', color: '#9a3412', border: 1, borderColor: '#9a3412', borderRadius: 12, px: 1, lineHeight: '20px' },
  '& .badges': { display: 'flex', gap: 1, flexWrap: 'wrap' },
  '& .when': { display: 'flex', justifyContent: 'space-between', alignItems: 'flex-end', gap: 1, fontSize: '0.875rem' },
  '& .caption': { display: 'block', fontSize: '0.75rem', color: 'text.secondary' },
  '& .age': { color: 'text.secondary' },
  '&[data-state="stale"] .age': { color: '#9a3412' },
  '& .note': { m: 0, fontSize: '0.875rem', color: 'text.secondary', fontStyle: 'italic' },
  '& .note.error': { color: 'error.main', fontStyle: 'normal' },
  '& .metrics': { m: 0, display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(132px, 1fr))', gap: 0.5, overflowY: 'auto', alignContent: 'start' },
  '& .metric': { border: 1, borderColor: 'divider', borderRadius: 3, px: 1, py: 0.125, minWidth: 0 },
  '& .metric dt': { fontSize: '0.75rem', color: 'text.secondary', whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' },
  '& .metric dd': { m: 0, fontSize: '0.875rem', fontWeight: 600, whiteSpace: 'nowrap' },
  ...insightPanelSx,
} as const;

/** The estimates of the cards in view (the same object for every card of a view; the dashboard asks for them all at once). */
export interface CardInsight {
  /** The period's name as the panel says it ("Last 7 days", or its dates). */
  label: string;
  /** The period is longer than the insight route reads (INSIGHT_MAX_DAYS): nothing asked, the panel says so. */
  tooLong: boolean;
  /** By device: its estimates or `{ error }`; undefined while not asked yet or under way. */
  data?: Record<string, DeviceInsight | { error: string }>;
  /** The call failed as a whole. */
  failed: boolean;
}

interface RuntimeBadgeProps {
  label: string;
  kind: 'cool' | 'heat';
  on: boolean | null;
}

/** 'Call for Cool' / 'Call for Heat' with ON or OFF (an em dash without a sample). */
function RuntimeBadge({ label, kind, on }: RuntimeBadgeProps) {
  const value = on === null ? telemetryText.missing : on ? telemetryText.on : telemetryText.off;
  return (
    <span className={`badge ${kind}`} data-on={on === true} aria-label={`${label} ${value}`}>
      {label} <strong>{value}</strong>
    </span>
  );
}

/** The unit a device belongs to, as the portal's equipment list names it. */
export interface DeviceUnit {
  name: string;
  building: string;
  /** Beyond the spec (issue 43): the asset whose equipment history the card's History opens; none: no History. */
  assetId?: string | null;
}

/** The unit's equipment history (/equipment/<asset id>); its Back returns to Analytics as it was. */
function HistoryLink({ assetId, name }: { assetId: string; name: string }) {
  const location = useLocation();
  return (
    <Link component={RouterLink} to={equipmentPath(assetId)} state={openedFrom(location)} className="history-link" aria-label={telemetryText.historyLabel(name)}>
      {telemetryText.history}
    </Link>
  );
}

interface DeviceCardProps {
  deviceId: string;
  /** The unit and building (beyond the spec: the title leads with them, the device id stays, small). */
  unit?: DeviceUnit;
  sample: Sample | undefined;
  /** Its raised equipment alerts (beyond the spec: issue 20). */
  alerts?: ActiveAlert[];
  now: number;
  /** Beyond the spec (issue 44): the energy and runtime estimates' panel. */
  insight?: CardInsight;
}

/** One device: its unit and id, runtime badges, latest sample time and age, labelled metric chips. */
export const DeviceCard = memo(function DeviceCard({ deviceId, unit, sample, alerts, now, insight }: DeviceCardProps) {
  const state = cardState(sample, now);
  if (state === 'loading' || !sample) return <PlaceholderCard />;
  const hasData = state === 'fresh' || state === 'stale';
  const absolute = sample._time ? sampleTime(sample._time) : '';
  return (
    <Paper
      component="article"
      variant="outlined"
      aria-label={deviceId}
      data-state={state}
      title={state === 'stale' ? telemetryText.staleHint(absolute) : undefined}
      sx={cardSx}
    >
      <div className="card-head">
        <div className="card-title">
          <h4 className="card-name">{unit?.name ?? deviceId}</h4>
          <span className="card-sub">
            {unit?.building ? `${unit.building} · ` : ''}
            <span className="card-id">{deviceId}</span>
          </span>
        </div>
        {alerts && alerts.length > 0 && (
          <span className="alert-tag" role="img" aria-label={telemetryText.alertTagLabel(alerts.map((a) => ruleTitles[a.rule]))} title={alerts.map((a) => `${ruleTitles[a.rule]}: ${a.detail}`).join('\n')}>
            {telemetryText.alertTag(alerts.length)}
          </span>
        )}
        {state === 'stale' && <span className="stale-tag">{telemetryText.stale}</span>}
        {unit?.assetId && <HistoryLink assetId={unit.assetId} name={unit.name} />}
      </div>
      <div className="badges">
        <RuntimeBadge label={telemetryText.callForCool} kind="cool" on={hasData ? isCoolOn(sample) : null} />
        <RuntimeBadge label={telemetryText.callForHeat} kind="heat" on={hasData ? isHeatOn(sample) : null} />
      </div>
      <div className="when">
        <div>
          <span className="caption">{telemetryText.latestSample}</span>
          <span data-testid="latest-sample" title={absolute || undefined}>
            {sample._time ? sampleTime(sample._time) : telemetryText.missing}
          </span>
        </div>
        <span className="age" data-testid="last-seen" title={absolute || undefined}>
          {sample._time ? lastSeenAge(sample._time, now) : telemetryText.missing}
        </span>
      </div>
      {state === 'error' && (
        <p className="note error" role="status">
          {telemetryText.deviceError}: {sample.error}
        </p>
      )}
      {state === 'no-data' && (
        <p className="note" role="status">
          {telemetryText.noDataLastHour}
        </p>
      )}
      {hasData && (
        // Focusable: a device with many metrics scrolls its chips, and keyboards must reach them.
        <dl className="metrics" tabIndex={0} aria-label={telemetryText.metricsOf(deviceId)}>
          {visibleMetrics(sample).map((m) => (
            <div className="metric" key={m.key}>
              <dt>{m.label}</dt>
              <dd>{m.value}</dd>
            </div>
          ))}
        </dl>
      )}
      {insight && <InsightPanel deviceId={deviceId} label={insight.label} tooLong={insight.tooLong} entry={insight.data?.[deviceId]} failed={insight.failed} />}
    </Paper>
  );
});

/** A card's shape while its telemetry loads. */
export function PlaceholderCard() {
  return (
    <Paper variant="outlined" aria-label={telemetryText.loadingCard} aria-busy="true" data-testid="placeholder-card" sx={{ height: CARD_HEIGHT, p: 1.5, display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Skeleton variant="text" width="60%" />
      <Box sx={{ display: 'flex', gap: 1 }}>
        <Skeleton variant="rounded" width={110} height={24} />
        <Skeleton variant="rounded" width={110} height={24} />
      </Box>
      <Skeleton variant="text" width="40%" />
      <Skeleton variant="rounded" height={120} />
    </Paper>
  );
}
