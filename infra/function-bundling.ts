/**
 * How every function is bundled, in one place for the CDK construct (infra/function-construct.ts)
 * and the benches that measure the bundles exactly as they are deployed (test/bench/functions.bench.ts).
 *
 * - Minified ESM for Node 22, the AWS SDK inside (the version the tests ran, not the runtime's copy).
 * - `@aws-sdk/credential-provider-node`, the SDK's default credential chain, is replaced by
 *   lambdas/shared/platform/lambda-credentials.ts (credentials from the environment, which is where Lambda
 *   puts the role's): the chain's other sources and the STS and SSO clients they bring are about
 *   130 KB of every bundle that no function runs.
 * - `@aws/lambda-invoke-store` is one copy: Powertools' Logger and commons each carry their
 *   own older one (0.2.4) beside the SDK's (0.3.0, the same store and API with three keys more, shared
 *   through `globalThis.awslambda` anyway): two copies less in every bundle.
 * - The route table goes in as the rows of the routes the function answers, cut to what the API
 *   middleware reads of them (`routeAccess`: access, refusal text, users-table read; a few hundred
 *   bytes), in place of the whole table with every route's grants (about 12 KB; every route's rows,
 *   about 5 KB, until issue 42). esbuild's define is one for all the entries of a run, so each
 *   function's bundle starts from an entry of its own that sets its rows (PORTAL_BUNDLED_ROUTES)
 *   and exports its handler (`functionEntry`, written under .tmp/function-entries/); the define
 *   says only that the rows are there (PORTAL_BUNDLED: lambdas/shared/platform/middleware.ts
 *   `routeOf`). All bundles are still made in one esbuild run (the CDK app, the local cold mode).
 * - No function carries the S3 client: its calls are signed and sent without it
 *   (lambdas/shared/platform/s3-requests.ts, s3-signing.ts; test/infra/function-bundling.test.ts).
 * - The SES client comes from a copy whose operation schemas esbuild can drop when unused
 *   (./sdk-literal-keys.ts): about 45 KB less in the functions that send mail.
 * - The local stack's failures on purpose (FAULTS, lambdas/shared/platform/faults.ts) are left out
 *   of the deployed bundles (`functionDefine`); the local cold mode builds the same bundles with them.
 * - Source maps are written beside the synthesised templates (cdk.out/source-maps/<handler>/),
 *   not into the function's code: they are for decoding a stack trace, and a 2 MB map read at
 *   every cold start with --enable-source-maps bought nothing a function needs.
 */
import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { BuildOptions } from 'esbuild';
import { routeAccess, routesByKey, type RouteAccess } from '../lambdas/routes.js';
import { restClientAliases } from './sdk-literal-keys.js';

/** Bundled CommonJS dependencies call require(); ESM output has none of its own. */
export const CJS_REQUIRE_BANNER = "import { createRequire as portalCreateRequire } from 'node:module'; const require = portalCreateRequire(import.meta.url);";
export const FUNCTION_TARGET = 'node22';
export const FUNCTION_MAIN_FIELDS = ['module', 'main'];
/** Package -> replacement, relative to the project's root (esbuild's --alias). */
export const FUNCTION_ALIASES: Readonly<Record<string, string>> = {
  '@aws-sdk/credential-provider-node': './lambdas/shared/platform/lambda-credentials.ts',
  '@aws/lambda-invoke-store': './node_modules/@aws/lambda-invoke-store',
};
/**
 * The aliases a function is bundled with: FUNCTION_ALIASES, and the REST-protocol SDK client (SES)
 * from its copy with literal schema keys (./sdk-literal-keys.ts, made here when missing).
 */
export const functionAliases = (root: string): Record<string, string> => ({ ...FUNCTION_ALIASES, ...restClientAliases(root) });
/**
 * Where a bundle runs: deployed (the CDK app, the benches, the bundling test) or in the local
 * stack's cold mode, which sets `faultInjection` (the local stack's FAULTS reach its functions).
 */
export interface BundleUse {
  faultInjection?: boolean;
}
/**
 * esbuild's define for every function: the route rows are in the bundle (set by its entry), the
 * table is not; and, but for the local cold mode, PORTAL_FAULT_INJECTION 'off', so that the
 * failures on purpose (lambdas/shared/platform/faults.ts: its SDK middleware, the S3 and telemetry
 * faults) are left out of the deployed bundles: no stage sets FAULTS (a template test checks every
 * function's environment), so on AWS that code only ever passed each call on.
 */
