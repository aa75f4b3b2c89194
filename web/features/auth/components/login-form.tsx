import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import OutlinedInput from '@mui/material/OutlinedInput';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import { loadCognito } from '../../../lib/cognito';
import { publicConfig } from '../../../lib/public-config';
import { useSession } from '../../../lib/session';
import { login, type LoginStep } from '../api/login';
import { cognitoErrorCode, loginFailureMessage } from '../cognito-errors';

/** Cognito's answers to a wrong email or password (and a temporary one used here). */
const REFUSALS = new Set(['NotAuthorizedException', 'UserNotFoundException', 'InvalidPasswordException', 'NewPasswordRequired']);
import { authStrings } from '../strings';

const s = authStrings.login;

/** Log in: no client-side field checks; any failure shows one message above the form. */
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

export function LoginForm({ onLoggedIn, onSecondStep, initialError = '', notice = '', initialEmail = '', onIntent: parentIntent }: LoginFormProps) {
  // The Cognito library loads on the first sign of intent, not with the log-in route.
  const onIntent = () => {
    void loadCognito().catch(() => {});
    parentIntent?.();
  };
  const { signIn } = useSession();
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const [error, setError] = useState(initialError);
  const [busy, setBusy] = useState(false);

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    onIntent();
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
          }}
          autoComplete="username"
          autoFocus={!initialEmail}
          inputProps={{ 'aria-label': s.emailPlaceholder, inputMode: 'email' }}
        />
        <OutlinedInput
          type="password"
          placeholder={s.passwordPlaceholder}
          value={password}
          onChange={(e) => {
            onIntent();
            setPassword(e.target.value);
          }}
          autoComplete="current-password"
          autoFocus={!!initialEmail}
          inputProps={{ 'aria-label': s.passwordPlaceholder }}
        />
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
