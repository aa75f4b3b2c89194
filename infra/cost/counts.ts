/** What drives a stage's cost in its synthesised templates, counted with no AWS call. */
interface CfnResource {
  Type: string;
  Properties?: Record<string, unknown>;
}
interface CfnTemplate {
  Resources?: Record<string, CfnResource>;
}

export interface Counts {
  lambda: {
    /** Every function, deploy-time providers included. */
    functions: number;
    /** Functions behind an API route: each API call runs one of them. */
    api: number;
    /** Mean memory of the API functions (MB) and the share of them on arm64. */
    apiMeanMemoryMb: number;
    apiArmShare: number;
    /** Cognito triggers: run at sign-in and token refresh. */
    triggers: number;
    triggerMeanMemoryMb: number;
    triggerArmShare: number;
    /**
     * Functions a schedule runs (EventBridge Scheduler, or an EventBridge rule): how many, their runs
     * a month in all (`rate(N minutes)`: 30 days of them; weekly: 365.25 / 12 / 7 ≈ 4.35), and
     * their memory averaged over those runs.
     */
    scheduled: number;
    scheduledRunsPerMonth: number;
    scheduledMeanMemoryMb: number;
  };
  /** EventBridge Scheduler schedules and the invocations they make a month (billed beyond 14 million). */
  scheduler: { schedules: number; invocationsPerMonth: number };
  /** The energy roll-up's schedule (`portal-<stage>-telemetry-roll-up-days`) and its runs a month; 0 without it. */
  energyRollUp: { runsPerMonth: number };
  tables: { count: number; onDemand: number; pitr: number; customerKeyEncrypted: number };
  alarms: { count: number; metrics: number; highResolutionMetrics: number };
  dashboards: number;
  secrets: number;
  snsTopics: number;
  snsEmailSubscriptions: number;
  /** Functions subscribed to a topic (SES's bounce and complaint events): deliveries to Lambda cost nothing. */
  snsLambdaSubscriptions: number;
  logGroups: { count: number; retentionDays: number | null };
  buckets: { count: number; versioned: number; accessLogExpiryDays: number | null };
  webAcls: { count: number; rules: number };
  route53: { recordSets: number; hostedZones: number };
  /** `threatProtection`: the pool's AdvancedSecurityMode (ENFORCED, AUDIT), or null without one. */
  userPools: { count: number; tier: string; threatProtection: string | null; developerEmail: number };
  distributions: number;
  httpApis: number;
  kmsKeys: number;
  sesResources: number;
  /** GuardDuty Malware Protection for S3 plans (the stage's malwareScan). */
  malwarePlans: number;
  /** Composite alarms (the stage's paging alarm). */
  compositeAlarms: number;
  /** Functions with X-Ray active tracing. */
  tracedFunctions: number;
  /** CodeDeploy deployment groups (a canary stage's, one per function). */
  deploymentGroups: number;
  /** Provisioned concurrency on live aliases (the stage's warmFunctions): instances and their GB in all. */
  warm: { instances: number; gb: number; functions: number };
}

const props = (r: CfnResource) => r.Properties ?? {};

/** `{ Ref: id }` or `{ 'Fn::GetAtt': [id, ...] }` → id. */
function refId(v: unknown): string | undefined {
  if (!v || typeof v !== 'object') return undefined;
  const o = v as Record<string, unknown>;
  if (typeof o.Ref === 'string') return o.Ref;
  const att = o['Fn::GetAtt'];
  return Array.isArray(att) && typeof att[0] === 'string' ? att[0] : undefined;
}

function refsIn(v: unknown, out = new Set<string>()): Set<string> {
  const id = refId(v);
  if (id) out.add(id);
  if (Array.isArray(v)) v.forEach((x) => refsIn(x, out));
  else if (v && typeof v === 'object') Object.values(v).forEach((x) => refsIn(x, out));
  return out;
}

/** Weeks in an average month, for weekly schedules. */
export const WEEKS_PER_MONTH = 365.25 / 12 / 7;
const MINUTES_PER_MONTH = 30 * 24 * 60;

/**
 * Runs a month of a schedule expression: `rate(N minutes|hours|days)`, or a cron at fixed minutes
 * and hours on some days of the week (weekly) or every day. Any other expression is refused, so
 * that the estimate never silently leaves a schedule out.
 */
