/**
 * The second step of a sign-in (not in the spec): the 6-digit code of the account's authenticator
 * app, or, the first time, setting one up (a QR code to scan, the same key as text, a code to
 * confirm). Administrators always; customers where the stage requires it.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import OutlinedInput from '@mui/material/OutlinedInput';
import Typography from '@mui/material/Typography';
import { useEffect, useState, type FormEvent } from 'react';
import { revokeSession, startAuthenticatorSetup } from '../../../lib/cognito';
import { publicConfig } from '../../../lib/public-config';
import { useSession } from '../../../lib/session';
import { twoStepFailure } from '../cognito-errors';
import { authStrings } from '../strings';

const t = authStrings.twoStep;

interface StepProps {
  onLoggedIn(): void;
  /** Back to the password (Cognito ended this sign-in, or the user chose to), with a message or none. */
  onRestart(message?: string): void;
}

/** The code field with its error line and submit button; `submit` gets six digits. */
function CodeForm({ submitLabel, submit, onRestart }: { submitLabel: string; submit(code: string): Promise<void>; onRestart: StepProps['onRestart'] }) {
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const digits = code.replace(/\s+/g, '');
    if (!/^\d{6}$/.test(digits)) return setError(t.codeFormat);
    setBusy(true);
    setError('');
    try {
      await submit(digits);
    } catch (err) {
      const failure = twoStepFailure(err);
      if (failure.restart) return onRestart(failure.message);
      console.warn('The code was refused:', err);
      setError(failure.message);
      setCode('');
      setBusy(false);
    }
  };

  return (
    <>
      <Typography role="alert" component="p" color="error" sx={{ minHeight: '1.5em', textAlign: 'center', mb: 1 }}>
        {error}
      </Typography>
      <Box component="form" noValidate onSubmit={handleSubmit} sx={{ display: 'grid', gap: 2 }}>
        <OutlinedInput
          placeholder={t.codeLabel}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          autoComplete="one-time-code"
          autoFocus
          inputProps={{ 'aria-label': t.codeLabel, inputMode: 'numeric', maxLength: 7, style: { letterSpacing: '0.2em', textAlign: 'center', fontSize: '1.25rem' } }}
        />
        <Button type="submit" variant="contained" size="large" disabled={busy}>
          {submitLabel}
        </Button>
      </Box>
      <Box sx={{ textAlign: 'center', mt: 2 }}>
        <Link component="button" type="button" onClick={() => onRestart()}>
          {authStrings.backToLogin}
        </Link>
      </Box>
    </>
  );
}

/** Signs the token in as the session; a token that cannot be used is a failed step. */
function useFinish(onLoggedIn: () => void) {
  const { signIn } = useSession();
  return (token: string) => {
    if (!signIn(token, publicConfig().staffDomains)) throw new Error('The session token could not be read');
    onLoggedIn();
  };
}

/** A later sign-in: the code the app shows now. */
export function TotpCodeStep({ answer, onLoggedIn, onRestart }: StepProps & { answer(code: string): Promise<string> }) {
  const finish = useFinish(onLoggedIn);
  return (
    <>
      <Typography sx={{ textAlign: 'center', mb: 1 }}>{t.codeIntro}</Typography>
      <CodeForm submitLabel={t.verify} submit={async (code) => finish(await answer(code))} onRestart={onRestart} />
    </>
  );
}

/** The key in groups of four, as authenticator apps show and take it. */
const grouped = (secret: string) => secret.replace(/(.{4})/g, '$1 ').trim();

/** The QR code of an otpauth:// address, drawn as one SVG path (the encoder loads with this step only). */
function QrCode({ text }: { text: string }) {
  const [modules, setModules] = useState<boolean[][] | null>(null);
  useEffect(() => {
    let live = true;
    void import('uqr').then(({ encode }) => live && setModules(encode(text, { ecc: 'M', border: 2 }).data));
    return () => {
      live = false;
    };
  }, [text]);
  if (!modules) return <Box sx={{ width: 184, height: 184 }} />;
  const d = modules.flatMap((row, y) => row.flatMap((dark, x) => (dark ? [`M${x} ${y}h1v1h-1z`] : []))).join('');
  return (
    <svg role="img" aria-label={t.qrLabel} width={184} height={184} viewBox={`0 0 ${modules.length} ${modules.length}`} shapeRendering="crispEdges" style={{ background: '#fff' }}>
      <path d={d} fill="#000" />
    </svg>
  );
}

/** The first sign-in of an account that must have an app: scan, confirm a code, then signed in. */
export function TotpSetupStep({ email, onLoggedIn, onRestart }: StepProps & { email: string }) {
  const finish = useFinish(onLoggedIn);
  const [setup, setSetup] = useState<{ secret: string; confirm(code: string): Promise<string> } | null>(null);

  useEffect(() => {
    let live = true;
    startAuthenticatorSetup().then(
      (s) => live && setSetup(s),
      (err: unknown) => {
        console.warn('The authenticator set-up could not start:', err);
        if (live) onRestart(twoStepFailure(err).restart ? t.expired : t.failed);
      },
    );
    return () => {
      live = false;
    };
  }, [onRestart]);

  const restart = (message?: string) => {
    // The half-signed-in session (no app yet) is of no use: its refresh token goes.
    void revokeSession().catch(() => {});
    onRestart(message);
  };

  if (!setup) return <Typography sx={{ textAlign: 'center', my: 3 }}>{t.preparing}</Typography>;
  const issuer = publicConfig().productName;
  const address = `otpauth://totp/${encodeURIComponent(`${issuer}:${email}`)}?secret=${setup.secret}&issuer=${encodeURIComponent(issuer)}`;
  return (
    <>
      <Typography sx={{ mb: 2 }}>{t.setupIntro}</Typography>
      <Box sx={{ display: 'flex', justifyContent: 'center', mb: 1 }}>
        <QrCode text={address} />
      </Box>
      <Typography variant="body2" sx={{ textAlign: 'center' }}>
        {t.keyIntro}
      </Typography>
      <Typography variant="body2" data-testid="totp-key" sx={{ textAlign: 'center', fontFamily: 'monospace', fontSize: '0.85rem', wordBreak: 'break-all', mb: 1 }}>
        {grouped(setup.secret)}
      </Typography>
      <CodeForm submitLabel={t.setupSubmit} submit={async (code) => finish(await setup.confirm(code))} onRestart={restart} />
    </>
  );
}
