#!/usr/bin/env node
// Builds the web app (Vite -> dist/web, the folder the local gateway serves and the CDK app uploads).
// With --if-stale it does nothing when the build is newer than every source.
// One build at a time (a lock folder; the tests run in two workers, and several start builds), and
// the new build replaces dist/web by a rename, so a server never serves a half-written folder.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
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

const lock = path.join(root, 'dist', '.build-lock');
mkdirSync(path.dirname(lock), { recursive: true });
for (;;) {
  try {
    mkdirSync(lock);
    break;
  } catch (e) {
    if (e.code !== 'EEXIST') throw e;
    // A lock older than 10 minutes is one a killed build left.
    if (Date.now() - statSync(lock, { throwIfNoEntry: false })?.mtimeMs > 600_000) rmSync(lock, { recursive: true, force: true });
    else Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 250);
  }
}
const unlock = () => rmSync(lock, { recursive: true, force: true });
process.on('exit', unlock);

const webDir = path.join(root, 'dist', 'web');
if (process.argv.includes('--if-stale') && existsSync(stamp) && existsSync(path.join(webDir, 'index.html'))) {
  const src = Math.max(...sources.map((s) => newest(path.join(root, s))));
  if (statSync(stamp).mtimeMs >= src) {
    console.log('build: up to date');
    process.exit(0);
  }
}

const started = Date.now();
const next = path.join(root, 'dist', `web-next-${process.pid}`);
// Always the production build: Vite takes NODE_ENV from the environment when it is set, and a
// caller's (jest sets NODE_ENV=test for everything it starts) would make React's development build,
// which the browser specs then ran against and --if-stale kept.
const vite = spawnSync(process.execPath, [path.join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn', '--outDir', next, '--emptyOutDir'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, NODE_ENV: 'production' },
});
if (vite.status !== 0) {
  rmSync(next, { recursive: true, force: true });
  process.exit(vite.status ?? 1);
}
const old = path.join(root, 'dist', `web-old-${process.pid}`);
if (existsSync(webDir)) renameSync(webDir, old);
renameSync(next, webDir);
rmSync(old, { recursive: true, force: true });
writeFileSync(stamp, new Date().toISOString());
console.log(`build: web app in ${Date.now() - started} ms`);
