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

/** GET /api/requests?email=&customerId=&status=&days=: requests newest first, and the request form's choices. */
export async function getRequests(filters: RequestFilters, signal?: AbortSignal): Promise<RequestsReply> {
  const query = new URLSearchParams();
  if (filters.email) query.set('email', filters.email);
  if (filters.customerId) query.set('customerId', filters.customerId);
  if (filters.status) query.set('status', filters.status);
  if (filters.days) query.set('days', filters.days);
  const q = query.toString();
  return RequestsReply.parse(await api(`/api/requests${q ? `?${q}` : ''}`, { signal }));
}

export function useRequests(filters: RequestFilters, enabled = true) {
  return useQuery({ queryKey: requestKeys.list(filters), queryFn: ({ signal }) => getRequests(filters, signal), enabled, staleTime: 0, retry: false });
}
