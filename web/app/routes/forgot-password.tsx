import { AuthLayout, authStrings, ForgotPasswordForm } from '../../features/auth';
import { useProductName } from '../../lib/public-config';

export default function ForgotPasswordRoute() {
  return (
    <AuthLayout productName={useProductName()} heading={authStrings.forgot.heading}>
      <ForgotPasswordForm />
    </AuthLayout>
  );
}
