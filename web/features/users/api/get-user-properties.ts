import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { userKeys } from '../query-keys';
import type { Entry } from './get-user-customers';

const list = z.array(z.coerce.string()).nullish().transform((v) => v ?? []);
export const UserPropertiesReply = z.array(z.object({ PROPERTIES: list, BUILDOPS_PROPERTY_IDS: list }));

/** GET /api/users/getproperty/{email}: user[0]'s PROPERTIES and BUILDOPS_PROPERTY_IDS. */
export async function getUserProperties(email: string, signal?: AbortSignal): Promise<Entry[]> {
  const [user] = UserPropertiesReply.parse(await api(`/api/users/getproperty/${encodeURIComponent(email)}`, { signal }));
  return (user?.BUILDOPS_PROPERTY_IDS ?? []).map((ID, i) => ({ ID, NAME: user.PROPERTIES[i] ?? ID }));
}

export function useUserProperties(email: string | null) {
  return useQuery({
    queryKey: [...userKeys.assigned(email ?? ''), 'properties'],
    queryFn: ({ signal }) => getUserProperties(email!, signal),
    enabled: !!email,
    staleTime: 0,
    retry: false,
  });
}
