import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ComponentType, ReactNode } from 'react';
import { onSessionEnd } from '../lib/session-end';

/**
 * The data cache (react-query), one for the page's life. Not on the log-in route's first load
 * (issue 42): every screen that reads data loads this module with its own code (`withQueries`,
 * app.tsx), and the log-in screen reads none.
 *
 * No retries of react-query's own: the server's SDK clients already retry a failing service, and
 * api() asks a read answered 503 once more by itself (a write never: the user decides), so a
 * retry here would multiply the load on a service that is struggling.
 */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false }, mutations: { retry: false } },
});
// What one user read is not shown to the next one who signs in on this page.
onSessionEnd(() => queryClient.clear());

export function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}

/** A screen wrapped in the data cache's provider. */
export function withQueryProvider<P extends object>(Screen: ComponentType<P>): ComponentType<P> {
  const WithQueries = (props: P) => (
    <QueryProvider>
      <Screen {...props} />
    </QueryProvider>
  );
  WithQueries.displayName = `WithQueries(${Screen.displayName ?? Screen.name})`;
  return WithQueries;
}
