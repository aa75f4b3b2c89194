import Box from '@mui/material/Box';
import { useNavigate, useParams } from 'react-router-dom';
import { SiteFooter } from '../../components/ui/site-footer';
import { IdleSignOut } from '../../features/auth/components/idle-sign-out';
import { useViewAs, ViewingAsBanner } from '../../features/view-as';
import { WorkOrderScreen } from '../../features/work-orders';
import { usePublicConfig } from '../../lib/public-config';
import { useSession } from '../../lib/session';
import { paths } from '../paths';

/**
 * /work-orders/<id> (issue 43): one work order of the viewed user's properties. An administrator
 * sees it as the customer they view as (the home screen's "view as", kept for the tab).
 */
export default function WorkOrderRoute() {
  const { session, signOut } = useSession();
  const { workOrderId = '' } = useParams();
  const { viewedEmail, chooseUser } = useViewAs();
  const navigate = useNavigate();
  const config = usePublicConfig();
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
      <WorkOrderScreen key={`${workOrderId}:${email ?? ''}`} workOrderId={workOrderId} email={email} />
      <SiteFooter productName={config.productName} />
      <IdleSignOut onSignOut={() => signOut()} onIdle={() => signOut('idle')} />
    </Box>
  );
}
