#!/usr/bin/env node
// `npm run test:changed [-- <git ref>]`: the developer's loop, minutes instead of the whole suite.
// Compared with the ref (default main; the work tree's uncommitted and new files count too):
// jest runs the test files that reach a changed file through their imports (jest
// --changedSince), then the browser specs of the features touched (test/changed-specs.js) on the
// production build. `npm test` stays what CI runs; this ends with what failed, if anything.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { specsFor } from './changed-specs.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ref = process.argv[2] ?? 'main';
const git = (...args) => spawnSync('git', args, { cwd: root, encoding: 'utf8' }).stdout.split('\n').filter(Boolean);
const changed = [...new Set([...git('diff', '--name-only', `${ref}...HEAD`), ...git('diff', '--name-only', 'HEAD'), ...git('ls-files', '--others', '--exclude-standard')])];
console.log(`${changed.length} file(s) changed since ${ref}`);
if (!changed.length) process.exit(0);


const specs = specsFor(changed, readdirSync(path.join(root, 'test', 'e2e')).filter((f) => f.endsWith('.spec.ts')));
// TEST_CHANGED_DRY_RUN=1: says what it would run and stops (the docs-commands test runs the command so).
if (process.env.TEST_CHANGED_DRY_RUN) {
  console.log(`would run: jest --changedSince ${ref}; browser specs: ${specs.join(', ') || 'none'}`);
  process.exit(0);
}

const run = (cmd, args, env = {}) => spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;
const failed = [];
const jest = path.join(root, 'node_modules', 'jest', 'bin', 'jest.js');
const jestEnv = { NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --experimental-vm-modules`.trim(), LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' };
console.log(`\n=== jest: the tests that reach a change since ${ref} ===`);
if (run(process.execPath, [jest, '--changedSince', ref, '--passWithNoTests', '--selectProjects', 'unit', 'web', 'infra', 'integration'], jestEnv) !== 0) failed.push('jest');

console.log(`\n=== browser specs of what changed: ${specs.join(', ') || 'none'} ===`);
if (specs.length) {
  if (run(process.execPath, [path.join(root, 'bin', 'build.js'), '--if-stale']) !== 0) failed.push('build');
  else if (run(process.execPath, [path.join(root, 'node_modules', '@playwright', 'test', 'cli.js'), 'test', ...specs.map((s) => `test/e2e/${s}`)]) !== 0) failed.push('browser specs');
}
console.log(failed.length ? `\nfailed: ${failed.join(', ')}` : '\nall passed');
process.exit(failed.length ? 1 : 0);
