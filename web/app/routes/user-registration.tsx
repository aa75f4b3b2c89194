import { AuthLayout } from '../../features/auth/components/auth-layout';
import { SetPasswordForm } from '../../features/auth/components/set-password-form';
import { authStrings } from '../../features/auth/strings';
import { useProductName } from '../../lib/public-config';

export default function UserRegistrationRoute() {
  return (
    <AuthLayout productName={useProductName()} heading={authStrings.registration.heading}>
      <SetPasswordForm purpose="registration" />
    </AuthLayout>
  );
}
