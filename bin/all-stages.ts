/**
 * Every stage of cdk.json in one CDK app, for `npm run synth:all` only (bin/stages.js runs
 * `cdk synth -a 'npx tsx bin/all-stages.ts'`): the same stacks and cdk-nag checks as bin/portal.ts
 * gives each stage, but one process, so each function is bundled once and its asset shared by the
 * stages (the bundle does not depend on the stage), where three `cdk synth -c stage=<name>` bundled
 * every function three times. Deploys go through bin/portal.ts, one named stage at a time.
 */
import { loadStage } from '../infra/config.js';
import { stageStacks } from '../infra/app.js';
import { runCdkApp } from '../infra/cdk-app.js';

runCdkApp((app) => {
  const stages = app.node.tryGetContext('stages') as Record<string, unknown>;
  const env = { account: process.env.CDK_DEFAULT_ACCOUNT, region: process.env.CDK_DEFAULT_REGION };
  for (const name of Object.keys(stages)) stageStacks(app, loadStage(name, stages), env);
});
