import { useQuery } from '@tanstack/react-query';
import { RequestsReply, type RequestForm, type ServiceRequest } from '../../../../lambdas/shared/contract/answers/requests';
import { api } from '../../../lib/api-client';
import { requestKeys } from '../query-keys';

export type { RequestForm, ServiceRequest };

export interface RequestFilters {
  /** An administrator viewing as a customer: that customer's email; else null (the caller, or all for an administrator). */
  email: string | null;
  customerId?: string;
  status?: string;
  /** Filed within this many days. */
  days?: string;
}

/** POST /api/requests { action: 'list', email?, customerId?, status?, days? }: requests newest first, and the request form's choices. */
export async function getRequests(filters: RequestFilters, signal?: AbortSignal): Promise<RequestsReply> {
  const body = {
    action: 'list',
    ...(filters.email ? { email: filters.email } : {}),
    ...(filters.customerId ? { customerId: filters.customerId } : {}),
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.days ? { days: Number(filters.days) } : {}),
  };
  return RequestsReply.parse(await api('/api/requests', { method: 'POST', body, signal }));
}

export function useRequests(filters: RequestFilters, enabled = true) {
  return useQuery({ queryKey: requestKeys.list(filters), queryFn: ({ signal }) => getRequests(filters, signal), enabled, staleTime: 0, retry: false });
}
