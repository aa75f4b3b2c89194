import { useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { api } from '../../../lib/api-client';

export const UserEntry = z.object({
  NAME: z.string(),
  EMAIL: z.string(),
  CUSTOMER_NAME: z.array(z.string()),
  BUILDOPS_CUSTOMER_ID: z.array(z.string()),
  BUILDOPS_PROPERTY_IDS: z.array(z.string()),
  PROPERTIES: z.array(z.string()),
});
export type UserEntry = z.infer<typeof UserEntry>;

export const viewAsKeys = { users: ['view-as', 'users'] as const };

/** GET /api/users (administrators): every portal user. A failure is logged and gives an empty list. */
export async function getUsers(): Promise<UserEntry[]> {
  try {
    return z.array(UserEntry).parse(await api('/api/users'));
  } catch (error) {
    console.error('Failed to fetch users:', error);
    return [];
  }
}

export function useUsers(enabled: boolean) {
  return useQuery({ queryKey: viewAsKeys.users, queryFn: getUsers, enabled });
}
