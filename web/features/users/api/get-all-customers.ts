import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { userKeys } from '../query-keys';

export const CustomerEntry = z.object({ ID: z.coerce.string(), NAME: z.string() });
export type CustomerEntry = z.infer<typeof CustomerEntry>;

/** GET /api/users/customers/: every customer as { ID, NAME }, sorted by name. */
export async function getAllCustomers(signal?: AbortSignal): Promise<CustomerEntry[]> {
  const customers = z.array(CustomerEntry).parse(await api('/api/users/customers/', { signal }));
  return customers.sort((a, b) => a.NAME.localeCompare(b.NAME));
}

export function useAllCustomers(enabled = true) {
  return useQuery({ queryKey: userKeys.customers, queryFn: ({ signal }) => getAllCustomers(signal), enabled, retry: false });
}
