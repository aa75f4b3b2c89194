// Per function: the bundle esbuild makes for it, exactly as the CDK app does (infra/function-bundling.ts:
// minified ESM for Node 22, the AWS SDK inside, the credential chain replaced), its module
// initialisation in a fresh Node process (import start to end), and a whole `node` process that
// loads it beside one that loads an empty handler (start to exit). Then what the median bundle is
// made of (esbuild's metafile, by package) and the variants tried, each measured in this run.
// The floor: a handler that reads one item through the DynamoDB document client (as the portal's
// data layer reads), bundled the same way; what a function carries beyond it is printed per function
// (its three largest packages or project files over 8 KB beyond the floor's).
// Goals (issue 42): median bundle <= 1.25x the floor's, largest <= 400 KB; the median function's
// whole process <= 1.1x the floor's (issue 19: import of the median bundle <= 25 ms). Prints
// figures; asserts nothing.
// Run: npx tsx test/bench/functions.bench.ts (BENCH_RUNS=n for more or fewer runs per figure).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build, type Metafile } from 'esbuild';
import { functionAliases, functionBuildOptions } from '../../infra/function-bundling.js';
import { routes } from '../../lambdas/routes.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 9);
const root = process.cwd();
const out = mkdtempSync(path.join(os.tmpdir(), 'portal-fn-bench-'));
const env = { ...process.env, AWS_REGION: 'us-east-1', AWS_ACCESS_KEY_ID: 'bench', AWS_SECRET_ACCESS_KEY: 'bench', NODE_OPTIONS: '' };

type Variant = { aliases?: Record<string, string>; sourcemap?: boolean; sdkOutside?: boolean };
async function bundle(name: string, entry: string, v: Variant = {}) {
  // The SDK left out: the bundle must sit in the project, where Node finds node_modules.
  const dir = v.sdkOutside ? path.join(root, '.tmp', 'bench-functions') : out;
  mkdirSync(dir, { recursive: true });
  const outfile = path.join(dir, `${name.replace(/\//g, '__')}.mjs`);
  const r = await build({
    ...functionBuildOptions(root, entry, outfile, v.aliases),
    metafile: true,
    sourcemap: v.sourcemap ? 'linked' : false,
    ...(v.sdkOutside ? { external: ['@aws-sdk/*', '@smithy/*'] } : {}),
  });
  return { file: outfile, kb: statSync(outfile).size / 1024, metafile: r.metafile };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** Median milliseconds from the start of the import to its end, over RUNS fresh processes. */
function importMs(file: string, nodeArgs: string[] = []) {
  const script = `const t=performance.now();await import(${JSON.stringify('file://' + file)});process.stdout.write(String(performance.now()-t));`;
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const r = spawnSync(process.execPath, [...nodeArgs, '--input-type=module', '-e', script], { encoding: 'utf8', env });
    if (r.status !== 0) throw new Error(`${file}: ${r.stderr.slice(0, 300)}`);
    times.push(Number(r.stdout));
  }
  return median(times);
}

/** Wall milliseconds of one whole `node` process that imports `file` and exits. */
function oneProcess(file: string, nodeArgs: string[] = []) {
  const t = performance.now();
  const r = spawnSync(process.execPath, [...nodeArgs, '--input-type=module', '-e', `await import(${JSON.stringify('file://' + file)})`], { env });
  if (r.status !== 0) throw new Error(`${file}: ${String(r.stderr).slice(0, 300)}`);
  return performance.now() - t;
}

/**
 * A whole process with `file` against one with the empty handler, run in turn (empty, file, empty,
 * file...) so that a change of the machine's speed meets both: the median of the pairs' ratios.
 */
function processRatio(file: string, nodeArgs: string[] = [], base = empty.file) {
  const ratios: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const e = oneProcess(base);
    ratios.push(oneProcess(file, nodeArgs) / e);
  }
  return median(ratios);
}

/** KB in the output by package (or by project folder; by file with `files`), largest first. */
function byPackage(metafile: Metafile, files = false) {
  const groups = new Map<string, number>();
  for (const output of Object.values(metafile.outputs)) {
    for (const [file, info] of Object.entries(output.inputs)) {
      // A package from node_modules, or from its copy with literal schema keys (infra/sdk-literal-keys.ts).
      const pkg = /(?:node_modules|sdk-literal-keys)\/((?:@[^/]+\/)?[^/]+)/.exec(file)?.[1] ?? (files ? file : file.split('/').slice(0, 2).join('/'));
      groups.set(pkg, (groups.get(pkg) ?? 0) + info.bytesInOutput / 1024);
    }
  }
  return [...groups].sort((a, b) => b[1] - a[1]);
}