export const functionDefine = (faultInjection = false): Record<string, string> => ({
  'process.env.PORTAL_BUNDLED': JSON.stringify('true'),
  ...(faultInjection ? {} : { 'process.env.PORTAL_FAULT_INJECTION': JSON.stringify('off') }),
});

/** The rows of the routes `handler` (`<area>/<name>`) answers, cut to what the API middleware reads; none for a job or trigger. */
export function bundledRoutes(handler: string): Record<string, RouteAccess> {
  return Object.fromEntries(Object.entries(routeAccess()).filter(([key]) => routesByKey.get(key)?.handler === handler));
}

/**
 * Where esbuild starts the bundle of the module `file`: for a route's handler an entry of its own
 * (.tmp/function-entries/<area>/<name>.mjs) that exports the handler and sets its route rows
 * before any request; any other file (a job, a trigger, a bench's handler) is its own entry.
 * Written only when its text changes, and in one step, for runs side by side.
 */
export function functionEntry(root: string, file: string): string {
  const handler = path.relative(path.join(root, 'lambdas'), file).replace(/\.ts$/, '').split(path.sep).join('/');
  const rows = bundledRoutes(handler);
  if (!Object.keys(rows).length) return file;
  const entry = path.join(root, '.tmp', 'function-entries', `${handler}.mjs`);
  const text = [
    `// The bundle of lambdas/${handler}.ts with its route rows (infra/function-bundling.ts functionEntry).`,
    `export * from ${JSON.stringify(file)};`,
    `globalThis.PORTAL_BUNDLED_ROUTES = ${JSON.stringify(rows)};`,
    '',
  ].join('\n');
  let current: string | undefined;
  try {
    current = readFileSync(entry, 'utf8');
  } catch {
    current = undefined;
  }
  if (current !== text) {
    mkdirSync(path.dirname(entry), { recursive: true });
    const part = `${entry}.${process.pid}.${Math.random().toString(36).slice(2)}`;
    writeFileSync(part, text);
    renameSync(part, entry);
  }
  return entry;
}
/** Where a synth leaves each function's source map (never shipped with the function). */
export const sourceMapDir = (root: string, handler: string) => path.join(root, 'cdk.out', 'source-maps', ...handler.split('/'));

/** The same bundle as the construct makes, for a bench: esbuild's JavaScript API with the same options. */
export function functionBuildOptions(
  root: string,
  entry: string,
  outfile: string,
  aliases: Readonly<Record<string, string>> = functionAliases(root),
  { faultInjection = false }: BundleUse = {},
): BuildOptions {
  return {
    entryPoints: entry ? [functionEntry(root, entry)] : [],
    outfile,
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'node',
    target: FUNCTION_TARGET,
    mainFields: FUNCTION_MAIN_FIELDS,
    banner: { js: CJS_REQUIRE_BANNER },
    define: functionDefine(faultInjection),
    alias: Object.fromEntries(Object.entries(aliases).map(([k, v]) => [k, path.resolve(root, v)])),
    tsconfig: path.join(root, 'tsconfig.json'),
    logLevel: 'error',
  };
}

/** Every function's entry, as `<area>/<name>`: the files under lambdas/<area>/ (lambdas/shared holds none). */
export function handlerNames(root: string): string[] {
  const lambdas = path.join(root, 'lambdas');
  return readdirSync(lambdas, { withFileTypes: true })
    .filter((d) => d.isDirectory() && d.name !== 'shared')
    .flatMap((d) => readdirSync(path.join(lambdas, d.name)).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts')).map((f) => `${d.name}/${f.replace(/\.ts$/, '')}`))
    .sort();
}

/**
 * Many functions in one esbuild run, each still a bundle of its own built with the options above:
 * the run parses the SDK and the shared code once for all of them (69 functions in about 10 s,
 * where one esbuild process per function took over 2 minutes). `entries`: the output's name under
 * `outdir` (no extension) -> the handler (`<area>/<name>`).
 */
export function functionsBuildOptions(root: string, entries: Readonly<Record<string, string>>, outdir: string, use: BundleUse = {}): BuildOptions {
  const { outfile: _one, entryPoints: _entry, ...options } = functionBuildOptions(root, '', '', functionAliases(root), use);
  const entryPoints = Object.fromEntries(Object.entries(entries).map(([out, handler]) => [out, functionEntry(root, path.join(root, 'lambdas', `${handler}.ts`))]));
  return { ...options, entryPoints, outdir, outExtension: { '.js': '.mjs' } };
}
