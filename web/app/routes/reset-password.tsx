import { useLocation } from 'react-router-dom';
import { useEmailFromLink } from './email-from-link';
import { AuthLayout } from '../../features/auth/components/auth-layout';
import type { ResetScreenState } from '../../features/auth/components/forgot-password-form';
import { SetPasswordForm } from '../../features/auth/components/set-password-form';
import { authStrings } from '../../features/auth/strings';
import { useProductName } from '../../lib/public-config';

/** The email 'Enter Reset Code' carried over, or '' when the screen was opened otherwise. */
function emailFromState(state: unknown): string {
  const email = (state as Partial<ResetScreenState> | null)?.email;
  return typeof email === 'string' ? email : '';
}

export default function ResetPasswordRoute() {
  const fromLink = useEmailFromLink();
  return (
    <AuthLayout productName={useProductName()} heading={authStrings.reset.heading}>
      <SetPasswordForm purpose="reset" initialEmail={emailFromState(useLocation().state) || fromLink} />
    </AuthLayout>
  );
}
