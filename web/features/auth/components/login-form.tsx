import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import OutlinedInput from '@mui/material/OutlinedInput';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { prepareSignIn } from '../../../lib/cognito';
import { publicConfig } from '../../../lib/public-config';
import { useSession } from '../../../lib/session';
import { login, type LoginStep } from '../api/login';
import { cognitoErrorCode, loginFailureMessage } from '../cognito-errors';

/** Cognito's answers to a wrong email or password. */
const REFUSALS = new Set(['NotAuthorizedException', 'UserNotFoundException', 'InvalidPasswordException']);
import { authStrings } from '../strings';

const s = authStrings.login;

/**
 * Log in: an empty field is named at the field (nothing sent, nothing logged); otherwise no
 * client-side checks (a malformed email goes to Cognito as typed), and any failure shows the one
 * message above the form.
 */
export interface LoginFormProps {
  onLoggedIn(): void;
  /** The password was right and a second step follows (the authenticator app's code, or its set-up). */
  onSecondStep(step: Exclude<LoginStep, { kind: 'signedIn' }>, email: string): void;
  /** A message to show from the start (a second step that ended, sending the user back here). */
  initialError?: string;
  /** Not an error: why the page shows (a password just set, a session that ended by itself). */
  notice?: string;
  initialEmail?: string;
  /** Called on the first keystroke and on submit: the user means to sign in (the parent may preload the next screen). */
  onIntent?(): void;
}

/** A field's problem, right under it (Typography, not FormHelperText: nothing more on this route). */
function FieldProblem({ id, children }: { id: string; children: string }) {
  return (
    <Typography id={id} component="p" variant="caption" color="error" sx={{ mt: -1.5, ml: 1.75 }}>
      {children}
    </Typography>
  );
}

export function LoginForm({ onLoggedIn, onSecondStep, initialError = '', notice = '', initialEmail = '', onIntent: parentIntent }: LoginFormProps) {
  // What the sign-in needs beyond this route (SRP's library) loads on the first sign of intent.
  const onIntent = () => {
    prepareSignIn();
    parentIntent?.();
  };
  const { signIn } = useSession();
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const [error, setError] = useState(initialError);
  const [busy, setBusy] = useState(false);
  const [missing, setMissing] = useState({ email: false, password: false });

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    onIntent();
    const empty = { email: email.trim() === '', password: password === '' };
    if (empty.email || empty.password) {
      setMissing(empty);
      setError('');
      document.getElementById(empty.email ? 'login-email' : 'login-password')?.focus();
      return;
    }
    setBusy(true);
    setError('');
    try {
      const step = await login(email, password);
      if (step.kind !== 'signedIn') return onSecondStep(step, email.trim());
      if (!signIn(step.token, publicConfig().staffDomains)) throw new Error('The session token could not be read');
      onLoggedIn();
    } catch (err) {
      // Logged as the spec says, as one line: a refused email or password is what the form is for
      // (a warning, no stack trace); anything else (the service not answering) is an error.
      const line = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
      if (REFUSALS.has(cognitoErrorCode(err))) console.warn('Login failed:', line);
      else console.error('Login failed:', line);
      setError(loginFailureMessage());
      setBusy(false);
    }
  };

  return (
    <>
      {notice && !error && (
        <Typography role="status" component="p" color="primary" sx={{ textAlign: 'center', mb: 1, fontWeight: 500 }}>
          {notice}
        </Typography>
      )}
      <Typography role="alert" component="p" color="error" sx={{ minHeight: '1.5em', textAlign: 'center', mb: 1 }}>
        {error}
      </Typography>
      <Box component="form" noValidate onSubmit={handleSubmit} sx={{ display: 'grid', gap: 2 }}>
        {/* Plain inputs (no TextField): the spec shows placeholders only, and TextField would pull Select into this route. */}
        <OutlinedInput
          placeholder={s.emailPlaceholder}
          value={email}
          onChange={(e) => {
            onIntent();
            setEmail(e.target.value);
            setMissing((m) => ({ ...m, email: false }));
          }}
          autoComplete="username"
          autoFocus={!initialEmail}
          error={missing.email}
          inputProps={{
            id: 'login-email',
            'aria-label': s.emailPlaceholder,
            inputMode: 'email',
            'aria-invalid': missing.email,
            ...(missing.email ? { 'aria-describedby': 'login-email-required' } : {}),
          }}
        />
        {missing.email && <FieldProblem id="login-email-required">{s.emailRequired}</FieldProblem>}
        <OutlinedInput
          type="password"
          placeholder={s.passwordPlaceholder}
          value={password}
          onChange={(e) => {
            onIntent();
            setPassword(e.target.value);
            setMissing((m) => ({ ...m, password: false }));
          }}
          autoComplete="current-password"
          autoFocus={!!initialEmail}
          error={missing.password}
          inputProps={{
            id: 'login-password',
            'aria-label': s.passwordPlaceholder,
            'aria-invalid': missing.password,
            ...(missing.password ? { 'aria-describedby': 'login-password-required' } : {}),
          }}
        />
        {missing.password && <FieldProblem id="login-password-required">{s.passwordRequired}</FieldProblem>}
        <Button type="submit" variant="contained" size="large" disabled={busy}>
          {s.submit}
        </Button>
      </Box>
      <Box sx={{ textAlign: 'center', mt: 2 }}>
        <Link component={RouterLink} to="/forgot-password">
          {s.forgot}
        </Link>
      </Box>
    </>
  );
}
