import { useQuery } from '@tanstack/react-query';
import { api } from './api-client';

export interface PublicConfig {
  productName: string;
  contactUrl: string;
  staffDomains: string[];
  excludedCustomerDomains: string[];
}

const isStringArray = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === 'string');

/**
 * Checks the GET /api/config answer. Written by hand rather than with zod: this runs on the log-in
 * route, whose JavaScript budget (150 KB gzipped) has no room for a schema library.
 */
export function parsePublicConfig(data: unknown): PublicConfig {
  const d = (data ?? {}) as Record<string, unknown>;
  if (typeof d.productName !== 'string' || typeof d.contactUrl !== 'string' || !isStringArray(d.staffDomains) || !isStringArray(d.excludedCustomerDomains))
    throw new Error('Unexpected answer from /api/config');
  return { productName: d.productName, contactUrl: d.contactUrl, staffDomains: d.staffDomains, excludedCustomerDomains: d.excludedCustomerDomains };
}

export const publicConfigQuery = {
  queryKey: ['public-config'] as const,
  queryFn: async () => parsePublicConfig(await api('/api/config', { public: true })),
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
