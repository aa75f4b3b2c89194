/**
 * What AWS refuses and the emulators never check, over the synthesised templates of every stack
 * of every stage: each assertion names the limit and the AWS page it comes from, and fails by the
 * stack and resource that crossed it. A change that would make the first deploy (or the next one)
 * fail on AWS fails here first.
 */
import { App, Stack } from 'aws-cdk-lib';
import { Template as Assertions } from 'aws-cdk-lib/assertions';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { loadStage, type Stage } from '../../infra/config.js';
import { DeployRoleStack } from '../../infra/deploy-role-stack.js';
import { COGNITO_TRIGGER_WAIT_SECONDS, ROOT } from '../../infra/function-construct.js';
import { ACCOUNT_ID, duplicates, mayShareAccount, physicalNames, resolveName, type NamedTemplate } from './support/physical-names.js';
import { stages, synth } from './support/synth.js';

type Resource = { Type: string; Properties?: Record<string, unknown>; UpdatePolicy?: Record<string, unknown>; DeletionPolicy?: string; UpdateReplacePolicy?: string };
interface Template {
  Resources: Record<string, Resource>;
  Outputs?: Record<string, unknown>;
  Parameters?: Record<string, unknown>;
}
interface Synthesised {
  stage: Stage;
  stacks: { name: string; region: string; template: Template }[];
  /** `Portal-<stage>-deploy-role` (its own app, bin/deploy-role.ts): in the stage's account too, so in the names' check. */
  deployRole: { name: string; region: string; template: Template };
}

const synthesised = new Map<string, Synthesised>();
/**
 * Every stack of a stage as `cdk synth` writes it (bundling skipped: the functions' code is not
 * what these limits are about), synthesised once per stage for the whole file: the limits of each
 * stage, the names across stages and the docs' table read the same templates.
 */
function synthAll(stageName: string): Synthesised {
  const known = synthesised.get(stageName);
  if (known) return known;
  // The stage's one synthesis, shared with the other template tests (./support/synth.ts).
  const { app, stage, assembly } = synth(stageName);
  // GitHub's OIDC provider is one per account (its URL is its identity): docs/deploying.md has the
  // second stage of an account pass the existing one's ARN, as here.
  const roles = new DeployRoleStack(new App(), { stage, githubRepo: 'owner/repo', oidcProviderArn: `arn:aws:iam::${stage.account ?? '333333333333'}:oidc-provider/token.actions.githubusercontent.com`, env: { account: stage.account ?? '333333333333', region: stage.region } });
  const s = {
    stage,
    stacks: app.node.children.filter((c) => Stack.isStack(c)).map((stack) => ({ name: stack.stackName, region: stack.region, template: assembly.getStackByName(stack.stackName).template as Template })),
    deployRole: { name: roles.stackName, region: roles.region, template: Assertions.fromStack(roles).toJSON() as Template },
  };
  synthesised.set(stageName, s);
  return s;
}

/** The explicit physical names of a stage's stacks, resolved offline (./support/physical-names.ts). */
const namesOf = (s: Synthesised) =>
  physicalNames(
    s.stage.name,
    [...s.stacks, s.deployRole].map(({ name, region, template }) => ({ stack: name, region, resources: template.Resources, outputs: (template.Outputs ?? {}) as NamedTemplate['outputs'] })),
  );

const ofType = (t: Template, type: string) => Object.entries(t.Resources).filter(([, r]) => r.Type === type);

/**
 * The length a value will have once CloudFormation resolved it: text as it is; a reference
 * (Ref, Fn::GetAtt, Fn::GetStackOutput, Fn::ImportValue) at most `REFERENCE_CHARS`, enough for any
 * ARN this portal makes (its names are short and fixed); a dynamic reference to a generated secret
 * at the secret's length.
 */
