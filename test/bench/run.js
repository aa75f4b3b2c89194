#!/usr/bin/env node
// `npm run bench [name ...]`: runs every test/bench/*.bench.ts (or those whose file names contain a
// given name) in turn, each in its own process; each prints its figures with its goals. Asserts nothing.
// Everything from the first argument starting with `--` on is given to each bench (`npm run bench -- load --quick`).
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const dir = path.join(root, 'test', 'bench');
const argv = process.argv.slice(2);
const firstOption = argv.findIndex((a) => a.startsWith('--'));
const names = firstOption < 0 ? argv : argv.slice(0, firstOption);
const options = firstOption < 0 ? [] : argv.slice(firstOption);
const benches = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => names.length === 0 || names.some((n) => f.includes(n)))
  .sort();
const failed = [];
for (const b of benches) {
  console.log(`\n=== ${b} ===`);
  const r = spawnSync(process.execPath, [path.join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'), path.join(dir, b), ...options], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) failed.push(b);
}
if (!benches.length) console.log(names.length ? `no benchmark matches ${names.join(', ')}` : 'no benchmarks found');
if (failed.length) console.log(`\nfailed to run: ${failed.join(', ')}`);
process.exit(failed.length ? 1 : 0);
