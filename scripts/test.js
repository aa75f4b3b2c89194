#!/usr/bin/env node
// `npm test`: everything a fresh machine can run. Unit and API tests on PGlite; the API tests again
// on a throwaway PostgreSQL cluster (TEST_DATABASE_URL, or one started here when the binaries
// exist; the command-line, configuration and mail tests, which use no database of the test's
// choosing, run once); then the browser specs against the production build. Ends with "N passed, N failed".
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { postgresAvailable, startCluster } from './pg-cluster.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, '.tmp', 'test-results');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const totals = { passed: 0, failed: 0, skipped: 0 };
const only = process.argv.slice(2); // e.g. `npm test -- unit pg e2e`
const want = (stage) => only.length === 0 || only.includes(stage);

function run(label, cmd, args, env = {}) {
  console.log(`\n=== ${label} ===`);
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return r.status ?? 1;
}

function countVitest(file, status) {
  if (!existsSync(file)) {
    totals.failed += 1;
    console.log(`(no report from vitest: counted as a failure, exit code ${status})`);
    return;
  }
  const r = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += r.numPassedTests;
  // A file that fails to load has no failed test in it: count it as one failure.
  const brokenFiles = (r.testResults ?? []).filter((f) => f.status === 'failed' && !f.assertionResults?.some((a) => a.status === 'failed')).length;
  totals.failed += r.numFailedTests + brokenFiles;
  totals.skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
  if (status !== 0 && r.numFailedTests + brokenFiles === 0) totals.failed += 1;
}

function countPlaywright(file, status) {
  if (!existsSync(file)) {
    totals.failed += 1;
    console.log(`(no report from playwright: counted as a failure, exit code ${status})`);
    return;
  }
  const s = JSON.parse(readFileSync(file, 'utf8')).stats;
  totals.passed += s.expected + (s.flaky ?? 0);
  totals.failed += s.unexpected;
  totals.skipped += s.skipped;
  if (status !== 0 && s.unexpected === 0) totals.failed += 1;
}

const vitest = path.join(root, 'node_modules', 'vitest', 'vitest.mjs');
const jest = path.join(root, 'node_modules', 'jest', 'bin', 'jest.js');

if (want('jest')) {
  // The serverless stack: handler unit tests, CDK template tests, integration through the local stack.
  const file = path.join(out, 'jest.json');
  const status = run('serverless: unit, infrastructure and integration tests (jest)', process.execPath, [jest, '--json', `--outputFile=${file}`], {
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --experimental-vm-modules`.trim(),
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  });
  countVitest(file, status);
}

if (want('unit')) {
  const file = path.join(out, 'vitest-pglite.json');
  const status = run('unit and API tests (PGlite)', process.execPath, [vitest, 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${file}`]);
  countVitest(file, status);
}

if (want('pg')) {
  let cluster;
  let url = process.env.TEST_DATABASE_URL;
  if (!url && postgresAvailable()) {
    cluster = await startCluster();
    url = cluster.url;
  }
  if (url) {
    const file = path.join(out, 'vitest-postgres.json');
    try {
      const status = run('API tests (PostgreSQL)', process.execPath, [vitest, 'run', 'server', '--exclude', 'server/cli/cli.test.ts', '--exclude', 'server/config.test.ts', '--exclude', 'server/adapters/mail/**', '--reporter=default', '--reporter=json', `--outputFile.json=${file}`], { TEST_DATABASE_URL: url });
      countVitest(file, status);
    } finally {
      cluster?.stop();
    }
  } else {
    console.log('\n(PostgreSQL binaries not found and TEST_DATABASE_URL unset: the PostgreSQL pass is skipped)');
  }
}

if (want('e2e')) {
  const build = run('production build', process.execPath, [path.join(root, 'scripts', 'build.js'), '--if-stale']);
  if (build !== 0) totals.failed += 1;
  else {
    const file = path.join(out, 'playwright.json');
    const status = run('browser tests (Chromium)', process.execPath, [path.join(root, 'node_modules', '@playwright', 'test', 'cli.js'), 'test'], { PW_JSON: file });
    countPlaywright(file, status);
  }
}

console.log(`\n${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
process.exit(totals.failed > 0 ? 1 : 0);
