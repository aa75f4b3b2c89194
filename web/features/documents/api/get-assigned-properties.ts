import { useQuery } from '@tanstack/react-query';
import { PortalUsers } from '../../../../lambdas/shared/contract/answers/users';
import { api } from '../../../lib/api-client';
import { documentKeys } from '../query-keys';

/** GET /api/users/getproperty/{email}: the ids of the properties assigned to that account (user[0]). */
export async function getAssignedProperties(email: string, signal?: AbortSignal): Promise<Set<string>> {
  const [user] = PortalUsers.parse(await api(`/api/users/getproperty/${encodeURIComponent(email)}`, { signal }));
  return new Set(user?.BUILDOPS_PROPERTY_IDS ?? []);
}

/** An administrator viewing as an account: which of its customers' properties that account sees. */
export function useAssignedProperties(email: string | null) {
  return useQuery({
    queryKey: documentKeys.assigned(email ?? ''),
    queryFn: ({ signal }) => getAssignedProperties(email!, signal),
    enabled: !!email,
  });
}
