#!/usr/bin/env node
// `npm test`: everything a fresh machine can run. jest (handler unit tests with mocked AWS
// clients, the web app's rules, the CDK templates with cdk-nag, and integration tests through the
// local stack: cognito-local, dynalite, s3rver; DynamoDB Local too when Java is present), then the
// browser specs in Chromium against the production web build on the local stack with demo data.
// `npm test -- jest`, `npm test -- iam` (on what the last jest run recorded) or `npm test -- e2e` runs one stage. Ends with "N passed, N failed".
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, openSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, '.tmp', 'test-results');
const totals = { passed: 0, failed: 0, skipped: 0 };
const only = process.argv.slice(2);
const want = (stage) => only.length === 0 || only.includes(stage);
// A fresh folder, but `npm test -- iam` alone keeps the calls the last jest run recorded.
for (const entry of existsSync(out) ? readdirSync(out) : []) {
  if (entry !== 'aws-calls' || want('jest')) rmSync(path.join(out, entry), { recursive: true, force: true });
}
mkdirSync(out, { recursive: true });

/** What each stage took, the tests and expectations it ran, and its slowest files: printed at the end. */
const stages = [];
const slowest = [];
const counts = { tests: 0, expectations: 0 };
const countsDir = path.join(out, 'expectations');
mkdirSync(countsDir, { recursive: true });

const runStarted = Date.now();

function run(label, cmd, args, env = {}) {
  console.log(`\n=== ${label} ===`);
  const started = Date.now();
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, PORTAL_EXPECT_COUNTS: countsDir, ...env } });
  stages.push({ label, seconds: (Date.now() - started) / 1000 });
  return r.status ?? 1;
}

/**
 * A stage run beside the next ones: its output goes to a file, printed whole once it has ended
 * (`finish()` waits for it), so it does not interleave with the stage running at the same time.
 */
function runBeside(label, cmd, args, env = {}) {
  console.log(`\n=== ${label}: started beside the next stage, its output follows when both have ended ===`);
  const started = Date.now();
  const log = path.join(out, `${label.split(' ')[0].toLowerCase()}-output.txt`);
  const fd = openSync(log, 'w');
  const child = spawn(cmd, args, { cwd: root, stdio: ['ignore', fd, fd], env: { ...process.env, PORTAL_EXPECT_COUNTS: countsDir, ...env } });
  const ended = new Promise((resolve) => child.on('close', (code) => resolve(code ?? 1)));
  let seconds;
  void ended.then(() => (seconds = (Date.now() - started) / 1000));
  return {
    async finish() {
      const status = await ended;
      console.log(`\n=== ${label} (beside the browser tests) ===`);
      process.stdout.write(readFileSync(log, 'utf8'));
      stages.push({ label: `${label}, beside the browser tests`, seconds });
      return status;
    },
  };
}

/** The sum of the numbers in a counts file (one line per jest test file; one line from Playwright). */
function expectationsIn(name) {
  const file = path.join(countsDir, name);
  if (!existsSync(file)) return 0;
  const sum = readFileSync(file, 'utf8').split('\n').filter(Boolean).reduce((a, b) => a + Number(b), 0);
  rmSync(file);
  return sum;
}

const relative = (f) => path.relative(root, f);

function countJest(file, status) {
  if (!existsSync(file)) {
    totals.failed += 1;
    console.log(`(no report from jest: counted as a failure, exit code ${status})`);
    return;
  }
  const r = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += r.numPassedTests;
  counts.tests += r.numTotalTests;
  counts.expectations += expectationsIn('jest-expectations.txt');
  for (const f of r.testResults ?? []) slowest.push({ kind: 'jest', name: relative(f.name), seconds: (f.endTime - f.startTime) / 1000 });
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
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const s = report.stats;
  totals.passed += s.expected + (s.flaky ?? 0);
  counts.tests += s.expected + (s.flaky ?? 0) + s.unexpected + s.skipped;
  counts.expectations += expectationsIn('playwright-expectations.txt');
  // One walk of the report: each spec file's time (the sum of its tests': one worker runs a file) and the flaky tests.
  const perFile = new Map();
  const flaky = [];
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        for (const res of t.results ?? []) perFile.set(spec.file, (perFile.get(spec.file) ?? 0) + res.duration / 1000);
        if (t.status === 'flaky') flaky.push(`${spec.file}:${spec.line} ${spec.title}`);
      }
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report.suites ?? []) walk(suite);
  totals.flaky = flaky;
  for (const [name, seconds] of perFile) slowest.push({ kind: 'browser', name: path.join('test', 'e2e', name), seconds });
  totals.failed += s.unexpected;
  totals.skipped += s.skipped;
  if (status !== 0 && s.unexpected === 0) totals.failed += 1;
}

