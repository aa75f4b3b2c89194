/**
 * Safe rollouts and the portal's own telemetry in the templates: every function published as a
 * version behind its `live` alias, which API routes and Cognito triggers invoke; in a canary stage
 * (prod) a CodeDeploy group per function, 10 % for five minutes, rolled back on that function's
 * error alarm; X-Ray active tracing and Powertools settings on every function; the SES
 * configuration set and its bounce and complaint alarms where the stage mails through SES; and
 * every stack of every stage under CloudFormation's 500 resources.
 */
import { loadStage } from '../../infra/config.js';
import { ofType, logicalId, refId, roleStatements, stages, synth, type Synth } from './support/synth.js';

type Resource = Synth['resources'][string] & { UpdatePolicy?: { CodeDeployLambdaAliasUpdate?: { ApplicationName: unknown; DeploymentGroupName: unknown } } };

const portalFunctions = (s: Synth) => [...s.stack.api.functions.values(), ...s.stack.schedules.functions.values(), ...Object.values(s.stack.auth.triggers)];

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
    const fns = portalFunctions(s);
    expect(fns).toHaveLength(s.stack.api.functions.size + s.stack.schedules.functions.size + 3);
    for (const pf of fns) {
      const alias = s.resources[logicalId(s, pf.alias)]!;
      expect(alias.Type).toBe('AWS::Lambda::Alias');
      expect(alias.Properties!.Name).toBe('live');
      expect(refId(alias.Properties!.FunctionName)).toBe(logicalId(s, pf.fn));
      const version = s.resources[refId(alias.Properties!.FunctionVersion)!]!;
      expect(version.Type).toBe('AWS::Lambda::Version');
      expect(refId(version.Properties!.FunctionName)).toBe(logicalId(s, pf.fn));
    }
  });

  it('lets API Gateway and Cognito invoke only the aliases', () => {
    const aliases = new Set(portalFunctions(s).map((pf) => logicalId(s, pf.alias)));
    const fnIds = new Set(portalFunctions(s).map((pf) => logicalId(s, pf.fn)));
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

  it('traces every function with X-Ray (active) and gives Powertools its service, namespace and Tracer layer', () => {
    const layers = ofType(s, 'AWS::Lambda::LayerVersion').filter(([id]) => id.startsWith('PowertoolsTracerLayer'));
    expect(layers).toHaveLength(1);
    const layer = layers[0]![0];
    expect(layers[0]![1].Properties).toMatchObject({ CompatibleRuntimes: ['nodejs22.x'], CompatibleArchitectures: ['arm64'] });
    for (const pf of portalFunctions(s)) {
      const props = s.resources[logicalId(s, pf.fn)]!.Properties!;
      expect(props.TracingConfig).toEqual({ Mode: 'Active' });
      expect((props.Environment as { Variables: Record<string, unknown> }).Variables).toMatchObject({
        POWERTOOLS_SERVICE_NAME: `portal-${stageName}`,
        POWERTOOLS_METRICS_NAMESPACE: 'Portal',
        PORTAL_TRACER_MODULE: '/opt/nodejs/portal-tracer.mjs',
      });
      // The Tracer and the X-Ray SDK come from the stack's one layer, not the function's bundle.
      expect((props.Layers as unknown[]).map(refId)).toEqual([layer]);
      const role = refId(props.Role)!;
      expect(roleStatements(s, role).some((st) => [st.Action].flat().includes('xray:PutTraceSegments'))).toBe(true);
    }
  });

  if (stageName === 'prod') {
    it('shifts every live alias by CodeDeploy canary, 10 % for five minutes, rolled back on that function\'s error alarm', () => {
      const groups = Object.fromEntries(ofType(s, 'AWS::CodeDeploy::DeploymentGroup'));
      const fns = portalFunctions(s);
      expect(Object.keys(groups)).toHaveLength(fns.length);
      expect(ofType(s, 'AWS::CodeDeploy::Application')).toHaveLength(1);
      const roles = new Set<string>();
      for (const pf of fns) {
        const alias = s.resources[logicalId(s, pf.alias)] as Resource;
        const update = alias.UpdatePolicy!.CodeDeployLambdaAliasUpdate!;
        const group = groups[refId(update.DeploymentGroupName)!]!;
        expect(group.Properties).toMatchObject({
          DeploymentConfigName: 'CodeDeployDefault.LambdaCanary10Percent5Minutes',
          AlarmConfiguration: { Enabled: true, Alarms: [{ Name: pf.errorsAlarmName }] },
          AutoRollbackConfiguration: { Enabled: true, Events: expect.arrayContaining(['DEPLOYMENT_FAILURE', 'DEPLOYMENT_STOP_ON_ALARM']) },
        });
        roles.add(refId(group.Properties!.ServiceRoleArn)!);
        // The rollback alarm (in the watch stack, named by the group) watches this function's errors,
        // fast enough to fire inside the canary.
        const alarms = Object.values(s.watch.resources).filter((r) => r.Type === 'AWS::CloudWatch::Alarm' && r.Properties!.AlarmName === pf.errorsAlarmName);
        expect(alarms).toHaveLength(1);
        const alarm = alarms[0]!.Properties!;
        expect(alarm).toMatchObject({ MetricName: 'Errors', Period: 60, EvaluationPeriods: 3, DatapointsToAlarm: 2 });
        expect(JSON.stringify((alarm.Dimensions as { Value: unknown }[])[0]!.Value)).toContain(logicalId(s, pf.fn));
      }
      expect(roles.size).toBe(1);
    });
  } else {
    it('moves the live aliases at once: no CodeDeploy', () => {
      expect(ofType(s, 'AWS::CodeDeploy::DeploymentGroup')).toEqual([]);
      expect(ofType(s, 'AWS::CodeDeploy::Application')).toEqual([]);
      for (const pf of portalFunctions(s)) expect((s.resources[logicalId(s, pf.alias)] as Resource).UpdatePolicy).toBeUndefined();
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
    for (const part of [s, s.watch, s.edge, s.edgeWatch]) {
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
});

describe('stage setting warmFunctions: provisioned concurrency on live aliases', () => {
  const aliasesWithWarm = (s: Synth) =>
    Object.fromEntries(
      portalFunctions(s)
        .map((pf) => [pf.handler, (s.resources[logicalId(s, pf.alias)]!.Properties!.ProvisionedConcurrencyConfig as { ProvisionedConcurrentExecutions: number } | undefined)?.ProvisionedConcurrentExecutions])
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
