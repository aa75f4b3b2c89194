/**
 * The roles GitHub Actions jobs assume for one stage, by OIDC (no long-lived keys), and the smoke
 * test's secret: one stack per stage's account, deployed once by an administrator of that account
 * (`npm run deploy-role -- deploy -c stage=<name> -c githubRepo=<owner>/<repo>`, see docs/deploying.md "How a
 * change reaches AWS").
 *
 * Both roles trust GitHub's OIDC provider for tokens whose audience is STS and whose subject is
 * exactly one job. The repository's subject template includes `repo`, `context` and
 * `job_workflow_ref` (README), so a subject names the repository, the job's environment (or its
 * ref or `pull_request` when it has none) and the workflow file with the ref it ran from:
 * - **deploy** (`portal-<stage>-github-deploy`): deploy-stage.yml's job in the stage's GitHub
 *   environment, run from main. It may only assume the CDK bootstrap roles of the account (which
 *   hold the deploy permissions), read what the smoke test needs: the portal stack's outputs
 *   and the smoke secret, whose resource policy refuses it to anyone else, and what the deploy's
 *   preflight reads (Lambda's concurrency figures, CloudTrail's trails; bin/deploy.ts). Its
 *   session lasts DEPLOY_SESSION_SECONDS: a deploy with canaries outlasts an hour.
 * - **read** (`portal-<stage>-github-read`): `cdk diff --method template` and nothing more (stack
 *   descriptions and templates), for the diff deploy.yml shows before prod's approval (main only)
 *   and, in the stage pull requests diff against, for pull-request.yml's diff job. It assumes no
 *   role: a pull request's code runs with it before anyone reviews it.
 */
import { CfnOutput, Duration, Stack, Token, Validations, type StackProps } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { removalPolicyOf, type Stage } from './config.js';
import { smokeSecretName } from './smoke/secret-name.js';

export const GITHUB_OIDC_HOST = 'token.actions.githubusercontent.com';
const BOOTSTRAP_ROLES = ['deploy', 'file-publishing', 'image-publishing', 'lookup'] as const;

/**
 * The deploy role's longest session (MaxSessionDuration), which deploy-stage.yml asks for in full
 * (`role-duration-seconds`): a stage's deploy with canaries outlasts the default hour. Chosen from
 * `npm run deploy -- --plan` (infra/deploy/plan.ts): at least the slowest stage's job, at most
 * AWS's 12 hours; test/infra/deploy-plan.test.ts holds the three together.
 */
export const DEPLOY_SESSION_SECONDS = 3 * 3600;

/** The claims the repository's OIDC subject template includes, in order (README; GitHub's documented example). */
export const SUBJECT_CLAIM_KEYS = ['repo', 'context', 'job_workflow_ref'] as const;
/** The stage pull-request.yml's diff job reads (`npm run diff:summary -- --stage dev`). */
export const PULL_REQUEST_DIFF_STAGE = 'dev';
/** The workflow files whose jobs the roles trust (.github/workflows). */
export const WORKFLOW_FILES = { deploy: 'deploy-stage.yml', diffBeforeApproval: 'deploy.yml', pullRequest: 'pull-request.yml' } as const;
export const MAIN = 'refs/heads/main';

/** `owner/repo`, or with immutable subject claims `owner@<id>/repo@<id>`, as the tokens' `repo:` part shows it. */
const REPO = /^[A-Za-z0-9_.-]+(@\d+)?\/[A-Za-z0-9_.-]+(@\d+)?$/;

/**
 * The OIDC subjects each role of a stage trusts (StringLike patterns; `*` only in a pull request's
 * number). `githubRepo` as the subject's `repo:` part shows it; the workflow path names the
 * repository without ids.
 */
export function trustedSubjects(githubRepo: string, stage: string): { deploy: string[]; read: string[] } {
  const names = githubRepo.replace(/@\d+/g, '');
  const workflow = (file: string, ref: string) => `job_workflow_ref:${names}/.github/workflows/${file}@${ref}`;
  return {
    deploy: [`repo:${githubRepo}:environment:${stage}:${workflow(WORKFLOW_FILES.deploy, MAIN)}`],
    read: [
      `repo:${githubRepo}:ref:${MAIN}:${workflow(WORKFLOW_FILES.diffBeforeApproval, MAIN)}`,
      ...(stage === PULL_REQUEST_DIFF_STAGE ? [`repo:${githubRepo}:pull_request:${workflow(WORKFLOW_FILES.pullRequest, 'refs/pull/*/merge')}`] : []),
    ],
  };
}

export interface DeployRoleProps extends StackProps {
  stage: Stage;
  /** The repository whose workflows run, as its tokens' `repo:` part shows it: `owner/repo` (or `owner@<id>/repo@<id>`). */
  githubRepo: string;
  /** An existing GitHub OIDC provider's ARN (one per account); unset: this stack creates it. */
  oidcProviderArn?: string;
  /** The CDK bootstrap qualifier (default hnb659fds). */
  qualifier?: string;
}

