// Serves the production build on fresh demo data for the end-to-end specs: a new DATA_DIR each run.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-'));
// Fresh demo data every run.
if (process.env.E2E_DATA_DIR) rmSync(dataDir, { recursive: true, force: true });
const child = spawn(process.execPath, ['bin/portal.js', 'serve', '--demo'], {
  stdio: 'inherit',
  env: { ...process.env, DATA_DIR: dataDir, HOST: '127.0.0.1', LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn', E2E: '1' },
});
const stop = () => child.kill('SIGTERM');
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
child.on('exit', (code) => {
  if (!process.env.E2E_DATA_DIR) rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
