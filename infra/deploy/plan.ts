/**
 * How long deploying a stage can take, worked out from its synthesised stacks
 * (`npm run deploy -- --plan --stage NAME`, no AWS account needed): what the deploy job's timeout
 * and the deploy role's session must cover (.github/workflows/deploy-stage.yml `timeout-minutes`
 * and `role-duration-seconds`, the role's MaxSessionDuration in infra/deploy-role-stack.ts;
 * test/infra/deploy-plan.test.ts holds them to it).
 *
 * `cdk deploy --all --concurrency N` deploys a stack as soon as the stacks it depends on are done,
 * so a stage takes at most the sum, over its dependency levels, of the slowest stack of each level.
 * A stack takes its CloudFormation work, the slow resources it holds, and its slowest CodeDeploy
 * deployment: CloudFormation updates aliases that do not depend on one another at the same time,
 * and each alias's deployment waits for its pre-traffic hook, its canary or linear steps and its
 * rollback alarm's window. The margin covers what the model leaves out (CloudFormation's own
 * pacing, CodeDeploy's start latency, a slow asset upload).
 */
import type { CfnResource, DeployedStack, Template } from './assembly.js';

/** CloudFormation's work on a stack's ordinary resources: change set, creates and updates, asset upload. */
export const STACK_MINUTES = 5;

/** Resources whose create or update alone takes long, and how long at worst. */
export const SLOW_RESOURCES: Record<string, { minutes: number; why: string }> = {
  'AWS::CloudFront::Distribution': { minutes: 25, why: 'done when every edge location has the change (typically 5 to 15 minutes)' },
  'AWS::CertificateManager::Certificate': { minutes: 15, why: 'DNS validation when first created' },
  'Custom::CDKBucketDeployment': { minutes: 5, why: 'the web app copied to its bucket and CloudFront invalidated' },
};

/** Times the modelled worst case, for what the model leaves out. */
export const MARGIN = 1.5;

/** The deploy job's steps besides `cdk deploy`: checkout, npm ci, build, the preflight's synth, the smoke test. */
export const JOB_STEPS_MINUTES = 20;

/** AWS's longest role session (MaxSessionDuration at most 12 hours). */
export const MAX_SESSION_SECONDS = 12 * 3600;

/** Lambda retries a failed asynchronous call (CodeDeploy calls a hook so) twice by default, a minute or two apart. */
const ASYNC_ATTEMPTS_DEFAULT = 3;
const RETRY_DELAY_MINUTES = 2;

export interface GroupTime {
  alias: string;
  hookMinutes: number;
  trafficMinutes: number;
  alarmMinutes: number;
  minutes: number;
}

export interface StackTime {
  stackName: string;
  level: number;
  deploymentGroups: number;
  slowest?: GroupTime;
  slow: { type: string; minutes: number }[];
  minutes: number;
}

export interface Plan {
  stacks: StackTime[];
  /** Stacks by dependency level, first level first. */
  levels: StackTime[][];
  /** The sum over levels of the slowest stack in each. */
  worstMinutes: number;
  /** worstMinutes × MARGIN, rounded up. */
  withMarginMinutes: number;
  /** withMarginMinutes + JOB_STEPS_MINUTES: what the job's timeout and the role's session must cover. */
  jobMinutes: number;
  /** Stacks deployed at once: the widest level (`cdk deploy --concurrency`). */
  concurrency: number;
}

const ref = (v: unknown): string | undefined => (v && typeof v === 'object' && typeof (v as { Ref?: unknown }).Ref === 'string' ? (v as { Ref: string }).Ref : undefined);
const num = (v: unknown): number | undefined => (typeof v === 'number' ? v : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : undefined);

/** Minutes a deployment configuration shifts traffic for: CodeDeploy's predefined Lambda ones by name, or the stage's own. */
export function trafficMinutes(config: unknown, where: Template, all: DeployedStack[]): number {
  const id = ref(config);
  const own = id
    ? where.Resources?.[id]
    : all.flatMap((s) => Object.values(s.template.Resources ?? {})).find((r) => r.Type === 'AWS::CodeDeploy::DeploymentConfig' && r.Properties?.DeploymentConfigName === config);
  if (own) {
    const routing = own.Properties?.TrafficRoutingConfig as { Type: string; TimeBasedCanary?: { CanaryInterval: number }; TimeBasedLinear?: { LinearInterval: number; LinearPercentage: number } } | undefined;
    if (!routing || routing.Type === 'AllAtOnce') return 0;
    if (routing.TimeBasedCanary) return routing.TimeBasedCanary.CanaryInterval;
    if (routing.TimeBasedLinear) return routing.TimeBasedLinear.LinearInterval * Math.ceil(100 / routing.TimeBasedLinear.LinearPercentage);
  }
  if (typeof config === 'string') {
    if (config === 'CodeDeployDefault.LambdaAllAtOnce') return 0;
    const m = /^CodeDeployDefault\.Lambda(Canary|Linear)(\d+)Percent(?:Every)?(\d+)Minutes?$/.exec(config);
    if (m) return m[1] === 'Canary' ? Number(m[3]) : Number(m[3]) * Math.ceil(100 / Number(m[2]));
  }
  throw new Error(`No traffic shifting found for deployment configuration ${JSON.stringify(config)}`);
}

