import type { ComponentType } from 'react';

/**
 * Loads a screen's module together with the data cache's provider (query-provider.tsx) and gives
 * the screen wrapped in it, as React.lazy takes it: the cache's code (react-query) stays off the
 * log-in route's first load (issue 42) and comes with the first screen that reads data.
 */
export function withQueries<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): () => Promise<{ default: ComponentType<P> }> {
  return async () => {
    const [q, m] = await Promise.all([import('./query-provider'), load()]);
    return { default: q.withQueryProvider<P>(m.default) };
  };
}
