/**
 * The integration project's jest environment: Node's, plus `__portalParkedCognito`, one holder per
 * worker process that outlives a test file, where infra/local/cognito.ts parks its cognito-local
 * thread between stacks. Each stack still gets a fresh pool (its own data folder, pool service and
 * port); what a file no longer pays for is the thread's start, about half a second of loading
 * cognito-local's modules (jest gives each file its own module registry, so a holder in that
 * module would be a new one for every file).
 */
import { TestEnvironment } from 'jest-environment-node';

const parkedCognito = { threads: 0, runs: 0 };

export default class IntegrationEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    this.global.__portalParkedCognito = parkedCognito;
  }
}