/** Minutes a hook function can hold a deployment: each attempt Lambda makes of it, to its timeout, and the waits between. */
function hookMinutes(hook: unknown, t: Template): number {
  const id = ref(hook);
  if (!id) return 0;
  const fn = t.Resources?.[id];
  if (!fn) throw new Error(`Hook function ${id} is not in the stack`);
  const timeout = num(fn.Properties?.Timeout) ?? 3;
  const invokeConfig = Object.values(t.Resources ?? {}).find((r) => r.Type === 'AWS::Lambda::EventInvokeConfig' && ref(r.Properties?.FunctionName) === id);
  const retries = num(invokeConfig?.Properties?.MaximumRetryAttempts);
  const attempts = retries === undefined ? ASYNC_ATTEMPTS_DEFAULT : retries + 1;
  return (attempts * timeout) / 60 + (attempts - 1) * RETRY_DELAY_MINUTES;
}

/** The longest window of the group's rollback alarms: a failure late in the canary can still roll it back. */
function alarmMinutes(group: CfnResource, t: Template): number {
  const alarms = ((group.Properties?.AlarmConfiguration as { Alarms?: { Name: unknown }[] } | undefined)?.Alarms ?? []).map((a) => {
    const id = ref(a.Name);
    const alarm = id ? t.Resources?.[id] : Object.values(t.Resources ?? {}).find((r) => r.Type === 'AWS::CloudWatch::Alarm' && r.Properties?.AlarmName === a.Name);
    if (!alarm) throw new Error(`Rollback alarm ${JSON.stringify(a.Name)} is not in the stack`);
    const p = alarm.Properties ?? {};
    const metrics = (p.Metrics as { Period?: number; MetricStat?: { Period?: number } }[] | undefined) ?? [];
    const period = num(p.Period) ?? Math.max(0, ...metrics.map((m) => m.MetricStat?.Period ?? m.Period ?? 0));
    return (period * (num(p.EvaluationPeriods) ?? 1)) / 60;
  });
  return Math.max(0, ...alarms);
}

/** The time of each alias deployment of a stack, by the alias's update policy. */
export function groupTimes(stack: DeployedStack, all: DeployedStack[]): GroupTime[] {
  const t = stack.template;
  return Object.entries(t.Resources ?? {})
    .filter(([, r]) => r.Type === 'AWS::Lambda::Alias' && r.UpdatePolicy?.CodeDeployLambdaAliasUpdate)
    .map(([alias, r]) => {
      const policy = r.UpdatePolicy!.CodeDeployLambdaAliasUpdate as { DeploymentGroupName: unknown; BeforeAllowTrafficHook?: unknown; AfterAllowTrafficHook?: unknown };
      const groupId = ref(policy.DeploymentGroupName);
      const group = groupId ? t.Resources?.[groupId] : undefined;
      if (!group) throw new Error(`${stack.stackName}: alias ${alias} names no deployment group of its stack`);
      const hooks = hookMinutes(policy.BeforeAllowTrafficHook, t) + hookMinutes(policy.AfterAllowTrafficHook, t);
      const traffic = trafficMinutes(group.Properties?.DeploymentConfigName, t, all);
      const alarm = alarmMinutes(group, t);
      return { alias, hookMinutes: hooks, trafficMinutes: traffic, alarmMinutes: alarm, minutes: hooks + traffic + alarm };
    });
}