export class DeployRoleStack extends Stack {
  readonly role: iam.Role;
  readonly readRole: iam.Role;
  readonly smokeSecret: secretsmanager.CfnSecret;

  constructor(scope: Construct, props: DeployRoleProps) {
    super(scope, `Portal-${props.stage.name}-deploy-role`, props);
    if (!REPO.test(props.githubRepo)) throw new Error(`githubRepo must be owner/repo (or owner@<id>/repo@<id>), not "${props.githubRepo}"`);
    const stage = props.stage.name;
    const providerArn =
      props.oidcProviderArn ??
      new iam.CfnOIDCProvider(this, 'GitHubOidc', {
        url: `https://${GITHUB_OIDC_HOST}`,
        clientIdList: ['sts.amazonaws.com'],
      }).attrArn;
    const qualifier = props.qualifier ?? 'hnb659fds';
    const subjects = trustedSubjects(props.githubRepo, stage);
    const trust = (sub: string[]) =>
      new iam.FederatedPrincipal(
        providerArn,
        {
          StringEquals: { [`${GITHUB_OIDC_HOST}:aud`]: 'sts.amazonaws.com' },
          StringLike: { [`${GITHUB_OIDC_HOST}:sub`]: sub },
        },
        'sts:AssumeRoleWithWebIdentity',
      );

    // Made empty here, so its resource policy exists before `admin create-smoke-accounts` writes a value.
    this.smokeSecret = new secretsmanager.CfnSecret(this, 'SmokeAccounts', {
      name: smokeSecretName(stage),
      description: `The smoke test's accounts of stage ${stage} (npm run smoke): written by npm run admin -- create-smoke-accounts; only the deploy role may read it.`,
    });
    // As the stage's other secrets: kept (except when its own create fails) where the stage retains its data.
    this.smokeSecret.applyRemovalPolicy(removalPolicyOf(props.stage));

    this.role = new iam.Role(this, 'Deploy', {
      roleName: `portal-${stage}-github-deploy`,
      description: `GitHub Actions deploys stage ${stage} from ${props.githubRepo}: ${WORKFLOW_FILES.deploy} on main, environment ${stage}`,
      assumedBy: trust(subjects.deploy),
      // A deploy with canaries outlasts the default hour (npm run deploy -- --plan).
      maxSessionDuration: Duration.seconds(DEPLOY_SESSION_SECONDS),
      inlinePolicies: {
        cdk: new iam.PolicyDocument({
          statements: [
            // The deploy's preflight (bin/deploy.ts): the account's Lambda concurrency, what the
            // stage's functions hold now, and whether CloudTrail logs management events. Reads only.
            new iam.PolicyStatement({
              sid: 'PreflightReadsAccountConcurrency',
              actions: ['lambda:GetAccountSettings', 'cloudtrail:DescribeTrails', 'cloudtrail:GetTrailStatus', 'cloudtrail:GetEventSelectors'],
              resources: ['*'],
            }),
            new iam.PolicyStatement({
              sid: 'PreflightReadsFunctionsConcurrency',
              actions: ['lambda:GetFunctionConcurrency', 'lambda:GetProvisionedConcurrencyConfig'],
              resources: [`arn:aws:lambda:${this.region}:${this.account}:function:*`],
            }),
            new iam.PolicyStatement({
              sid: 'PreflightFindsTheStagesFunctions',
              actions: ['cloudformation:DescribeStackResource'],
              resources: [`arn:aws:cloudformation:${this.region}:${this.account}:stack/Portal-${stage}/*`, `arn:aws:cloudformation:${this.region}:${this.account}:stack/Portal-${stage}-*/*`],
            }),
            // The smoke test after a deploy: the portal stack's outputs and the smoke accounts' secret.
            new iam.PolicyStatement({
              sid: 'SmokeTestReadsStackOutputs',
              actions: ['cloudformation:DescribeStacks'],
              resources: [`arn:aws:cloudformation:${this.region}:${this.account}:stack/Portal-${stage}/*`],
            }),
            new iam.PolicyStatement({
              sid: 'SmokeTestReadsItsAccounts',
              actions: ['secretsmanager:GetSecretValue'],
              resources: [this.smokeSecret.ref],
            }),
            new iam.PolicyStatement({
              sid: 'AssumeCdkBootstrapRoles',
              actions: ['sts:AssumeRole', 'sts:TagSession'],
              resources: BOOTSTRAP_ROLES.map((kind) => `arn:aws:iam::${this.account}:role/cdk-${qualifier}-${kind}-role-${this.account}-*`),
            }),
          ],
        }),
      },
    });

    this.readRole = new iam.Role(this, 'Read', {
      roleName: `portal-${stage}-github-read`,
      description: `GitHub Actions reads stage ${stage}'s stacks for cdk diff (templates and descriptions only)`,
      assumedBy: trust(subjects.read),
      inlinePolicies: {
        diff: new iam.PolicyDocument({
          statements: [
            new iam.PolicyStatement({
              sid: 'DiffReadsTheStagesStacks',
              actions: ['cloudformation:DescribeStacks', 'cloudformation:DescribeStackResources', 'cloudformation:GetTemplate', 'cloudformation:GetTemplateSummary', 'cloudformation:ListStackResources'],
              // The stage's region and us-east-1 (its edge stacks).
              resources: [`arn:aws:cloudformation:*:${this.account}:stack/Portal-${stage}/*`, `arn:aws:cloudformation:*:${this.account}:stack/Portal-${stage}-*/*`],
            }),
            // No path to the CDK roles (deploy, publishing, lookup), whatever else is attached later.
            new iam.PolicyStatement({
              sid: 'AssumesNoRole',
              effect: iam.Effect.DENY,
              actions: ['sts:AssumeRole', 'sts:TagSession', 'sts:SetSourceIdentity'],
              resources: ['*'],
            }),
          ],
        }),
      },
    });

    new secretsmanager.CfnResourcePolicy(this, 'SmokeAccountsPolicy', {
      secretId: this.smokeSecret.ref,
      blockPublicPolicy: true,
      resourcePolicy: {
        Version: '2012-10-17',
        Statement: [
          {
            Sid: 'OnlyTheDeployRoleReadsIt',
            Effect: 'Deny',
            Principal: { AWS: '*' },
            Action: 'secretsmanager:GetSecretValue',
            Resource: '*',
            Condition: { StringNotEquals: { 'aws:PrincipalArn': this.role.roleArn } },
          },
        ],
      },
    });

    const acct = Token.isUnresolved(this.account) ? '<AWS::AccountId>' : this.account;
    const region = Token.isUnresolved(this.region) ? '<AWS::Region>' : this.region;
    Validations.of(this.role).acknowledge(
      ...BOOTSTRAP_ROLES.map((kind) => ({
        id: `AwsSolutions-IAM5[Resource::arn:aws:iam::${acct}:role/cdk-${qualifier}-${kind}-role-${acct}-*]`,
        reason: 'A CDK bootstrap role of this account, in any region (the name ends with the region): the deploy role can do nothing but assume these.',
      })),
      {
        id: `AwsSolutions-IAM5[Resource::arn:aws:cloudformation:${region}:${acct}:stack/Portal-${stage}/*]`,
        reason: "The portal stack by name; the rest of a stack's ARN is the id CloudFormation gives it when it is created. DescribeStacks (its outputs) and DescribeStackResource (the preflight).",
      },
      {
        id: `AwsSolutions-IAM5[Resource::arn:aws:cloudformation:${region}:${acct}:stack/Portal-${stage}-*/*]`,
        reason: "The stage's other stacks by name, DescribeStackResource only: the preflight finds the stage's functions to read what they reserve now.",
      },
      {
        id: `AwsSolutions-IAM5[Resource::arn:aws:lambda:${region}:${acct}:function:*]`,
        reason: 'The preflight reads the reserved and provisioned concurrency of the stage\'s functions, whose names CloudFormation generates: two reads of configuration, no code, no invocation.',
      },
      {
        id: 'AwsSolutions-IAM5[Resource::*]',
        reason: 'The preflight: lambda:GetAccountSettings and cloudtrail:DescribeTrails take no resource; the trail status and selectors are read for whichever trail covers the region (the organisation\'s included). Reads only.',
      },
    );
    Validations.of(this.readRole).acknowledge(
      ...[`Portal-${stage}`, `Portal-${stage}-*`].map((name) => ({
        id: `AwsSolutions-IAM5[Resource::arn:aws:cloudformation:*:${acct}:stack/${name}/*]`,
        reason: "The stage's stacks by name (the stage's region and us-east-1), read only: descriptions and templates, for cdk diff.",
      })),
      {
        id: 'AwsSolutions-IAM5[Resource::*]',
        reason: 'A Deny: this role may assume no role at all.',
      },
    );
    Validations.of(this.smokeSecret).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason: 'The smoke accounts are Cognito users: a new password is set by deleting them and running admin create-smoke-accounts again, which writes a new value.',
    });

    new CfnOutput(this, 'RoleArn', { value: this.role.roleArn, description: `AWS_DEPLOY_ROLE_ARN of the ${stage} environment (deploy-stage.yml)` });
    new CfnOutput(this, 'ReadRoleArn', { value: this.readRole.roleArn, description: `AWS_READ_ROLE_ARN_${stage.toUpperCase()}, a repository secret (the diff jobs)` });
  }
}
