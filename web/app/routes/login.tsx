import { useNavigate } from 'react-router';
import { AuthLayout } from '../../features/auth/components/auth-layout';
import { LoginForm } from '../../features/auth/components/login-form';
import { authStrings } from '../../features/auth/strings';
import { useProductName } from '../../lib/public-config';
import { paths } from '../paths';
import { loadHome } from './load-home';

export default function LoginRoute() {
  const navigate = useNavigate();
  return (
    <AuthLayout productName={useProductName()} heading={authStrings.login.heading}>
      <LoginForm onIntent={() => void loadHome()} onLoggedIn={() => navigate(paths.home, { replace: true })} />
    </AuthLayout>
  );
}
