import { useQuery } from '@tanstack/react-query';
import { publicConfig } from '../../../lib/public-config';
import { userKeys } from '../query-keys';

/** The staff domains (from config.json, read at start), whose users get no customer or property assignments. */
export async function getStaffDomains(): Promise<string[]> {
  return publicConfig().staffDomains;
}

export function useStaffDomains() {
  return useQuery({ queryKey: userKeys.config, queryFn: getStaffDomains, staleTime: Infinity });
}