/** What a bundle carries beyond the floor's: KB per package (or project file), the floor's own KB of each taken off. */
function beyondFloor(metafile: Metafile) {
  const base = new Map(byPackage(floor.metafile, true));
  return byPackage(metafile, true)
    .map(([pkg, kb]) => [pkg, kb - (base.get(pkg) ?? 0)] as [string, number])
    .sort((a, b) => b[1] - a[1]);
}
const over8 = (metafile: Metafile) =>
  beyondFloor(metafile)
    .filter(([, kb]) => kb >= 8)
    .slice(0, 3)
    .map(([pkg, kb]) => `${pkg} ${kb.toFixed(0)}`)
    .join(', ');

mkdirSync(out, { recursive: true });
const emptyEntry = path.join(out, 'empty.ts');
writeFileSync(emptyEntry, 'export const handler = async () => ({ statusCode: 200, body: "" });\n');
const empty = await bundle('empty', emptyEntry);
const emptyImport = importMs(empty.file);
const emptyProcess = median(Array.from({ length: RUNS }, () => oneProcess(empty.file)));
// In the project (removed at the end), where esbuild finds node_modules.
const floorDir = path.join(root, '.tmp', 'bench-functions');
mkdirSync(floorDir, { recursive: true });
const floorEntry = path.join(floorDir, 'floor.ts');
writeFileSync(
  floorEntry,
  [
    "import { DynamoDBClient } from '@aws-sdk/client-dynamodb';",
    "import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';",
    'const client = DynamoDBDocumentClient.from(new DynamoDBClient({}));',
    'export const handler = async (event: { id?: string }) => {',
    "  const r = await client.send(new GetCommand({ TableName: process.env.TABLE ?? 'items', Key: { pk: event.id ?? '' } }));",
    '  return { statusCode: 200, body: JSON.stringify(r.Item ?? null) };',
    '};',
    '',
  ].join('\n'),
);
const floor = await bundle('floor', floorEntry);
const floorImport = importMs(floor.file);
const floorRatio = processRatio(floor.file);

const entries = [
  ...routes.map((r) => ({ name: r.handler, label: `${r.method} ${r.path}` })),
  ...['triggers/pre-token-generation', 'triggers/custom-message', 'triggers/post-confirmation'].map((h) => ({ name: h, label: 'Cognito trigger' })),
].filter((e, i, all) => all.findIndex((x) => x.name === e.name) === i);

type Row = { name: string; kb: number; importMs: number; ratio: number; metafile: Metafile; entry: string };
const rows: Row[] = [];
for (const e of entries) {
  const entry = path.join(root, 'lambdas', `${e.name}.ts`);
  if (!existsSync(entry)) continue;
  const b = await bundle(e.name, entry);
  rows.push({ name: e.name, kb: b.kb, importMs: importMs(b.file), ratio: processRatio(b.file, [], floor.file), metafile: b.metafile, entry });
}

console.log(`empty handler: import ${emptyImport.toFixed(1)} ms, whole process ${emptyProcess.toFixed(0)} ms (medians of ${RUNS} fresh processes)`);
console.log(`floor (one GetItem through the document client): ${floor.kb.toFixed(0)} KB, import ${floorImport.toFixed(1)} ms, whole process ${floorRatio.toFixed(2)}x the empty one`);
console.log(`'x floor': the bundle against the floor's; 'process': a whole process with the function against one with the floor, run in turn, median of ${RUNS} pairs; 'beyond the floor': the largest packages or project files over 8 KB beyond the floor's (KB)`);
console.log(`${'function'.padEnd(40)} ${'bundle'.padStart(8)} ${'x floor'.padStart(8)} ${'import'.padStart(9)} ${'process'.padStart(8)}  beyond the floor`);
for (const r of [...rows].sort((a, b) => a.kb - b.kb)) {
  console.log(`${r.name.padEnd(40)} ${r.kb.toFixed(0).padStart(5)} KB ${(r.kb / floor.kb).toFixed(2).padStart(7)}x ${r.importMs.toFixed(1).padStart(6)} ms ${r.ratio.toFixed(2).padStart(7)}x  ${over8(r.metafile)}`);
}

