import { useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { api } from './api-client';

export const PublicConfig = z.object({
  productName: z.string(),
  contactUrl: z.string(),
  staffDomains: z.array(z.string()),
  excludedCustomerDomains: z.array(z.string()),
});
export type PublicConfig = z.infer<typeof PublicConfig>;

export const publicConfigQuery = {
  queryKey: ['public-config'] as const,
  queryFn: async () => PublicConfig.parse(await api('/api/config', { public: true })),
  staleTime: Infinity,
};

/** GET /api/config: product name, contact URL and the staff and excluded domains. */
export function usePublicConfig() {
  return useQuery(publicConfigQuery);
}

/** The product name, or an empty string while the configuration loads. */
export function useProductName() {
  return usePublicConfig().data?.productName ?? '';
}
