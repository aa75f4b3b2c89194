import { useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { api } from '../../../lib/api-client';
import { shellKeys } from './query-keys';

export const Report = z.object({
  id: z.string(),
  name: z.string(),
  group: z.string(),
  frames: z.array(z.string()),
});
export type Report = z.infer<typeof Report>;

/** GET /api/reports: the report catalogue. A failure is logged and gives no reports (spec section 8). */
export async function getReports(): Promise<Report[]> {
  try {
    return z.array(Report).parse(await api('/api/reports'));
  } catch (error) {
    console.error('Failed to fetch reports:', error);
    return [];
  }
}

export function useReports(enabled = true) {
  return useQuery({ queryKey: shellKeys.reports, queryFn: getReports, enabled, staleTime: 5 * 60_000 });
}
