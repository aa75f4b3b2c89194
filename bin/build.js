#!/usr/bin/env node
// Builds the web app (Vite -> dist/web, the folder the local gateway serves and the CDK app uploads).
// With --if-stale it does nothing when the build is newer than every source.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const stamp = path.join(root, 'dist', '.build-stamp');
// This file too: a change to how it builds makes an earlier build stale (one made before it forced production).
const sources = ['web', 'package-lock.json', 'vite.config.ts', 'bin/build.js'];

function newest(p) {
  if (!existsSync(p)) return 0;
  const s = statSync(p);
  if (!s.isDirectory()) return s.mtimeMs;
  let m = s.mtimeMs;
  for (const e of readdirSync(p)) if (e !== 'node_modules') m = Math.max(m, newest(path.join(p, e)));
  return m;
}

if (process.argv.includes('--if-stale') && existsSync(stamp) && existsSync(path.join(root, 'dist', 'web', 'index.html'))) {
  const src = Math.max(...sources.map((s) => newest(path.join(root, s))));
  if (statSync(stamp).mtimeMs >= src) {
    console.log('build: up to date');
    process.exit(0);
  }
}

const started = Date.now();
// Always the production build: Vite takes NODE_ENV from the environment when it is set, and a
// caller's (jest sets NODE_ENV=test for everything it starts) would make React's development build,
// which the browser specs then ran against and --if-stale kept.
const vite = spawnSync(process.execPath, [path.join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, NODE_ENV: 'production' },
});
if (vite.status !== 0) process.exit(vite.status ?? 1);
mkdirSync(path.dirname(stamp), { recursive: true });
writeFileSync(stamp, new Date().toISOString());
console.log(`build: web app in ${Date.now() - started} ms`);
