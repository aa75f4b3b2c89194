/**
 * The cost model (infra/cost.ts): counts from a hand-made template, prices and usage moving the
 * right rows, free tiers, and docs/operating.md's cost block being what the model prints for `prod`.
 */
import { readFileSync } from 'node:fs';
import { stageCostTable, COST_DOC } from '../../bin/cost.js';
import { countResources, monthlyCost, prices, costBlockOf, renderCostTable, replaceCostBlock, scale, usage, type Counts, type Estimate, type Prices, type Usage } from '../../infra/cost.js';

const fn = (memory: number, arch = 'arm64') => ({ Type: 'AWS::Lambda::Function', Properties: { MemorySize: memory, Architectures: [arch] } });
const template = {
  Resources: {
    ApiFnA: fn(256),
    ApiFnB: fn(1024),
    TriggerFn: fn(256, 'x86_64'),
    DeployFn: fn(1024, 'x86_64'),
    IntA: { Type: 'AWS::ApiGatewayV2::Integration', Properties: { IntegrationUri: { 'Fn::GetAtt': ['ApiFnA', 'Arn'] } } },
    IntB: { Type: 'AWS::ApiGatewayV2::Integration', Properties: { IntegrationUri: { 'Fn::Join': ['', ['arn:', { 'Fn::GetAtt': ['ApiFnB', 'Arn'] }]] } } },
    Api: { Type: 'AWS::ApiGatewayV2::Api', Properties: { ProtocolType: 'HTTP' } },
    Pool: { Type: 'AWS::Cognito::UserPool', Properties: { UserPoolTier: 'ESSENTIALS', LambdaConfig: { PreTokenGeneration: { 'Fn::GetAtt': ['TriggerFn', 'Arn'] } } } },
    Users: { Type: 'AWS::DynamoDB::GlobalTable', Properties: { BillingMode: 'PAY_PER_REQUEST', Replicas: [{ PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true } }] } },
    Audit: { Type: 'AWS::DynamoDB::Table', Properties: { BillingMode: 'PAY_PER_REQUEST' } },
    Plain: { Type: 'AWS::CloudWatch::Alarm', Properties: { Period: 300 } },
    Fast: { Type: 'AWS::CloudWatch::Alarm', Properties: { Period: 10 } },
    Rate: { Type: 'AWS::CloudWatch::Alarm', Properties: { Metrics: [{ Id: 'e', Expression: 'a / b' }, { Id: 'a', MetricStat: { Period: 300 } }, { Id: 'b', MetricStat: { Period: 300 } }] } },
    Board: { Type: 'AWS::CloudWatch::Dashboard' },
    S1: { Type: 'AWS::SecretsManager::Secret' },
    Topic: { Type: 'AWS::SNS::Topic' },
    Mail: { Type: 'AWS::SNS::Subscription', Properties: { Protocol: 'email' } },
    L1: { Type: 'AWS::Logs::LogGroup', Properties: { RetentionInDays: 365 } },
    L2: { Type: 'AWS::Logs::LogGroup', Properties: { RetentionInDays: 365 } },
    L3: { Type: 'AWS::Logs::LogGroup', Properties: { RetentionInDays: 731 } },
    Logs: { Type: 'AWS::S3::Bucket', Properties: { LifecycleConfiguration: { Rules: [{ Status: 'Enabled', ExpirationInDays: 90 }] } } },
    Docs: { Type: 'AWS::S3::Bucket', Properties: { VersioningConfiguration: { Status: 'Enabled' }, LoggingConfiguration: { DestinationBucketName: { Ref: 'Logs' } } } },
    Cdn: { Type: 'AWS::CloudFront::Distribution', Properties: { DistributionConfig: {} } },
  },
};
const edge = {
  Resources: {
    Acl: { Type: 'AWS::WAFv2::WebACL', Properties: { Scope: 'CLOUDFRONT', Rules: [{ Name: 'a' }, { Name: 'b' }, { Name: 'c' }] } },
    Record: { Type: 'AWS::Route53::RecordSet', Properties: { HostedZoneId: 'Z123' } },
    RecordV6: { Type: 'AWS::Route53::RecordSet', Properties: { HostedZoneId: 'Z123' } },
    Key: { Type: 'AWS::KMS::Key' },
  },
};

const row = (e: Estimate, service: string) => {
  const r = e.rows.find((x) => x.service === service);
  if (!r) throw new Error(`no row ${service}`);
  return r.monthly;
};
const withUsage = (u: Usage, k: keyof Usage, value: number): Usage => ({ ...u, [k]: { ...u[k], value } });
const withPrice = (k: keyof Prices, usd: number): Prices => ({ ...prices, [k]: { ...prices[k], usd } });

