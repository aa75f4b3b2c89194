/**
 * The jest environment of the infra and integration projects: Node's, plus what a worker process
 * keeps across the test files it runs (jest gives each file its own module registry and globals,
 * so a holder in a module would be a new one for every file). Each holder lives in this module,
 * which Node loads once per worker, and is handed to every file as a global:
 * - `__portalSynths`: the syntheses ../infra/support/synth.ts made, for the worker's later files
 *   (the assemblies themselves are kept on disk for the run, ../infra/support/synth-cache.ts);
 * - `__hostRequire`: the worker's own `require`, from which ../infra/support/host-modules.cjs gives
 *   the infra files aws-cdk-lib, constructs and cdk-nag loaded once (a kept synthesis calls into
 *   aws-cdk-lib after the file that made it has been torn down, with its module registry);
 * - `__portalParkedCognito`: where infra/local/cognito.ts parks cognito-local's thread between
 *   local stacks (each stack still gets a fresh pool; what a file no longer pays for is the
 *   thread's start, about half a second of loading cognito-local's modules).
 * A file whose CDK app must see that file's own process.env (jest gives each file a copy) says
 * `@cdk-per-file` in its first comment: it gets neither of the first two, and loads its own copy
 * of aws-cdk-lib as before.
 */
import { createRequire } from 'node:module';
import { TestEnvironment } from 'jest-environment-node';

const synths = new Map();
const hostRequire = createRequire(import.meta.url);
const parkedCognito = { threads: 0, runs: 0 };

export default class WorkerEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    this.global.__portalParkedCognito = parkedCognito;
    if ('cdk-per-file' in context.docblockPragmas) return;
    this.global.__portalSynths = synths;
    this.global.__hostRequire = hostRequire;
  }
}
