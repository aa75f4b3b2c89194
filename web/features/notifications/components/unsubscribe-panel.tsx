import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { refusalMessage, unavailableMessage } from '../../../lib/api-client';
import { useUnsubscribe } from '../api/unsubscribe';
import { notificationsText as t, topicTitles } from '../strings';
import { readUnsubscribeToken } from '../unsubscribe-token';

/**
 * A mail's unsubscribe link: asks first and unsubscribes only on the button (mail scanners open
 * links). The token is read only to word the question; the server decides what it is worth.
 */
export function UnsubscribePanel({ token, logInPath }: { token: string | null; logInPath: string }) {
  const view = readUnsubscribeToken(token);
  const request = useUnsubscribe();
  // The server refused the link (4xx, in its own words): trying again cannot help.
  const refused = request.isError ? refusalMessage(request.error) : null;
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {request.isSuccess ? (
        <Alert severity="success" role="status">
          {request.data.message}
        </Alert>
      ) : refused ? (
        <Alert severity="error" role="alert">
          {refused}
        </Alert>
      ) : (
        <>
          <Typography sx={{ overflowWrap: 'anywhere' }}>{view ? t.stopMails(topicTitles[view.topic], view.email) : t.stopMailsUnknown}</Typography>
          {request.isError && (
            <Alert severity="error" role="alert">
              {unavailableMessage(request.error) ?? t.unsubscribeFailed}
            </Alert>
          )}
          {token ? (
            <Button variant="contained" size="large" onClick={() => request.mutate(token)} disabled={request.isPending}>
              {request.isPending ? t.unsubscribing : t.unsubscribe}
            </Button>
          ) : (
            <Alert severity="error" role="alert">
              {t.invalidLink}
            </Alert>
          )}
        </>
      )}
      <Box sx={{ textAlign: 'center' }}>
        <Link component={RouterLink} to={logInPath}>
          {t.toLogIn}
        </Link>
      </Box>
    </Box>
  );
}
