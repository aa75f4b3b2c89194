/**
 * The deploy's figures, from every stage's synthesised stacks: what the concurrency preflight
 * demands of the account equals what the stage's functions reserve and provision plus the 100
 * Lambda keeps unreserved; and the pipeline's deploy job timeout, the session it asks for and the
 * deploy role's MaxSessionDuration cover the worst case `npm run deploy -- --plan` works out
 * (infra/deploy/plan.ts), within AWS's 12 hours. `npm run deploy -- --plan --stage prod` runs
 * offline, with no AWS credentials.
 */
import { jest } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { load } from 'js-yaml';
import { stacksOf } from '../../infra/deploy/assembly.js';
import { concurrencyNeeded } from '../../infra/deploy/concurrency.js';
import { deployPlan, MAX_SESSION_SECONDS, planProblems } from '../../infra/deploy/plan.js';
import { DEPLOY_SESSION_SECONDS } from '../../infra/deploy-role-stack.js';
import { ROOT } from '../../infra/function-construct.js';
import { publicHandlers } from '../../infra/public-routes.js';
import { stages, synth } from './support/synth.js';

jest.setTimeout(600_000);

interface Step {
  uses?: string;
  with?: Record<string, unknown>;
}
const workflow = load(readFileSync(path.join(ROOT, '.github', 'workflows', 'deploy-stage.yml'), 'utf8')) as { jobs: { deploy: { 'timeout-minutes': number; steps: Step[] } } };
const job = workflow.jobs.deploy;
const roleDuration = Number(job.steps.find((s) => s.uses?.startsWith('aws-actions/configure-aws-credentials@'))?.with?.['role-duration-seconds']);

describe.each(Object.keys(stages))('stage %s', (name) => {
  const s = synth(name);
  const stacks = stacksOf(s.assembly);
  const resources = stacks.flatMap((st) => Object.entries(st.template.Resources ?? {}).map(([id, r]) => ({ stack: st.stackName, id, r })));

  it('demands of the account what its functions reserve and provision, plus the 100 Lambda keeps unreserved', () => {
    const reserved = new Map(resources.filter(({ r }) => r.Type === 'AWS::Lambda::Function').map(({ stack, id, r }) => [`${stack}/${id}`, Number(r.Properties?.ReservedConcurrentExecutions ?? 0)]));
    const provisioned = new Map<string, number>();
    for (const { stack, r } of resources.filter(({ r }) => r.Type === 'AWS::Lambda::Alias')) {
      const key = `${stack}/${(r.Properties!.FunctionName as { Ref: string }).Ref}`;
      provisioned.set(key, (provisioned.get(key) ?? 0) + Number((r.Properties!.ProvisionedConcurrencyConfig as { ProvisionedConcurrentExecutions?: number } | undefined)?.ProvisionedConcurrentExecutions ?? 0));
    }
    // Each function's ReservedConcurrentExecutions plus its alias's ProvisionedConcurrencyConfig,
    // except that the instances of a function that reserves are taken from its reservation
    // (Lambda: provisioned concurrency cannot exceed reserved), so they are not counted twice.
    const sum = [...reserved].reduce((n, [key, r]) => n + (r || (provisioned.get(key) ?? 0)), 0);

    const needed = concurrencyNeeded(stacks);
    if (sum === 0) expect(needed.size).toBe(0);
    else expect(Object.fromEntries(needed)).toEqual({ [s.stage.region!]: { held: sum, needed: sum + 100 } });
    // The same figure from the stage's settings: each public route's reservation, and the warm instances of the other functions.
    const publicReserved = (s.stage.publicRouteConcurrency ?? 0) * publicHandlers.size;
    const warmElsewhere = Object.entries(s.stage.warmFunctions).reduce((n, [h, x]) => n + (s.stage.publicRouteConcurrency && publicHandlers.has(h) ? 0 : x), 0);
    expect(sum).toBe(publicReserved + warmElsewhere);
  });

  it("fits its deploy's worst case in the job's timeout and the deploy role's session", () => {
    const plan = deployPlan(stacks);
    expect(planProblems(plan, { timeoutMinutes: job['timeout-minutes'], roleDurationSeconds: roleDuration, maxSessionSeconds: DEPLOY_SESSION_SECONDS })).toEqual([]);
    expect(job['timeout-minutes']).toBeGreaterThanOrEqual(plan.jobMinutes);
    expect(roleDuration).toBeGreaterThanOrEqual(plan.jobMinutes * 60);
    expect(roleDuration).toBeLessThanOrEqual(DEPLOY_SESSION_SECONDS);
    expect(DEPLOY_SESSION_SECONDS).toBeLessThanOrEqual(MAX_SESSION_SECONDS);
  });

  it("plans each stack's canaries at the stage's canaryMinutes, and every deployment group", () => {
    const plan = deployPlan(stacks);
    const groups = resources.filter(({ r }) => r.Type === 'AWS::CodeDeploy::DeploymentGroup').length;
    expect(plan.stacks.reduce((n, t) => n + t.deploymentGroups, 0)).toBe(groups);
    const slowest = plan.stacks.flatMap((t) => (t.slowest ? [t.slowest] : []));
    if (s.stage.canary) {
      expect(groups).toBeGreaterThan(0);
      expect(new Set(slowest.map((g) => g.trafficMinutes))).toEqual(new Set([s.stage.canaryMinutes]));
    } else {
      expect(groups).toBe(0);
    }
  });
});