const REFERENCE_CHARS = 128;
const DYNAMIC_SECRET_CHARS = 48;
function resolvedLength(v: unknown): number {
  if (typeof v === 'string') return v.startsWith('{{resolve:') ? DYNAMIC_SECRET_CHARS : v.length;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v).length;
  if (Array.isArray(v)) return v.reduce((n: number, x) => n + resolvedLength(x), 0);
  if (v && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    if ('Ref' in o || 'Fn::GetAtt' in o || 'Fn::GetStackOutput' in o || 'Fn::ImportValue' in o || 'Fn::Select' in o) return REFERENCE_CHARS;
    if ('Fn::Join' in o) {
      const [sep, parts] = o['Fn::Join'] as [string, unknown[]];
      // A dynamic reference built around a secret's ARN resolves to the secret's value.
      if (parts.some((p) => typeof p === 'string' && p.startsWith('{{resolve:'))) return DYNAMIC_SECRET_CHARS;
      return parts.reduce((n: number, p) => n + resolvedLength(p), 0) + sep.length * Math.max(0, parts.length - 1);
    }
    if ('Fn::Sub' in o) return REFERENCE_CHARS * 2;
    // A JSON object written into a string (a policy document): its text with each value resolved.
    return Object.entries(o).reduce((n, [k, x]) => n + k.length + 4 + resolvedLength(x), 2);
  }
  return 0;
}

/** The alarm names a composite alarm's rule names (`ALARM("a") OR OK(b) ...`). */
export function childrenOfRule(rule: string): string[] {
  return [...rule.matchAll(/\b(?:ALARM|OK|INSUFFICIENT_DATA)\(\s*"?([^")]+)"?\s*\)/g)].map((m) => m[1]!.trim());
}

describe('childrenOfRule', () => {
  it('reads the alarms a rule names, quoted or not', () => {
    expect(childrenOfRule('ALARM("a-1") OR (OK(b) AND NOT INSUFFICIENT_DATA("c"))')).toEqual(['a-1', 'b', 'c']);
  });
});

describe('physical names, the check checked', () => {
  const t = (stack: string, region: string, resources: Record<string, Resource>, outputs: NamedTemplate['outputs'] = {}): NamedTemplate => ({ stack, region, resources, outputs });
  const bucket = { 'Fn::Join': ['', ['portal-x-docs-', { Ref: 'AWS::AccountId' }, '-', { Ref: 'AWS::Region' }]] };

  it('resolves names built with Fn::Join and Fn::Sub over pseudo-parameters, refs and another stack\'s outputs', () => {
    const main = t('Main', 'eu-west-1', { Fn: { Type: 'AWS::Lambda::Function', Properties: { FunctionName: 'portal-x-fn' } } }, { Name: { Value: { Ref: 'Fn' } } });
    const other = t('Other', 'eu-west-1', {});
    expect(resolveName(bucket, main, [main])).toBe(`portal-x-docs-${ACCOUNT_ID}-eu-west-1`);
    expect(resolveName({ 'Fn::Sub': '/aws/lambda/${Fn}-${AWS::Region}' }, main, [main])).toBe('/aws/lambda/portal-x-fn-eu-west-1');
    expect(resolveName({ 'Fn::GetStackOutput': { StackName: 'Main', OutputName: 'Name' } }, other, [main, other])).toBe('portal-x-fn');
  });

  it('finds one name given by two stacks, and not a generated one or the same name in another region or scope', () => {
    const alarm = { Type: 'AWS::CloudWatch::Alarm', Properties: { AlarmName: { 'Fn::Sub': 'portal-x-${AWS::Region}' } } };
    const generated = { Type: 'AWS::Logs::LogGroup', Properties: { LogGroupName: { 'Fn::Join': ['', ['/aws/lambda/', { Ref: 'Fn' }]] } } };
    const fn = { Type: 'AWS::Lambda::Function', Properties: {} };
    const names = physicalNames('x', [
      t('A', 'eu-west-1', { Alarm: alarm, Logs: generated, Fn: fn, Bucket: { Type: 'AWS::S3::Bucket', Properties: { BucketName: bucket } } }),
      t('B', 'eu-west-1', { Alarm: alarm, Logs: generated, Fn: fn }),
      t('C', 'us-east-1', { Alarm: alarm, Bucket: { Type: 'AWS::S3::Bucket', Properties: { BucketName: 'portal-x-docs-${AWS::AccountId}-eu-west-1' } } }),
    ]);
    expect(duplicates(names)).toEqual([`eu-west-1 | cloudwatch alarm | portal-x-eu-west-1: x/A/Alarm, x/B/Alarm`, `partition | AWS::S3::Bucket | portal-x-docs-${ACCOUNT_ID}-eu-west-1: x/A/Bucket, x/C/Bucket`]);
  });

  it('stops on a resource type with a name it does not classify', () => {
    expect(() => physicalNames('x', [t('A', 'eu-west-1', { Q: { Type: 'AWS::Pipes::Pipe', Properties: { Name: 'p' } } })])).toThrow('AWS::Pipes::Pipe (Name)');
  });
});

