/**
 * The CDK app: one stack per environment, `npx cdk synth|deploy -c stage=<name>`, the stage's
 * settings from cdk.json context `stages.<name>`, checked by cdk-nag's AwsSolutions pack.
 */
import { loadStage } from '../infra/config.js';
import { stageStacks } from '../infra/app.js';
import { runCdkApp } from '../infra/cdk-app.js';

runCdkApp((app) => {
  const stage = loadStage(app.node.tryGetContext('stage'), app.node.tryGetContext('stages'));
  stageStacks(app, stage, { account: process.env.CDK_DEFAULT_ACCOUNT, region: process.env.CDK_DEFAULT_REGION });
});