describe('the plan of prod', () => {
  const stacks = stacksOf(synth('prod').assembly);
  const plan = deployPlan(stacks);

  it('deploys by dependency level: edge, portal, the areas with jobs and edge-watch at once, then watch', () => {
    expect(plan.levels.map((l) => l.map((t) => t.stackName).sort())).toEqual([
      ['Portal-prod-edge'],
      ['Portal-prod'],
      ['Portal-prod-accounts', 'Portal-prod-documents', 'Portal-prod-edge-watch', 'Portal-prod-jobs', 'Portal-prod-operations', 'Portal-prod-reports', 'Portal-prod-users'],
      ['Portal-prod-watch'],
    ]);
    expect(plan.concurrency).toBe(7);
    // docs/deploying.md's figure: 11 public routes reserving 20, and 6 warm instances of which embed-data's 1 is within its reservation.
    expect(concurrencyNeeded(stacks).get('eu-west-1')).toEqual({ held: 225, needed: 325 });
    expect(plan.worstMinutes).toBe(plan.levels.reduce((n, l) => n + Math.max(...l.map((t) => t.minutes)), 0));
  });

  it('is what the deploy passes to cdk deploy as --concurrency', () => {
    expect(readFileSync(path.join(ROOT, 'bin', 'deploy.ts'), 'utf8')).toContain("'--concurrency', String(plan.concurrency)");
  });

  it('is printed by npm run deploy -- --plan --stage prod, offline, with no AWS credentials', () => {
    const home = mkdtempSync(path.join(os.tmpdir(), 'deploy-plan-'));
    try {
      const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^(AWS_|CDK_|NODE_OPTIONS$)/.test(k)));
      const r = spawnSync('bash', ['-c', 'npm run deploy -- --plan --stage prod'], { cwd: ROOT, env: { ...env, HOME: home, AWS_EC2_METADATA_DISABLED: 'true' }, encoding: 'utf8', timeout: 300_000 });
      expect({ status: r.status, stderr: r.status === 0 ? '' : r.stderr }).toEqual({ status: 0, stderr: '' });
      expect(r.stdout).toContain(`Deploy plan of stage prod: 10 stacks in 4 dependency levels, cdk deploy --concurrency 7`);
      expect(r.stdout).toContain(`worst case: ${plan.worstMinutes} min`);
      expect(r.stdout).toContain(`configured: job timeout ${job['timeout-minutes']} min, role-duration-seconds ${roleDuration}, the deploy role's MaxSessionDuration ${DEPLOY_SESSION_SECONDS} s: enough`);
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  });
});
