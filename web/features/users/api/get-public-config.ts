import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { userKeys } from '../query-keys';

export const PublicConfigReply = z.object({ staffDomains: z.array(z.string()) });

/** GET /api/config: the staff domains, whose users get no customer or property assignments. */
export async function getStaffDomains(signal?: AbortSignal): Promise<string[]> {
  return PublicConfigReply.parse(await api('/api/config', { signal, public: true })).staffDomains;
}

export function useStaffDomains() {
  return useQuery({ queryKey: userKeys.config, queryFn: ({ signal }) => getStaffDomains(signal), staleTime: Infinity });
}
