import { useQuery } from '@tanstack/react-query';
import { PortalUser as UserEntry, PortalUsers } from '../../../../lambdas/shared/contract/answers/users';
import { api, logFailure } from '../../../lib/api-client';

export { UserEntry };

export const viewAsKeys = { users: ['view-as', 'users'] as const };

/** GET /api/users (administrators): every portal user. A failure is logged and gives an empty list. */
export async function getUsers(): Promise<UserEntry[]> {
  try {
    return PortalUsers.parse(await api('/api/users'));
  } catch (error) {
    logFailure('Failed to fetch users', error);
    return [];
  }
}

export function useUsers(enabled: boolean) {
  return useQuery({ queryKey: viewAsKeys.users, queryFn: getUsers, enabled });
}
