/**
 * What else ends with a session: the data cache registers its reset here once its code is loaded
 * (web/app/query-provider.tsx), so the session itself does not pull the cache's code into the
 * log-in route's first load.
 */
const handlers = new Set<() => void>();

export function onSessionEnd(handler: () => void): () => void {
  handlers.add(handler);
  return () => handlers.delete(handler);
}

export function endOfSession(): void {
  for (const handler of handlers) handler();
}
