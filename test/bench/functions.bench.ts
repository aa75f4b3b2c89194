// Per function: the bundle esbuild makes for it (as the CDK app bundles it: minified ESM for
// Node 22, the AWS SDK inside) and its module initialisation time in a fresh Node process, beside an
// empty handler bundled and measured in the same run. Goals (issue 10): every bundle <= 400 KB,
// init <= 2x the empty handler. Run: npx tsx test/bench/functions.bench.ts
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { routes } from '../../lambdas/routes.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const root = process.cwd();
const out = mkdtempSync(path.join(os.tmpdir(), 'portal-fn-bench-'));
const banner = "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);";

async function bundle(name: string, entry: string) {
  const outfile = path.join(out, `${name.replace(/\//g, '__')}.mjs`);
  await build({ entryPoints: [entry], outfile, bundle: true, minify: true, format: 'esm', platform: 'node', target: 'node22', banner: { js: banner }, logLevel: 'error' });
  return outfile;
}

/** Median milliseconds from process start of the import to its end, over RUNS fresh processes. */
function initMs(file: string) {
  const script = `const t=performance.now();await import(${JSON.stringify('file://' + file)});process.stdout.write(String(performance.now()-t));`;
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', env: { ...process.env, AWS_REGION: 'us-east-1' } });
    if (r.status !== 0) throw new Error(`${file}: ${r.stderr.slice(0, 300)}`);
    times.push(Number(r.stdout));
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

mkdirSync(out, { recursive: true });
const emptyEntry = path.join(out, 'empty.ts');
writeFileSync(emptyEntry, 'export const handler = async () => ({ statusCode: 200, body: "" });\n');
const empty = initMs(await bundle('empty', emptyEntry));

const entries = [
  ...routes.map((r) => ({ name: r.handler, label: `${r.method} ${r.path}` })),
  ...['triggers/pre-token-generation', 'triggers/custom-message', 'triggers/post-confirmation'].map((h) => ({ name: h, label: 'Cognito trigger' })),
];
const rows: string[] = [];
let over = 0;
let missing = 0;
for (const e of entries) {
  const entry = path.join(root, 'lambdas', `${e.name}.ts`);
  if (!existsSync(entry)) {
    rows.push(`${e.name.padEnd(40)} (no handler file)`);
    missing++;
    continue;
  }
  const file = await bundle(e.name, entry);
  const kb = statSync(file).size / 1024;
  const ms = initMs(file);
  const flag = kb > 400 || ms > 2 * empty ? '  over goal' : '';
  if (flag) over++;
  rows.push(`${e.name.padEnd(40)} ${kb.toFixed(0).padStart(5)} KB  init ${ms.toFixed(1).padStart(6)} ms  (${(ms / empty).toFixed(1)}x empty)${flag}`);
}
console.log(`empty handler: init ${empty.toFixed(1)} ms (median of ${RUNS} fresh processes)`);
for (const r of rows) console.log(r);
console.log(`${entries.length - missing} functions measured, ${over} over a goal (400 KB, 2x empty init)${missing ? `, ${missing} without a handler file` : ''}`);
rmSync(out, { recursive: true, force: true });
