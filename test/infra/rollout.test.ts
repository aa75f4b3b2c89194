/**
 * Safe rollouts and the portal's own telemetry in the templates: every function published as a
 * version behind its `live` alias, which API routes and Cognito triggers invoke; in a canary stage
 * (prod) a CodeDeploy group per function, 10 % for five minutes, rolled back on that function's
 * error alarm; X-Ray active tracing and Powertools settings on every function; the SES
 * configuration set and its bounce and complaint alarms where the stage mails through SES; and
 * every stack of every stage under CloudFormation's 500 resources.
 */
import { Stack } from 'aws-cdk-lib';
import { Annotations, Match, Template } from 'aws-cdk-lib/assertions';
import { loadStage } from '../../infra/config.js';
import type { AreaStack } from '../../infra/area-stack.js';
import { failuresAlarm, failuresAlarmName, HTTP_5XX_METRIC, METRIC_DELAY_MINUTES, MINIMUM_CANARY_MINUTES, Rollout, type PortalFunction } from '../../infra/function-construct.js';
import { byJson, fromPortal, ofType, logicalId, refId, roleStatements, stages, synth, type Part, type Synth } from './support/synth.js';

type Resource = Synth['resources'][string] & { UpdatePolicy?: { CodeDeployLambdaAliasUpdate?: { ApplicationName: unknown; DeploymentGroupName: unknown } } };

/** Every function of the stage with the stack it is in: the portal stack's routes and triggers, the jobs stack's functions. */
const placed = (s: Synth): { pf: PortalFunction; at: Part }[] => [...s.functions.values()];
/** The area stacks' pre-traffic hooks, in a canary stage. */
const hooks = (s: Synth) => Object.values(s.areas).flatMap((a) => ((a.stack.node.tryFindChild('PreTrafficHook') as PortalFunction | undefined) ? [{ pf: a.stack.node.findChild('PreTrafficHook') as PortalFunction, at: a as Part }] : []));

describe('stage settings: canary', () => {
  const withDev = (canary: unknown) => () => loadStage('dev', { ...stages, dev: { ...(stages.dev as object), canary } });

  it('refuses a value that is not true or false, naming it', () => {
    expect(withDev('yes')).toThrow('stages.dev.canary');
  });

  it('is off unless set, on in prod and in staging (so prod is never the first to run it)', () => {
    expect(withDev(undefined)().canary).toBe(false);
    expect(loadStage('prod', stages)).toMatchObject({ canary: true, canaryMinutes: 5 });
    expect(loadStage('staging', stages)).toMatchObject({ canary: true, canaryMinutes: 5 });
    expect(() => loadStage('dev', { ...stages, dev: { ...(stages.dev as object), canary: true, canaryMinutes: 0 } })).toThrow('stages.dev.canaryMinutes: must be at least 1');
  });
});

describe('stage settings: canaryMinutes long enough to see a failure', () => {
  it("is the rollback alarm's periods plus the metric's delay, at least", () => {
    expect(MINIMUM_CANARY_MINUTES).toBe(failuresAlarm.periodMinutes * failuresAlarm.evaluationPeriods + METRIC_DELAY_MINUTES);
    expect(METRIC_DELAY_MINUTES).toBeGreaterThanOrEqual(3);
  });

  it.each(Object.keys(stages))('%s: a canary outlasts its alarm (periods × evaluation periods + delay)', (name) => {
    const stage = loadStage(name, stages);
    if (stage.canary) expect({ name, canaryMinutes: stage.canaryMinutes, seesAFailure: stage.canaryMinutes >= MINIMUM_CANARY_MINUTES }).toEqual({ name, canaryMinutes: stage.canaryMinutes, seesAFailure: true });
  });

  it('refuses a shorter canary at synth, naming the minimum; a longer one gets its own configuration', () => {
    const stage = (canaryMinutes: number) => loadStage('staging', { ...stages, staging: { ...(stages.staging as object), canaryMinutes } });
    expect(() => new Rollout(new Stack(), 'Rollout', { stage: stage(2) })).toThrow(`use at least ${MINIMUM_CANARY_MINUTES}`);
    const stack = new Stack();
    new Rollout(stack, 'Rollout', { stage: stage(8) });
    Template.fromStack(stack).hasResourceProperties('AWS::CodeDeploy::DeploymentConfig', {
      DeploymentConfigName: 'portal-staging-canary-10-percent-8-minutes',
      TrafficRoutingConfig: { Type: 'TimeBasedCanary', TimeBasedCanary: { CanaryInterval: 8, CanaryPercentage: 10 } },
    });
  });
});

