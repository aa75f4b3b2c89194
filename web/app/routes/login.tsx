import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import type { LoginStep } from '../../features/auth/api/login';
import { AuthLayout } from '../../features/auth/components/auth-layout';
import { LoginForm } from '../../features/auth/components/login-form';
import { TotpCodeStep, TotpSetupStep } from '../../features/auth/components/two-step';
import { authStrings } from '../../features/auth/strings';
import { useProductName } from '../../lib/public-config';
import { paths } from '../paths';
import { loadHome } from './load-home';

type Step = { kind: 'password'; message?: string } | (Exclude<LoginStep, { kind: 'signedIn' }> & { email: string });

const headings = { password: authStrings.login.heading, code: authStrings.twoStep.codeHeading, setup: authStrings.twoStep.setupHeading };

/** Log in (spec section 2), then, for an account with an authenticator app, its code or its set-up. */
export default function LoginRoute() {
  const navigate = useNavigate();
  const [step, setStep] = useState<Step>({ kind: 'password' });
  const onLoggedIn = useCallback(() => navigate(paths.home, { replace: true }), [navigate]);
  const onRestart = useCallback((message?: string) => setStep({ kind: 'password', ...(message ? { message } : {}) }), []);
  return (
    <AuthLayout productName={useProductName()} heading={headings[step.kind]}>
      {step.kind === 'password' && (
        <LoginForm
          key={step.message ?? ''}
          initialError={step.message ?? ''}
          onIntent={() => void loadHome()}
          onLoggedIn={onLoggedIn}
          onSecondStep={(next, email) => setStep({ ...next, email })}
        />
      )}
      {step.kind === 'code' && <TotpCodeStep answer={step.answer} onLoggedIn={onLoggedIn} onRestart={onRestart} />}
      {step.kind === 'setup' && <TotpSetupStep email={step.email} onLoggedIn={onLoggedIn} onRestart={onRestart} />}
    </AuthLayout>
  );
}
