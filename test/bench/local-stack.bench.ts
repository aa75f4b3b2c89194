// The local stack's start-up: `node --import tsx bin/local.ts --demo` as a child process on a free
// port, timed from spawn to the first 200 of /readyz (emulators up and answering) and to its
// "is ready at" line (demo seeded, the portal usable). First start on an empty DATA_DIR, then
// restarts on the same DATA_DIR; median of RUNS each. Goals (issue 10): first start <= 30 s,
// restart <= 8 s. Run: npx tsx test/bench/local-stack.bench.ts
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../support/ports.js';
import { gap, median, ms, root, run } from './support.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const LIMIT_MS = 120_000;

interface Start {
  readyz: number;
  line: number;
}

/** One start of bin/local.ts on `dataDir`: times to /readyz 200 and to the ready line; then SIGTERM. */
async function startOnce(dataDir: string): Promise<Start> {
  const port = await freePort();
  const t0 = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join('bin', 'local.ts'), '--demo'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let line = NaN;
  let exited = false;
  child.stdout.on('data', (c: Buffer) => {
    out += c.toString();
    if (Number.isNaN(line) && / is ready at /.test(out)) line = performance.now() - t0;
  });
  let err = '';
  child.stderr.on('data', (c: Buffer) => (err += c.toString()));
  const exit = new Promise<void>((resolve) => child.once('exit', () => ((exited = true), resolve())));
  try {
    let readyz = NaN;
    while (performance.now() - t0 < LIMIT_MS && (Number.isNaN(readyz) || Number.isNaN(line))) {
      if (exited) throw new Error(`bin/local.ts exited before it was ready:\n${out}\n${err.slice(-2000)}`);
      if (Number.isNaN(readyz)) {
        try {
          const r = await fetch(`http://127.0.0.1:${port}/readyz`, { signal: AbortSignal.timeout(1000) });
          if (r.status === 200) readyz = performance.now() - t0;
        } catch {
          /* not listening yet */
        }
      }
      await new Promise((r) => setTimeout(r, 20));
    }
    if (Number.isNaN(readyz) || Number.isNaN(line)) throw new Error(`not ready within ${LIMIT_MS} ms:\n${out}\n${err.slice(-2000)}`);
    return { readyz, line };
  } finally {
    if (!exited) child.kill('SIGTERM');
    await exit;
  }
}

async function main() {
  const firsts: Start[] = [];
  const restarts: Start[] = [];
  const dirs: string[] = [];
  try {
    for (let i = 0; i < RUNS; i++) {
      const dir = mkdtempSync(path.join(os.tmpdir(), 'portal-start-bench-'));
      dirs.push(dir);
      firsts.push(await startOnce(dir));
    }
    for (let i = 0; i < RUNS; i++) restarts.push(await startOnce(dirs[0]!));
  } finally {
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  }
  const show = (label: string, runs: Start[], goal: number) => {
    const readyz = median(runs.map((r) => r.readyz));
    const line = median(runs.map((r) => r.line));
    console.log(`${label} (median of ${runs.length}):`);
    console.log(`  to /readyz 200:            ${ms(readyz).padStart(8)}  ${gap(readyz / 1000, goal, 's', 1)}`);
    console.log(`  to "ready" (demo seeded):  ${ms(line).padStart(8)}  ${gap(line / 1000, goal, 's', 1)}`);
    console.log(`  runs: ${runs.map((r) => `${ms(r.readyz)} / ${ms(r.line)}`).join(', ')}`);
  };
  console.log('bin/local.ts --demo as a child process, loopback only\n');
  show('first start, empty DATA_DIR', firsts, 30);
  show('restart, same DATA_DIR', restarts, 8);
}

run(main);
