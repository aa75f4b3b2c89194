import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { userKeys } from '../query-keys';

export const PropertyEntry = z.object({
  ID: z.coerce.string(),
  NAME: z.string(),
  PROPERTY_TYPE: z.string().nullish(),
  CUSTOMER_ID: z.coerce.string().nullish(),
});
export type PropertyEntry = z.infer<typeof PropertyEntry>;

/** POST /api/users/customers/properties {customerIds}: the properties of those customers. */
export async function getCustomerProperties(customerIds: string[], signal?: AbortSignal): Promise<PropertyEntry[]> {
  const properties = z
    .array(PropertyEntry)
    .parse(await api('/api/users/customers/properties', { method: 'POST', body: { customerIds }, signal }));
  return properties.sort((a, b) => a.NAME.localeCompare(b.NAME));
}

/** With no customers there are no properties, and no call is made. */
export function useCustomerProperties(customerIds: string[]) {
  return useQuery({
    queryKey: userKeys.customerProperties(customerIds),
    queryFn: ({ signal }) => getCustomerProperties(customerIds, signal),
    enabled: customerIds.length > 0,
    placeholderData: customerIds.length > 0 ? keepPreviousData : undefined,
    retry: false,
  });
}
