import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export interface OwnStack {
  base: string;
  /** Its DATA_DIR (mails in outbox/). */
  dataDir: string;
  stop(): Promise<void>;
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });

/** The shared stacks' settings (test/e2e/server.js says what they are for). */
const sharedStackEnv = JSON.parse(readFileSync(path.join(import.meta.dirname, '..', 'stack-env.json'), 'utf8')) as Record<string, string>;

/**
 * A local stack of its own (no demo data) for a spec that needs settings the shared one must not
 * have, e.g. short-lived tokens: `env` adds to the environment; `demo` seeds the demo data; `asShared`
 * starts from the shared stacks' settings (a spec whose state must not meet other specs', and whose
 * retry must start again on fresh data). Ready when /readyz answers.
 */
export async function startOwnStack(env: Record<string, string>, opts: { demo?: boolean; asShared?: boolean } = {}): Promise<OwnStack> {
  // The port is free when chosen, but the stack listens on it only once started: another process
  // starting meanwhile (another spec's stack, whose emulators take free ports) may take it first.
  // Then the stack exits on EADDRINUSE, and a new port is chosen (three times at most).
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnce(env, opts);
    } catch (e) {
      if (!(e instanceof PortTaken) || attempt === 3) throw e;
    }
  }
}

class PortTaken extends Error {}

async function startOnce(env: Record<string, string>, opts: { demo?: boolean; asShared?: boolean }): Promise<OwnStack> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-own-'));
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'bin/local.ts', ...(opts.demo ? ['--demo'] : [])], {
    env: { ...process.env, ...(opts.asShared ? sharedStackEnv : {}), ...env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (c: Buffer) => (stderr += c.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const base = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  };
  // Up to 3 minutes: a stack with demo data starts in seconds, but much longer on a busy machine.
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      if (stderr.includes('EADDRINUSE')) throw new PortTaken(`port ${port} was taken before the stack listened on it`);
      throw new Error(`the local stack did not start:\n${stderr}`);
    }
    const ready = await fetch(`${base}/readyz`).then((r) => r.ok, () => false);
    if (ready) return { base, dataDir, stop };
    await new Promise((r) => setTimeout(r, 100));
  }
}
