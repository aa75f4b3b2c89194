/**
 * The deploy plan's model (infra/deploy/plan.ts) on small templates: a deployment's time from its
 * configuration (CodeDeploy's predefined canary and linear ones, a stage's own), its hook's attempts
 * and its rollback alarm's window; a stack's time; the worst case as the sum over dependency levels
 * of each level's slowest stack; and what the configured timeout and session must satisfy.
 */
import type { CfnResource, DeployedStack } from '../../../infra/deploy/assembly.js';
import { deployPlan, JOB_STEPS_MINUTES, MARGIN, planProblems, STACK_MINUTES, trafficMinutes } from '../../../infra/deploy/plan.js';

const alias = (n: number, config: unknown, hook?: string): Record<string, CfnResource> => ({
  [`Fn${n}`]: { Type: 'AWS::Lambda::Function', Properties: { Timeout: 10 } },
  [`Alarm${n}`]: { Type: 'AWS::CloudWatch::Alarm', Properties: { Period: 60, EvaluationPeriods: 2 } },
  [`Group${n}`]: { Type: 'AWS::CodeDeploy::DeploymentGroup', Properties: { DeploymentConfigName: config, AlarmConfiguration: { Alarms: [{ Name: { Ref: `Alarm${n}` } }] } } },
  [`Live${n}`]: {
    Type: 'AWS::Lambda::Alias',
    Properties: { FunctionName: { Ref: `Fn${n}` } },
    UpdatePolicy: { CodeDeployLambdaAliasUpdate: { ApplicationName: 'app', DeploymentGroupName: { Ref: `Group${n}` }, ...(hook ? { BeforeAllowTrafficHook: { Ref: hook } } : {}) } },
  },
});
const stack = (stackName: string, dependencies: string[], resources: Record<string, CfnResource> = {}): DeployedStack => ({ stackName, region: 'eu-west-1', dependencies, template: { Resources: resources } });

describe('a deployment configuration', () => {
  it("shifts for CodeDeploy's predefined Lambda canaries and linear steps, and not at all at once", () => {
    expect(trafficMinutes('CodeDeployDefault.LambdaCanary10Percent5Minutes', {}, [])).toBe(5);
    expect(trafficMinutes('CodeDeployDefault.LambdaCanary10Percent30Minutes', {}, [])).toBe(30);
    expect(trafficMinutes('CodeDeployDefault.LambdaLinear10PercentEvery1Minute', {}, [])).toBe(10);
    expect(trafficMinutes('CodeDeployDefault.LambdaLinear10PercentEvery3Minutes', {}, [])).toBe(30);
    expect(trafficMinutes('CodeDeployDefault.LambdaAllAtOnce', {}, [])).toBe(0);
  });

  it("reads a stage's own configuration by reference or by name in another stack, and refuses one it cannot find", () => {
    const own: CfnResource = { Type: 'AWS::CodeDeploy::DeploymentConfig', Properties: { DeploymentConfigName: 'portal-x-canary', TrafficRoutingConfig: { Type: 'TimeBasedCanary', TimeBasedCanary: { CanaryInterval: 12, CanaryPercentage: 10 } } } };
    expect(trafficMinutes({ Ref: 'C' }, { Resources: { C: own } }, [])).toBe(12);
    expect(trafficMinutes('portal-x-canary', {}, [stack('main', [], { C: own })])).toBe(12);
    expect(() => trafficMinutes('portal-y-canary', {}, [stack('main', [], { C: own })])).toThrow('No traffic shifting found');
  });
});

describe('the plan', () => {
  const hook: Record<string, CfnResource> = { Hook: { Type: 'AWS::Lambda::Function', Properties: { Timeout: 120 } } };
  const stacks = [
    stack('edge', [], { Cert: { Type: 'AWS::CertificateManager::Certificate' } }),
    stack('main', ['edge'], { Dist: { Type: 'AWS::CloudFront::Distribution' }, ...alias(1, 'CodeDeployDefault.LambdaCanary10Percent5Minutes') }),
    stack('area-a', ['main'], { ...hook, ...alias(2, 'CodeDeployDefault.LambdaCanary10Percent5Minutes', 'Hook'), ...alias(3, 'CodeDeployDefault.LambdaCanary10Percent5Minutes') }),
    stack('area-b', ['main'], { ...hook, Retry: { Type: 'AWS::Lambda::EventInvokeConfig', Properties: { FunctionName: { Ref: 'Hook' }, MaximumRetryAttempts: 0 } }, ...alias(4, 'CodeDeployDefault.LambdaCanary10Percent5Minutes', 'Hook') }),
    stack('watch', ['area-a', 'area-b', 'main']),
  ];
  const plan = deployPlan(stacks);
  const of = (name: string) => plan.stacks.find((t) => t.stackName === name)!;

  it('levels the stacks by what they wait for, and deploys the widest level at once', () => {
    expect(plan.levels.map((l) => l.map((t) => t.stackName))).toEqual([['edge'], ['main'], ['area-a', 'area-b'], ['watch']]);
    expect(plan.concurrency).toBe(2);
  });

  it("times a deployment as its hook's attempts to their timeout, the canary and the alarm's window", () => {
    // Lambda's default: three attempts of a failing asynchronous call, two waits between.
    expect(of('area-a').slowest).toEqual({ alias: 'Live2', hookMinutes: 3 * 2 + 2 * 2, trafficMinutes: 5, alarmMinutes: 2, minutes: 17 });
    // No retries: one attempt.
    expect(of('area-b').slowest).toMatchObject({ hookMinutes: 2, minutes: 9 });
    expect(of('area-a').deploymentGroups).toBe(2);
  });

  it("times a stack as CloudFormation's work, its slow resources and its slowest deployment", () => {
    expect(of('edge').minutes).toBe(STACK_MINUTES + 15);
    expect(of('main').minutes).toBe(STACK_MINUTES + 25 + 7);
    expect(of('watch').minutes).toBe(STACK_MINUTES);
  });

  it('sums the slowest stack of each level, then the margin and the job\'s other steps', () => {
    expect(plan.worstMinutes).toBe(20 + 37 + 22 + 5);
    expect(plan.withMarginMinutes).toBe(Math.ceil(84 * MARGIN));
    expect(plan.jobMinutes).toBe(plan.withMarginMinutes + JOB_STEPS_MINUTES);
  });

  it('refuses stacks that wait for one another in a cycle', () => {
    expect(() => deployPlan([stack('a', ['b']), stack('b', ['a'])])).toThrow('cycle');
  });

  it('asks the timeout and the session to cover the job, the session within the role\'s and AWS\'s 12 hours', () => {
    const need = plan.jobMinutes;
    expect(planProblems(plan, { timeoutMinutes: need, roleDurationSeconds: need * 60, maxSessionSeconds: need * 60 })).toEqual([]);
    expect(planProblems(plan, { timeoutMinutes: 60, roleDurationSeconds: 3600, maxSessionSeconds: 3600 })).toHaveLength(2);
    expect(planProblems(plan, { timeoutMinutes: need, roleDurationSeconds: 43200, maxSessionSeconds: 7200 })).toEqual([expect.stringContaining("over the deploy role's MaxSessionDuration")]);
    expect(planProblems(plan, { timeoutMinutes: need, roleDurationSeconds: 50000, maxSessionSeconds: 50000 })).toEqual([expect.stringContaining("over AWS's 12 hours")]);
  });
});
