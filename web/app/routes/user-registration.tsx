import { AuthLayout } from '../../features/auth/components/auth-layout';
import { SetPasswordForm } from '../../features/auth/components/set-password-form';
import { authStrings } from '../../features/auth/strings';
import { useProductName } from '../../lib/public-config';
import { useEmailFromLink } from './email-from-link';

export default function UserRegistrationRoute() {
  const fromLink = useEmailFromLink();
  return (
    <AuthLayout productName={useProductName()} heading={authStrings.registration.heading}>
      <SetPasswordForm purpose="registration" initialEmail={fromLink} />
    </AuthLayout>
  );
}
