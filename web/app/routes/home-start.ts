import { ANALYTICS_REPORT_NAME } from '../../config/constants';
import { signFrameEarly } from '../../features/reports';
import { defaultReport, getReports, getUserProperties, reportsQuery, userCustomersQuery, userPropertiesQuery } from '../../features/shell';
import { getToken } from '../../lib/api-client';
import { storedIsAdmin } from '../../lib/session-storage';
import { decodeJwt } from '../../lib/token';
import { queryClient } from '../query-provider';
import { paths } from '../paths';

/**
 * The home screen's first reads, started the moment Log In has the tokens (issue 42), instead of
 * once the home screen has mounted and rendered, and the first frame's signing the moment those
 * reads are in, instead of once the screen has rendered them. The screen then finds them in the
 * data cache (the same queries, app/query-provider.tsx) and the signing made ahead (reports'
 * takeEarlySigning). The same two rounds, each started sooner.
 *
 * Only for the screen Log In lands on by default (/home: the Dashboard, every property of a
 * customer's own account, no period). An administrator's view, an address with a report or a filter
 * in it, or an account with nothing assigned is left to the home screen, which knows what it shows.
 */
export function startHome(destination: string): void {
  if (destination !== paths.home || storedIsAdmin()) return;
  const token = getToken();
  const claims = token ? decodeJwt(token) : null;
  if (!claims) return;
  const { email, userId } = claims;
  void queryClient.prefetchQuery(userCustomersQuery(email));
  // The catalogue and the profile are read here and given to the cache (the screen's queries) only
  // once the frame's signing has started: given one by one, the first answer rendered the screen
  // (about 0.1 s of the main thread) before the second could start the signing.
  const reports = getReports();
  const profile = getUserProperties(email);
  const both = Promise.all([reports, profile]).then(([catalogue, user]) => {
    const report = defaultReport(catalogue);
    // Analytics may show the telemetry dashboard instead of frames: the screen decides.
    if (!report || report.name === ANALYTICS_REPORT_NAME || !user) return;
    const { BUILDOPS_PROPERTY_IDS: properties, BUILDOPS_CUSTOMER_ID: customers } = user;
    if (properties.length === 0 || customers.length === 0) return;
    for (const frame of report.frames) signFrameEarly(report.id, frame, { email, userId, properties, customers, period: null });
  });
  // Both read functions log a failure and answer an empty value: `both` does not fail.
  void queryClient.prefetchQuery({ ...reportsQuery, queryFn: () => both.then(() => reports) });
  void queryClient.prefetchQuery({ ...userPropertiesQuery(email), queryFn: () => both.then(() => profile) });
}
