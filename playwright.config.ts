import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

// Two workers on two cores, each with a local stack of its own (a port and a data folder per
// worker, fresh demo data each): a spec file runs whole in one worker against that worker's stack,
// so no two specs share a stack's state at once. E2E_WORKERS=1 runs one stack and one worker.
const workers = Math.max(1, Number(process.env.E2E_WORKERS ?? 2));
// Free ports chosen once in the runner (workers inherit them through the environment), so runs
// never collide with other programs' fixed ports.
process.env.E2E_PORTS ??= execFileSync(process.execPath, [
  '-e',
  `const net = require('node:net'); const n = ${workers}; const got = [];
   const next = () => { const s = net.createServer().listen(0, '127.0.0.1', () => { got.push(s.address().port); s.close(() => (got.length < n ? next() : process.stdout.write(got.join(',')))); }); };
   next();`,
])
  .toString()
  .trim();
const ports = process.env.E2E_PORTS.split(',').map(Number);
// The demo's day, fixed once in the runner too: stacks seeded before midnight (UTC) and specs that
// compute the demo's rows (references, dates) after it agree (infra/admin/demo-report-data.ts).
process.env.DEMO_DAY ??= new Date().toISOString().slice(0, 10);
// A fixed folder per port, so specs (in other processes) can read their stack's outbox.
const dataDir = (port: number) => path.resolve('.tmp', `e2e-data-${port}`);
// In a worker (Playwright sets TEST_PARALLEL_INDEX before it loads this file): its own stack.
const lane = Number(process.env.TEST_PARALLEL_INDEX ?? 0) % ports.length;
const port = ports[lane]!;
process.env.E2E_DATA_DIR = dataDir(port);

// Debian's Chromium headless shell (package chromium-headless-shell, the same Blink and V8 as
// /usr/bin/chromium, without the full browser's user interface): the same five sign-ins to the home
// screen cost it about half the CPU (13 s against 25 s, 1.6 s of it in the browser process against
// 8.3 s), and the specs are CPU-bound on two cores. CHROMIUM_PATH chooses another; without the
// shell the full browser runs them, and the runner says so once.
const headlessShell = '/usr/bin/chromium-headless-shell';
const chromiumPath = process.env.CHROMIUM_PATH ?? (existsSync(headlessShell) ? headlessShell : '/usr/bin/chromium');
if (!process.env.CHROMIUM_PATH && chromiumPath !== headlessShell && process.env.TEST_PARALLEL_INDEX === undefined) {
  console.log(`${headlessShell} not found (apt-get install chromium-headless-shell): the browser specs run in /usr/bin/chromium, at about twice the CPU.`);
}

/** End-to-end specs in Debian's Chromium against the local stack (production web build, demo data). */
export default defineConfig({
  testDir: 'test/e2e',
  // 90 s: a spec waits on its own expectations (10 s each) long before; this only stops a stuck one.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: ports.length,
  // Under `npm test` (PW_JSON set) a failed spec is run once more; one that passes then is counted
  // and named as flaky in the summary (test/run.js), never silently: a flaky spec is a defect to mend.
  retries: process.env.PW_JSON ? 1 : 0,
  reporter: process.env.PW_JSON ? [['list'], ['json', { outputFile: process.env.PW_JSON }], ['./test/e2e/support/count-reporter.ts']] : 'list',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    viewport: { width: 1400, height: 900 },
    launchOptions: {
      executablePath: chromiumPath,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-quic', '--no-first-run', '--disable-component-update', '--disable-sync'],
    },
    trace: 'off',
  },
  webServer: ports.map((p) => ({
    command: `node test/e2e/server.js`,
    url: `http://127.0.0.1:${p}/readyz`,
    reuseExistingServer: false,
    timeout: 180_000,
    env: { PORT: String(p), E2E_DATA_DIR: dataDir(p) },
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
  })),
});
