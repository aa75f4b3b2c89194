import type { QueryClient } from '@tanstack/react-query';
import { analyticsDataQuery } from './api/get-analytics-data';
import { devicesQuery } from './api/get-devices';

/**
 * What the dashboard reads first, fetched before Analytics is opened (issue 42), in the order the
 * dashboard reads it (spec section 4: analytics data first, then devices):
 * - `'rows'`: the equipment rows (the portal's own table), once the home screen's first frame is
 *   drawn for a customer with a telemetry mapping;
 * - `'devices'`: the rows, then the telemetry service's devices, when the user points at or tabs to
 *   the Analytics entry (not on every visit: each is a call to the telemetry service).
 * Each is read again only when the dashboard's own rules say it is stale; a failure is left to the
 * dashboard, which asks again and shows it.
 */
export async function prefetchDashboard(client: QueryClient, customerId: string, what: 'rows' | 'devices'): Promise<void> {
  await client.prefetchQuery(analyticsDataQuery(customerId));
  if (what === 'devices') await client.prefetchQuery(devicesQuery(customerId));
}
