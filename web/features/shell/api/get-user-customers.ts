import { useQuery } from '@tanstack/react-query';
import { UserCustomersReply as UserCustomers } from '../../../../lambdas/shared/contract/answers/users';
import { api, logFailure } from '../../../lib/api-client';
import { shellKeys } from './query-keys';

export { UserCustomers };

const none: UserCustomers = { CUSTOMER_NAME: [], BUILDOPS_CUSTOMER_ID: [] };

/** GET /api/users/usercustomerbyemail/{email}: the user's customers; a failure is logged and gives none. */
export async function getUserCustomers(email: string): Promise<UserCustomers> {
  try {
    return UserCustomers.parse(await api(`/api/users/usercustomerbyemail/${encodeURIComponent(email)}`));
  } catch (error) {
    logFailure('Failed to fetch customers', error);
    return none;
  }
}

export function useUserCustomers(email: string | null) {
  return useQuery({
    queryKey: shellKeys.userCustomers(email ?? ''),
    queryFn: () => getUserCustomers(email!),
    enabled: !!email,
  });
}
