/** Query keys of the quotes feature, in one place. */
export const quoteKeys = {
  all: ['quotes'] as const,
  list: (email: string, propertyId: string | null, quote: string | null = null) => ['quotes', 'list', email, propertyId ?? '*', quote ?? ''] as const,
  /** The administrators' list of recent decisions (issue 39); a decision (quoteKeys.all) reloads it too. */
  decisions: (days: number) => ['quotes', 'decisions', days] as const,
};
