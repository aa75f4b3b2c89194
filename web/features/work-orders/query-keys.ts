/** Query keys of the work order screen, in one place. */
export const workOrderKeys = {
  all: ['work-orders'] as const,
  one: (id: string, email: string | null) => ['work-orders', id, email ?? 'own'] as const,
  invoice: (id: string, email: string | null) => ['invoices', id, email ?? 'own'] as const,
  asset: (id: string, email: string | null) => ['equipment-history', id, email ?? 'own'] as const,
};
