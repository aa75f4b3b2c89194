/** Query keys of the documents feature, in one place. */
export const documentKeys = {
  all: ['documents'] as const,
  customers: (scope: 'all' | string) => ['documents', 'customers', scope] as const,
  properties: (customerId: string) => ['documents', 'properties', customerId] as const,
  assigned: (email: string) => ['documents', 'assigned', email] as const,
  list: (propertyIds: string[]) => ['documents', 'list', [...propertyIds].sort().join(',')] as const,
};
