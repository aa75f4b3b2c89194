import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useId } from 'react';
import { useChangeEmailForm } from '../hooks/use-change-email-form';
import { usersText as t } from '../strings';

export interface ChangeEmailDialogProps {
  /** The account whose email changes; null: closed. */
  email: string | null;
  onClose(): void;
  onChanged(newEmail: string): void;
}

/**
 * Beyond the spec: an administrator moves an account to another address. The only way an email
 * changes (users cannot change their own); the user's sessions end and they sign in with the new one.
 */
export function ChangeEmailDialog({ email, onClose, onChanged }: ChangeEmailDialogProps) {
  const titleId = useId();
  const form = useChangeEmailForm(email, onChanged);

  function handleClose() {
    form.reset();
    onClose();
  }

  return (
    <Dialog open={email !== null} onClose={handleClose} maxWidth="xs" fullWidth aria-labelledby={titleId}>
      <form onSubmit={form.submit} noValidate>
        <DialogTitle id={titleId}>{t.changeEmailTitle}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{t.changeEmailText(email ?? '')}</DialogContentText>
          <TextField
            autoFocus
            fullWidth
            type="email"
            label={t.newEmail}
            value={form.value}
            onChange={(e) => form.setValue(e.target.value)}
            disabled={form.pending}
          />
          {form.error && (
            <Alert severity="error" role="alert" sx={{ mt: 2 }}>
              {form.error}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={handleClose}>{t.cancel}</Button>
          <Button type="submit" variant="contained" disabled={form.pending}>
            {form.pending ? t.saving : t.changeEmail}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
