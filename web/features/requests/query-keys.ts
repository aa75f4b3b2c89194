/** Query keys of the service-requests feature, in one place. */
export const requestKeys = {
  all: ['requests'] as const,
  list: (filters: { email: string | null; customerId?: string; status?: string; days?: string }) =>
    ['requests', 'list', filters.email ?? '', filters.customerId ?? '', filters.status ?? '', filters.days ?? ''] as const,
  customers: ['requests', 'customers'] as const,
};
