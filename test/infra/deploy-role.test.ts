/**
 * The CI roles of every stage (infra/deploy-role-stack.ts) and the smoke secret beside them: which
 * GitHub jobs each role lets in (a token's audience and subject, as IAM reads the trust), what each
 * may do, and that only the deploy role may read the smoke accounts. Subjects follow the
 * repository's subject template (repo, context, job_workflow_ref):
 * https://docs.github.com/en/actions/reference/security/oidc
 */
import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { loadStage } from '../../infra/config.js';
import { DEPLOY_SESSION_SECONDS, DeployRoleStack, PULL_REQUEST_DIFF_STAGE, SUBJECT_CLAIM_KEYS, trustedSubjects } from '../../infra/deploy-role-stack.js';
import { stages } from './support/synth.js';
import { trustAllows, type TrustStatement } from './support/oidc-trust.js';

const REPO = 'example-org/customer-portal';
const STS = 'sts.amazonaws.com';
type Resource = { Type: string; Properties: Record<string, unknown> };
type Statement = { Sid?: string; Effect?: string; Action: string | string[]; Resource: unknown; Condition?: unknown; Principal?: unknown };

function synth(name: string, githubRepo = REPO) {
  const stage = loadStage(name, stages);
  const stack = new DeployRoleStack(new App(), { stage, githubRepo, env: { account: stage.account ?? '333333333333', region: stage.region } });
  const resources = Template.fromStack(stack).toJSON().Resources as Record<string, Resource>;
  const role = (roleName: string) => Object.values(resources).find((r) => r.Type === 'AWS::IAM::Role' && r.Properties.RoleName === roleName)!.Properties;
  const deploy = role(`portal-${name}-github-deploy`);
  const read = role(`portal-${name}-github-read`);
  const trust = (r: Record<string, unknown>) => (r.AssumeRolePolicyDocument as { Statement: TrustStatement[] }).Statement;
  const statements = (r: Record<string, unknown>) => (r.Policies as { PolicyDocument: { Statement: Statement[] } }[]).flatMap((p) => p.PolicyDocument.Statement);
  const logicalId = (type: string) => Object.entries(resources).find(([, r]) => r.Type === type)![0];
  return { stage, stack, resources, deploy, read, trust, statements, logicalId };
}

/** The subject GitHub gives a job under the template repo, context, job_workflow_ref. */
const subject = (context: string, workflow: string, ref: string, repo = REPO) => `repo:${repo}:${context}:job_workflow_ref:${repo}/.github/workflows/${workflow}@${ref}`;
const deployJob = (stage: string, ref = 'refs/heads/main') => subject(`environment:${stage}`, 'deploy-stage.yml', ref);
const mainDiffJob = subject('ref:refs/heads/main', 'deploy.yml', 'refs/heads/main');
const pullRequestJob = subject('pull_request', 'pull-request.yml', 'refs/pull/42/merge');