const STAGES = ['dev', 'staging', 'prod'];
/**
 * What holds data or its history: kept in a `retain` stage, deleted with the stack in a `destroy`
 * one (dev and staging hold test data only). The KMS key encrypts the mail feedback topic, in the
 * stages that mail through SES.
 */
const STATEFUL_TYPES = ['AWS::DynamoDB::GlobalTable', 'AWS::S3::Bucket', 'AWS::SecretsManager::Secret', 'AWS::Cognito::UserPool', 'AWS::Logs::LogGroup', 'AWS::KMS::Key'];

describe.each(STAGES)('AWS limits, stage %s', (stageName) => {
  let s: Synthesised;
  beforeAll(() => {
    s = synthAll(stageName);
  });
  const all = () => s.stacks.flatMap(({ name, template }) => Object.entries(template.Resources).map(([id, r]) => ({ stack: name, id, r })));

  describe('CloudFormation (https://docs.aws.amazon.com/AWSCloudFormation/latest/UserGuide/cloudformation-limits.html)', () => {
    // 500 resources per stack is CloudFormation's; 450 keeps room for the next feature in every stack.
    it('has at most 450 resources in every stack', () => {
      const counts = Object.fromEntries(s.stacks.map(({ name, template }) => [name, Object.keys(template.Resources).length]));
      const over = Object.entries(counts).filter(([, n]) => n > 450);
      expect({ over, counts }).toEqual({ over: [], counts });
    });

    it('has at most 200 outputs and 200 parameters per template', () => {
      for (const { name, template } of s.stacks) {
        expect({ name, outputs: Object.keys(template.Outputs ?? {}).length <= 200 }).toEqual({ name, outputs: true });
        expect({ name, parameters: Object.keys(template.Parameters ?? {}).length <= 200 }).toEqual({ name, parameters: true });
      }
    });

    it('keeps every template under 1 MB (the size of a template CloudFormation reads from S3)', () => {
      for (const { name, template } of s.stacks) expect({ name, bytes: JSON.stringify(template).length < 1_000_000 }).toEqual({ name, bytes: true });
    });

    it('has at most 60 dynamic references per template', () => {
      for (const { name, template } of s.stacks) {
        const n = (JSON.stringify(template).match(/\{\{resolve:/g) ?? []).length;
        expect({ name, dynamicReferences: n <= 60 }).toEqual({ name, dynamicReferences: true });
      }
    });

    it('names every stack in at most 128 characters', () => {
      for (const { name } of s.stacks) expect(name.length).toBeLessThanOrEqual(128);
    });
  });

  describe('CloudWatch', () => {
    // PutCompositeAlarm: "The rule expression of a composite alarm can include as many as 100
    // underlying alarms", in at most 10,240 characters
    // (https://docs.aws.amazon.com/AmazonCloudWatch/latest/APIReference/API_PutCompositeAlarm.html).
    it('has no composite alarm over 100 underlying alarms or 10,240 characters', () => {
      for (const { stack, id, r } of all().filter((x) => x.r.Type === 'AWS::CloudWatch::CompositeAlarm')) {
        const rule = String(r.Properties!.AlarmRule);
        expect({ stack, id, children: childrenOfRule(rule).length <= 100, length: rule.length <= 10_240 }).toEqual({ stack, id, children: true, length: true });
      }
    });

    // PutMetricAlarm: Period × EvaluationPeriods at most 7 days, at most 1 day for a period under an
    // hour (https://docs.aws.amazon.com/AmazonCloudWatch/latest/APIReference/API_PutMetricAlarm.html);
    // a metric math alarm reads at most 10 metrics
    // (https://docs.aws.amazon.com/AmazonCloudWatch/latest/monitoring/alarm-limits.html).
    it('evaluates every alarm over at most 7 days (1 day under hourly periods) and at most 10 metrics', () => {
      for (const { stack, id, r } of all().filter((x) => x.r.Type === 'AWS::CloudWatch::Alarm')) {
        const p = r.Properties!;
        const metrics = (p.Metrics as { MetricStat?: { Period: number }; Expression?: string }[] | undefined) ?? [];
        const period = Number(p.Period ?? metrics.find((m) => m.MetricStat)?.MetricStat?.Period);
        const range = period * Number(p.EvaluationPeriods);
        expect({ stack, id, period: period % 60 === 0 }).toEqual({ stack, id, period: true });
        expect({ stack, id, range: range <= (period < 3600 ? 86_400 : 604_800) }).toEqual({ stack, id, range: true });
        expect({ stack, id, metrics: metrics.filter((m) => m.MetricStat).length <= 10, expressions: metrics.filter((m) => m.Expression).length <= 10 }).toEqual({ stack, id, metrics: true, expressions: true });
        expect(String(p.AlarmName ?? '').length).toBeLessThanOrEqual(255);
      }
    });

    it('gives every alarm somewhere to go: each pages or files a ticket', () => {
      for (const { stack, id, r } of all().filter((x) => x.r.Type === 'AWS::CloudWatch::Alarm')) {
        expect({ stack, id, actions: ((r.Properties!.AlarmActions as unknown[] | undefined) ?? []).length }).toEqual({ stack, id, actions: 1 });
      }
    });
  });

  describe('CodeDeploy (https://docs.aws.amazon.com/codedeploy/latest/userguide/limits.html)', () => {
    it('watches at most 10 alarms per deployment group, and names each group in at most 100 characters', () => {
      for (const { stack, id, r } of all().filter((x) => x.r.Type === 'AWS::CodeDeploy::DeploymentGroup')) {
        const alarms = ((r.Properties!.AlarmConfiguration as { Alarms?: unknown[] } | undefined)?.Alarms ?? []).length;
        expect({ stack, id, alarms: alarms >= 1 && alarms <= 10 }).toEqual({ stack, id, alarms: true });
        expect(String(r.Properties!.DeploymentGroupName ?? '').length).toBeLessThanOrEqual(100);
      }
    });
  });

  describe('Lambda (https://docs.aws.amazon.com/lambda/latest/dg/gettingstarted-limits.html)', () => {
    const functions = () => all().filter((x) => x.r.Type === 'AWS::Lambda::Function');

    it('keeps every function\'s environment under 4 KB, its variables counted as they will resolve', () => {
      for (const { stack, id, r } of functions()) {
        const vars = ((r.Properties!.Environment as { Variables?: Record<string, unknown> } | undefined)?.Variables ?? {}) as Record<string, unknown>;
        const bytes = Object.entries(vars).reduce((n, [k, v]) => n + k.length + resolvedLength(v), 0);
        expect({ stack, id, bytes, under4k: bytes <= 4096 }).toEqual({ stack, id, bytes, under4k: true });
      }
    });

    it('runs every function within 900 s and 128 MB to 10,240 MB, with at most 5 layers', () => {
      for (const { stack, id, r } of functions()) {
        const p = r.Properties!;
        expect({ stack, id, timeout: Number(p.Timeout ?? 3) <= 900, memory: Number(p.MemorySize ?? 128) >= 128 && Number(p.MemorySize ?? 128) <= 10_240 }).toEqual({ stack, id, timeout: true, memory: true });
        expect(((p.Layers as unknown[] | undefined) ?? []).length).toBeLessThanOrEqual(5);
      }
    });

    // Lambda keeps at least 100 of the account's concurrency unreserved; a new account's quota can
    // be as low as 10 (docs/deploying.md: request 1,000). The stage's provisioned
    // concurrency must fit in the 1,000 that request asks for, less those 100.
    it('provisions at most the concurrency a 1,000-concurrency account can give, keeping 100 unreserved', () => {
      const provisioned = all()
        .filter((x) => x.r.Type === 'AWS::Lambda::Alias')
        .reduce((n, { r }) => n + Number((r.Properties!.ProvisionedConcurrencyConfig as { ProvisionedConcurrentExecutions?: number } | undefined)?.ProvisionedConcurrentExecutions ?? 0), 0);
      const reserved = functions().reduce((n, { r }) => n + Number(r.Properties!.ReservedConcurrentExecutions ?? 0), 0);
      expect(provisioned + reserved).toBeLessThanOrEqual(1000 - 100);
      expect(provisioned).toBe(Object.values(s.stage.warmFunctions).reduce((n, x) => n + x, 0));
    });

    // A function with no log group of its own writes to `/aws/lambda/<name>`, which Lambda then
    // creates with logs kept forever (https://docs.aws.amazon.com/lambda/latest/dg/monitoring-cloudwatchlogs.html):
    // every function, aws-cdk-lib's provider functions included, has one with the stage's retention.
    it("gives every function a log group of its own, kept for the stage's days", () => {
      const without = s.stacks.flatMap(({ name, template }) => {
        const groups = ofType(template, 'AWS::Logs::LogGroup');
        return ofType(template, 'AWS::Lambda::Function').flatMap(([id, r]) => {
          const own = (r.Properties!.LoggingConfig as { LogGroup?: { Ref?: string } } | undefined)?.LogGroup?.Ref;
          const named = groups.find(([, g]) => JSON.stringify(g.Properties!.LogGroupName ?? null) === JSON.stringify({ 'Fn::Join': ['', ['/aws/lambda/', { Ref: id }]] }));
          const group = own ? template.Resources[own] : named?.[1];
          return group?.Properties!.RetentionInDays === s.stage.logRetentionDays ? [] : [`${name}/${id}`];
        });
      });
      expect(without).toEqual([]);
    });

    // Cognito waits 5 s for a trigger and then fails the sign-in
    // (https://docs.aws.amazon.com/cognito/latest/developerguide/cognito-user-pools-working-with-lambda-triggers.html).
    it('times every Cognito trigger out within the 5 seconds Cognito waits', () => {
      const pools = all().filter((x) => x.r.Type === 'AWS::Cognito::UserPool');
      expect(pools).toHaveLength(1);
      const main = s.stacks.find((x) => x.name === pools[0]!.stack)!.template;
      const triggers = Object.values((pools[0]!.r.Properties!.LambdaConfig ?? {}) as Record<string, unknown>).flatMap((v) => {
        // The trigger is a function's `live` alias: Fn::Ref of the alias, whose FunctionName refers to the function.
        const aliasId = (v as { Ref?: string }).Ref ?? ((v as { LambdaArn?: { Ref?: string } }).LambdaArn?.Ref);
        const alias = aliasId ? main.Resources[aliasId] : undefined;
        const fnId = (alias?.Properties?.FunctionName as { Ref?: string } | undefined)?.Ref;
        return fnId ? [main.Resources[fnId]!] : [];
      });
      expect(triggers).toHaveLength(3);
      for (const fn of triggers) expect(Number(fn.Properties!.Timeout)).toBeLessThanOrEqual(COGNITO_TRIGGER_WAIT_SECONDS);
    });
  });

  describe('API Gateway (https://docs.aws.amazon.com/apigateway/latest/developerguide/limits.html)', () => {
    it('has at most 300 routes and 300 integrations on the HTTP API, and at most 10 authorizers', () => {
      const routes = all().filter((x) => x.r.Type === 'AWS::ApiGatewayV2::Route');
      expect(routes.length).toBeGreaterThan(0);
      expect(routes.length).toBeLessThanOrEqual(300);
      expect(all().filter((x) => x.r.Type === 'AWS::ApiGatewayV2::Integration').length).toBeLessThanOrEqual(300);
      expect(all().filter((x) => x.r.Type === 'AWS::ApiGatewayV2::Authorizer').length).toBeLessThanOrEqual(10);
    });

    // An HTTP API waits at most 30 s for its integration: a route function that may run longer
    // answers the caller 503 while it goes on working.
    it('gives every route function less time than the HTTP API waits for it (30 s)', () => {
      const integrations = all().filter((x) => x.r.Type === 'AWS::ApiGatewayV2::Integration');
      for (const { stack, id, r } of integrations) expect({ stack, id, timeout: Number(r.Properties!.TimeoutInMillis ?? 30_000) <= 30_000 }).toEqual({ stack, id, timeout: true });
      for (const { stack, id, r } of all().filter((x) => x.r.Type === 'AWS::Lambda::Function' && /^(GET|POST|PUT|PATCH|DELETE) \//.test(String(x.r.Properties!.Description)))) {
        expect({ stack, id, timeout: Number(r.Properties!.Timeout) < 30 }).toEqual({ stack, id, timeout: true });
      }
    });

    it('has no route key twice (one API, routes from several stacks)', () => {
      const keys = all()
        .filter((x) => x.r.Type === 'AWS::ApiGatewayV2::Route')
        .map((x) => String(x.r.Properties!.RouteKey));
      expect(keys.length).toBe(new Set(keys).size);
    });
  });

  describe('CloudFront (https://docs.aws.amazon.com/AmazonCloudFront/latest/DeveloperGuide/cloudfront-limits.html)', () => {
    it('has at most 25 cache behaviours and 25 origins per distribution, one function per event per behaviour', () => {
      for (const { stack, id, r } of all().filter((x) => x.r.Type === 'AWS::CloudFront::Distribution')) {
        const config = r.Properties!.DistributionConfig as { CacheBehaviors?: { FunctionAssociations?: { EventType: string }[] }[]; DefaultCacheBehavior: { FunctionAssociations?: { EventType: string }[] }; Origins: unknown[] };
        expect({ stack, id, behaviours: (config.CacheBehaviors ?? []).length + 1 <= 25, origins: config.Origins.length <= 25 }).toEqual({ stack, id, behaviours: true, origins: true });
        for (const b of [config.DefaultCacheBehavior, ...(config.CacheBehaviors ?? [])]) {
          const events = (b.FunctionAssociations ?? []).map((f) => f.EventType);
          expect(events.length).toBe(new Set(events).size);
        }
      }
    });
  });

  describe('WAF (https://docs.aws.amazon.com/waf/latest/developerguide/limits.html)', () => {
    /**
     * Web ACL capacity units of the rules the portal uses, from each managed rule group's page
     * (https://docs.aws.amazon.com/waf/latest/developerguide/aws-managed-rule-groups-list.html) and
     * the rule statements' costs (https://docs.aws.amazon.com/waf/latest/developerguide/aws-waf-capacity-units.html).
     * A rule group not in this list fails the test: add its capacity from its page.
     */
    const managedCapacity: Record<string, number> = {
      AWSManagedRulesCommonRuleSet: 700,
      AWSManagedRulesKnownBadInputsRuleSet: 200,
      AWSManagedRulesAmazonIpReputationList: 25,
      AWSManagedRulesAnonymousIpList: 50,
      AWSManagedRulesSQLiRuleSet: 200,
      AWSManagedRulesLinuxRuleSet: 200,
      AWSManagedRulesUnixRuleSet: 100,
      AWSManagedRulesBotControlRuleSet: 50,
      AWSManagedRulesATPRuleSet: 50,
      AWSManagedRulesACFPRuleSet: 50,
    };
    function capacity(statement: Record<string, unknown>): number {
      const [kind, body] = Object.entries(statement)[0] as [string, Record<string, unknown>];
      switch (kind) {
        case 'ManagedRuleGroupStatement': {
          const name = String(body.Name);
          if (!(name in managedCapacity)) throw new Error(`WAF capacity of managed rule group ${name} unknown: add it from its page`);
          return managedCapacity[name]!;
        }
        case 'RateBasedStatement':
          return 2 + (body.ScopeDownStatement ? capacity(body.ScopeDownStatement as Record<string, unknown>) : 0);
        case 'AndStatement':
        case 'OrStatement':
          return (body.Statements as Record<string, unknown>[]).reduce((n, st) => n + capacity(st), 0);
        case 'NotStatement':
          return capacity(body.Statement as Record<string, unknown>);
        case 'ByteMatchStatement':
        case 'SizeConstraintStatement':
        case 'GeoMatchStatement':
        case 'IPSetReferenceStatement':
        case 'LabelMatchStatement':
          return 1 * Math.max(1, ((body.TextTransformations as unknown[] | undefined) ?? []).length);
        case 'RegexMatchStatement':
        case 'RegexPatternSetReferenceStatement':
          return 25 * Math.max(1, ((body.TextTransformations as unknown[] | undefined) ?? []).length);
        default:
          throw new Error(`WAF capacity of a ${kind} not known to this test: add it`);
      }
    }

    it('keeps every web ACL within 1,500 capacity units (the price includes that many; 5,000 is the most)', () => {
      const acls = all().filter((x) => x.r.Type === 'AWS::WAFv2::WebACL');
      expect(acls.length).toBeGreaterThan(0);
      for (const { stack, id, r } of acls) {
        const wcu = (r.Properties!.Rules as { Statement: Record<string, unknown> }[]).reduce((n, rule) => n + capacity(rule.Statement), 0);
        expect({ stack, id, wcu, within: wcu <= 1500 }).toEqual({ stack, id, wcu, within: true });
      }
    });
  });

  describe('IAM (https://docs.aws.amazon.com/IAM/latest/UserGuide/reference_iam-quotas.html)', () => {
    it('keeps every role\'s inline policies under 10,240 characters together, and at most 10 managed policies', () => {
      for (const { name, template } of s.stacks) {
        const byRole = new Map<string, number>();
        for (const [, p] of ofType(template, 'AWS::IAM::Policy')) {
          const chars = resolvedLength(p.Properties!.PolicyDocument);
          for (const role of (p.Properties!.Roles as { Ref?: string }[] | undefined) ?? []) if (role.Ref) byRole.set(role.Ref, (byRole.get(role.Ref) ?? 0) + chars);
        }
        for (const [roleId, r] of ofType(template, 'AWS::IAM::Role')) {
          const inline = ((r.Properties!.Policies as { PolicyDocument: unknown }[] | undefined) ?? []).reduce((n, p) => n + resolvedLength(p.PolicyDocument), 0);
          const chars = (byRole.get(roleId) ?? 0) + inline;
          expect({ stack: name, role: roleId, chars, within: chars <= 10_240 }).toEqual({ stack: name, role: roleId, chars, within: true });
          expect(((r.Properties!.ManagedPolicyArns as unknown[] | undefined) ?? []).length).toBeLessThanOrEqual(10);
        }
      }
    });
  });

  describe('EventBridge Scheduler (https://docs.aws.amazon.com/scheduler/latest/UserGuide/scheduler-quotas.html)', () => {
    it('names every schedule in at most 64 characters', () => {
      for (const { r } of all().filter((x) => x.r.Type === 'AWS::Scheduler::Schedule')) expect(String(r.Properties!.Name).length).toBeLessThanOrEqual(64);
    });

    // Scheduler invokes a Lambda target asynchronously: its RetryPolicy covers the invocation
    // only, and Lambda then retries a failed run twice by itself unless the function's (here the
    // alias's) EventInvokeConfig says otherwise
    // (https://docs.aws.amazon.com/lambda/latest/dg/invocation-async-error-handling.html).
    it("has Lambda retry each scheduled run no more than the schedule's RetryPolicy says", () => {
      const schedules = all().filter((x) => x.r.Type === 'AWS::Scheduler::Schedule');
      expect(schedules.length).toBeGreaterThan(0);
      // Scheduler's own default (its RetryPolicy unset) is 185 attempts.
      const retries = schedules.map(({ stack, id, r }) => {
        const target = r.Properties!.Target as { Arn: unknown; RetryPolicy?: { MaximumRetryAttempts?: number } };
        const resources = s.stacks.find((x) => x.name === stack)!.template.Resources;
        const aliasId = (target.Arn as { Ref?: string }).Ref!;
        const alias = resources[aliasId]!.Properties!;
        const fnId = (alias.FunctionName as { Ref: string }).Ref;
        // Its qualifier the alias's name, as text or read from the alias's ARN (Fn::Select 7 of it split on ':').
        const qualifies = (q: unknown) => q === alias.Name || JSON.stringify(q) === JSON.stringify({ 'Fn::Select': [7, { 'Fn::Split': [':', { Ref: aliasId }] }] });
        const config = Object.values(resources).find((x) => x.Type === 'AWS::Lambda::EventInvokeConfig' && (x.Properties!.FunctionName as { Ref?: string }).Ref === fnId && qualifies(x.Properties!.Qualifier));
        const lambdaRetries = config ? Number(config.Properties!.MaximumRetryAttempts ?? 2) : 2;
        return { schedule: `${stack}/${id}`, lambdaRetries, scheduleRetries: target.RetryPolicy?.MaximumRetryAttempts ?? 185 };
      });
      expect(retries.filter((x) => x.lambdaRetries > x.scheduleRetries)).toEqual([]);
    });
  });

  // DeletionPolicy `Retain` also keeps a resource whose own create rolled back, so a failed first
  // deploy leaves the named tables, bucket and secrets behind and every retry fails "already
  // exists"; `RetainExceptOnCreate` keeps them on update and delete only
  // (https://docs.aws.amazon.com/AWSCloudFormation/latest/TemplateReference/aws-attribute-deletionpolicy.html).
  // UpdateReplacePolicy `Retain` keeps the old one when a replacement is made.
  describe('Deletion policies (https://docs.aws.amazon.com/AWSCloudFormation/latest/TemplateReference/aws-attribute-deletionpolicy.html)', () => {
    // The deploy-role stack's smoke secret too: a stateful resource of the stage's account.
    const withDeployRole = () => [...all(), ...Object.entries(s.deployRole.template.Resources).map(([id, r]) => ({ stack: s.deployRole.name, id, r }))];

    it('retains no resource on a failed create: no DeletionPolicy Retain anywhere', () => {
      const retained = withDeployRole()
        .filter(({ r }) => r.DeletionPolicy === 'Retain')
        .map(({ stack, id, r }) => `${stack}/${id} (${r.Type})`);
      expect(retained).toEqual([]);
    });

    it.each(STATEFUL_TYPES)('keeps every %s on update and delete, except when its create fails, where the stage retains; deletes it where it does not', (type) => {
      const expected = s.stage.removalPolicy === 'retain' ? { DeletionPolicy: 'RetainExceptOnCreate', UpdateReplacePolicy: 'Retain' } : { DeletionPolicy: 'Delete', UpdateReplacePolicy: 'Delete' };
      const found = withDeployRole().filter(({ r }) => r.Type === type);
      if (type !== 'AWS::KMS::Key') expect(found.length).toBeGreaterThan(0);
      const wrong = found.filter(({ r }) => r.DeletionPolicy !== expected.DeletionPolicy || r.UpdateReplacePolicy !== expected.UpdateReplacePolicy);
      expect(wrong.map(({ stack, id, r }) => `${stack}/${id}: ${r.DeletionPolicy}/${r.UpdateReplacePolicy}`)).toEqual([]);
    });
  });

  // A name given in a template is the resource's identity in its account (and region, for a
  // regional service): CloudFormation creates it or fails "already exists", never shares it
  // (https://docs.aws.amazon.com/AWSCloudFormation/latest/TemplateReference/aws-properties-name.html).
  describe('Physical names', () => {
    it('gives every physical name (alarm, function, role, table, topic, queue, schedule, rule, log group, deployment group, secret, parameter, ...) to one resource of the stage only', () => {
      const names = namesOf(s);
      expect(names.length).toBeGreaterThan(100);
      expect(duplicates(names)).toEqual([]);
    });
  });
});

/**
 * Stages that may deploy into one account, from their settings (cdk.json, infra/config.ts): the
 * same pinned `account`, or one with none pinned (`accountFromCredentials`, as dev: wherever the
 * credentials point, which may be another stage's account).
 */
const sharing = STAGES.flatMap((a, i) => STAGES.slice(i + 1).map((b) => [a, b] as const)).filter(([a, b]) => mayShareAccount(loadStage(a, stages), loadStage(b, stages)));

describe('Physical names across the stages that may share an account', () => {
  it('knows which stages may share one: dev pins none, staging and prod pin their own', () => {
    expect(sharing).toEqual([
      ['dev', 'staging'],
      ['dev', 'prod'],
    ]);
  });

  it.each(sharing)('gives no resource of %s a physical name one of %s has', (a, b) => {
    const [inA, inB] = [namesOf(synthAll(a)), namesOf(synthAll(b))];
    const keysOfB = new Set(inB.map((n) => n.key));
    const shared = new Set(inA.map((n) => n.key).filter((k) => keysOfB.has(k)));
    expect(duplicates([...inA, ...inB].filter((n) => shared.has(n.key)))).toEqual([]);
  });
});

describe('docs/deploying.md', () => {
  it('prints the resources per stack of every stage as the templates have them', () => {
    const readme = readFileSync(path.join(ROOT, 'docs', 'deploying.md'), 'utf8');
    const names = STAGES;
    const counts = new Map<string, Record<string, number>>();
    for (const stageName of names) {
      for (const { name, template } of synthAll(stageName).stacks) {
        const kind = name.replace(`Portal-${stageName}`, 'Portal-<stage>');
        counts.set(kind, { ...counts.get(kind), [stageName]: Object.keys(template.Resources).length });
      }
    }
    const wanted = [...counts].map(([kind, byStage]) => `| \`${kind}\` | ${names.map((n) => byStage[n]).join(' | ')} |`);
    // All of them named at once when the table is stale, so one run tells what to write.
    expect(wanted.filter((line) => !readme.includes(line))).toEqual([]);
  });
});
