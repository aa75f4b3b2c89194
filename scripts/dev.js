#!/usr/bin/env node
// Development: the server from source (tsx watch) with demo data, and Vite's dev server with
// /api and /embed proxied to it. The report pages use the last production build (npm run build).
import { spawn } from 'node:child_process';

const procs = [
  spawn(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'watch', 'server/main.ts', 'serve', '--demo'], { stdio: 'inherit' }),
  spawn(process.execPath, ['node_modules/vite/bin/vite.js'], { stdio: 'inherit' }),
];
const stop = () => procs.forEach((p) => p.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const p of procs) p.on('exit', stop);