export function runsPerMonth(expression: string): number {
  const rate = /^rate\((\d+) (minute|hour|day)s?\)$/.exec(expression);
  if (rate) return MINUTES_PER_MONTH / (Number(rate[1]) * { minute: 1, hour: 60, day: 1440 }[rate[2] as 'minute' | 'hour' | 'day']);
  const cron = /^cron\((\S+) (\S+) (\S+) (\S+) (\S+)(?: (\S+))?\)$/.exec(expression);
  const fixed = (field: string) => (/^\d+(,\d+)*$/.test(field) ? field.split(',').length : null);
  if (cron) {
    const [, minute, hour, dayOfMonth, month, dayOfWeek] = cron as unknown as string[];
    const times = (fixed(minute!) ?? NaN) * (fixed(hour!) ?? NaN);
    const everyDay = ['*', '?'].includes(dayOfMonth!) && ['*', '?'].includes(dayOfWeek!);
    const days = /^[A-Z]{3}(,[A-Z]{3})*$/.test(dayOfWeek!) && dayOfMonth === '?' ? dayOfWeek!.split(',').length : null;
    if (month === '*' && !Number.isNaN(times) && (everyDay || days)) return times * (everyDay ? (WEEKS_PER_MONTH * 7) : WEEKS_PER_MONTH * days!);
  }
  throw new Error(`infra/cost/counts.ts cannot count the runs of the schedule ${expression}: teach runsPerMonth its form`);
}

const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);

/** The most frequent value (ties: the larger), or null when there is none. */
function mode(xs: number[]): number | null {
  const n = new Map<number, number>();
  for (const x of xs) n.set(x, (n.get(x) ?? 0) + 1);
  let best: number | null = null;
  for (const [x, c] of n) if (best === null || c > n.get(best)! || (c === n.get(best)! && x > best)) best = x;
  return best;
}