describe.each(Object.keys(stages))('stage %s: the deploy role', (name) => {
  const s = synth(name);
  const lets = (sub: string, aud = STS) => trustAllows(s.trust(s.deploy), { aud, sub });

  it("trusts the subject naming the repository, the stage's environment and deploy-stage.yml on main, for STS", () => {
    expect(s.trust(s.deploy)).toEqual([
      {
        Action: 'sts:AssumeRoleWithWebIdentity',
        Effect: 'Allow',
        Principal: { Federated: { 'Fn::GetAtt': [s.logicalId('AWS::IAM::OIDCProvider'), 'Arn'] } },
        Condition: {
          StringEquals: { 'token.actions.githubusercontent.com:aud': STS },
          StringLike: { 'token.actions.githubusercontent.com:sub': [`repo:${REPO}:environment:${name}:job_workflow_ref:${REPO}/.github/workflows/deploy-stage.yml@refs/heads/main`] },
        },
      },
    ]);
    expect(lets(deployJob(name))).toBe(true);
  });

  it('refuses a token for another audience', () => {
    expect(lets(deployJob(name), 'https://github.com/example-org')).toBe(false);
  });

  it('refuses another repository, including one whose name only starts the same', () => {
    expect(lets(subject(`environment:${name}`, 'deploy-stage.yml', 'refs/heads/main', 'other-org/customer-portal'))).toBe(false);
    expect(lets(deployJob(name).replace(`repo:${REPO}:`, `repo:${REPO}-fork:`))).toBe(false);
  });

  it("refuses the same job in another stage's environment, and a job without an environment", () => {
    for (const other of Object.keys(stages).filter((o) => o !== name)) expect(lets(deployJob(other))).toBe(false);
    expect(lets(subject('ref:refs/heads/main', 'deploy-stage.yml', 'refs/heads/main'))).toBe(false);
  });

  it('refuses the workflow run from any ref but main: a branch, a tag, a pull request', () => {
    for (const ref of ['refs/heads/feature', 'refs/heads/main-old', 'refs/tags/v1', 'refs/pull/42/merge']) expect(lets(deployJob(name, ref))).toBe(false);
  });

  it('refuses another workflow file in the environment on main, and the read-only jobs', () => {
    expect(lets(subject(`environment:${name}`, 'deploy.yml', 'refs/heads/main'))).toBe(false);
    expect(lets(subject(`environment:${name}`, 'pull-request.yml', 'refs/heads/main'))).toBe(false);
    expect(lets(mainDiffJob)).toBe(false);
    expect(lets(pullRequestJob)).toBe(false);
  });

  it("may only assume the account's CDK bootstrap roles, read the portal stack's outputs and the smoke secret, and what the preflight checks", () => {
    const { account, region } = s.stack;
    expect(Object.fromEntries(s.statements(s.deploy).map((st) => [st.Sid, [st.Effect ?? 'Allow', st.Action, st.Resource]]))).toEqual({
      AssumeCdkBootstrapRoles: ['Allow', ['sts:AssumeRole', 'sts:TagSession'], ['deploy', 'file-publishing', 'image-publishing', 'lookup'].map((k) => `arn:aws:iam::${account}:role/cdk-hnb659fds-${k}-role-${account}-*`)],
      SmokeTestReadsStackOutputs: ['Allow', 'cloudformation:DescribeStacks', `arn:aws:cloudformation:${region}:${account}:stack/Portal-${name}/*`],
      SmokeTestReadsItsAccounts: ['Allow', 'secretsmanager:GetSecretValue', { Ref: s.logicalId('AWS::SecretsManager::Secret') }],
      PreflightReadsAccountConcurrency: ['Allow', ['lambda:GetAccountSettings', 'cloudtrail:DescribeTrails', 'cloudtrail:GetTrailStatus', 'cloudtrail:GetEventSelectors'], '*'],
      PreflightReadsFunctionsConcurrency: ['Allow', ['lambda:GetFunctionConcurrency', 'lambda:GetProvisionedConcurrencyConfig'], `arn:aws:lambda:${region}:${account}:function:*`],
      PreflightFindsTheStagesFunctions: ['Allow', 'cloudformation:DescribeStackResource', [`arn:aws:cloudformation:${region}:${account}:stack/Portal-${name}/*`, `arn:aws:cloudformation:${region}:${account}:stack/Portal-${name}-*/*`]],
    });
  });

  it('lasts the session deploy-stage.yml asks for (a deploy with canaries outlasts the default hour)', () => {
    expect(s.deploy.MaxSessionDuration).toBe(DEPLOY_SESSION_SECONDS);
  });
});

describe.each(Object.keys(stages))('stage %s: the read-only role', (name) => {
  const s = synth(name);
  const lets = (sub: string, aud = STS) => trustAllows(s.trust(s.read), { aud, sub });
  const pullRequests = name === PULL_REQUEST_DIFF_STAGE;

  it(`trusts deploy.yml's jobs on main${pullRequests ? " and pull-request.yml's pull-request jobs" : ' only (pull requests diff against dev)'}, for STS`, () => {
    expect(s.trust(s.read)).toEqual([
      {
        Action: 'sts:AssumeRoleWithWebIdentity',
        Effect: 'Allow',
        Principal: { Federated: { 'Fn::GetAtt': [s.logicalId('AWS::IAM::OIDCProvider'), 'Arn'] } },
        Condition: {
          StringEquals: { 'token.actions.githubusercontent.com:aud': STS },
          StringLike: {
            'token.actions.githubusercontent.com:sub': [
              `repo:${REPO}:ref:refs/heads/main:job_workflow_ref:${REPO}/.github/workflows/deploy.yml@refs/heads/main`,
              ...(pullRequests ? [`repo:${REPO}:pull_request:job_workflow_ref:${REPO}/.github/workflows/pull-request.yml@refs/pull/*/merge`] : []),
            ],
          },
        },
      },
    ]);
    expect(lets(mainDiffJob)).toBe(true);
    expect(lets(pullRequestJob)).toBe(pullRequests);
  });

  it('refuses a token for another audience, another repository, another ref or workflow', () => {
    expect(lets(mainDiffJob, 'https://github.com/example-org')).toBe(false);
    expect(lets(subject('ref:refs/heads/main', 'deploy.yml', 'refs/heads/main', 'other-org/customer-portal'))).toBe(false);
    expect(lets(subject('ref:refs/heads/feature', 'deploy.yml', 'refs/heads/feature'))).toBe(false);
    expect(lets(subject('ref:refs/heads/main', 'deploy-stage.yml', 'refs/heads/main'))).toBe(false);
    expect(lets(subject('pull_request', 'deploy.yml', 'refs/pull/42/merge'))).toBe(false);
    expect(lets(deployJob(name))).toBe(false);
  });

  it("reads the stage's stack descriptions and templates, and may assume no role", () => {
    const { account } = s.stack;
    expect(s.statements(s.read)).toEqual([
      {
        Sid: 'DiffReadsTheStagesStacks',
        Effect: 'Allow',
        Action: ['cloudformation:DescribeStacks', 'cloudformation:DescribeStackResources', 'cloudformation:GetTemplate', 'cloudformation:GetTemplateSummary', 'cloudformation:ListStackResources'],
        Resource: [`arn:aws:cloudformation:*:${account}:stack/Portal-${name}/*`, `arn:aws:cloudformation:*:${account}:stack/Portal-${name}-*/*`],
      },
      { Sid: 'AssumesNoRole', Effect: 'Deny', Action: ['sts:AssumeRole', 'sts:TagSession', 'sts:SetSourceIdentity'], Resource: '*' },
    ]);
    expect(s.read.ManagedPolicyArns).toBeUndefined();
  });
});

