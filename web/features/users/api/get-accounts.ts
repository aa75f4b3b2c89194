import { useQuery } from '@tanstack/react-query';
import { UserAccounts, type UserAccount } from '../../../../lambdas/shared/contract/answers/users';
import { api } from '../../../lib/api-client';
import { userKeys } from '../query-keys';

export type { UserAccount };

/** GET /api/users?view=accounts (administrators; beyond the spec): every user with invited/active, last sign-in and customers. */
export async function getAccounts(signal?: AbortSignal): Promise<UserAccount[]> {
  return UserAccounts.parse(await api('/api/users?view=accounts', { signal }));
}

export function useAccounts(enabled = true) {
  return useQuery({ queryKey: userKeys.accounts, queryFn: ({ signal }) => getAccounts(signal), enabled, staleTime: 0 });
}
