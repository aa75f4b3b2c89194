/**
 * The role a GitHub Actions job assumes to deploy one stage, by OIDC (no long-lived keys): one
 * stack per stage's account, deployed once by an administrator of that account
 * (`npm run deploy-role -- -c stage=<name> -c githubRepo=<owner>/<repo>`, see README "How a change
 * reaches AWS"). The role trusts GitHub's OIDC provider for tokens whose audience is STS and whose
 * subject is exactly this repository's job in this stage's GitHub environment; it may only assume
 * the CDK bootstrap roles of the account and region (deploy, file and image publishing, lookup),
 * which hold the deploy permissions themselves, and read what the smoke test after a deploy needs
 * (the portal stack's outputs, the smoke accounts' secret).
 */
import { CfnOutput, Stack, Token, Validations, type StackProps } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import type { Construct } from 'constructs';
import type { Stage } from './config.js';

export const GITHUB_OIDC_HOST = 'token.actions.githubusercontent.com';
const BOOTSTRAP_ROLES = ['deploy', 'file-publishing', 'image-publishing', 'lookup'] as const;

export interface DeployRoleProps extends StackProps {
  stage: Stage;
  /** `owner/repo` of the repository whose workflow deploys. */
  githubRepo: string;
  /** An existing GitHub OIDC provider's ARN (one per account); unset: this stack creates it. */
  oidcProviderArn?: string;
  /** The CDK bootstrap qualifier (default hnb659fds). */
  qualifier?: string;
}

export class DeployRoleStack extends Stack {
  readonly role: iam.Role;

  constructor(scope: Construct, props: DeployRoleProps) {
    super(scope, `Portal-${props.stage.name}-deploy-role`, props);
    if (!/^[A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+$/.test(props.githubRepo)) throw new Error(`githubRepo must be owner/repo, not "${props.githubRepo}"`);
    const providerArn =
      props.oidcProviderArn ??
      new iam.CfnOIDCProvider(this, 'GitHubOidc', {
        url: `https://${GITHUB_OIDC_HOST}`,
        clientIdList: ['sts.amazonaws.com'],
      }).attrArn;
    const qualifier = props.qualifier ?? 'hnb659fds';
    this.role = new iam.Role(this, 'Deploy', {
      roleName: `portal-${props.stage.name}-github-deploy`,
      description: `GitHub Actions deploys stage ${props.stage.name} from ${props.githubRepo} (environment ${props.stage.name})`,
      assumedBy: new iam.FederatedPrincipal(
        providerArn,
        {
          StringEquals: {
            [`${GITHUB_OIDC_HOST}:aud`]: 'sts.amazonaws.com',
            [`${GITHUB_OIDC_HOST}:sub`]: `repo:${props.githubRepo}:environment:${props.stage.name}`,
          },
        },
        'sts:AssumeRoleWithWebIdentity',
      ),
      inlinePolicies: {
        cdk: new iam.PolicyDocument({
          statements: [
            // The smoke test after a deploy: the portal stack's outputs and the smoke accounts' secret.
            new iam.PolicyStatement({
              sid: 'SmokeTestReadsStackOutputs',
              actions: ['cloudformation:DescribeStacks'],
              resources: [`arn:aws:cloudformation:${this.region}:${this.account}:stack/Portal-${props.stage.name}/*`],
            }),
            new iam.PolicyStatement({
              sid: 'SmokeTestReadsItsAccounts',
              actions: ['secretsmanager:GetSecretValue'],
              resources: [`arn:aws:secretsmanager:${this.region}:${this.account}:secret:portal/${props.stage.name}/smoke-*`],
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
    const acct = Token.isUnresolved(this.account) ? '<AWS::AccountId>' : this.account;
    Validations.of(this.role).acknowledge(
      ...BOOTSTRAP_ROLES.map((kind) => ({
        id: `AwsSolutions-IAM5[Resource::arn:aws:iam::${acct}:role/cdk-${qualifier}-${kind}-role-${acct}-*]`,
        reason: "A CDK bootstrap role of this account, in any region (the name ends with the region): the deploy role can do nothing but assume these.",
      })),
    );
    new CfnOutput(this, 'RoleArn', { value: this.role.roleArn, description: `role-to-assume for the ${props.stage.name} environment's deploy jobs` });
  }
}