describe.each(Object.keys(stages))('stage %s: the smoke secret', (name) => {
  const s = synth(name);

  it('is made empty, named portal/<stage>/smoke (create-smoke-accounts writes its value)', () => {
    const secret = s.resources[s.logicalId('AWS::SecretsManager::Secret')]!.Properties;
    expect(secret.Name).toBe(`portal/${name}/smoke`);
    expect(secret.SecretString).toBeUndefined();
    expect(secret.GenerateSecretString).toBeUndefined();
  });

  it("has a resource policy refusing its value to every principal but the stage's deploy role", () => {
    expect(s.resources[s.logicalId('AWS::SecretsManager::ResourcePolicy')]!.Properties).toEqual({
      SecretId: { Ref: s.logicalId('AWS::SecretsManager::Secret') },
      BlockPublicPolicy: true,
      ResourcePolicy: {
        Version: '2012-10-17',
        Statement: [
          {
            Sid: 'OnlyTheDeployRoleReadsIt',
            Effect: 'Deny',
            Principal: { AWS: '*' },
            Action: 'secretsmanager:GetSecretValue',
            Resource: '*',
            Condition: { StringNotEquals: { 'aws:PrincipalArn': { 'Fn::GetAtt': [Object.entries(s.resources).find(([, r]) => r.Properties.RoleName === `portal-${name}-github-deploy`)![0], 'Arn'] } } },
          },
        ],
      },
    });
  });
});

describe('the roles of a stage, in general', () => {
  const prod = loadStage('prod', stages);

  it("put GitHub's documented subject template into each subject: repo, context, job_workflow_ref", () => {
    expect(SUBJECT_CLAIM_KEYS).toEqual(['repo', 'context', 'job_workflow_ref']);
    expect(trustedSubjects(REPO, 'prod').deploy[0]).toMatch(new RegExp(`^repo:${REPO}:environment:prod:job_workflow_ref:${REPO}/\\.github/workflows/deploy-stage\\.yml@refs/heads/main$`));
  });

  it("take a repository with immutable ids in the subject's repo part, and name it without ids in the workflow's path", () => {
    const s = synth('prod', 'example-org@123456/customer-portal@456789');
    expect(trustAllows(s.trust(s.deploy), { aud: STS, sub: `repo:example-org@123456/customer-portal@456789:environment:prod:job_workflow_ref:${REPO}/.github/workflows/deploy-stage.yml@refs/heads/main` })).toBe(true);
    expect(trustAllows(s.trust(s.deploy), { aud: STS, sub: deployJob('prod') })).toBe(false);
  });

  it('refuse a repository that is not owner/repo', () => {
    for (const bad of ['customer-portal', 'example-org/customer-portal:environment:prod', 'example-org/*', 'a/b/c'])
      expect(() => new DeployRoleStack(new App(), { stage: prod, githubRepo: bad })).toThrow('githubRepo must be owner/repo');
  });

  it("use an existing OIDC provider when given one, and create none", () => {
    const arn = 'arn:aws:iam::222222222222:oidc-provider/token.actions.githubusercontent.com';
    const stack = new DeployRoleStack(new App(), { stage: prod, githubRepo: REPO, oidcProviderArn: arn, env: { account: prod.account, region: prod.region } });
    const template = Template.fromStack(stack);
    template.resourceCountIs('AWS::IAM::OIDCProvider', 0);
    template.resourceCountIs('AWS::IAM::Role', 2);
    for (const role of Object.values(template.findResources('AWS::IAM::Role'))) expect((role as Resource).Properties.AssumeRolePolicyDocument).toMatchObject({ Statement: [{ Principal: { Federated: arn } }] });
  });
});
