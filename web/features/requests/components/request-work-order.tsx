import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import type { RequestWorkOrder } from '../../../../lambdas/shared/contract/answers/requests';
import { openedFrom, workOrderPath } from '../../work-orders/paths';
import { requestsText as t } from '../strings';
import { requestWorkOrderWhen } from '../work-order-text';

/**
 * The work order the provider linked to a request (issue 43): its id, a link that opens it (Back
 * there returns to this page with My Requests open), its status and when it is scheduled.
 */
export function RequestWorkOrderLine({ workOrder: w }: { workOrder: RequestWorkOrder }) {
  const location = useLocation();
  return (
    <Box sx={{ mt: 1.5 }} data-testid="request-work-order">
      <Typography component="h4" variant="body2" sx={{ fontWeight: 600 }}>
        {t.workOrder}
      </Typography>
      <Typography variant="body2">
        <Link component={RouterLink} to={workOrderPath(w.id)} state={openedFrom(location, 'requests')} aria-label={t.openWorkOrder(w.id)} sx={{ fontWeight: 600 }}>
          {w.id}
        </Link>
        {' · '}
        {t.workOrderStatus(w.status)}
        {' · '}
        <span data-testid="request-work-order-when">{requestWorkOrderWhen(w)}</span>
      </Typography>
    </Box>
  );
}
