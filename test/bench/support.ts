/**
 * What the benches share: statistics, the goal-and-gap line every figure is printed with, a free
 * loopback port, the web build, Chromium with the project's flags, and the local stack started in
 * this process (quiet) with the harness of the integration tests. No bench asserts anything.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from '@playwright/test';
import { JOB_INTERVAL_VARIABLES, type JobIntervalVariable } from '../../infra/local/stack.js';
import { startTestStack, type TestStack } from '../support/local-stack.js';
import { freePort } from '../support/ports.js';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor(s.length / 2)]! : NaN;
};
export const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.ceil(s.length * p) - 1)]! : NaN;
};

/** "goal <= 300 ms: met, 120 ms to spare" or "goal <= 300 ms: OVER by 45 ms". */
export function gap(value: number, goal: number, unit: string, digits = 0): string {
  const f = (n: number) => `${n.toFixed(digits)}${unit ? ` ${unit}` : ''}`;
  if (!Number.isFinite(value)) return `goal <= ${f(goal)}: not measured`;
  return value <= goal ? `goal <= ${f(goal)}: met, ${f(goal - value)} to spare` : `goal <= ${f(goal)}: OVER by ${f(value - goal)}`;
}

/** "goal >= 5x: met" for figures where more is better. */
export function gapAtLeast(value: number, goal: number, unit: string, digits = 1): string {
  const f = (n: number) => `${n.toFixed(digits)}${unit}`;
  if (!Number.isFinite(value)) return `goal >= ${f(goal)}: not measured`;
  return value >= goal ? `goal >= ${f(goal)}: met, ${f(value - goal)} above` : `goal >= ${f(goal)}: SHORT by ${f(goal - value)}`;
}

export const ms = (n: number) => `${n.toFixed(0)} ms`;

/** Builds the web app with whatever bin/build.js does now (only when stale); false if it failed. */
export function buildWeb(): boolean {
  const r = spawnSync(process.execPath, [path.join(root, 'bin', 'build.js'), '--if-stale'], { cwd: root, stdio: 'inherit' });
  return r.status === 0 && existsSync(path.join(root, 'dist', 'web', 'index.html'));
}

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  });
}

/**
 * The local stack in this process (temporary DATA_DIR, port 0, staff domain `staff.test`), with
 * `env` added. LOG_LEVEL is warn unless given: the request lines would drown the figures.
 */
export function benchStack(env: Record<string, string> = {}): Promise<TestStack> {
  return startTestStack({ env: { LOG_LEVEL: 'warn', ...env } });
}

/**
 * The local stack's scheduled jobs off: a bench measures what a user or a caller waits on. In AWS
 * each job runs in a function of its own; here it would share the two cores with what is measured
 * (the energy roll-up's first pass, a second after start, took about 8 s of CPU, and every first
 * cold visit of the first-visit bench met it: 3.3-4.4 s against 1.8-2.1 s for the others).
 */
export const NO_JOB_TIMERS: Record<JobIntervalVariable, '0'> = Object.fromEntries(JOB_INTERVAL_VARIABLES.map((name) => [name, '0'])) as Record<JobIntervalVariable, '0'>;

/**
 * `bin/local.ts --demo` as a child process on a free port with a new DATA_DIR (`env` added), ready
 * when its "ready" line is printed (after the demo seed), its scheduled jobs off (NO_JOB_TIMERS). `onLine`
 * sees each stdout line as it comes.
 */
export async function demoStackProcess(name: string, env: Record<string, string>, onLine: (line: string) => void = () => {}) {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `portal-${name}-`));
  const stack = spawn(process.execPath, ['--import', 'tsx', path.join('bin', 'local.ts'), '--demo'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, ...NO_JOB_TIMERS, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let partial = '';
  stack.stdout.on('data', (c: Buffer) => {
    out += c.toString();
    const lines = (partial + c.toString()).split('\n');
    partial = lines.pop()!;
    for (const line of lines) onLine(line);
  });
  stack.stderr.resume();
  const exited = new Promise((r) => stack.once('exit', r));
  const stop = async () => {
    if (stack.exitCode === null) stack.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  };
  for (let i = 0; !/ is ready at /.test(out); i++) {
    if (i > 3000 || stack.exitCode !== null) {
      await stop();
      throw new Error(`the local stack did not start:\n${out.slice(-3000)}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { base: `http://127.0.0.1:${port}`, stop };
}

/** Runs `main` and ends the process with its outcome (emulators may hold handles open). */
export function run(main: () => Promise<void>): void {
  main().then(
    () => process.exit(0),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}
