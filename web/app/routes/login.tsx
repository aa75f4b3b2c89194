import { useNavigate } from 'react-router';
import { AuthLayout, authStrings, LoginForm } from '../../features/auth';
import { useProductName } from '../../lib/public-config';
import { paths } from '../paths';

export default function LoginRoute() {
  const navigate = useNavigate();
  return (
    <AuthLayout productName={useProductName()} heading={authStrings.login.heading}>
      <LoginForm onLoggedIn={() => navigate(paths.home, { replace: true })} />
    </AuthLayout>
  );
}
