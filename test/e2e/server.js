// The local stack on fresh demo data for the end-to-end specs: a new DATA_DIR each run, the port
// the Playwright config gives, the production web build (npm run build) served by the gateway.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const stackEnv = JSON.parse(readFileSync(new URL('./stack-env.json', import.meta.url), 'utf8'));
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-'));
// Fresh demo data every run (removed after it too, unless E2E_KEEP_DATA is set).
if (process.env.E2E_DATA_DIR) rmSync(dataDir, { recursive: true, force: true });
// node --import tsx directly (no npx wrapper), so SIGTERM reaches the stack and it frees its lock.
const child = spawn(process.execPath, ['--import', 'tsx', 'bin/local.ts', '--demo'], {
  stdio: 'inherit',
  // stack-env.json (also a spec's own stack, support/own-stack.ts): the simulator without its random
  // faults; the alerts, the documents digest and the weekly summary a second after start (the
  // alerts the specs see from the start) and then every ten minutes, and a spec waiting on one asks
  // for its pass (support/jobs.ts), which makes its wait as long as the pass and no longer (every 3
  // to 5 seconds, as before, an idle stack spent 0.8 s of CPU a minute on them, against 0.13 s now);
  // the day-before mail off (every demo property
  // has a visit tomorrow, and that mail would land between the mails the specs read); the energy
  // roll-up off (its first run rolls the demo units' 92 days: CPU the specs need; the estimates
  // are the same either way, which the unit and integration tests check).
  env: { ...process.env, ...stackEnv, DATA_DIR: dataDir, HOST: '127.0.0.1', LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn', SIMULATOR_FAULTS: process.env.SIMULATOR_FAULTS ?? stackEnv.SIMULATOR_FAULTS },
});
const stop = () => child.kill('SIGTERM');
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
child.on('exit', (code) => {
  if (!process.env.E2E_KEEP_DATA) rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
