#!/usr/bin/env node
// Development: the local stack with demo data (handlers from source) and Vite's dev server with
// /api and /config.json proxied to it. Report pages (/embed) come from the last production build
// (npm run build), which the stack's gateway serves with their /assets. PORT (default 3000) is the
// stack's port, VITE_PORT Vite's (default 5173).
import { spawn } from 'node:child_process';
import { createServer } from 'vite';

const port = Number(process.env.PORT ?? 3000);
const target = `http://127.0.0.1:${port}`;
// node --import tsx directly (no npx wrapper), so SIGTERM reaches the stack and it frees its lock.
const stack = spawn(process.execPath, ['--import', 'tsx', 'bin/local.ts', '--demo'], { stdio: 'inherit', env: { ...process.env, PORT: String(port) } });
const vite = await createServer({
  configFile: 'vite.config.ts',
  server: { ...(process.env.VITE_PORT ? { port: Number(process.env.VITE_PORT), strictPort: true } : {}), proxy: { '/api': target, '/config.json': target, '/embed': target, '/assets': target } },
});
await vite.listen();
vite.printUrls();

let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  if (stack.exitCode === null) stack.kill('SIGTERM');
  void vite.close();
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
stack.on('exit', (code) => {
  stop();
  process.exitCode = code ?? 0;
});
