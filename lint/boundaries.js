/**
 * Which folder may import which, so that the arrows run one way (ESLint rule `portal/boundaries`):
 * - lambdas/ imports nothing from infra/, web/, bin/ or test/: the functions' code never depends on
 *   how they are deployed, shown or tested. What both sides need (tables, pool and bucket settings,
 *   function names) lives in lambdas/shared/resources/, which infra/ imports.
 * - lambdas/shared/ imports no handler: only lambdas/shared/ itself and the route table.
 * - web/ imports from lambdas/ only lambdas/shared/contract/ (the answers it parses, the rules it
 *   shares); its tests may also read lambdas/shared/resources/ to check a constant agrees.
 * Relative imports only: the repo has no path aliases.
 */
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');

/** The repo-relative target of a relative import from `file`, or undefined for a package. */
function target(file, spec) {
  if (!spec.startsWith('.')) return undefined;
  return path.relative(ROOT, path.resolve(path.dirname(file), spec)).split(path.sep).join('/');
}

const under = (p, dir) => p === dir || p.startsWith(`${dir}/`);

/** Why `from` may not import `to` (repo-relative paths), or undefined when it may. */
export function refusal(from, to) {
  if (under(from, 'lambdas')) {
    for (const dir of ['infra', 'web', 'bin', 'test']) {
      if (under(to, dir)) return `lambdas/ may not import ${dir}/: move what both need to lambdas/shared/resources/ (or another lambdas/shared/ room) and import it from there`;
    }
    if (under(from, 'lambdas/shared') && under(to, 'lambdas') && !under(to, 'lambdas/shared') && !/^lambdas\/routes(\.[jt]s)?$/.test(to)) {
      return 'lambdas/shared/ may not import a handler: move what both need into lambdas/shared/';
    }
  }
  if (under(from, 'web') && under(to, 'lambdas') && !under(to, 'lambdas/shared/contract')) {
    const isTest = /\.test\.tsx?$/.test(from);
    if (!(isTest && under(to, 'lambdas/shared/resources'))) return 'web/ may import from lambdas/ only lambdas/shared/contract/';
  }
  return undefined;
}

export const boundaries = {
  meta: { type: 'problem', docs: { description: 'Imports run one way: lambdas/ never into infra/ or web/; web/ into the contract only.' }, schema: [] },
  create(context) {
    const file = context.filename;
    const from = path.relative(ROOT, file).split(path.sep).join('/');
    const check = (node) => {
      const spec = node?.value;
      if (typeof spec !== 'string') return;
      const to = target(file, spec);
      const why = to === undefined ? undefined : refusal(from, to);
      if (why) context.report({ node, message: `${spec}: ${why}` });
    };
    return {
      ImportDeclaration: (n) => check(n.source),
      ExportNamedDeclaration: (n) => check(n.source),
      ExportAllDeclaration: (n) => check(n.source),
      ImportExpression: (n) => check(n.source),
    };
  },
};

export default { rules: { boundaries } };
