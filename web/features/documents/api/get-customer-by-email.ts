import { useQuery } from '@tanstack/react-query';
import { UserCustomersReply as CustomerByEmailReply } from '../../../../lambdas/shared/contract/answers/users';
import { api } from '../../../lib/api-client';
import { documentKeys } from '../query-keys';
import type { CustomerOption } from './get-customers';

export { CustomerByEmailReply };

/** GET /api/users/getcustomerbyemail/{email}: the customers assigned to that email, in order. */
export async function getCustomerByEmail(email: string, signal?: AbortSignal): Promise<CustomerOption[]> {
  const reply = CustomerByEmailReply.parse(await api(`/api/users/getcustomerbyemail/${encodeURIComponent(email)}`, { signal }));
  return reply.BUILDOPS_CUSTOMER_ID.map((id, i) => ({ id, name: reply.CUSTOMER_NAME[i] ?? id }));
}

export function useCustomerByEmail(email: string | null) {
  return useQuery({
    queryKey: documentKeys.customers(email ?? ''),
    queryFn: ({ signal }) => getCustomerByEmail(email!, signal),
    enabled: !!email,
  });
}
