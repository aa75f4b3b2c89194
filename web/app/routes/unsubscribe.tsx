import { useSearchParams } from 'react-router-dom';
import { AuthLayout } from '../../features/auth/components/auth-layout';
import { notificationsText, UnsubscribePanel } from '../../features/notifications';
import { useProductName } from '../../lib/public-config';
import { paths } from '../paths';

/** Beyond the spec (issue 20): a mail's unsubscribe link (/unsubscribe?token=...), without signing in. */
export default function UnsubscribeRoute() {
  const [params] = useSearchParams();
  return (
    <AuthLayout productName={useProductName()} heading={notificationsText.unsubscribeHeading}>
      <UnsubscribePanel token={params.get('token')} logInPath={paths.login} />
    </AuthLayout>
  );
}