const jest = path.join(root, 'node_modules', 'jest', 'bin', 'jest.js');
const jestEnv = { NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --experimental-vm-modules`.trim(), LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' };

if (want('jest')) {
  // Unit, web and template tests, then the integration tests, each in three workers on the two
  // cores: a worker waits now and then (the docs commands' servers and child processes, each
  // integration file's local stack starting and answering over loopback), and a third keeps both
  // cores busy in the meantime. Measured on the quiet machine (issue 41, eighth turn): the
  // integration tests 148 s in two workers against 119 s in three; the unit stage 4 min 31 s in
  // three (6 min 18 s in two the turn before). Each integration file's local stack still runs in
  // its worker's process.
  const parts = [
    { label: 'unit, web and infrastructure tests (jest, three workers)', name: 'jest-unit', args: ['--maxWorkers=3', '--selectProjects', 'unit', 'web', 'infra'] },
    { label: 'integration tests through the local stack (jest, three workers)', name: 'jest-integration', args: ['--maxWorkers=3', '--selectProjects', 'integration'] },
  ];
  for (const part of parts) {
    const file = path.join(out, `${part.name}.json`);
    const status = run(part.label, process.execPath, [jest, '--json', `--outputFile=${file}`, ...part.args], jestEnv);
    countJest(file, status);
  }
}

// The IAM check reads the AWS calls the integration tests recorded (.tmp/test-results/aws-calls),
// so it starts after them: every call evaluated against every stage's policies (test/iam). It runs
// beside the browser tests (whose local stacks record no calls): they leave about a tenth of the
// two cores idle while specs wait on the clock, which the check's half a minute fills.
const iamFile = path.join(out, 'iam.json');
const iam = want('jest') || want('iam')
  ? runBeside('IAM check of the recorded AWS calls (jest, two workers)', process.execPath, [jest, '--json', `--outputFile=${iamFile}`, '--maxWorkers=2', '--selectProjects', 'iam'], jestEnv)
  : undefined;

if (want('e2e')) {
  const build = run('production build of the web app', process.execPath, [path.join(root, 'bin', 'build.js'), '--if-stale']);
  if (build !== 0) totals.failed += 1;
  else {
    const file = path.join(out, 'playwright.json');
    // No screenshots: they are for a person looking at a spec run by hand (E2E_SHOTS=1 here to have
    // them); no assertion reads one, and they were about a tenth of the stage.
    const status = run('browser tests (Chromium, local stack)', process.execPath, [path.join(root, 'node_modules', '@playwright', 'test', 'cli.js'), 'test'], { PW_JSON: file, E2E_SHOTS: process.env.E2E_SHOTS ?? '0' });
    countPlaywright(file, status);
  }
}

if (iam) countJest(iamFile, await iam.finish());

// What the run cost, stage by stage, and where: the first place to look when the suite slows down.
const m = (sec) => `${Math.floor(sec / 60)}m ${String(Math.round(sec % 60)).padStart(2, '0')}s`;
console.log('\n=== time per stage ===');
for (const st of stages) console.log(`${m(st.seconds).padStart(8)}  ${st.label}`);
// From start to end (a stage run beside another is not added twice).
console.log(`${m((Date.now() - runStarted) / 1000).padStart(8)}  in all`);
for (const kind of ['jest', 'browser']) {
  const top = slowest.filter((x) => x.kind === kind).sort((a, b) => b.seconds - a.seconds).slice(0, 10);
  if (!top.length) continue;
  console.log(`\n=== the ten slowest ${kind === 'jest' ? 'jest files' : 'browser spec files'} ===`);
  for (const x of top) console.log(`${m(x.seconds).padStart(8)}  ${x.name}`);
}
console.log(`\n${counts.tests} tests ran ${counts.expectations} expectations`);
if (totals.flaky?.length) console.log(`\nflaky (failed, then passed when run again; a defect to mend): ${totals.flaky.length}\n${totals.flaky.map((f) => `  ${f}`).join('\n')}`);
console.log(`\n${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
process.exit(totals.failed > 0 ? 1 : 0);
