import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { SiteFooter } from '../../components/ui/site-footer';
import { IdleSignOut } from '../../features/auth/components/idle-sign-out';
import { useViewAs, ViewingAsBanner } from '../../features/view-as';
import { usePublicConfig } from '../../lib/public-config';
import { useSession } from '../../lib/session';
import { paths } from '../paths';

/**
 * A signed-in screen of its own beside /home (a work order, the energy summary): the "viewing as"
 * banner for an administrator who views as a customer (Back leaves it, to /home), the footer and
 * the idle sign-out. `children` gets the viewed email (null: the caller's own account).
 */
export function SignedInPage({ children }: { children: (viewedEmail: string | null) => ReactNode }) {
  const { session, signOut } = useSession();
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
      {children(email)}
      <SiteFooter productName={config.productName} />
      <IdleSignOut onSignOut={() => signOut()} onIdle={() => signOut('idle')} />
    </Box>
  );
}
