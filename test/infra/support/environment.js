/**
 * The infra project's jest environment: Node's, plus what lets the template tests share one
 * synthesis of a stage across the test files a worker process runs (each file synthesised the
 * same stages again, about 8 s each, some 45 times a run):
 * - `__portalSynths`: one map per worker that outlives a test file, where ./synth.ts keeps each
 *   synthesis it made;
 * - `__hostRequire`: the worker's own `require`, from which ./host-modules.cjs gives the files
 *   aws-cdk-lib, constructs and cdk-nag loaded once (a kept synthesis calls into aws-cdk-lib after
 *   the file that made it has been torn down, with its module registry).
 * A file whose CDK app must see that file's own process.env (jest gives each file a copy) says
 * `@cdk-per-file` in its first comment, and loads its own copy as before.
 */
import { createRequire } from 'node:module';
import { TestEnvironment } from 'jest-environment-node';

const synths = new Map();
const hostRequire = createRequire(import.meta.url);

export default class InfraEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    if ('cdk-per-file' in context.docblockPragmas) return;
    this.global.__portalSynths = synths;
    this.global.__hostRequire = hostRequire;
  }
}
