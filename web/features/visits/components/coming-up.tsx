import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { VISIT_DAYS_MAX } from '../../../../lambdas/shared/contract/answers/visits';
import { titleCase } from '../../../components/text/display-name';
import { LoadFailure } from '../../../components/ui/load-failure';
import { unavailableMessage } from '../../../lib/api-client';
import { useVisits } from '../api/get-visits';
import { visitsText as t } from '../strings';
import { visitWhen } from '../visit-text';
import { openedFrom, workOrderPath } from '../../work-orders/paths';

/** Visits shown before "Show all". */
const FIRST = 6;

export interface ComingUpProps {
  /** The viewed user (the signed-in customer, or the customer an administrator views as). */
  email: string;
  /** The reports' property filter: only this property's visits, or all of the user's. */
  propertyId: string | null;
  propertyName: string | null;
  /** Property id -> its customer's name, for an account of several customers (a Customer column then). */
  customerOf?: ReadonlyMap<string, string>;
}

/**
 * "Coming up" (issue 30): the scheduled visits of the next 30 days of the viewed user's
 * properties, soonest first: day, arrival window (or time, or All day), property, what,
 * technician and work order. A panel of the portal's own above the report, so it is the same
 * whether the built-in host or Sigma draws the page.
 */
export function ComingUp({ email, propertyId, propertyName, customerOf }: ComingUpProps) {
  const query = useVisits(email, propertyId);
  const [all, setAll] = useState(false);
  const headingId = useId();
  const location = useLocation();
  const visits = query.data?.visits ?? [];
  const shown = all ? visits : visits.slice(0, FIRST);
  const manyProperties = !propertyId && new Set(visits.map((v) => v.propertyId)).size > 1;
  // Visits of several customers' properties name each one's customer (issue 39).
  const manyCustomers = manyProperties && !!customerOf && new Set(visits.map((v) => customerOf.get(v.propertyId))).size > 1;
  return (
    <Paper component="section" variant="outlined" aria-labelledby={headingId} aria-busy={query.isPending} data-testid="coming-up" sx={{ mb: 2, p: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'baseline', flexWrap: 'wrap', columnGap: 1.5, mb: 1 }}>
        <Typography id={headingId} component="h2" variant="h6" sx={{ fontSize: 18 }}>
          {t.title}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {propertyName ? t.subtitleProperty(VISIT_DAYS_MAX, titleCase(propertyName)) : t.subtitle(VISIT_DAYS_MAX)}
        </Typography>
      </Box>
      {query.isPending && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t.loading}
        </Typography>
      )}
      {query.isError && <LoadFailure message={unavailableMessage(query.error) ?? t.loadFailed} retrying={query.isFetching} onRetry={() => void query.refetch()} />}
      {query.isSuccess && visits.length === 0 && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t.none}
        </Typography>
      )}
      {visits.length > 0 && (
        // Scrolls sideways in a narrow window: focusable, so a keyboard can scroll it too.
        <Box tabIndex={0} role="group" aria-labelledby={headingId} sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-labelledby={headingId}>
            <TableHead>
              <TableRow>
                <TableCell scope="col">{t.columns.date}</TableCell>
                <TableCell scope="col">{t.columns.time}</TableCell>
                {manyCustomers && <TableCell scope="col">{t.columns.customer}</TableCell>}
                {manyProperties && <TableCell scope="col">{t.columns.property}</TableCell>}
                <TableCell scope="col">{t.columns.what}</TableCell>
                <TableCell scope="col">{t.columns.technician}</TableCell>
                <TableCell scope="col">{t.columns.workOrder}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {shown.map((v) => {
                const when = visitWhen(v);
                return (
                  <TableRow key={v.workOrderId} data-work-order={v.workOrderId}>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{when.date}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{when.time}</TableCell>
                    {manyCustomers && <TableCell>{customerOf?.get(v.propertyId) ?? ''}</TableCell>}
                    {manyProperties && <TableCell>{titleCase(v.propertyName)}</TableCell>}
                    <TableCell>{v.description}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap', color: v.technician ? undefined : 'text.secondary' }}>{v.technician || t.noTechnician}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      {/* Opens the work order's screen (issue 43); its Back returns here. */}
                      <Link component={RouterLink} to={workOrderPath(v.workOrderId)} state={openedFrom(location)} aria-label={t.openWorkOrder(v.workOrderId)}>
                        {v.workOrderId}
                      </Link>
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </Box>
      )}
      {visits.length > FIRST && (
        <Button size="small" onClick={() => setAll(!all)} aria-expanded={all} sx={{ mt: 1 }}>
          {all ? t.showFewer : t.showAll(visits.length)}
        </Button>
      )}
    </Paper>
  );
}
