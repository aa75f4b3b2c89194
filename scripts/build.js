#!/usr/bin/env node
// Builds the server (TypeScript -> dist/server, one file each, no bundling) and the web app
// (Vite -> dist/web). With --if-stale it does nothing when dist is newer than every source.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const stamp = path.join(root, 'dist', '.build-stamp');
const sources = ['server', 'infra/local/simulator', 'web', 'package-lock.json', 'vite.config.ts'];

function newest(p) {
  if (!existsSync(p)) return 0;
  const s = statSync(p);
  if (!s.isDirectory()) return s.mtimeMs;
  let m = s.mtimeMs;
  for (const e of readdirSync(p)) if (e !== 'node_modules') m = Math.max(m, newest(path.join(p, e)));
  return m;
}

function files(dir, out = []) {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) files(p, out);
    else if (p.endsWith('.ts') && !p.endsWith('.test.ts') && !p.includes(`${path.sep}test${path.sep}`)) out.push(p);
  }
  return out;
}

if (process.argv.includes('--if-stale') && existsSync(stamp)) {
  const src = Math.max(...sources.map((s) => newest(path.join(root, s))));
  if (statSync(stamp).mtimeMs >= src) {
    console.log('build: up to date');
    process.exit(0);
  }
}

const started = Date.now();
rmSync(path.join(root, 'dist', 'server'), { recursive: true, force: true });
await build({
  entryPoints: files(path.join(root, 'server')),
  outdir: path.join(root, 'dist', 'server'),
  outbase: path.join(root, 'server'),
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
});
// The telemetry simulator moved to infra/local/simulator; the old server still imports it from there.
rmSync(path.join(root, 'dist', 'infra'), { recursive: true, force: true });
await build({
  entryPoints: files(path.join(root, 'infra', 'local', 'simulator')),
  outdir: path.join(root, 'dist', 'infra', 'local', 'simulator'),
  outbase: path.join(root, 'infra', 'local', 'simulator'),
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
});
cpSync(path.join(root, 'server', 'db', 'migrations'), path.join(root, 'dist', 'server', 'db', 'migrations'), { recursive: true });
console.log(`build: server in ${Date.now() - started} ms`);

const vite = spawnSync(process.execPath, [path.join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn'], {
  cwd: root,
  stdio: 'inherit',
});
if (vite.status !== 0) process.exit(vite.status ?? 1);
mkdirSync(path.dirname(stamp), { recursive: true });
writeFileSync(stamp, new Date().toISOString());
console.log(`build: done in ${Date.now() - started} ms`);
