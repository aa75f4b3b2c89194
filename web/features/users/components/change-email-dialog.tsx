import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useId, useState, type FormEvent } from 'react';
import { ApiError } from '../../../lib/api-client';
import { useChangeEmail } from '../api/change-email';
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
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const change = useChangeEmail();

  function handleSubmit(e: FormEvent) {
    e.preventDefault();
    if (!email) return;
    const newEmail = value.trim().toLowerCase();
    if (!newEmail) {
      setError(t.newEmailRequired);
      return;
    }
    setError(null);
    change.mutate(
      { email, newEmail },
      {
        onSuccess: () => {
          setValue('');
          onChanged(newEmail);
        },
        onError: (err) => setError(err instanceof ApiError && err.status === 422 ? t.exists : err instanceof ApiError && err.status === 400 ? err.message : t.changeEmailFailed),
      },
    );
  }

  function handleClose() {
    setValue('');
    setError(null);
    onClose();
  }

  return (
    <Dialog open={email !== null} onClose={handleClose} maxWidth="xs" fullWidth aria-labelledby={titleId}>
      <form onSubmit={handleSubmit} noValidate>
        <DialogTitle id={titleId}>{t.changeEmailTitle}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{t.changeEmailText(email ?? '')}</DialogContentText>
          <TextField
            autoFocus
            fullWidth
            type="email"
            label={t.newEmail}
            value={value}
            onChange={(e) => {
              setValue(e.target.value);
              setError(null);
            }}
            disabled={change.isPending}
          />
          {error && (
            <Alert severity="error" role="alert" sx={{ mt: 2 }}>
              {error}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={handleClose}>{t.cancel}</Button>
          <Button type="submit" variant="contained" disabled={change.isPending}>
            {change.isPending ? t.saving : t.changeEmail}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
