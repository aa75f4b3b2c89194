import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { NOTIFICATION_TOPICS, type NotificationSettings, type SettingsReply } from '../../../../lambdas/shared/contract/answers/notifications';
import { DialogHeading } from '../../../components/ui/dialog-heading';
import { SuccessPopup } from '../../../components/ui/success-popup';
import { failureMessage } from '../../../lib/api-client';
import { useNotificationSettings } from '../api/get-settings';
import { useSaveSettings } from '../api/save-settings';
import { notificationsText as t, topicTitles } from '../strings';


export interface NotificationsDialogProps {
  open: boolean;
  onClose(): void;
}

/** "Notifications" (the user menu, customer accounts): which mails the signed-in user gets. */
export function NotificationsDialog({ open, onClose }: NotificationsDialogProps) {
  const [saved, setSaved] = useState<string | null>(null);
  return (
    <>
      <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="notifications-title">
        <DialogHeading id="notifications-title" title={t.title} closeLabel={t.close} onClose={onClose} />
        {open && (
          <NotificationsBody
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

function NotificationsBody({ onClose, onSaved }: { onClose(): void; onSaved(message: string): void }) {
  const query = useNotificationSettings(true);
  if (query.isPending) {
    return (
      <DialogContent dividers>
        <Typography role="status">{t.loading}</Typography>
      </DialogContent>
    );
  }
  if (query.isError) {
    return (
      <>
        <DialogContent dividers>
          <Alert severity="error">{failureMessage(query.error, t.loadFailed)}</Alert>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t.close}</Button>
        </DialogActions>
      </>
    );
  }
  return <SettingsForm reply={query.data} onClose={onClose} onSaved={onSaved} />;
}

function SettingsForm({ reply, onClose, onSaved }: { reply: SettingsReply; onClose(): void; onSaved(message: string): void }) {
  const [settings, setSettings] = useState<NotificationSettings>(reply.settings);
  const save = useSaveSettings();
  // The alerts topic applies only where one of the user's customers has equipment telemetry.
  const topics = NOTIFICATION_TOPICS.filter((topic) => topic !== 'alerts' || reply.telemetry);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(settings, { onSuccess: (saved) => onSaved(saved.message ?? '') });
  };

  return (
    <form onSubmit={handleSubmit} noValidate>
      <DialogContent dividers>
        <Stack spacing={2}>
          {reply.suppressed && (
            <Alert severity="warning" data-testid="notifications-suppressed">
              {t.suppressed(reply.email)}
            </Alert>
          )}
          <FormGroup role="group" aria-labelledby="notifications-topics">
            <FormLabel id="notifications-topics" sx={{ mb: 0.5 }}>
              {t.topicsLabel}
            </FormLabel>
            {topics.map((topic) => (
              <FormControlLabel
                key={topic}
                control={<Switch checked={settings[topic]} onChange={(e) => setSettings({ ...settings, [topic]: e.target.checked })} disabled={save.isPending} />}
                label={topicTitles[topic]}
              />
            ))}
          </FormGroup>
          <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
            {t.mailsGoTo(reply.email)}
          </Typography>
          {save.isError && (
            <Alert severity="error" role="alert">
              {failureMessage(save.error, t.saveFailed)}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={save.isPending}>
          {t.cancel}
        </Button>
        <Button type="submit" variant="contained" disabled={save.isPending}>
          {save.isPending ? t.saving : t.save}
        </Button>
      </DialogActions>
    </form>
  );
}