/** Count what drives cost in the templates of one stage (one template per stack). */
export function countResources(templates: object[]): Counts {
  const all: [string, CfnResource][] = templates.flatMap((t) => Object.entries((t as CfnTemplate).Resources ?? {}));
  const ofType = (...types: string[]) => all.filter(([, r]) => types.includes(r.Type));
  const byId = new Map(all);

  const functions = ofType('AWS::Lambda::Function');
  // Routes and triggers name a function, or its alias (which names the function).
  const throughAlias = (ids: Set<string>) => {
    const out = new Set<string>();
    for (const id of ids) {
      const r = byId.get(id);
      if (r?.Type === 'AWS::Lambda::Alias') refsIn(props(r).FunctionName, out);
      else out.add(id);
    }
    return out;
  };
  const apiIds = throughAlias(new Set(ofType('AWS::ApiGatewayV2::Integration').flatMap(([, r]) => [...refsIn(props(r).IntegrationUri)])));
  const triggerIds = throughAlias(new Set(ofType('AWS::Cognito::UserPool').flatMap(([, r]) => [...refsIn(props(r).LambdaConfig)])));
  const fnStats = (ids: Set<string>) => {
    const fs = functions.filter(([id]) => ids.has(id)).map(([, r]) => props(r));
    return {
      n: fs.length,
      memory: mean(fs.map((p) => (typeof p.MemorySize === 'number' ? p.MemorySize : 128))),
      arm: fs.length ? fs.filter((p) => Array.isArray(p.Architectures) && p.Architectures.includes('arm64')).length / fs.length : 0,
    };
  };
  const api = fnStats(apiIds);
  const triggers = fnStats(triggerIds);
  // Schedules: Scheduler schedules (one target each) and EventBridge rules naming a function (or its alias).
  const runsOf = new Map<string, number>();
  const scheduler = { schedules: 0, invocationsPerMonth: 0 };
  const schedules = [
    ...ofType('AWS::Scheduler::Schedule').map(([, r]) => ({ scheduler: true, name: props(r).Name, expression: props(r).ScheduleExpression, targets: (props(r).Target as { Arn?: unknown } | undefined)?.Arn })),
    ...ofType('AWS::Events::Rule').filter(([, r]) => props(r).ScheduleExpression).map(([, r]) => ({ scheduler: false, name: undefined, expression: props(r).ScheduleExpression, targets: props(r).Targets })),
  ];
  const energyRollUp = { runsPerMonth: 0 };
  for (const x of schedules) {
    const runs = runsPerMonth(String(x.expression));
    if (x.scheduler && /-telemetry-roll-up-days$/.test(String(x.name ?? ''))) energyRollUp.runsPerMonth += runs;
    if (x.scheduler) {
      scheduler.schedules += 1;
      scheduler.invocationsPerMonth += runs;
    }
    const targets = [...throughAlias(refsIn(x.targets))].filter((id) => byId.get(id)?.Type === 'AWS::Lambda::Function');
    for (const id of targets) runsOf.set(id, (runsOf.get(id) ?? 0) + runs);
  }
  const memoryOf = (id: string) => (typeof props(byId.get(id)!).MemorySize === 'number' ? (props(byId.get(id)!).MemorySize as number) : 128);
  const scheduledRunsPerMonth = [...runsOf.values()].reduce((a, b) => a + b, 0);
  const scheduledMeanMemoryMb = scheduledRunsPerMonth ? [...runsOf].reduce((a, [id, runs]) => a + runs * memoryOf(id), 0) / scheduledRunsPerMonth : 0;
  const warm = { instances: 0, gb: 0, functions: 0 };
  for (const [, alias] of ofType('AWS::Lambda::Alias')) {
    const n = (props(alias).ProvisionedConcurrencyConfig as { ProvisionedConcurrentExecutions?: number } | undefined)?.ProvisionedConcurrentExecutions ?? 0;
    if (!n) continue;
    const fn = [...refsIn(props(alias).FunctionName)].map((id) => byId.get(id)).find((r) => r?.Type === 'AWS::Lambda::Function');
    const memory = fn && typeof props(fn).MemorySize === 'number' ? (props(fn).MemorySize as number) : 128;
    warm.instances += n;
    warm.gb += (n * memory) / 1024;
    warm.functions++;
  }

  const tables = ofType('AWS::DynamoDB::Table', 'AWS::DynamoDB::GlobalTable').map(([, r]) => props(r));
  const pitrOn = (p: Record<string, unknown>) => {
    const on = (s: unknown) => (s as { PointInTimeRecoveryEnabled?: boolean } | undefined)?.PointInTimeRecoveryEnabled === true;
    if (on(p.PointInTimeRecoverySpecification)) return true;
    return Array.isArray(p.Replicas) && p.Replicas.some((r) => on((r as Record<string, unknown>).PointInTimeRecoverySpecification));
  };
  const customerKey = (p: Record<string, unknown>) => {
    const sse = p.SSESpecification as Record<string, unknown> | undefined;
    const replicaKey = Array.isArray(p.Replicas) && p.Replicas.some((r) => (r as { SSESpecification?: { KMSMasterKeyId?: unknown } }).SSESpecification?.KMSMasterKeyId);
    return Boolean(sse?.KMSMasterKeyId || replicaKey);
  };

  const alarms = ofType('AWS::CloudWatch::Alarm').map(([, r]) => props(r));
  let metrics = 0;
  let highRes = 0;
  for (const a of alarms) {
    // An alarm on a metric-math expression is billed per metric it reads.
    const stats = Array.isArray(a.Metrics) ? a.Metrics.map((m) => (m as { MetricStat?: { Period?: number } }).MetricStat).filter((m) => m) : [{ Period: a.Period as number | undefined }];
    for (const s of stats) {
      metrics += 1;
      if (typeof s!.Period === 'number' && s!.Period < 60) highRes += 1;
    }
  }

  const retention = ofType('AWS::Logs::LogGroup').map(([, r]) => props(r).RetentionInDays);
  const buckets = ofType('AWS::S3::Bucket').map(([id, r]) => [id, props(r)] as const);
  const logTargets = new Set<string>([
    ...buckets.flatMap(([, p]) => [...refsIn((p.LoggingConfiguration as Record<string, unknown> | undefined)?.DestinationBucketName)]),
    ...ofType('AWS::CloudFront::Distribution').flatMap(([, r]) => [...refsIn(((props(r).DistributionConfig as Record<string, unknown>)?.Logging as Record<string, unknown> | undefined)?.Bucket)]),
  ]);
  const expiry = buckets
    .filter(([id]) => logTargets.has(id))
    .flatMap(([, p]) => ((p.LifecycleConfiguration as { Rules?: { ExpirationInDays?: number; Prefix?: string; Status?: string }[] } | undefined)?.Rules ?? []))
    .filter((rule) => rule.Status === 'Enabled' && !rule.Prefix && typeof rule.ExpirationInDays === 'number')
    .map((rule) => rule.ExpirationInDays!);

  const acls = ofType('AWS::WAFv2::WebACL').map(([, r]) => props(r));
  const recordSets = ofType('AWS::Route53::RecordSet', 'AWS::Route53::RecordSetGroup');
  const zoneKeys = new Set<string>([
    ...ofType('AWS::Route53::HostedZone').map(([id]) => `resource:${id}`),
    ...recordSets.map(([, r]) => `zone:${JSON.stringify(props(r).HostedZoneId ?? props(r).HostedZoneName)}`),
  ]);
  // Record sets that point into a zone made in the same templates name it by Ref: one zone, not two.
  for (const [, r] of recordSets) for (const id of refsIn(props(r).HostedZoneId)) if (byId.get(id)?.Type === 'AWS::Route53::HostedZone') zoneKeys.delete(`zone:${JSON.stringify(props(r).HostedZoneId)}`);

  const pools = ofType('AWS::Cognito::UserPool').map(([, r]) => props(r));

  return {
    lambda: {
      functions: functions.length,
      api: api.n,
      apiMeanMemoryMb: api.memory,
      apiArmShare: api.arm,
      triggers: triggers.n,
      triggerMeanMemoryMb: triggers.memory,
      triggerArmShare: triggers.arm,
      scheduled: runsOf.size,
      scheduledRunsPerMonth,
      scheduledMeanMemoryMb,
    },
    scheduler,
    energyRollUp,
    tables: {
      count: tables.length,
      onDemand: tables.filter((p) => p.BillingMode === 'PAY_PER_REQUEST').length,
      pitr: tables.filter(pitrOn).length,
      customerKeyEncrypted: tables.filter(customerKey).length,
    },
    alarms: { count: alarms.length, metrics, highResolutionMetrics: highRes },
    dashboards: ofType('AWS::CloudWatch::Dashboard').length,
    secrets: ofType('AWS::SecretsManager::Secret').length,
    snsTopics: ofType('AWS::SNS::Topic').length,
    snsEmailSubscriptions: ofType('AWS::SNS::Subscription').filter(([, r]) => props(r).Protocol === 'email').length,
    snsLambdaSubscriptions: ofType('AWS::SNS::Subscription').filter(([, r]) => props(r).Protocol === 'lambda').length,
    logGroups: { count: retention.length, retentionDays: mode(retention.filter((d): d is number => typeof d === 'number')) },
    buckets: {
      count: buckets.length,
      versioned: buckets.filter(([, p]) => (p.VersioningConfiguration as { Status?: string } | undefined)?.Status === 'Enabled').length,
      accessLogExpiryDays: expiry.length ? Math.max(...expiry) : null,
    },
    webAcls: { count: acls.length, rules: acls.reduce((n, p) => n + (Array.isArray(p.Rules) ? p.Rules.length : 0), 0) },
    route53: { recordSets: recordSets.length, hostedZones: zoneKeys.size },
    userPools: {
      count: pools.length,
      tier: String(pools[0]?.UserPoolTier ?? 'ESSENTIALS'),
      threatProtection: ((pools[0]?.UserPoolAddOns as { AdvancedSecurityMode?: string } | undefined)?.AdvancedSecurityMode ?? null),
      developerEmail: pools.filter((p) => (p.EmailConfiguration as { EmailSendingAccount?: string } | undefined)?.EmailSendingAccount === 'DEVELOPER').length,
    },
    distributions: ofType('AWS::CloudFront::Distribution').length,
    httpApis: ofType('AWS::ApiGatewayV2::Api').filter(([, r]) => props(r).ProtocolType === 'HTTP').length,
    kmsKeys: ofType('AWS::KMS::Key').length,
    malwarePlans: ofType('AWS::GuardDuty::MalwareProtectionPlan').length,
    sesResources: all.filter(([, r]) => r.Type.startsWith('AWS::SES::')).length,
    compositeAlarms: ofType('AWS::CloudWatch::CompositeAlarm').length,
    tracedFunctions: functions.filter(([, r]) => (props(r).TracingConfig as { Mode?: string } | undefined)?.Mode === 'Active').length,
    deploymentGroups: ofType('AWS::CodeDeploy::DeploymentGroup').length,
    warm,
  };
}
