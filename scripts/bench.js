#!/usr/bin/env node
// `npm run bench [name]`: runs every bench/*.bench.ts (or the named ones) in turn; each prints its figures.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const names = process.argv.slice(2);
const benches = readdirSync(path.join(root, 'bench'))
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => names.length === 0 || names.some((n) => f.includes(n)));
let failed = 0;
for (const b of benches) {
  console.log(`\n=== ${b} ===`);
  const r = spawnSync(process.execPath, [path.join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'), path.join(root, 'bench', b)], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) failed++;
}
if (!benches.length) console.log('no benchmarks found');
process.exit(failed ? 1 : 0);
