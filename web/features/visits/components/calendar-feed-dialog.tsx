import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState, type FocusEvent } from 'react';
import { DialogHeading } from '../../../components/ui/dialog-heading';
import { failureMessage } from '../../../lib/api-client';
import { useCalendarFeed, useChangeCalendarFeed } from '../api/calendar-feed';
import { visitsText as t } from '../strings';

export interface CalendarFeedDialogProps {
  open: boolean;
  onClose(): void;
}

/**
 * "Calendar feed" (the user menu, customer accounts): the address of the user's own iCalendar
 * feed with Copy, "Regenerate link" (the old address then answers 404) and "Turn off"; or, when
 * off, "Turn on".
 */
export function CalendarFeedDialog({ open, onClose }: CalendarFeedDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="calendar-feed-title">
      <DialogHeading id="calendar-feed-title" title={t.dialogTitle} closeLabel={t.close} onClose={onClose} />
      {open && <FeedBody onClose={onClose} />}
    </Dialog>
  );
}

function FeedBody({ onClose }: { onClose(): void }) {
  const query = useCalendarFeed(true);
  const change = useChangeCalendarFeed();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), 2000);
    return () => window.clearTimeout(timer);
  }, [copied]);
  const feed = query.data;
  const busy = change.isPending;
  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch {
      // No clipboard (an insecure origin, a refused permission): the address stays selected in its field to copy by hand.
      (document.getElementById('calendar-feed-url') as HTMLInputElement | null)?.select();
    }
  };
  return (
    <>
      <DialogContent dividers>
        {query.isPending && <Typography role="status">{t.working}</Typography>}
        {query.isError && <Alert severity="error">{failureMessage(query.error, t.loadFeedFailed)}</Alert>}
        {feed && (
          <Stack spacing={2}>
            {change.data?.message && (
              <Alert severity="success" role="status">
                {change.data.message}
              </Alert>
            )}
            {feed.enabled && feed.url ? (
              <>
                <Typography variant="body2">{t.intro}</Typography>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
                  <TextField
                    id="calendar-feed-url"
                    label={t.feedAddress}
                    value={feed.url}
                    size="small"
                    fullWidth
                    slotProps={{ htmlInput: { readOnly: true, spellCheck: false, onFocus: (e: FocusEvent<HTMLInputElement>) => e.target.select() } }}
                  />
                  <Button variant="contained" onClick={() => void copy(feed.url!)} sx={{ flexShrink: 0, minWidth: 88 }}>
                    {copied ? t.copied : t.copy}
                  </Button>
                </Stack>
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  {t.keepPrivate}
                </Typography>
              </>
            ) : (
              <Typography variant="body2">{t.offIntro}</Typography>
            )}
            {change.isError && (
              <Alert severity="error" role="alert">
                {failureMessage(change.error, t.actionFailed)}
              </Alert>
            )}
          </Stack>
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        {feed?.enabled ? (
          <>
            <Button color="error" onClick={() => change.mutate('off')} disabled={busy}>
              {t.turnOff}
            </Button>
            <Button onClick={() => change.mutate('new')} disabled={busy} title={t.regenerateHint}>
              {t.regenerate}
            </Button>
          </>
        ) : (
          feed && (
            <Button variant="contained" onClick={() => change.mutate('on')} disabled={busy}>
              {t.turnOn}
            </Button>
          )
        )}
        <Button onClick={onClose} disabled={busy}>
          {t.close}
        </Button>
      </DialogActions>
    </>
  );
}
