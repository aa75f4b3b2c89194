import { queryOptions, useQuery } from '@tanstack/react-query';
import { UserCustomersReply as UserCustomers } from '../../../../lambdas/shared/contract/answers/users';
import { api, logFailure } from '../../../lib/api-client';
import { FIRST_READ_FRESH_MS, shellKeys } from './query-keys';

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

/** The user's customers' query, for the home screen and for its head start (app/routes/home-start.ts). */
export const userCustomersQuery = (email: string) =>
  queryOptions({ queryKey: shellKeys.userCustomers(email), queryFn: () => getUserCustomers(email), staleTime: FIRST_READ_FRESH_MS });

export function useUserCustomers(email: string | null) {
  return useQuery({ ...userCustomersQuery(email ?? ''), enabled: !!email });
}
