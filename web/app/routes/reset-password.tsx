import { AuthLayout } from '../../features/auth/components/auth-layout';
import { SetPasswordForm } from '../../features/auth/components/set-password-form';
import { authStrings } from '../../features/auth/strings';
import { useProductName } from '../../lib/public-config';

export default function ResetPasswordRoute() {
  return (
    <AuthLayout productName={useProductName()} heading={authStrings.reset.heading}>
      <SetPasswordForm purpose="reset" />
    </AuthLayout>
  );
}
