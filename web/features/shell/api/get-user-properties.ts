import { queryOptions, useQuery } from '@tanstack/react-query';
import { PortalUser, PortalUsers } from '../../../../lambdas/shared/contract/answers/users';
import { api, logFailure } from '../../../lib/api-client';
import { FIRST_READ_FRESH_MS, shellKeys } from './query-keys';

export { PortalUser };

/** GET /api/users/getproperty/{email}: user[0] with its properties and customers, or null when nothing is found. */
export async function getUserProperties(email: string): Promise<PortalUser | null> {
  try {
    const users = PortalUsers.parse(await api(`/api/users/getproperty/${encodeURIComponent(email)}`));
    return users[0] ?? null;
  } catch (error) {
    logFailure('Failed to fetch properties', error);
    return null;
  }
}

/** The user's profile query, for the home screen and for its head start (app/routes/home-start.ts). */
export const userPropertiesQuery = (email: string) =>
  queryOptions({ queryKey: shellKeys.userProperties(email), queryFn: () => getUserProperties(email), staleTime: FIRST_READ_FRESH_MS });

export function useUserProperties(email: string | null) {
  return useQuery({ ...userPropertiesQuery(email ?? ''), enabled: !!email });
}