// The median function (by bundle size) stands for "a function" in the goals.
const sorted = [...rows].sort((a, b) => a.kb - b.kb);
const mid = sorted[Math.floor(sorted.length / 2)]!;
const largest = sorted[sorted.length - 1]!;
const goal = (ok: boolean) => (ok ? 'met' : 'MISSED');
console.log(`\n${rows.length} functions. Goals:`);
const over = sorted.filter((r) => r.kb > 400);
console.log(`  median bundle   ${mid.kb.toFixed(0)} KB (${mid.name}), ${(mid.kb / floor.kb).toFixed(2)}x the floor's ${floor.kb.toFixed(0)} KB  goal <= 1.25x (${(1.25 * floor.kb).toFixed(0)} KB): ${mid.kb <= 1.25 * floor.kb ? 'met' : `MISSED by ${(mid.kb - 1.25 * floor.kb).toFixed(0)} KB`}`);
console.log(`  largest bundle  ${largest.kb.toFixed(0)} KB (${largest.name})  goal <= 400 KB: ${largest.kb <= 400 ? 'met' : `MISSED by ${(largest.kb - 400).toFixed(0)} KB; ${over.length} over: ${over.map((r) => `${r.name} ${r.kb.toFixed(0)}`).join(', ')}`}`);
console.log(`  median import   ${mid.importMs.toFixed(1)} ms (the floor's ${floorImport.toFixed(1)} ms)  goal <= 25 ms: ${goal(mid.importMs <= 25)}`);
const ratios = rows.map((r) => r.ratio);
console.log(`  whole process   ${median(ratios).toFixed(2)}x the floor's (median of the functions; the median function's own ${mid.ratio.toFixed(2)}x), ${Math.max(...ratios).toFixed(2)}x (largest)  goal <= 1.1x: ${goal(median(ratios) <= 1.1)}`);

console.log('\nWhat each bundle carries beyond the median function\'s packages (KB, largest first; esbuild\'s metafile):');
const common = new Set(byPackage(mid.metafile).map(([pkg]) => pkg));
for (const r of [...rows].sort((a, b) => b.kb - a.kb)) {
  const extra = byPackage(r.metafile).filter(([pkg, kb]) => !common.has(pkg) && kb >= 0.5);
  if (extra.length) console.log(`  ${r.name.padEnd(40)} ${extra.slice(0, 5).map(([pkg, kb]) => `${pkg} ${kb.toFixed(1)}`).join(', ')}`);
}

console.log(`\nWhat ${mid.name} is made of (KB in the bundle, by package):`);
for (const [pkg, kb] of byPackage(mid.metafile).slice(0, 15)) console.log(`  ${kb.toFixed(1).padStart(6)}  ${pkg}`);
console.log(`What it carries beyond the floor (KB, by package or project file, 1 KB or more):`);
for (const [pkg, kb] of beyondFloor(mid.metafile).filter(([, kb]) => kb >= 1)) console.log(`  ${kb.toFixed(1).padStart(6)}  ${pkg}`);

// Variants of the median function, measured in this run against the bundle as deployed.
console.log(`\nVariants of ${mid.name} (bundle, import, whole process against the floor's):`);
const show = (label: string, kb: number, imp: number, ratio: number) =>
  console.log(`  ${label.padEnd(58)} ${kb.toFixed(0).padStart(5)} KB ${imp.toFixed(1).padStart(6)} ms ${ratio.toFixed(2).padStart(6)}x`);
show('as deployed (environment credentials, no source map)', mid.kb, mid.importMs, mid.ratio);
// The other aliases kept: only the credential chain is what these variants are about.
const chainAliases = Object.fromEntries(Object.entries(functionAliases(root)).filter(([pkg]) => pkg !== '@aws-sdk/credential-provider-node'));
const chain = await bundle('variant-chain', mid.entry, { aliases: chainAliases });
show("the SDK's default credential chain (before)", chain.kb, importMs(chain.file), processRatio(chain.file, [], floor.file));
const mapped = await bundle('variant-maps', mid.entry, { aliases: chainAliases, sourcemap: true });
show('default chain, source map shipped, --enable-source-maps (before)', mapped.kb, importMs(mapped.file, ['--enable-source-maps']), processRatio(mapped.file, ['--enable-source-maps'], floor.file));
const mappedNow = await bundle('variant-maps-now', mid.entry, { sourcemap: true });
show('as deployed plus source map and --enable-source-maps', mappedNow.kb, importMs(mappedNow.file, ['--enable-source-maps']), processRatio(mappedNow.file, ['--enable-source-maps'], floor.file));
const outside = await bundle('variant-sdk-outside', mid.entry, { sdkOutside: true });
show("the AWS SDK left out, loaded from node_modules as the runtime's copy would be", outside.kb, importMs(outside.file), processRatio(outside.file, [], floor.file));
rmSync(out, { recursive: true, force: true });
rmSync(floorDir, { recursive: true, force: true });
