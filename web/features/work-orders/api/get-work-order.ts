import { useQuery } from '@tanstack/react-query';
import { WorkOrderReply } from '../../../../lambdas/shared/contract/answers/work-orders';
import { api } from '../../../lib/api-client';
import { workOrderKeys } from '../query-keys';

export { WorkOrderReply };

/** GET /api/work-orders/{workOrderId}?email=: one work order of the viewed user's properties (`email`: an administrator's view-as). */
export async function getWorkOrder(id: string, email: string | null, signal?: AbortSignal): Promise<WorkOrderReply> {
  const q = email ? `?${new URLSearchParams({ email })}` : '';
  return WorkOrderReply.parse(await api(`/api/work-orders/${encodeURIComponent(id)}${q}`, { signal }));
}

export function useWorkOrder(id: string, email: string | null) {
  return useQuery({ queryKey: workOrderKeys.one(id, email), queryFn: ({ signal }) => getWorkOrder(id, email, signal), staleTime: 60_000, retry: false });
}
