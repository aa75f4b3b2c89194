import { useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { api } from '../../../lib/api-client';
import { shellKeys } from './query-keys';

export const PortalUser = z.object({
  NAME: z.string(),
  EMAIL: z.string(),
  CUSTOMER_NAME: z.array(z.string()),
  BUILDOPS_CUSTOMER_ID: z.array(z.string()),
  PROPERTIES: z.array(z.string()),
  BUILDOPS_PROPERTY_IDS: z.array(z.string()),
});
export type PortalUser = z.infer<typeof PortalUser>;

/** GET /api/users/getproperty/{email}: user[0] with its properties and customers, or null when nothing is found. */
export async function getUserProperties(email: string): Promise<PortalUser | null> {
  try {
    const users = z.array(PortalUser).parse(await api(`/api/users/getproperty/${encodeURIComponent(email)}`));
    return users[0] ?? null;
  } catch (error) {
    console.error('Failed to fetch properties:', error);
    return null;
  }
}

export function useUserProperties(email: string | null) {
  return useQuery({
    queryKey: shellKeys.userProperties(email ?? ''),
    queryFn: () => getUserProperties(email!),
    enabled: !!email,
  });
}
