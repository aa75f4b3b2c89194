/**
 * What every CDK app entry of bin/ does around its stacks (portal.ts, all-stages.ts,
 * deploy-role.ts): a stage setting that is wrong is one line and exit 1, not a stack trace; every
 * stack is checked by cdk-nag's AwsSolutions pack; then the app is synthesised.
 */
import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { StageConfigError } from './config.js';

export function runCdkApp(addStacks: (app: App) => void): void {
  const app = new App();
  try {
    addStacks(app);
  } catch (e) {
    if (!(e instanceof StageConfigError)) throw e;
    console.error(e.message);
    process.exit(1);
  }
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  app.synth();
}
