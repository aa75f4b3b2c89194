/**
 * The infra project's setup file: aws-cdk-lib (every entry point of its package), constructs and
 * cdk-nag are the worker process's own, loaded once by Node (the environment's `__hostRequire`),
 * instead of a copy per test file in jest's module registry. The template tests then share one
 * synthesis of a stage across files (./synth.ts): a kept synthesis calls into aws-cdk-lib long
 * after the file that made it has finished, which a per-file copy, torn down with its file, could
 * not serve. Each file still loads the project's own code (infra/) fresh.
 */
/* global jest */
const host = globalThis.__hostRequire;
// Not for a file that loads its own copy (`@cdk-per-file`, see test/support/worker-environment.js).
const shared = [
  ...Object.keys(host ? host('aws-cdk-lib/package.json').exports : {})
    .filter((e) => !/\.json$|\/\.jsii$|\.warnings\.jsii\.js$/.test(e))
    .map((e) => (e === '.' ? 'aws-cdk-lib' : `aws-cdk-lib/${e.slice(2)}`)),
  'constructs',
  'cdk-nag',
];
if (host) for (const name of shared) jest.mock(name, () => host(name));
