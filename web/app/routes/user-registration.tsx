import { AuthLayout, authStrings, SetPasswordForm } from '../../features/auth';
import { useProductName } from '../../lib/public-config';

export default function UserRegistrationRoute() {
  return (
    <AuthLayout productName={useProductName()} heading={authStrings.registration.heading}>
      <SetPasswordForm purpose="registration" />
    </AuthLayout>
  );
}
