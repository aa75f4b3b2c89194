/**
 * jest for everything that is not a browser: unit (handlers with mocked AWS clients), web (the web
 * app's pure rules), infra (CDK assertions and cdk-nag on the synthesised templates) and integration
 * (the handlers through the local stack over HTTP). ESM throughout (run with --experimental-vm-modules, see package.json).
 */
import { spawnSync } from 'node:child_process';

// DynamoDB Local needs Java: without it, its test file is left out with one line saying so
// (an empty or skipped suite would read as a failure or as a test that ran).
const javaMissing = spawnSync('java', ['-version'], { stdio: 'ignore' }).status !== 0;
const needsJava = ['/test/integration/dynamodb-local\\.test\\.ts$'];
if (javaMissing) console.warn('test/integration/dynamodb-local.test.ts not run: java is not on the PATH (DynamoDB Local needs it; CI installs it)');

const swc = (tsx) => ['@swc/jest', { jsc: { parser: { syntax: 'typescript', tsx }, target: 'es2023', transform: { react: { runtime: 'automatic' } } }, module: { type: 'es6' } }];
const common = {
  extensionsToTreatAsEsm: ['.ts', '.tsx'],
  transform: { '^.+\\.ts$': swc(false), '^.+\\.tsx$': swc(true) },
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  testEnvironment: 'node',
  // Powertools off as in the local stack: no tracing, no EMF lines (a test that wants them sets them).
  setupFiles: ['<rootDir>/test/support/powertools-env.js'],
  // Counts each file's expectations for the summary of `npm test` (test/run.js).
  setupFilesAfterEnv: ['<rootDir>/test/support/count-expectations.js'],
};

export default {
  // A guard against a test that hangs, not a measure of speed: jest's 5 s failed tests that run a
  // few seconds of CPU (an insight over 90 rolled days, the whole demo seeded into fake tables) when
  // three workers share the two cores. A file or test that needs longer still sets its own. Here,
  // not in a project: jest reads the per-test timeout from the run's own settings only, and
  // ignored it in the projects (test/unit/config/jest-timeout.test.ts holds it).
  testTimeout: 30_000,
  // One worker process, replaced when a test file leaves it above 2 GB: on the 2 cores jest would
  // otherwise run every file in its own process (in band), whose heap then grows over the ~150
  // files until a major collection pauses an in-process emulator past a client's 3 s timeout.
  workerIdleMemoryLimit: '2GB',
  // The longest files first, so none is left running alone at a stage's end (its header says why).
  testSequencer: '<rootDir>/test/support/slow-first-sequencer.mjs',
  projects: [
    { ...common, displayName: 'unit', testMatch: ['<rootDir>/test/unit/**/*.test.ts'] },
    { ...common, displayName: 'web', testMatch: ['<rootDir>/web/**/*.test.ts'] },
    // Its environment keeps each synthesised stage for the worker's later files, and its setup file
    // gives them aws-cdk-lib loaded once (test/support/worker-environment.js, test/infra/support/host-modules.cjs).
    {
      ...common,
      displayName: 'infra',
      testMatch: ['<rootDir>/test/infra/**/*.test.ts'],
      testEnvironment: '<rootDir>/test/support/worker-environment.js',
      setupFiles: [...common.setupFiles, '<rootDir>/test/infra/support/host-modules.cjs'],
    },
    // After the others (test/run.js runs it last): it reads the AWS calls they recorded.
    { ...common, displayName: 'iam', testMatch: ['<rootDir>/test/iam/**/*.test.ts'] },
    // Its environment keeps cognito-local's thread for the worker's later files, each stack with a
    // fresh pool (test/support/worker-environment.js, infra/local/cognito.ts).
    {
      ...common,
      displayName: 'integration',
      testMatch: ['<rootDir>/test/integration/**/*.test.ts'],
      testPathIgnorePatterns: ['/node_modules/', ...(javaMissing ? needsJava : [])],
      testEnvironment: '<rootDir>/test/support/worker-environment.js',
    },
  ],
};
