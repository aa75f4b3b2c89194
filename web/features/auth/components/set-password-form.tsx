import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import { useEffect, useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { REDIRECT_DELAY_MS } from '../../../config/constants';
import { publicConfig } from '../../../lib/public-config';
import { emailInDomains } from '../../../lib/token';
import { AuthFailure, useVerifyCode, type CodePurpose } from '../api/verify-code';
import { setPasswordProblem } from '../password-rules';
import { authStrings } from '../strings';
import { PasswordChecklist } from './password-checklist';

interface SetPasswordFormProps {
  purpose: CodePurpose;
  /** The email already known (carried from 'Enter Reset Code'); the code field then takes the focus. */
  initialEmail?: string;
  /** The temporary password typed on Log In: its field is not shown again, and the email is kept as typed. */
  knownCode?: string;
  /** After success, instead of going to '/' (the form is on the Log In route already). */
  onDone?(state: LoginScreenState): void;
}

/** What the log-in page is opened with after a password was set: a message and the email to fill in. */
export interface LoginScreenState {
  notice: string;
  email: string;
}

/** Reset password and first-time registration: same fields and rules, different texts and endpoint. */
export function SetPasswordForm({ purpose, initialEmail = '', knownCode, onDone }: SetPasswordFormProps) {
  const s = purpose === 'reset' ? authStrings.reset : authStrings.registration;
  const navigate = useNavigate();
  const verify = useVerifyCode(purpose);
  const [email, setEmail] = useState(initialEmail);
  const [code, setCode] = useState(knownCode ?? '');
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [problem, setProblem] = useState('');

  // After success: the spec's 3 seconds, counted down on screen; the log-in page then says what happened.
  const [secondsLeft, setSecondsLeft] = useState(REDIRECT_DELAY_MS / 1000);
  useEffect(() => {
    if (!verify.isSuccess) return;
    const started = Date.now();
    const tick = setInterval(() => setSecondsLeft(Math.max(1, Math.ceil((REDIRECT_DELAY_MS - (Date.now() - started)) / 1000))), 250);
    const next: LoginScreenState = { notice: s.done, email: email.trim().toLowerCase() };
    const timer = setTimeout(() => (onDone ? onDone(next) : navigate('/', { state: next })), REDIRECT_DELAY_MS);
    return () => {
      clearInterval(tick);
      clearTimeout(timer);
    };
  }, [verify.isSuccess, navigate, s.done, email, onDone]);

  // Staff-domain emails are held to the staff rule (12 characters) as the server holds them.
  const staff = emailInDomains(email, publicConfig().staffDomains);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = setPasswordProblem(newPassword, confirmPassword, staff);
    if (found) {
      setProblem(found === 'mismatch' ? authStrings.mismatch : staff ? authStrings.staffRule : s.rule);
      return;
    }
    setProblem('');
    verify.mutate({ email, code, newPassword });
  };

  const failure = verify.error instanceof AuthFailure ? verify.error.message : s.failed;
  const done = verify.isSuccess;
  return (
    <>
      {problem && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {problem}
        </Alert>
      )}
      {verify.isError && !problem && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {failure}
        </Alert>
      )}
      {done && (
        <Alert severity="success" sx={{ mb: 2 }}>
          {s.done}
          <Box component="span" sx={{ display: 'block', mt: 0.5 }} role="status">
            {authStrings.returning(secondsLeft)}
          </Box>
        </Alert>
      )}
      <Box component="form" onSubmit={handleSubmit}>
        <Box component="fieldset" disabled={done || verify.isPending} sx={{ border: 0, m: 0, p: 0, display: 'grid', gap: 2 }}>
          <TextField
            label={s.email}
            type="email"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            autoComplete="username"
            disabled={done}
            slotProps={{ htmlInput: { readOnly: knownCode !== undefined } }}
          />
          {knownCode === undefined && (
            <TextField
              label={s.code}
              required
              value={code}
              onChange={(e) => setCode(e.target.value)}
              autoComplete="one-time-code"
              autoFocus={initialEmail !== ''}
              disabled={done}
            />
          )}
          <TextField
            autoFocus={knownCode !== undefined}
            label={s.newPassword}
            type="password"
            required
            value={newPassword}
            onChange={(e) => setNewPassword(e.target.value)}
            autoComplete="new-password"
            disabled={done}
          />
          <PasswordChecklist password={newPassword} staff={staff} />
          <TextField
            label={s.confirmPassword}
            type="password"
            required
            value={confirmPassword}
            onChange={(e) => setConfirmPassword(e.target.value)}
            autoComplete="new-password"
            disabled={done}
          />
          <Button type="submit" variant="contained" size="large" disabled={done || verify.isPending}>
            {s.submit}
          </Button>
        </Box>
      </Box>
      <Box sx={{ textAlign: 'center', mt: 2 }}>
        <Link component={RouterLink} to="/">
          {authStrings.backToLogin}
        </Link>
      </Box>
    </>
  );
}
