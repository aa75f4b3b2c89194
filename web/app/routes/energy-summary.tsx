import Box from '@mui/material/Box';
import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { SiteFooter } from '../../components/ui/site-footer';
import { IdleSignOut } from '../../features/auth/components/idle-sign-out';
import { EnergySummaryScreen } from '../../features/telemetry/components/energy-summary-screen';
import { insightText } from '../../features/telemetry/insight-strings';
import { useViewAs, ViewingAsBanner } from '../../features/view-as';
import { usePublicConfig } from '../../lib/public-config';
import { useSession } from '../../lib/session';
import { paths } from '../paths';

/**
 * /energy-summary/<customerId> (issue 44): a customer's energy and runtime per property and its
 * units ranked by drift, opened from Analytics. The API decides what the caller may see (403 for
 * another customer); an administrator sees it as the customer they view as.
 */
export default function EnergySummaryRoute() {
  const { session, signOut } = useSession();
  const { customerId = '' } = useParams();
  const { viewedEmail, chooseUser } = useViewAs();
  const navigate = useNavigate();
  const config = usePublicConfig();
  useEffect(() => {
    document.title = insightText.summaryTitle;
  }, []);
  if (!session) return null;
  const email = session.isAdmin ? viewedEmail : null;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100vh' }}>
      {email && (
        <ViewingAsBanner
          email={email}
          customerText=""
          onBack={() => {
            chooseUser(null);
            navigate(paths.home);
          }}
        />
      )}
      <EnergySummaryScreen key={customerId} customerId={customerId} />
      <SiteFooter productName={config.productName} />
      <IdleSignOut onSignOut={() => signOut()} onIdle={() => signOut('idle')} />
    </Box>
  );
}
