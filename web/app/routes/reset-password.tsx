import { AuthLayout, authStrings, SetPasswordForm } from '../../features/auth';
import { useProductName } from '../../lib/public-config';

export default function ResetPasswordRoute() {
  return (
    <AuthLayout productName={useProductName()} heading={authStrings.reset.heading}>
      <SetPasswordForm purpose="reset" />
    </AuthLayout>
  );
}
