import { queryOptions, useQuery } from '@tanstack/react-query';
import { ReportReply as Report, ReportsReply } from '../../../../lambdas/shared/contract/answers/reports';
import { api, logFailure } from '../../../lib/api-client';
import { shellKeys } from './query-keys';

export { Report };

/** GET /api/reports: the report catalogue. A failure is logged and gives no reports (spec section 8). */
export async function getReports(): Promise<Report[]> {
  try {
    return ReportsReply.parse(await api('/api/reports'));
  } catch (error) {
    logFailure('Failed to fetch reports', error);
    return [];
  }
}

/** The catalogue's query, for the home screen and for its head start (app/routes/home-start.ts). */
export const reportsQuery = queryOptions({ queryKey: shellKeys.reports, queryFn: getReports, staleTime: 5 * 60_000 });

export function useReports(enabled = true) {
  return useQuery({ ...reportsQuery, enabled });
}
