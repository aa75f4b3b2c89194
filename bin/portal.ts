/**
 * The CDK app: one stack per environment, `npx cdk synth|deploy -c stage=<name>`, the stage's
 * settings from cdk.json context `stages.<name>`, checked by cdk-nag's AwsSolutions pack.
 */
import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { StageConfigError, loadStage } from '../infra/config.js';
import { stageStacks } from '../infra/app.js';

const app = new App();
try {
  const stage = loadStage(app.node.tryGetContext('stage'), app.node.tryGetContext('stages'));
  stageStacks(app, stage, { account: process.env.CDK_DEFAULT_ACCOUNT, region: process.env.CDK_DEFAULT_REGION });
} catch (e) {
  if (!(e instanceof StageConfigError)) throw e;
  console.error(e.message);
  process.exit(1);
}
Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
app.synth();
