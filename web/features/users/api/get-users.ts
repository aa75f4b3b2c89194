import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { userKeys } from '../query-keys';

const ids = z.array(z.coerce.string()).nullish().transform((v) => v ?? []);

export const PortalUser = z.object({
  NAME: z.string().nullish().transform((v) => v ?? ''),
  EMAIL: z.string(),
  CUSTOMER_NAME: ids,
  BUILDOPS_CUSTOMER_ID: ids,
  BUILDOPS_PROPERTY_IDS: ids,
  PROPERTIES: ids,
});
export type PortalUser = z.infer<typeof PortalUser>;

/** GET /api/users: every portal user (administrators only). */
export async function getUsers(signal?: AbortSignal): Promise<PortalUser[]> {
  const users = z.array(PortalUser).parse(await api('/api/users', { signal }));
  return users.sort((a, b) => a.EMAIL.localeCompare(b.EMAIL));
}

export function useUsers(enabled = true) {
  return useQuery({ queryKey: userKeys.list, queryFn: ({ signal }) => getUsers(signal), enabled, staleTime: 0 });
}
