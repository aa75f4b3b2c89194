/** Query keys of the user administration feature, in one place. */
export const userKeys = {
  all: ['users'] as const,
  config: ['users', 'public-config'] as const,
  list: ['users', 'list'] as const,
  accounts: ['users', 'accounts'] as const,
  customers: ['users', 'customers'] as const,
  customerProperties: (customerIds: string[]) => ['users', 'customer-properties', [...customerIds].sort().join(',')] as const,
  assigned: (email: string) => ['users', 'assigned', email] as const,
};
