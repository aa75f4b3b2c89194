/** Query keys of the quotes feature, in one place. */
export const quoteKeys = {
  all: ['quotes'] as const,
  list: (email: string, propertyId: string | null) => ['quotes', 'list', email, propertyId ?? '*'] as const,
};
