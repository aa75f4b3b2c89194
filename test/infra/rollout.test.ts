/**
 * Safe rollouts and the portal's own telemetry in the templates: every function published as a
 * version behind its `live` alias, which API routes and Cognito triggers invoke; in a canary stage
 * (prod) a CodeDeploy group per function, 10 % for five minutes, rolled back on that function's
 * error alarm; X-Ray active tracing and Powertools settings on every function; the SES
 * configuration set and its bounce and complaint alarms where the stage mails through SES; and
 * every stack of every stage under CloudFormation's 500 resources.
 */
import { Annotations, Match } from 'aws-cdk-lib/assertions';
import { loadStage } from '../../infra/config.js';
import type { PortalFunction } from '../../infra/function-construct.js';
import { fromPortal, ofType, logicalId, refId, roleStatements, stages, synth, type Part, type Synth } from './support/synth.js';

type Resource = Synth['resources'][string] & { UpdatePolicy?: { CodeDeployLambdaAliasUpdate?: { ApplicationName: unknown; DeploymentGroupName: unknown } } };

/** Every function of the stage with the stack it is in: the portal stack's routes and triggers, the jobs stack's functions. */
const placed = (s: Synth): { pf: PortalFunction; at: Part }[] => [
  ...[...s.stack.api.functions.values(), ...Object.values(s.stack.auth.triggers)].map((pf) => ({ pf, at: s as Part })),
  ...[...s.jobs.stack.functions.values()].map((pf) => ({ pf, at: s.jobs as Part })),
];

describe('stage settings: canary', () => {
  const withDev = (canary: unknown) => () => loadStage('dev', { ...stages, dev: { ...(stages.dev as object), canary } });

  it('refuses a value that is not true or false, naming it', () => {
    expect(withDev('yes')).toThrow('stages.dev.canary');
  });

  it('is off unless set, and on in prod', () => {
    expect(withDev(undefined)().canary).toBe(false);
    expect(loadStage('prod', stages).canary).toBe(true);
    expect(loadStage('staging', stages).canary).toBe(false);
  });
});

describe.each(['dev', 'staging', 'prod'])('stage %s', (stageName) => {
  let s: Synth;
  beforeAll(() => {
    s = synth(stageName);
  });

  it('publishes every function as a version behind its live alias', () => {
    const fns = placed(s);
    expect(fns).toHaveLength(s.stack.api.functions.size + s.jobs.stack.functions.size + 3);
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
    const main = placed(s).filter(({ at }) => at.stack === s.stack).map(({ pf }) => pf);
    const aliases = new Set(main.map((pf) => logicalId(s, pf.alias)));
    const fnIds = new Set(main.map((pf) => logicalId(s, pf.fn)));
    const permissions = ofType(s, 'AWS::Lambda::Permission').filter(([, p]) => fnIds.has(refId(p.Properties!.FunctionName)!) || aliases.has(refId(p.Properties!.FunctionName)!));
    expect(permissions.length).toBe(aliases.size);
    for (const [, p] of permissions) expect(aliases.has(refId(p.Properties!.FunctionName)!)).toBe(true);
    for (const [, i] of ofType(s, 'AWS::ApiGatewayV2::Integration')) expect(aliases.has(refId(i.Properties!.IntegrationUri)!)).toBe(true);
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

  if (stageName === 'prod') {
    it('shifts every live alias by CodeDeploy canary, 10 % for five minutes, rolled back on that function\'s error alarm', () => {
      const groups = Object.fromEntries([...ofType(s, 'AWS::CodeDeploy::DeploymentGroup'), ...ofType(s.jobs, 'AWS::CodeDeploy::DeploymentGroup')]);
      const fns = placed(s);
      expect(Object.keys(groups)).toHaveLength(fns.length);
      // One application, the portal stack's: the jobs stack's groups name it (its name is fixed) and use its role.
      expect(ofType(s, 'AWS::CodeDeploy::Application')).toHaveLength(1);
      expect(ofType(s.jobs, 'AWS::CodeDeploy::Application')).toEqual([]);
      expect(ofType(s.jobs, 'AWS::IAM::Role').filter(([, r]) => JSON.stringify(r.Properties!.AssumeRolePolicyDocument).includes('codedeploy'))).toEqual([]);
      const roles = new Set<string>();
      for (const { pf, at } of fns) {
        const alias = at.resources[logicalId(at, pf.alias)] as Resource;
        const update = alias.UpdatePolicy!.CodeDeployLambdaAliasUpdate!;
        expect(update.ApplicationName).toEqual(at === s ? { Ref: logicalId(s, s.stack.rollout!.application) } : `portal-${stageName}`);
        const group = groups[refId(update.DeploymentGroupName)!]!;
        expect(group.Properties).toMatchObject({
          DeploymentConfigName: 'CodeDeployDefault.LambdaCanary10Percent5Minutes',
          AlarmConfiguration: { Enabled: true, Alarms: [{ Name: pf.errorsAlarmName }] },
          AutoRollbackConfiguration: { Enabled: true, Events: expect.arrayContaining(['DEPLOYMENT_FAILURE', 'DEPLOYMENT_STOP_ON_ALARM']) },
        });
        roles.add(refId(fromPortal(s, group.Properties!.ServiceRoleArn))!);
        // The rollback alarm (in the watch stack, named by the group) watches this function's errors,
        // fast enough to fire inside the canary.
        const alarms = Object.values(s.watch.resources).filter((r) => r.Type === 'AWS::CloudWatch::Alarm' && r.Properties!.AlarmName === pf.errorsAlarmName);
        expect(alarms).toHaveLength(1);
        const alarm = alarms[0]!.Properties!;
        expect(alarm).toMatchObject({ MetricName: 'Errors', Period: 60, EvaluationPeriods: 3, DatapointsToAlarm: 2 });
        expect(JSON.stringify(fromPortal(s, (alarm.Dimensions as { Value: unknown }[])[0]!.Value))).toContain(logicalId(at, pf.fn));
      }
      expect(roles.size).toBe(1);
    });
  } else {
    it('moves the live aliases at once: no CodeDeploy', () => {
      for (const at of [s, s.jobs] as Part[]) {
        expect(ofType(at, 'AWS::CodeDeploy::DeploymentGroup')).toEqual([]);
        expect(ofType(at, 'AWS::CodeDeploy::Application')).toEqual([]);
      }
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
    for (const part of [s, s.jobs, s.watch, s.edge, s.edgeWatch]) {
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
    for (const at of [s, s.jobs] as Part[]) {
      for (const [, f] of ofType(at, 'AWS::Lambda::Function')) {
        const env = (f.Properties!.Environment as { Variables?: Record<string, unknown> } | undefined)?.Variables ?? {};
        expect(env).not.toHaveProperty('MAIL_CONFIGURATION_SET');
      }
      const sends = ofType(at, 'AWS::IAM::Policy').flatMap(([, p]) => (p.Properties!.PolicyDocument as { Statement: { Action: unknown; Resource: unknown }[] }).Statement).filter((st) => st.Action === 'ses:SendEmail');
      expect(sends.length).toBeGreaterThan(0);
      for (const st of sends) {
        const resources = [st.Resource].flat();
        expect(resources).toHaveLength(1);
        expect(JSON.stringify(resources[0])).toMatch(/:ses:us-west-2:.*:identity\/example\.com/);
      }
    }
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
      'reports/embed-data': 1,
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
