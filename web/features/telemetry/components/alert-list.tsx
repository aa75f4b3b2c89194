import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ActiveAlert } from '../api/get-alerts';
import { ruleTitles, telemetryText } from '../strings';
import { sampleTime } from '../telemetry-rules';

interface AlertListProps {
  alerts: ActiveAlert[];
  /** Shows the alert's equipment in the snapshot pane. */
  onShow: (equipmentId: string) => void;
}

/** The raised equipment alerts, newest first: rule, unit, building and device, what was seen, since when. */
export function AlertList({ alerts, onShow }: AlertListProps) {
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="equipment-alerts"
      sx={{ p: 1.5, borderColor: '#9a3412', borderLeftWidth: 4, display: 'flex', flexDirection: 'column', gap: 1 }}
    >
      <Typography id="equipment-alerts" variant="h6" component="h3" sx={{ fontSize: '1.05rem' }}>
        {telemetryText.alertsTitle} ({alerts.length})
      </Typography>
      <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none', display: 'flex', flexDirection: 'column', gap: 0.75, maxHeight: 220, overflowY: 'auto' }} data-testid="alert-list">
        {alerts.map((a) => (
          <Box
            component="li"
            key={`${a.deviceId}#${a.rule}`}
            sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'minmax(220px, 1.2fr) minmax(200px, 1.5fr) auto' }, gap: { xs: 0.25, md: 2 }, alignItems: 'baseline', fontSize: '0.875rem' }}
          >
            <span>
              <strong style={{ color: '#9a3412' }}>{ruleTitles[a.rule]}</strong>
              <br />
              <Link component="button" type="button" onClick={() => onShow(a.equipmentId)} aria-label={telemetryText.showEquipment(a.equipmentName)} sx={{ fontSize: 'inherit', verticalAlign: 'baseline' }}>
                {a.equipmentName}
              </Link>{' '}
              <Box component="span" sx={{ color: 'text.secondary' }}>
                · {a.buildingName} · <span style={{ fontFamily: 'monospace' }}>{a.deviceId}</span>
              </Box>
            </span>
            <Box component="span" sx={{ color: 'text.secondary' }}>
              {a.detail}
            </Box>
            <Box component="span" sx={{ color: 'text.secondary', whiteSpace: 'nowrap' }}>
              {telemetryText.alertSince(sampleTime(a.since))}
            </Box>
          </Box>
        ))}
      </Box>
    </Paper>
  );
}
