import { useQuery } from '@tanstack/react-query';
import { SigmaCustomersReply } from '../../../../lambdas/shared/contract/answers/catalog';
import { api } from '../../../lib/api-client';
import { documentKeys } from '../query-keys';

export { SigmaCustomersReply };

export interface CustomerOption {
  id: string;
  name: string;
}

/** GET /api/sigma/customers: every customer an administrator may choose, combined into id and name. */
export async function getCustomers(signal?: AbortSignal): Promise<CustomerOption[]> {
  const reply = SigmaCustomersReply.parse(await api('/api/sigma/customers', { signal }));
  return reply.customer_ids
    .map((id, i) => ({ id, name: reply.customer_names[i] ?? id }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

export function useCustomers(enabled: boolean) {
  return useQuery({ queryKey: documentKeys.customers('all'), queryFn: ({ signal }) => getCustomers(signal), enabled });
}
