/** Query keys of the visits feature, in one place. */
export const visitKeys = {
  all: ['visits'] as const,
  list: (email: string, propertyId: string | null) => ['visits', 'list', email, propertyId ?? '*'] as const,
  feed: ['visits', 'feed'] as const,
};
