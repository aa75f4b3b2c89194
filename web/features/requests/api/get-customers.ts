import { useQuery } from '@tanstack/react-query';
import { SigmaCustomersReply } from '../../../../lambdas/shared/contract/answers/catalog';
import { api } from '../../../lib/api-client';
import { requestKeys } from '../query-keys';

/** GET /api/sigma/customers: every customer, for an administrator's filter. */
export async function getCustomers(signal?: AbortSignal): Promise<{ id: string; name: string }[]> {
  const reply = SigmaCustomersReply.parse(await api('/api/sigma/customers', { signal }));
  return reply.customer_ids.map((id, i) => ({ id, name: reply.customer_names[i] ?? id })).sort((a, b) => a.name.localeCompare(b.name));
}

export function useCustomers(enabled: boolean) {
  return useQuery({ queryKey: requestKeys.customers, queryFn: ({ signal }) => getCustomers(signal), enabled });
}
