import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useRef, useState, type FocusEvent } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { DialogHeading } from '../../../components/ui/dialog-heading';
import { failureMessage } from '../../../lib/api-client';
import { useCalendarFeed, useChangeCalendarFeed } from '../api/calendar-feed';
import { calendarLinks } from '../calendar-links';
import { visitsText as t } from '../strings';

export interface CalendarFeedDialogProps {
  open: boolean;
  onClose(): void;
}

/**
 * "Calendar feed" (the user menu, customer accounts): the address of the user's own iCalendar
 * feed with Copy and "Add to calendar" links (the device's calendar app by webcal://, Google
 * Calendar, Outlook.com; each in a new tab), "Regenerate link" (the old address then answers 404)
 * and "Turn off", each asked first since old links stop working (Cancel has the focus); or, when
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
  const [asking, setAsking] = useState<'new' | 'off' | null>(null);
  const addId = useId();
  const copyRef = useRef<HTMLButtonElement>(null);
  const turnOnRef = useRef<HTMLButtonElement>(null);
  // After a change the button pressed may be gone (Turn on, Turn off): the focus goes to what comes next, Copy or Turn on.
  useEffect(() => {
    if (change.data) (change.data.enabled ? copyRef : turnOnRef).current?.focus();
  }, [change.data]);
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
                  <Button ref={copyRef} variant="contained" onClick={() => void copy(feed.url!)} sx={{ flexShrink: 0, minWidth: 88 }}>
                    {copied ? t.copied : t.copy}
                  </Button>
                </Stack>
                <AddToCalendar labelId={addId} url={feed.url} name={feed.name ?? t.dialogTitle} />
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
            <Button color="error" onClick={() => setAsking('off')} disabled={busy}>
              {t.turnOff}
            </Button>
            <Button onClick={() => setAsking('new')} disabled={busy} title={t.regenerateHint}>
              {t.regenerate}
            </Button>
          </>
        ) : (
          feed && (
            <Button ref={turnOnRef} variant="contained" onClick={() => change.mutate('on')} disabled={busy}>
              {t.turnOn}
            </Button>
          )
        )}
        <Button onClick={onClose} disabled={busy}>
          {t.close}
        </Button>
      </DialogActions>
      <ConfirmDialog
        open={asking !== null}
        title={asking === 'off' ? t.turnOffTitle : t.regenerateTitle}
        text={asking === 'off' ? t.turnOffText : t.regenerateText}
        confirmLabel={asking === 'off' ? t.turnOffConfirm : t.regenerateConfirm}
        cancelLabel={t.cancel}
        danger={asking === 'off'}
        onCancel={() => setAsking(null)}
        onConfirm={() => {
          if (asking) change.mutate(asking);
          setAsking(null);
        }}
      />
    </>
  );
}

/** The feed's address as each calendar app subscribes to it (../calendar-links.ts), each opening in a new tab. */
function AddToCalendar({ labelId, url, name }: { labelId: string; url: string; name: string }) {
  const links = calendarLinks(url, name);
  const apps = [
    { label: t.addWebcal, href: links.webcal },
    { label: t.addGoogle, href: links.google },
    { label: t.addOutlook, href: links.outlook },
  ];
  return (
    <Stack direction="row" role="group" aria-labelledby={labelId} useFlexGap spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <Typography id={labelId} variant="body2" sx={{ fontWeight: 500, mr: 0.5 }}>
        {t.addToCalendar}
      </Typography>
      {apps.map((a) => (
        <Button key={a.label} size="small" variant="outlined" component="a" href={a.href} target="_blank" rel="noopener noreferrer" aria-label={t.newTab(a.label)}>
          {a.label}
        </Button>
      ))}
    </Stack>
  );
}
