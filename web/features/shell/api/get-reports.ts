import { useQuery } from '@tanstack/react-query';
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

export function useReports(enabled = true) {
  return useQuery({ queryKey: shellKeys.reports, queryFn: getReports, enabled, staleTime: 5 * 60_000 });
}