describe('countResources', () => {
  const c = countResources([template, edge]);

  test('counts functions by role: API (behind a route), Cognito triggers, and the rest', () => {
    expect(c.lambda).toEqual({
      functions: 4, api: 2, apiMeanMemoryMb: 640, apiArmShare: 1, triggers: 1, triggerMeanMemoryMb: 256, triggerArmShare: 0, scheduled: 0, scheduledRunsPerMonth: 0, scheduledMeanMemoryMb: 0,
    });
  });

  test('counts the functions schedules run (through their aliases), their runs a month and memory weighted by runs', () => {
    const target = (id: string) => ({ Arn: { Ref: id }, RoleArn: 'role' });
    const sched = {
      Resources: {
        Job: { Type: 'AWS::Lambda::Function', Properties: { MemorySize: 256, Architectures: ['arm64'] } },
        JobLive: { Type: 'AWS::Lambda::Alias', Properties: { FunctionName: { Ref: 'Job' }, Name: 'live' } },
        Weekly: { Type: 'AWS::Lambda::Function', Properties: { MemorySize: 1024, Architectures: ['arm64'] } },
        WeeklyLive: { Type: 'AWS::Lambda::Alias', Properties: { FunctionName: { Ref: 'Weekly' }, Name: 'live' } },
        Every5: { Type: 'AWS::Scheduler::Schedule', Properties: { ScheduleExpression: 'rate(5 minutes)', Target: target('JobLive') } },
        Hourly: { Type: 'AWS::Scheduler::Schedule', Properties: { ScheduleExpression: 'rate(1 hour)', Target: target('JobLive') } },
        Monday: { Type: 'AWS::Scheduler::Schedule', Properties: { ScheduleExpression: 'cron(0 7 ? * MON *)', ScheduleExpressionTimezone: 'Europe/London', Target: target('WeeklyLive') } },
        // An EventBridge rule's schedule runs its target too (rules themselves are not billed).
        Rule: { Type: 'AWS::Events::Rule', Properties: { ScheduleExpression: 'rate(10 minutes)', Targets: [{ Arn: { Ref: 'JobLive' }, Id: 'Target0' }] } },
      },
    };
    const c = countResources([sched]);
    const runs = { job: 8640 + 720 + 4320, weekly: 365.25 / 12 / 7 };
    expect(c.lambda).toMatchObject({ functions: 2, scheduled: 2 });
    expect(c.lambda.scheduledRunsPerMonth).toBeCloseTo(runs.job + runs.weekly, 6);
    expect(c.lambda.scheduledMeanMemoryMb).toBeCloseTo((runs.job * 256 + runs.weekly * 1024) / (runs.job + runs.weekly), 6);
    expect(c.scheduler.schedules).toBe(3);
    expect(c.scheduler.invocationsPerMonth).toBeCloseTo(8640 + 720 + runs.weekly, 6);
    // Well within Scheduler's 14 million free invocations.
    expect(monthlyCost(c, usage, prices).rows.find((r) => r.service === 'EventBridge Scheduler')!.monthly).toBe(0);
  });

  test('refuses a schedule whose runs it cannot count, rather than leaving it out', () => {
    const odd = { Resources: { S: { Type: 'AWS::Scheduler::Schedule', Properties: { ScheduleExpression: 'cron(0/15 8-17 ? * MON-FRI *)', Target: { Arn: 'x' } } } } };
    expect(() => countResources([odd])).toThrow(/cannot count the runs of the schedule cron\(0\/15 8-17/);
  });

  test('bills Scheduler invocations beyond the free 14 million only', () => {
    const counts = countResources([template, edge]);
    const busy: Counts = { ...counts, scheduler: { schedules: 1, invocationsPerMonth: 15e6 } };
    expect(monthlyCost(busy, usage, prices).rows.find((r) => r.service === 'EventBridge Scheduler')!.monthly).toBeCloseTo(1, 6);
  });

  test('counts a function behind its alias as the function (routes and triggers invoke `live`)', () => {
    const aliased = {
      Resources: {
        Fn: { Type: 'AWS::Lambda::Function', Properties: { MemorySize: 512, Architectures: ['arm64'], TracingConfig: { Mode: 'Active' } } },
        Live: { Type: 'AWS::Lambda::Alias', Properties: { FunctionName: { Ref: 'Fn' }, Name: 'live' } },
        Integration: { Type: 'AWS::ApiGatewayV2::Integration', Properties: { IntegrationUri: { Ref: 'Live' } } },
        Trigger: { Type: 'AWS::Lambda::Function', Properties: { MemorySize: 256 } },
        TriggerLive: { Type: 'AWS::Lambda::Alias', Properties: { FunctionName: { Ref: 'Trigger' }, Name: 'live' } },
        Pool: { Type: 'AWS::Cognito::UserPool', Properties: { LambdaConfig: { PreTokenGeneration: { Ref: 'TriggerLive' } } } },
        Group: { Type: 'AWS::CodeDeploy::DeploymentGroup' },
        Paging: { Type: 'AWS::CloudWatch::CompositeAlarm' },
      },
    };
    const a = countResources([aliased]);
    expect(a.lambda).toMatchObject({ functions: 2, api: 1, apiMeanMemoryMb: 512, triggers: 1, triggerMeanMemoryMb: 256 });
    expect([a.tracedFunctions, a.deploymentGroups, a.compositeAlarms]).toEqual([1, 1, 1]);
    const e = monthlyCost(a, usage, prices);
    expect(e.rows.find((r) => r.service === 'CodeDeploy')!.monthly).toBe(0);
    expect(e.rows.find((r) => r.service === 'X-Ray')!.monthly).toBeGreaterThan(0);
  });

  test('counts tables (both resource types), alarm metrics by resolution, and the rest of the stage', () => {
    expect(c.tables).toEqual({ count: 2, onDemand: 2, pitr: 1, customerKeyEncrypted: 0 });
    expect(c.alarms).toEqual({ count: 3, metrics: 4, highResolutionMetrics: 1 });
    expect(c.logGroups).toEqual({ count: 3, retentionDays: 365 });
    expect(c.buckets).toEqual({ count: 2, versioned: 1, accessLogExpiryDays: 90 });
    expect([c.dashboards, c.secrets, c.snsTopics, c.snsEmailSubscriptions, c.distributions, c.httpApis]).toEqual([1, 1, 1, 1, 1, 1]);
    expect(c.userPools).toEqual({ count: 1, tier: 'ESSENTIALS', threatProtection: null, developerEmail: 0 });
  });

  test('takes every template of the stage: the web ACL, records and key of a second stack count', () => {
    expect(c.webAcls).toEqual({ count: 1, rules: 3 });
    expect(c.route53).toEqual({ recordSets: 2, hostedZones: 1 });
    expect(c.kmsKeys).toBe(1);
    const alone = countResources([template]);
    expect(alone.webAcls).toEqual({ count: 0, rules: 0 });
    expect(alone.route53.hostedZones).toBe(0);
  });
});

describe('monthlyCost', () => {
  const c = countResources([template, edge]);
  const base = monthlyCost(c, usage, prices);

  test('the total is the sum of the rows, and WAF, KMS and Route 53 cost nothing without their resources', () => {
    expect(base.total).toBeCloseTo(base.rows.reduce((s, r) => s + r.monthly, 0), 10);
    const bare = monthlyCost(countResources([template]), usage, prices);
    for (const s of ['WAF', 'KMS', 'Route 53']) expect(row(bare, s)).toBe(0);
    // 1 ACL, 3 rules and the inspected requests; 1 key; 1 zone
    expect(row(base, 'WAF')).toBeGreaterThan(5 + 3);
    expect(row(base, 'KMS')).toBe(1);
    expect(row(base, 'Route 53')).toBe(0.5);
  });

  test('a price change moves its row and no other', () => {
    const dearer = monthlyCost(c, usage, withPrice('dynamoReadUnits', prices.dynamoReadUnits.usd * 2));
    const reads = (usage.apiCallsPerDay.value * usage.daysPerMonth.value * usage.readUnitsPerCall.value * prices.dynamoReadUnits.usd) / 1e6;
    expect(row(dearer, 'DynamoDB') - row(base, 'DynamoDB')).toBeCloseTo(reads, 6);
    for (const r of base.rows.filter((x) => x.service !== 'DynamoDB')) expect(row(dearer, r.service)).toBe(r.monthly);
  });

  test('10x scales the rows driven by use and leaves the fixed ones', () => {
    const big = monthlyCost(c, scale(usage, 10), prices);
    for (const s of ['CloudWatch alarms', 'CloudWatch dashboards', 'KMS', 'Route 53']) expect(row(big, s)).toBe(row(base, s));
    expect(row(big, 'API Gateway (HTTP API)')).toBeCloseTo(10 * row(base, 'API Gateway (HTTP API)'), 6);
    expect(row(big, 'CloudWatch Logs')).toBeCloseTo(10 * row(base, 'CloudWatch Logs'), 6);
    for (const s of ['Lambda', 'DynamoDB', 'S3', 'CloudFront', 'WAF']) expect(row(big, s)).toBeGreaterThan(row(base, s));
    expect(scale(usage, 10).billedMsPerCall.value).toBe(usage.billedMsPerCall.value);
    expect(scale(usage, 10).users.value).toBe(10 * usage.users.value);
  });

  test('free tiers: 1 TB and 10M requests of CloudFront, 10,000 Cognito users, Lambda 1M requests and 400,000 GB-s', () => {
    expect(row(base, 'CloudFront')).toBe(0);
    const overTb = monthlyCost(c, withUsage(usage, 'cloudFrontTransferGb', 1024 + 100), prices);
    expect(row(overTb, 'CloudFront')).toBeCloseTo(100 * prices.cloudFrontTransfer.usd, 6);

    const cognito = (users: number) => row(monthlyCost(c, withUsage(usage, 'users', users), prices), 'Cognito');
    expect(cognito(10_000)).toBe(0);
    expect(cognito(12_000)).toBeCloseTo(2000 * prices.cognitoEssentialsMau.usd, 6);
    const plus: Counts = { ...c, userPools: { ...c.userPools, tier: 'PLUS' } };
    expect(row(monthlyCost(plus, usage, prices), 'Cognito')).toBeCloseTo(usage.users.value * prices.cognitoPlusMau.usd, 6);

    const quiet = withUsage(usage, 'apiCallsPerDay', 1000);
    expect(row(monthlyCost(c, withUsage(quiet, 'users', 10), prices), 'Lambda')).toBe(0);
  });

  test('threat protection: the Plus plan bills every active user, and the basis names what it adds to Essentials', () => {
    const withPool = (pool: Record<string, unknown>) => countResources([{ Resources: { ...template.Resources, Pool: { Type: 'AWS::Cognito::UserPool', Properties: pool } } }, edge]);
    const plus = withPool({ UserPoolTier: 'PLUS', UserPoolAddOns: { AdvancedSecurityMode: 'ENFORCED' } });
    expect(plus.userPools).toMatchObject({ tier: 'PLUS', threatProtection: 'ENFORCED' });
    const estimate = monthlyCost(plus, usage, prices);
    const cognito = estimate.rows.find((r) => r.service === 'Cognito')!;
    expect(cognito.monthly).toBeCloseTo(usage.users.value * 0.02, 6);
    expect(cognito.basis).toContain(`on Plus (no free tier; threat protection enforced: $${(usage.users.value * 0.02).toFixed(2)} more than Essentials)`);
    const big = monthlyCost(plus, scale(usage, 10), prices).rows.find((r) => r.service === 'Cognito')!;
    expect(big.monthly - row(monthlyCost(c, scale(usage, 10), prices), 'Cognito')).toBeCloseTo(10 * usage.users.value * 0.02 - (10 * usage.users.value - 10_000) * 0.015, 6);
    const essentials = monthlyCost(withPool({ UserPoolTier: 'ESSENTIALS' }), usage, prices).rows.find((r) => r.service === 'Cognito')!;
    expect(essentials.basis).not.toMatch(/threat protection/);
  });

  test('dashboards and alarms get no free allowance (assumed taken by the rest of the account)', () => {
    expect(row(base, 'CloudWatch dashboards')).toBe(3);
    expect(row(base, 'CloudWatch alarms')).toBeCloseTo(3 * 0.1 + 0.3, 6);
  });
});

describe('docs block', () => {
  test('renderCostTable is deterministic and replaceCostBlock round-trips through the markers', () => {
    const c = countResources([template, edge]);
    const block = renderCostTable('test', c);
    expect(renderCostTable('test', c)).toBe(block);
    expect(block).toMatch(/\| \*\*total\*\* \| \| \*\*\$[\d,.]+\*\* \| \*\*\$[\d,.]+\*\* \|/);
    const readme = `# x\n\nbefore\n<!-- cost:start -->\nold\n<!-- cost:end -->\nafter\n`;
    const next = replaceCostBlock(readme, block);
    expect(costBlockOf(next)).toBe(block);
    expect(next.startsWith('# x\n\nbefore\n<!-- cost:start -->\n')).toBe(true);
    expect(next.endsWith('\n<!-- cost:end -->\nafter\n')).toBe(true);
    expect(() => replaceCostBlock('# no markers', block)).toThrow(/cost:start/);
  });

  test("docs/operating.md's cost block is what the model prints for the committed prod stage", () => {
    const inReadme = costBlockOf(readFileSync(COST_DOC, 'utf8'));
    expect(inReadme).not.toBeNull();
    const expected = stageCostTable('prod');
    if (inReadme !== expected) {
      throw new Error('docs/operating.md\'s cost block is out of date with the prod templates: run `npm run cost -- --stage prod --write-docs`');
    }
  }, 120_000);
});
