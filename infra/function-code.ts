/**
 * The deployable code of every function, built the first time a synthesis needs one: all handlers
 * under lambdas/ in one esbuild run (./function-bundling.ts `functionsBuildOptions`), each its own
 * minified bundle with an external source map. The construct (./function-construct.ts) takes its
 * function's folder (one `index.mjs`) as the asset; CDK copies it into cdk.out at once, and its
 * hash is the bundle's content, as NodejsFunction's output hash was (the templates are the same).
 * The maps go beside the templates (cdk.out/source-maps/<handler>/), never into the function's
 * code, and their sources are written relative to that folder.
 *
 * Before, each function was a NodejsFunction that ran an esbuild process of its own: 69 processes,
 * each parsing the SDK again, about 2 minutes of a synthesis on a 2-core machine; one run takes
 * about 10 s.
 */
import { mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { buildSync } from 'esbuild';
import { functionsBuildOptions, handlerNames, sourceMapDir } from './function-bundling.js';

let built: { dir: string; names: ReadonlySet<string> } | undefined;

/**
 * The folder holding `handler`'s bundle (`index.mjs`), built with every other function's on the
 * first call of a process. `keep`: leave the folder when the process ends (a synthesis without
 * asset staging points its templates at it); otherwise it is removed at exit, once CDK has copied
 * each bundle into cdk.out.
 */
export function functionCodeDir(root: string, handler: string, keep = false): string {
  if (!built?.names.has(handler)) {
    const names = [...new Set([...handlerNames(root), handler])];
    // Under cdk.out at the depth of the maps' folder, so each map's sources are right from there.
    mkdirSync(path.join(root, 'cdk.out'), { recursive: true });
    const dir = mkdtempSync(path.join(root, 'cdk.out', '.functions-'));
    buildSync({ ...functionsBuildOptions(root, Object.fromEntries(names.map((n) => [`${n}/index`, n])), dir), sourcemap: 'external' });
    for (const name of names) {
      mkdirSync(sourceMapDir(root, name), { recursive: true });
      renameSync(path.join(dir, name, 'index.mjs.map'), path.join(sourceMapDir(root, name), 'index.mjs.map'));
    }
    if (!keep) process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    built = { dir, names: new Set(names) };
  }
  return path.join(built.dir, handler);
}