describe.each(['dev', 'staging', 'prod'])('stage %s', (stageName) => {
  let s: Synth;
  beforeAll(() => {
    s = synth(stageName);
  });

  it('publishes every function as a version behind its live alias', () => {
    const fns = placed(s);
    expect(fns).toHaveLength(Object.values(s.areas).reduce((n, a) => n + a.stack.functions.size, 0) + s.jobs.stack.functions.size + 4);
    for (const { pf, at } of fns) {
      const alias = at.resources[logicalId(at, pf.alias)]!;
      expect(alias.Type).toBe('AWS::Lambda::Alias');
      expect(alias.Properties!.Name).toBe('live');
      expect(refId(alias.Properties!.FunctionName)).toBe(logicalId(at, pf.fn));
      const version = at.resources[refId(alias.Properties!.FunctionVersion)!]!;
      expect(version.Type).toBe('AWS::Lambda::Version');
      expect(refId(version.Properties!.FunctionName)).toBe(logicalId(at, pf.fn));
    }
  });

  it('lets API Gateway and Cognito invoke only the aliases', () => {
    for (const at of [s, ...Object.values(s.areas)] as Part[]) {
      const here = placed(s).filter((x) => x.at === at).map(({ pf }) => pf);
      const aliases = new Set(here.map((pf) => logicalId(at, pf.alias)));
      const fnIds = new Set(here.map((pf) => logicalId(at, pf.fn)));
      const permissions = ofType(at, 'AWS::Lambda::Permission').filter(([, p]) => fnIds.has(refId(p.Properties!.FunctionName)!) || aliases.has(refId(p.Properties!.FunctionName)!));
      expect(permissions.length).toBe(aliases.size);
      for (const [, p] of permissions) expect(aliases.has(refId(p.Properties!.FunctionName)!)).toBe(true);
      for (const [, i] of ofType(at, 'AWS::ApiGatewayV2::Integration')) expect(aliases.has(refId(i.Properties!.IntegrationUri)!)).toBe(true);
    }
    const lambdaConfig = ofType(s, 'AWS::Cognito::UserPool')[0]![1].Properties!.LambdaConfig as Record<string, unknown>;
    const t = s.stack.auth.triggers;
    expect(lambdaConfig).toMatchObject({
      PreTokenGeneration: { Ref: logicalId(s, t.preTokenGeneration.alias) },
      CustomMessage: { Ref: logicalId(s, t.customMessage.alias) },
      PostConfirmation: { Ref: logicalId(s, t.postConfirmation.alias) },
    });
  });

  it("keeps the pre-token trigger's AdminGetUser on the pool in a policy of its own (no cycle with the pool)", () => {
    const role = logicalId(s, s.stack.auth.triggers.preTokenGeneration.fn.role! as never);
    const pool = logicalId(s, s.stack.auth.pool);
    const own = ofType(s, 'AWS::IAM::Policy').filter(([id]) => id.startsWith('AuthPreTokenReadsMfa'));
    expect(own).toHaveLength(1);
    expect(roleStatements(s, role).some((st) => st.Action === 'cognito-idp:AdminGetUser' && refId(st.Resource) === pool)).toBe(true);
  });

  it('traces every function with X-Ray (active) and gives Powertools its service, namespace and Tracer layer (one per stack)', () => {
    const layerOf = (at: Part) => {
      const layers = ofType(at, 'AWS::Lambda::LayerVersion').filter(([id]) => id.startsWith('PowertoolsTracerLayer'));
      expect(layers).toHaveLength(1);
      expect(layers[0]![1].Properties).toMatchObject({ CompatibleRuntimes: ['nodejs22.x'], CompatibleArchitectures: ['arm64'] });
      return layers[0]![0];
    };
    for (const { pf, at } of placed(s)) {
      const layer = layerOf(at);
      const props = at.resources[logicalId(at, pf.fn)]!.Properties!;
      expect(props.TracingConfig).toEqual({ Mode: 'Active' });
      expect((props.Environment as { Variables: Record<string, unknown> }).Variables).toMatchObject({
        POWERTOOLS_SERVICE_NAME: `portal-${stageName}`,
        POWERTOOLS_METRICS_NAMESPACE: 'Portal',
        PORTAL_TRACER_MODULE: '/opt/nodejs/portal-tracer.mjs',
      });
      // The Tracer and the X-Ray SDK come from the stack's one layer, not the function's bundle.
      expect((props.Layers as unknown[]).map(refId)).toEqual([layer]);
      const role = refId(props.Role)!;
      expect(roleStatements(at, role).some((st) => [st.Action].flat().includes('xray:PutTraceSegments'))).toBe(true);
    }
  });

  it("gives every function a failures alarm beside it on the version just published: errors, and an API function's 5xx answers", () => {
    for (const { pf, at } of [...placed(s), ...hooks(s)]) {
      const alarm = at.resources[logicalId(at, pf.failuresAlarm)]!.Properties!;
      expect(alarm).toMatchObject({ AlarmName: failuresAlarmName(s.stage, pf.handler, pf.instance), EvaluationPeriods: 2, DatapointsToAlarm: 1, Threshold: 1 });
      const metrics = (alarm.Metrics as { MetricStat?: { Metric: { MetricName: string; Namespace: string; Dimensions: { Name: string; Value: unknown }[] }; Period: number } }[] | undefined) ?? [];
      const stats = metrics.length ? metrics.flatMap((m) => (m.MetricStat ? [m.MetricStat] : [])) : [{ Metric: { MetricName: alarm.MetricName as string, Namespace: alarm.Namespace as string, Dimensions: alarm.Dimensions as { Name: string; Value: unknown }[] }, Period: alarm.Period as number }];
      const api = /^(GET|POST|PUT|PATCH|DELETE) /.test(String(at.resources[logicalId(at, pf.fn)]!.Properties!.Description));
      expect(stats.map((m) => `${m.Metric.Namespace} ${m.Metric.MetricName}`).sort()).toEqual(api ? ['AWS/Lambda Errors', `Portal ${HTTP_5XX_METRIC}`] : ['AWS/Lambda Errors']);
      const version = (fromPortal(s, at.resources[logicalId(at, pf.alias)]!.Properties!.FunctionVersion) as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
      for (const m of stats) {
        expect(m.Period).toBe(60);
        const dims = Object.fromEntries(m.Metric.Dimensions.map((d) => [d.Name, d.Value]));
        // The version this deploy publishes, not every version: a canary's new code alone.
        expect(JSON.stringify(dims[m.Metric.Namespace === 'Portal' ? 'Version' : 'ExecutedVersion'])).toContain(version);
        expect(refId(dims.FunctionName)).toBe(logicalId(at, pf.fn));
      }
      // The alarm watches the new version before `live` moves to it.
      expect(at.resources[logicalId(at, pf.alias)] as { DependsOn?: string[] }).toMatchObject({ DependsOn: expect.arrayContaining([logicalId(at, pf.failuresAlarm)]) });
    }
  });

  if (stageName !== 'dev') {
    it("shifts every live alias by CodeDeploy canary, 10 % for 5 minutes, rolled back on that function's failures alarm", () => {
      const parts = [s, s.jobs, ...Object.values(s.areas)] as Part[];
      const fns = placed(s);
      expect(parts.flatMap((p) => ofType(p, 'AWS::CodeDeploy::DeploymentGroup'))).toHaveLength(fns.length);
      // One application, the portal stack's: the other stacks' groups name it (its name is fixed) and use its role.
      expect(ofType(s, 'AWS::CodeDeploy::Application')).toHaveLength(1);
      for (const p of parts.slice(1)) {
        expect(ofType(p, 'AWS::CodeDeploy::Application')).toEqual([]);
        expect(ofType(p, 'AWS::IAM::Role').filter(([, r]) => JSON.stringify(r.Properties!.AssumeRolePolicyDocument).includes('codedeploy'))).toEqual([]);
      }
      const config = 'CodeDeployDefault.LambdaCanary10Percent5Minutes';
      expect(parts.flatMap((p) => ofType(p, 'AWS::CodeDeploy::DeploymentConfig'))).toEqual([]);
      const roles = new Set<string>();
      for (const { pf, at } of fns) {
        const alias = at.resources[logicalId(at, pf.alias)] as Resource;
        const update = alias.UpdatePolicy!.CodeDeployLambdaAliasUpdate! as { ApplicationName: unknown; DeploymentGroupName: unknown; BeforeAllowTrafficHook?: unknown };
        expect(update.ApplicationName).toEqual(at.stack === s.stack ? { Ref: logicalId(s, s.stack.rollout!.application) } : `portal-${stageName}`);
        const group = at.resources[refId(update.DeploymentGroupName)!]!;
        expect(group.Properties).toMatchObject({
          DeploymentGroupName: `portal-${stageName}-${pf.handler.replace(/\//g, '-')}`,
          AlarmConfiguration: { Enabled: true, Alarms: [{ Name: { Ref: logicalId(at, pf.failuresAlarm) } }] },
          AutoRollbackConfiguration: { Enabled: true, Events: expect.arrayContaining(['DEPLOYMENT_FAILURE', 'DEPLOYMENT_STOP_ON_ALARM']) },
        });
        // The stage's own configuration: by reference in the portal stack, by its fixed name elsewhere.
        const named = group.Properties!.DeploymentConfigName as string | { Ref: string };
        expect(typeof named === 'string' ? named : at.resources[named.Ref]!.Properties!.DeploymentConfigName).toBe(config);
        roles.add(refId(fromPortal(s, group.Properties!.ServiceRoleArn))!);
        // An API function's new version is probed before any traffic moves (its area's hook).
        const inArea = Object.values(s.areas).find((a) => a === at);
        if (inArea) {
          const hook = hooks(s).find((h) => h.at === at)!;
          expect(refId(update.BeforeAllowTrafficHook)).toBe(logicalId(at, hook.pf.fn));
          expect(alias).toMatchObject({ DependsOn: expect.arrayContaining([logicalId(at, hook.pf.fn)]) });
        } else expect(update.BeforeAllowTrafficHook).toBeUndefined();
      }
      expect(roles.size).toBe(1);
    });

    it("gives each area's pre-traffic hook a small environment (no map of versions), leave to invoke its area's functions' versions and read those deployments, and nothing else", () => {
      expect(hooks(s)).toHaveLength(Object.keys(s.areas).length);
      for (const { pf, at } of hooks(s)) {
        const props = at.resources[logicalId(at, pf.fn)]!.Properties!;
        const env = (props.Environment as { Variables: Record<string, unknown> }).Variables;
        // It reads the version from the deployment: its variables do not grow with the area's routes (the largest area's PROBES alone was 2.9 of Lambda's 4 KB).
        expect(env.PROBES).toBeUndefined();
        expect({ stack: at.stack.stackName, bytes: JSON.stringify(env).length < 1024 }).toEqual({ stack: at.stack.stackName, bytes: true });
        const area = (at.stack as AreaStack).functions;
        const statements = roleStatements(at, refId(props.Role)!);
        const actions = statements.flatMap((st) => [st.Action].flat()).filter((a) => !a.startsWith('xray:') && !a.startsWith('logs:'));
        expect([...new Set(actions)].sort()).toEqual(['codedeploy:GetDeployment', 'codedeploy:PutLifecycleEventHookExecutionStatus', 'lambda:InvokeFunction']);
        const invoke = statements.filter((st) => [st.Action].flat().includes('lambda:InvokeFunction')).flatMap((st) => [st.Resource].flat());
        // Any version of the area's functions (arn:…:function:<name>:*), no other function.
        expect(byJson(invoke)).toEqual(byJson([...area.values()].map((f) => ({ 'Fn::Join': ['', [{ 'Fn::GetAtt': [logicalId(at, f.fn), 'Arn'] }, ':*']] }))));
        const read = statements.filter((st) => [st.Action].flat().includes('codedeploy:GetDeployment')).flatMap((st) => [st.Resource].flat());
        expect(JSON.stringify(read)).toContain(`deploymentgroup:portal-${stageName}/portal-${stageName}-`);
        expect(read).toHaveLength(area.size);
      }
    });
  } else {
    it('moves the live aliases at once: no CodeDeploy, no hooks', () => {
      for (const at of [s, s.jobs, ...Object.values(s.areas)] as Part[]) {
        expect(ofType(at, 'AWS::CodeDeploy::DeploymentGroup')).toEqual([]);
        expect(ofType(at, 'AWS::CodeDeploy::Application')).toEqual([]);
      }
      expect(hooks(s)).toEqual([]);
      for (const { pf, at } of placed(s)) expect((at.resources[logicalId(at, pf.alias)] as Resource).UpdatePolicy).toBeUndefined();
    });
  }

  if (stageName === 'dev') {
    it("has no SES configuration set (Cognito's own mail) and no mail alarms", () => {
      expect(ofType(s, 'AWS::SES::ConfigurationSet')).toEqual([]);
      expect(JSON.stringify(s.watch.resources)).not.toContain('AWS/SES');
    });
  } else {
    it('mails through an SES configuration set publishing reputation metrics, with bounce and complaint rate alarms', () => {
      const sets = ofType(s, 'AWS::SES::ConfigurationSet').map(([, r]) => r.Properties!);
      expect(sets).toEqual([expect.objectContaining({ Name: `portal-${stageName}`, ReputationOptions: { ReputationMetricsEnabled: true } })]);
      const mail = ofType(s.watch, 'AWS::CloudWatch::Alarm')
        .map(([, r]) => r.Properties!)
        .filter((a) => a.Namespace === 'AWS/SES');
      expect(mail.map((a) => [a.MetricName, a.Threshold])).toEqual([
        ['Reputation.BounceRate', 0.05],
        ['Reputation.ComplaintRate', 0.001],
      ]);
      for (const a of mail) expect(a.Dimensions).toEqual([{ Name: 'ses:configuration-set', Value: `portal-${stageName}` }]);
    });
  }

  it("keeps every stack under CloudFormation's 500 resources", () => {
    for (const part of [s, s.jobs, s.watch, s.edge, s.edgeWatch, ...Object.values(s.areas)]) {
      if (!part) continue;
      const count = Object.keys(part.resources).length;
      expect({ stack: part.stack.stackName, under500: count < 500 }).toEqual({ stack: part.stack.stackName, under500: true });
    }
  });
});

describe('a stage whose SES identity is in another region', () => {
  it('has no configuration set (SES configuration sets are regional) and no mail alarms', () => {
    const s = synth('staging', { change: (raw) => ((raw.mail as Record<string, unknown>).sesRegion = 'us-west-2') });
    expect(ofType(s, 'AWS::SES::ConfigurationSet')).toEqual([]);
    expect((ofType(s, 'AWS::Cognito::UserPool')[0]![1].Properties!.EmailConfiguration as Record<string, unknown>).ConfigurationSet).toBeUndefined();
    expect(JSON.stringify(s.watch.resources)).not.toContain('AWS/SES');
  });

  it('has no bounce and complaint feedback in the jobs stack, says so at synth, and sends without a configuration set', () => {
    const s = synth('staging', { change: (raw) => ((raw.mail as Record<string, unknown>).sesRegion = 'us-west-2') });
    expect(s.jobs.stack.mailFeedback).toBeUndefined();
    for (const type of ['AWS::SES::ConfigurationSetEventDestination', 'AWS::SNS::Topic', 'AWS::KMS::Key']) expect(ofType(s.jobs, type)).toEqual([]);
    Annotations.fromStack(s.jobs.stack).hasWarning('/Portal-staging-jobs', Match.stringLikeRegexp('no bounce and complaint feedback'));
    let senders = 0;
    for (const at of [s, s.jobs, ...Object.values(s.areas)] as Part[]) {
      for (const [, f] of ofType(at, 'AWS::Lambda::Function')) {
        const env = (f.Properties!.Environment as { Variables?: Record<string, unknown> } | undefined)?.Variables ?? {};
        expect(env).not.toHaveProperty('MAIL_CONFIGURATION_SET');
      }
      const sends = ofType(at, 'AWS::IAM::Policy').flatMap(([, p]) => (p.Properties!.PolicyDocument as { Statement: { Action: unknown; Resource: unknown }[] }).Statement).filter((st) => st.Action === 'ses:SendEmail');
      senders += sends.length;
      for (const st of sends) {
        const resources = [st.Resource].flat();
        expect(resources).toHaveLength(1);
        expect(JSON.stringify(resources[0])).toMatch(/:ses:us-west-2:.*:identity\/example\.com/);
      }
    }
    expect(senders).toBeGreaterThan(0);
  });
});

describe('stage setting warmFunctions: provisioned concurrency on live aliases', () => {
  const aliasesWithWarm = (s: Synth) =>
    Object.fromEntries(
      placed(s)
        .map(({ pf, at }) => [pf.handler, (at.resources[logicalId(at, pf.alias)]!.Properties!.ProvisionedConcurrencyConfig as { ProvisionedConcurrentExecutions: number } | undefined)?.ProvisionedConcurrentExecutions])
        .filter(([, n]) => n !== undefined),
    );

  it("keeps prod's first-visit functions initialised, one instance each, and no other", () => {
    expect(aliasesWithWarm(synth('prod'))).toEqual({
      'triggers/pre-token-generation': 1,
      'users/user-customer-by-email': 1,
      'users/get-property': 1,
      'reports/get-reports': 1,
      'reports/filtered': 1,
    });
  });

  it('is none unless set', () => {
    expect(loadStage('dev', stages).warmFunctions).toEqual({});
    expect(aliasesWithWarm(synth('dev'))).toEqual({});
  });

  it('refuses a function the portal does not have, and a count out of range, naming them', () => {
    expect(() => synth('dev', { change: (raw) => (raw.warmFunctions = { 'users/no-such-function': 1 }) })).toThrow(/warmFunctions names no function of the portal: users\/no-such-function/);
    expect(() => loadStage('dev', { ...stages, dev: { ...(stages.dev as object), warmFunctions: { 'users/get-property': 0 } } })).toThrow(/stages\.dev\.warmFunctions/);
  });
});
