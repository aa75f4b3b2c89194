import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { UseQueryResult } from '@tanstack/react-query';
import { useEffect, useRef, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { LoadFailure } from '../../../components/ui/load-failure';
import { refusalMessage, unavailableMessage } from '../../../lib/api-client';
import { backState, backTarget } from '../paths';
import { Quiet } from './section';

/**
 * A screen of one record of the viewed user's (a work order, an equipment history): Back to where
 * it was opened from (with that page's own way back), the heading, which takes the focus once the
 * screen opens as a page of its own would, and the answer's states. A refusal (no such record, or
 * none of the viewed user's) shows the server's words with nothing to retry; a failure offers Retry.
 */
export function RecordScreen<T>({
  query,
  title,
  badge,
  text,
  children,
}: {
  query: UseQueryResult<T>;
  title: string;
  badge?: ReactNode;
  text: { back: string; loading: string; loadFailed: string };
  children: (reply: T) => ReactNode;
}) {
  const navigate = useNavigate();
  const location = useLocation();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <Box component="main" sx={{ flex: 1, p: 2, maxWidth: 1280, width: '100%', mx: 'auto', display: 'grid', gap: 2, alignContent: 'start' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Button variant="outlined" onClick={() => navigate(backTarget(location.state), { state: backState(location.state) })}>
          {text.back}
        </Button>
        <Typography ref={heading} tabIndex={-1} component="h1" variant="h5" sx={{ outline: 'none' }}>
          {title}
        </Typography>
        {badge}
      </Box>
      {query.isPending && <Quiet>{text.loading}</Quiet>}
      {query.isError &&
        (refusalMessage(query.error) ? (
          <Alert severity="warning">{refusalMessage(query.error)}</Alert>
        ) : (
          <LoadFailure message={unavailableMessage(query.error) ?? text.loadFailed} retrying={query.isFetching} onRetry={() => void query.refetch()} />
        ))}
      {query.data !== undefined && children(query.data)}
    </Box>
  );
}
