import { AuthLayout } from '../../features/auth/components/auth-layout';
import { ForgotPasswordForm } from '../../features/auth/components/forgot-password-form';
import { authStrings } from '../../features/auth/strings';
import { useProductName } from '../../lib/public-config';

export default function ForgotPasswordRoute() {
  return (
    <AuthLayout productName={useProductName()} heading={authStrings.forgot.heading}>
      <ForgotPasswordForm />
    </AuthLayout>
  );
}
