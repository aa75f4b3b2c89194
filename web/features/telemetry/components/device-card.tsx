import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { telemetryText } from '../strings';
import { cardState, isCoolOn, isHeatOn, lastSeenAge, visibleMetrics, type Sample } from '../telemetry-rules';

/** Fixed card height, so the grid can be virtualised. */
export const CARD_HEIGHT = 280;

interface RuntimeBadgeProps {
  label: string;
  on: boolean | null;
}

/** 'Call for Cool' / 'Call for Heat' with ON or OFF (an em dash without a sample). */
function RuntimeBadge({ label, on }: RuntimeBadgeProps) {
  const value = on === null ? telemetryText.missing : on ? telemetryText.on : telemetryText.off;
  return (
    <Chip
      size="small"
      variant={on ? 'filled' : 'outlined'}
      color={on ? (label === telemetryText.callForCool ? 'info' : 'warning') : 'default'}
      aria-label={`${label} ${value}`}
      label={
        <span>
          {label} <strong>{value}</strong>
        </span>
      }
    />
  );
}

interface DeviceCardProps {
  deviceId: string;
  sample: Sample | undefined;
  now: number;
}

/** One device: id, runtime badges, latest sample time and age, labelled metric chips. */
export function DeviceCard({ deviceId, sample, now }: DeviceCardProps) {
  const state = cardState(sample, now);
  if (state === 'loading' || !sample) return <PlaceholderCard />;
  const hasData = state === 'fresh' || state === 'stale';
  const absolute = sample._time ? new Date(sample._time).toLocaleString() : '';
  return (
    <Paper
      component="article"
      variant="outlined"
      aria-label={deviceId}
      data-state={state}
      title={state === 'stale' ? telemetryText.staleHint(absolute) : undefined}
      sx={{ height: CARD_HEIGHT, p: 1.5, display: 'flex', flexDirection: 'column', gap: 1, overflow: 'hidden', opacity: state === 'stale' ? 0.55 : 1 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minHeight: 24 }}>
        <Typography variant="subtitle2" component="h4" sx={{ fontFamily: 'monospace', flex: 1, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
          {deviceId}
        </Typography>
        {state === 'stale' && <Chip size="small" color="warning" variant="outlined" label={telemetryText.stale} />}
      </Box>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <RuntimeBadge label={telemetryText.callForCool} on={hasData ? isCoolOn(sample) : null} />
        <RuntimeBadge label={telemetryText.callForHeat} on={hasData ? isHeatOn(sample) : null} />
      </Box>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
        <Box>
          <Typography variant="caption" color="text.secondary" component="div">
            {telemetryText.latestSample}
          </Typography>
          <Typography variant="body2" data-testid="latest-sample" title={absolute || undefined}>
            {sample._time ? new Date(sample._time).toLocaleTimeString() : telemetryText.missing}
          </Typography>
        </Box>
        <Typography variant="body2" color={state === 'stale' ? 'warning.main' : 'text.secondary'} data-testid="last-seen" title={absolute || undefined} sx={{ alignSelf: 'flex-end' }}>
          {sample._time ? lastSeenAge(sample._time, now) : telemetryText.missing}
        </Typography>
      </Box>
      {state === 'error' && (
        <Typography variant="body2" color="error" role="status">
          {telemetryText.deviceError}: {sample.error}
        </Typography>
      )}
      {state === 'no-data' && (
        <Typography variant="body2" color="text.secondary" role="status" sx={{ fontStyle: 'italic' }}>
          {telemetryText.noDataLastHour}
        </Typography>
      )}
      {hasData && (
        <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(104px, 1fr))', gap: 0.75, overflowY: 'auto', alignContent: 'start' }}>
          {visibleMetrics(sample).map((m) => (
            <Box key={m.key} sx={{ border: 1, borderColor: 'divider', borderRadius: 4, px: 1, py: 0.25, minWidth: 0 }}>
              <Typography component="dt" variant="caption" color="text.secondary" sx={{ display: 'block', whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}>
                {m.label}
              </Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 600, whiteSpace: 'nowrap' }}>
                {m.value}
              </Typography>
            </Box>
          ))}
        </Box>
      )}
    </Paper>
  );
}

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
