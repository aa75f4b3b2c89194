import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { userKeys } from '../query-keys';

const list = z.array(z.coerce.string()).nullish().transform((v) => v ?? []);
export const UserCustomersReply = z.object({ CUSTOMER_NAME: list, BUILDOPS_CUSTOMER_ID: list });

export interface Entry {
  ID: string;
  NAME: string;
}

/** GET /api/users/usercustomerbyemail/{email}: the customers assigned to that user. */
export async function getUserCustomers(email: string, signal?: AbortSignal): Promise<Entry[]> {
  const reply = UserCustomersReply.parse(await api(`/api/users/usercustomerbyemail/${encodeURIComponent(email)}`, { signal }));
  return reply.BUILDOPS_CUSTOMER_ID.map((ID, i) => ({ ID, NAME: reply.CUSTOMER_NAME[i] ?? ID }));
}

export function useUserCustomers(email: string | null) {
  return useQuery({
    queryKey: [...userKeys.assigned(email ?? ''), 'customers'],
    queryFn: ({ signal }) => getUserCustomers(email!, signal),
    enabled: !!email,
    staleTime: 0,
    retry: false,
  });
}
