import { lazy, Suspense, useCallback, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { LoginStep } from '../../features/auth/api/login';
import { AuthLayout } from '../../features/auth/components/auth-layout';
import { LoginForm } from '../../features/auth/components/login-form';
import Typography from '@mui/material/Typography';
import type { LoginScreenState } from '../../features/auth/components/set-password-form';
import { loginFailureMessage } from '../../features/auth/cognito-errors';
import { authStrings } from '../../features/auth/strings';
import { useProductName } from '../../lib/public-config';
import { takeSignOutReason } from '../../lib/session-storage';
import { afterLogIn } from '../paths';
import { prefetchFrameCode } from '../../lib/prefetch-frame';
import { withQueries } from '../with-queries';
import { loadHome } from './load-home';

const loadHomeStart = () => import('./home-start');

// The registration step's form (TextField and its kin, and the data cache its code check uses) loads only when a temporary password is typed: the Log In route stays light.
const loadSetPasswordForm = () => import('../../features/auth/components/set-password-form').then((m) => ({ default: m.SetPasswordForm }));
const SetPasswordForm = lazy(withQueries(loadSetPasswordForm));

// The authenticator app's steps load with the first sign of intent too (issue 42), and the step
// changes once they are there: rendered directly, no suspense and its reveal delay.
type TwoStep = typeof import('../../features/auth/components/two-step');
let twoStep: TwoStep | undefined;
const loadTwoStep = () =>
  import('../../features/auth/components/two-step').then((m) => {
    twoStep = m;
    return m;
  });

type Step = { kind: 'password'; message?: string; arrival?: LoginScreenState } | (Exclude<LoginStep, { kind: 'signedIn' }> & { email: string });

const headings = { password: authStrings.login.heading, code: authStrings.twoStep.codeHeading, setup: authStrings.twoStep.setupHeading, newPassword: authStrings.registration.heading };

/** Log in (spec section 2), then, for an account with an authenticator app, its code or its set-up. */
/** Why this page shows, once: a password just set (with the email), or a session that ended by itself. */
function useArrival(): { notice: string; email: string } {
  const state = useLocation().state as Partial<LoginScreenState> | null;
  const [arrival] = useState(() => {
    const reason = takeSignOutReason();
    if (typeof state?.notice === 'string') return { notice: state.notice, email: typeof state.email === 'string' ? state.email : '' };
    return { notice: reason ? authStrings.signedOut[reason] : '', email: '' };
  });
  return arrival;
}

export default function LoginRoute() {
  const navigate = useNavigate();
  const arrival = useArrival();
  const [step, setStep] = useState<Step>({ kind: 'password' });
  const location = useLocation();
  const state = location.state as { returnTo?: unknown } | null;
  // A link to this page from one of its own steps ('Back to Log In') starts at the password again.
  const [shownFor, setShownFor] = useState(location.key);
  if (shownFor !== location.key) {
    setShownFor(location.key);
    setStep({ kind: 'password' });
  }
  const [returnTo] = useState(() => afterLogIn(state?.returnTo));
  const onLoggedIn = useCallback(() => {
    // The home screen's first reads start now, not once it has mounted (issue 42; its code came with the first keystroke).
    void loadHomeStart()
      .then((m) => m.startHome(returnTo))
      .catch(() => {});
    void navigate(returnTo, { replace: true });
  }, [navigate, returnTo]);
  // The temporary password typed here: set a new one in place, then Log In again with the email filled in.
  const onPasswordSet = useCallback((next: LoginScreenState) => setStep({ kind: 'password', arrival: next }), []);
  const onRestart = useCallback((message?: string) => setStep({ kind: 'password', ...(message ? { message } : {}) }), []);
  return (
    <AuthLayout productName={useProductName()} heading={headings[step.kind]}>
      {step.kind === 'password' && (
        <LoginForm
          key={step.message ?? step.arrival?.notice ?? ''}
          initialError={step.message ?? ''}
          notice={step.message ? '' : (step.arrival ?? arrival).notice}
          initialEmail={(step.arrival ?? arrival).email}
          // The home screen's code and the report frame's, while the password is typed (issue 42).
          onIntent={() => {
            void loadHome();
            void loadHomeStart().catch(() => {});
            void loadTwoStep().catch(() => {});
            prefetchFrameCode();
          }}
          onLoggedIn={onLoggedIn}
          onSecondStep={(next, email) =>
            next.kind === 'newPassword'
              ? setStep({ ...next, email })
              : void loadTwoStep().then(
                  () => setStep({ ...next, email }),
                  () => onRestart(loginFailureMessage()),
                )
          }
        />
      )}
      {step.kind === 'code' && twoStep && <twoStep.TotpCodeStep answer={step.answer} onLoggedIn={onLoggedIn} onRestart={onRestart} />}
      {step.kind === 'setup' && twoStep && <twoStep.TotpSetupStep email={step.email} onLoggedIn={onLoggedIn} onRestart={onRestart} />}
      {step.kind === 'newPassword' && (
        <>
          <Typography role="status" component="p" sx={{ mb: 2 }}>
            {authStrings.registration.fromLogIn}
          </Typography>
          <Suspense fallback={null}>
            <SetPasswordForm purpose="registration" initialEmail={step.email} knownCode={step.temporaryPassword} onDone={onPasswordSet} />
          </Suspense>
        </>
      )}
    </AuthLayout>
  );
}
