import { createServer } from 'node:net';

/** A port free on 127.0.0.1 now (for a child process that takes its port on the command line or in the environment). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}
