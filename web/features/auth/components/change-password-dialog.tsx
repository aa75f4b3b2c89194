import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { DialogHeading } from '../../../components/ui/dialog-heading';
import { changeOwnPassword } from '../../../lib/cognito';
import { cognitoErrorCode } from '../cognito-errors';
import { setPasswordProblem } from '../password-rules';
import { authStrings } from '../strings';
import { PasswordChecklist } from './password-checklist';

const t = authStrings.changePassword;

export interface ChangePasswordDialogProps {
  open: boolean;
  /** A staff account: held to the staff rule (12 characters). */
  staff: boolean;
  onClose(): void;
  /** Changed: the account's sessions end (its tokens are refused from now on), so the caller signs out. */
  onChanged(): void;
}

/** Beyond the spec: the signed-in user changes their own password (the current one, the new one twice, the spec's rule). */
export function ChangePasswordDialog({ open, staff, onClose, onChanged }: ChangePasswordDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="change-password-title">
      <DialogHeading id="change-password-title" title={t.title} closeLabel={t.cancel} onClose={onClose} />
      {open && <ChangePasswordForm staff={staff} onClose={onClose} onChanged={onChanged} />}
    </Dialog>
  );
}

function ChangePasswordForm({ staff, onClose, onChanged }: Omit<ChangePasswordDialogProps, 'open'>) {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (!current) {
      setProblem(t.wrongCurrent);
      return;
    }
    // The same password again changes nothing and would end the other sessions for nothing (issue 39).
    if (next === current) {
      setProblem(t.sameAsCurrent);
      return;
    }
    const found = setPasswordProblem(next, confirm, staff);
    if (found) {
      setProblem(found === 'mismatch' ? authStrings.mismatch : staff ? authStrings.staffRule : t.rule);
      return;
    }
    setBusy(true);
    setProblem('');
    try {
      await changeOwnPassword(current, next);
      onChanged();
    } catch (err) {
      const code = cognitoErrorCode(err);
      setProblem(
        code === 'NotAuthorizedException' && err instanceof Error && /No signed-in user/.test(err.message)
          ? t.noSession
          : code === 'NotAuthorizedException'
            ? t.wrongCurrent
            : code === 'InvalidPasswordException' || code === 'InvalidParameterException'
              ? staff
                ? authStrings.staffRule
                : t.rule
              : code === 'LimitExceededException' || code === 'TooManyRequestsException'
                ? t.tooMany
                : t.failed,
      );
      setBusy(false);
    }
  }

  return (
    <Box component="form" noValidate onSubmit={(e) => void handleSubmit(e)}>
      <DialogContent dividers sx={{ display: 'grid', gap: 2 }}>
        {problem && (
          <Alert severity="error" role="alert">
            {problem}
          </Alert>
        )}
        <TextField label={t.current} type="password" autoComplete="current-password" value={current} onChange={(e) => setCurrent(e.target.value)} required autoFocus />
        <TextField label={t.newPassword} type="password" autoComplete="new-password" value={next} onChange={(e) => setNext(e.target.value)} required />
        <PasswordChecklist password={next} staff={staff} />
        <TextField label={t.confirmPassword} type="password" autoComplete="new-password" value={confirm} onChange={(e) => setConfirm(e.target.value)} required />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {t.cancel}
        </Button>
        <Button type="submit" variant="contained" disabled={busy}>
          {busy ? t.changing : t.submit}
        </Button>
      </DialogActions>
    </Box>
  );
}
