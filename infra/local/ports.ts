import type { Server } from 'node:net';

/**
 * Emulators listen on 127.0.0.1. On a restart each tries the port it had before (recorded in
 * local-stack.json), so endpoints and the token issuer stay the same, and falls back to a random
 * free port (0) when that one is taken.
 */
export async function withPortFallback<T>(preferred: number | undefined, start: (port: number) => Promise<T>): Promise<T> {
  if (!preferred) return start(0);
  try {
    return await start(preferred);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw err;
    return start(0);
  }
}

/** Starts `server` on 127.0.0.1, on the preferred port when it is free, else on a random one. */
export const listenLocal = (server: Server, preferred: number | undefined) =>
  withPortFallback(
    preferred,
    (port) =>
      new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, '127.0.0.1', () => {
          server.off('error', reject);
          resolve();
        });
      }),
  );