/** The worst case of deploying these stacks with `cdk deploy --all --concurrency`. */
export function deployPlan(stacks: DeployedStack[]): Plan {
  const byName = new Map(stacks.map((s) => [s.stackName, s]));
  const levelOf = new Map<string, number>();
  const level = (s: DeployedStack, path: string[] = []): number => {
    const known = levelOf.get(s.stackName);
    if (known !== undefined) return known;
    if (path.includes(s.stackName)) throw new Error(`Stacks depend on one another in a cycle: ${[...path, s.stackName].join(' → ')}`);
    const deps = s.dependencies.map((d) => byName.get(d)).filter((d): d is DeployedStack => d !== undefined);
    const l = deps.length ? 1 + Math.max(...deps.map((d) => level(d, [...path, s.stackName]))) : 0;
    levelOf.set(s.stackName, l);
    return l;
  };
  const times: StackTime[] = stacks.map((s) => {
    const resources = Object.values(s.template.Resources ?? {});
    const slow = Object.entries(SLOW_RESOURCES).filter(([type]) => resources.some((r) => r.Type === type)).map(([type, x]) => ({ type, minutes: x.minutes }));
    const groups = groupTimes(s, stacks);
    const slowest = groups.reduce<GroupTime | undefined>((a, g) => (!a || g.minutes > a.minutes ? g : a), undefined);
    return {
      stackName: s.stackName,
      level: level(s),
      deploymentGroups: resources.filter((r) => r.Type === 'AWS::CodeDeploy::DeploymentGroup').length,
      ...(slowest ? { slowest } : {}),
      slow,
      minutes: STACK_MINUTES + slow.reduce((n, x) => n + x.minutes, 0) + (slowest?.minutes ?? 0),
    };
  });
  const levels: StackTime[][] = [];
  for (const t of times) (levels[t.level] ??= []).push(t);
  const worstMinutes = levels.reduce((n, l) => n + Math.max(...l.map((t) => t.minutes)), 0);
  const withMarginMinutes = Math.ceil(worstMinutes * MARGIN);
  return { stacks: times, levels, worstMinutes, withMarginMinutes, jobMinutes: withMarginMinutes + JOB_STEPS_MINUTES, concurrency: Math.max(...levels.map((l) => l.length)) };
}

/** What the pipeline is configured with: the job's timeout, the session it asks for, the role's longest session. */
export interface Configured {
  timeoutMinutes: number;
  roleDurationSeconds: number;
  maxSessionSeconds: number;
}

/** What is wrong with the configured times for this plan (nothing: they cover it). */
export function planProblems(plan: Plan, c: Configured): string[] {
  const out: string[] = [];
  if (c.timeoutMinutes < plan.jobMinutes) out.push(`the deploy job's timeout-minutes (${c.timeoutMinutes}) is under the plan's ${plan.jobMinutes} minutes`);
  if (c.roleDurationSeconds < plan.jobMinutes * 60) out.push(`role-duration-seconds (${c.roleDurationSeconds}) is under the plan's ${plan.jobMinutes * 60} seconds`);
  if (c.roleDurationSeconds > c.maxSessionSeconds) out.push(`role-duration-seconds (${c.roleDurationSeconds}) is over the deploy role's MaxSessionDuration (${c.maxSessionSeconds}): the credentials step would be refused`);
  if (c.maxSessionSeconds > MAX_SESSION_SECONDS) out.push(`MaxSessionDuration (${c.maxSessionSeconds}) is over AWS's 12 hours (${MAX_SESSION_SECONDS})`);
  return out;
}

const min = (n: number) => `${Number(n.toFixed(1))} min`;

/** The plan as `npm run deploy -- --plan` prints it. */
export function renderPlan(stageName: string, plan: Plan, c?: Configured): string {
  const lines = [`Deploy plan of stage ${stageName}: ${plan.stacks.length} stacks in ${plan.levels.length} dependency levels, cdk deploy --concurrency ${plan.concurrency}`];
  plan.levels.forEach((l, i) => {
    lines.push(`level ${i + 1} (slowest ${min(Math.max(...l.map((t) => t.minutes)))}):`);
    for (const t of l) {
      const parts = [`stack ${STACK_MINUTES}`, ...t.slow.map((x) => `${x.type} ${x.minutes}`)];
      if (t.slowest) parts.push(`${t.deploymentGroups} deployment groups at once, the slowest ${min(t.slowest.minutes)} (hook ${min(t.slowest.hookMinutes)} + traffic ${min(t.slowest.trafficMinutes)} + alarm ${min(t.slowest.alarmMinutes)})`);
      lines.push(`  ${t.stackName}: ${min(t.minutes)} = ${parts.join(' + ')}`);
    }
  });
  lines.push(
    `worst case: ${min(plan.worstMinutes)} (the slowest stack of each level, one level after another)`,
    `with a margin of ×${MARGIN}: ${plan.withMarginMinutes} min, plus ${JOB_STEPS_MINUTES} min for the job's other steps (install, build, synth, smoke): ${plan.jobMinutes} min, ${plan.jobMinutes * 60} s`,
  );
  if (c) {
    const problems = planProblems(plan, c);
    lines.push(
      `configured: job timeout ${c.timeoutMinutes} min, role-duration-seconds ${c.roleDurationSeconds}, the deploy role's MaxSessionDuration ${c.maxSessionSeconds} s: ${problems.length ? `NOT ENOUGH: ${problems.join('; ')}` : 'enough'}`,
    );
  }
  return lines.join('\n');
}
