/**
 * The CDK app of a stage's GitHub Actions roles and smoke secret (infra/deploy-role-stack.ts),
 * apart from the portal's stacks: `npm run deploy-role -- synth|deploy -c stage=<name>
 * -c githubRepo=<owner>/<repo> [-c oidcProviderArn=<arn>]`, deployed once per stage's account by an
 * administrator of that account. Synth needs no AWS account and looks nothing up (a test runs it).
 */
import { StageConfigError, loadStage } from '../infra/config.js';
import { runCdkApp } from '../infra/cdk-app.js';
import { DeployRoleStack } from '../infra/deploy-role-stack.js';

runCdkApp((app) => {
  const stage = loadStage(app.node.tryGetContext('stage'), app.node.tryGetContext('stages'));
  const githubRepo = app.node.tryGetContext('githubRepo') as string | undefined;
  if (!githubRepo) throw new StageConfigError('Name the repository whose workflow deploys: -c githubRepo=<owner>/<repo> (or "githubRepo" in cdk.json context).');
  const oidcProviderArn = app.node.tryGetContext('oidcProviderArn') as string | undefined;
  new DeployRoleStack(app, {
    stage,
    githubRepo,
    ...(oidcProviderArn ? { oidcProviderArn } : {}),
    env: { account: stage.account ?? process.env.CDK_DEFAULT_ACCOUNT, region: stage.region ?? process.env.CDK_DEFAULT_REGION },
  });
});
