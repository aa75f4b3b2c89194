/**
 * The monthly cost of one stage: what the synthesised templates hold (counted here, no AWS call),
 * times a stated usage, times AWS's published prices. `npm run cost -- --stage prod` prints it and
 * writes it into README.md; test/infra/cost.test.ts fails when the README's copy is stale.
 */

// ---------------------------------------------------------------------------------------------
// What the templates hold
// ---------------------------------------------------------------------------------------------

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
  throw new Error(`infra/cost.ts cannot count the runs of the schedule ${expression}: teach runsPerMonth its form`);
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
    ...ofType('AWS::Scheduler::Schedule').map(([, r]) => ({ scheduler: true, expression: props(r).ScheduleExpression, targets: (props(r).Target as { Arn?: unknown } | undefined)?.Arn })),
    ...ofType('AWS::Events::Rule').filter(([, r]) => props(r).ScheduleExpression).map(([, r]) => ({ scheduler: false, expression: props(r).ScheduleExpression, targets: props(r).Targets })),
  ];
  for (const x of schedules) {
    const runs = runsPerMonth(String(x.expression));
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

// ---------------------------------------------------------------------------------------------
// Prices
// ---------------------------------------------------------------------------------------------

export interface Price {
  /** US dollars per `per` units. */
  usd: number;
  per: number;
  unit: string;
  url: string;
  taken: string;
  /** Where the figure was read; "not re-checked" when only known, not found again. */
  source: string;
}

const TAKEN = '2026-11-23';
const NOT_RECHECKED = 'published figure, not re-checked';
const p = (usd: number, per: number, unit: string, url: string, source: string): Price => ({ usd, per, unit, url, taken: TAKEN, source });

export const REGION_NOTE =
  'The figures are for us-east-1 (N. Virginia). The example stages deploy to eu-west-1 (Ireland), where S3, CloudFront, WAF, Cognito, Secrets Manager and SNS cost the same and Lambda, API Gateway, DynamoDB and CloudWatch cost the same to about 15 % more (not re-checked).';

const LAMBDA = 'https://aws.amazon.com/lambda/pricing/';
const APIGW = 'https://aws.amazon.com/api-gateway/pricing/';
const DDB = 'https://aws.amazon.com/dynamodb/pricing/on-demand/';
const S3 = 'https://aws.amazon.com/s3/pricing/';
const CF = 'https://aws.amazon.com/cloudfront/pricing/';
const COGNITO = 'https://aws.amazon.com/cognito/pricing/';
/** The page's tables did not render in stored copies; its worked examples did (Essentials $0.015 above 10,000 free, Plus $0.020 with no free tier). */
const COGNITO_COPY = "a transcription of the page's worked examples read 2026-09-20";
const WAF = 'https://aws.amazon.com/waf/pricing/';
const CW = 'https://aws.amazon.com/cloudwatch/pricing/';
const SM = 'https://aws.amazon.com/secrets-manager/pricing/';
const SNS = 'https://aws.amazon.com/sns/pricing/';
const SES = 'https://aws.amazon.com/ses/pricing/';
const KMS = 'https://aws.amazon.com/kms/pricing/';
const GUARDDUTY = 'https://aws.amazon.com/guardduty/pricing/';
const MALWARE_UNVERIFIED = 'not re-checked against the pricing page here: the price announced with Malware Protection for S3 (June 2024); the 12-month free tier (1,000 objects and 1 GB a month) is not subtracted';
const R53 = 'https://aws.amazon.com/route53/pricing/';
const XRAY = 'https://aws.amazon.com/xray/pricing/';
const CODEDEPLOY = 'https://aws.amazon.com/codedeploy/pricing/';
const EVENTBRIDGE = 'https://aws.amazon.com/eventbridge/pricing/';

export const prices = {
  malwareScanGb: p(0.09, 1, 'GB scanned by GuardDuty Malware Protection for S3', GUARDDUTY, MALWARE_UNVERIFIED),
  malwareScanObjects: p(0.215, 1000, 'objects evaluated by GuardDuty Malware Protection for S3', GUARDDUTY, MALWARE_UNVERIFIED),
  lambdaArmGbSecond: p(0.0000133334, 1, 'GB-second (arm64, first 7.5 billion)', LAMBDA, 'third-party copies of the page (arm64 and x86 tables)'),
  lambdaX86GbSecond: p(0.0000166667, 1, 'GB-second (x86_64, first 6 billion)', LAMBDA, 'third-party copies of the page'),
  lambdaRequests: p(0.2, 1e6, 'requests', LAMBDA, 'third-party copies of the page'),
  lambdaFreeRequests: p(0, 1e6, 'requests free each month (always free, per account)', LAMBDA, 'third-party copies of the page'),
  lambdaArmProvisionedGbSecond: p(0.0000033334, 1, 'GB-second of provisioned concurrency (arm64), whether used or not', LAMBDA, 'third-party copies of the page (arm64 table)'),
  lambdaFreeGbSeconds: p(0, 400_000, 'GB-seconds free each month (always free, per account)', LAMBDA, 'third-party copies of the page'),
  httpApiRequests: p(1.0, 1e6, 'HTTP API requests (first 300 million; the 1 million free lasts only 12 months)', APIGW, 'AWS page (free tier), third-party copies (rate)'),
  dynamoWriteUnits: p(0.625, 1e6, 'on-demand write request units', DDB, NOT_RECHECKED),
  dynamoReadUnits: p(0.125, 1e6, 'on-demand read request units', DDB, NOT_RECHECKED),
  dynamoStorage: p(0.25, 1, 'GB-month of table storage (first 25 GB free, always, per account)', DDB, NOT_RECHECKED),
  dynamoFreeStorageGb: p(0, 25, 'GB of table storage free each month', DDB, NOT_RECHECKED),
  dynamoPitr: p(0.2, 1, 'GB-month of continuous backup (point-in-time recovery)', DDB, NOT_RECHECKED),
  s3Standard: p(0.023, 1, 'GB-month of S3 Standard (first 50 TB)', S3, 'third-party copies of the page'),
  s3Put: p(0.005, 1000, 'PUT, COPY, POST, LIST requests', S3, 'third-party copies of the page'),
  s3Get: p(0.0004, 1000, 'GET and other requests', S3, NOT_RECHECKED),
  s3TransferOut: p(0.09, 1, 'GB out to the internet (first 10 TB; the first 100 GB a month free across services, CloudFront aside)', S3, 'third-party copies (rate); free 100 GB not re-checked'),
  s3FreeTransferGb: p(0, 100, 'GB out to the internet free each month', S3, NOT_RECHECKED),
  cloudFrontTransfer: p(0.085, 1, 'GB out to the internet (United States and Europe, first 10 TB)', CF, 'AWS page'),
  cloudFrontFreeTransferGb: p(0, 1024, 'GB free each month (always free)', CF, 'AWS page'),
  cloudFrontHttps: p(0.01, 10_000, 'HTTPS requests (United States and Europe)', CF, 'third-party copies of the page'),
  cloudFrontFreeRequests: p(0, 10e6, 'HTTP or HTTPS requests free each month (always free)', CF, 'AWS page'),
  cloudFrontFunctions: p(0.1, 1e6, 'CloudFront Function invocations', CF, 'third-party copies of the page'),
  cloudFrontFreeFunctions: p(0, 2e6, 'CloudFront Function invocations free each month (always free)', CF, 'AWS page'),
  cognitoLiteMau: p(0.0055, 1, 'monthly active user, Lite', COGNITO, NOT_RECHECKED),
  cognitoEssentialsMau: p(0.015, 1, 'monthly active user, Essentials', COGNITO, COGNITO_COPY),
  cognitoPlusMau: p(0.02, 1, 'monthly active user, Plus (threat protection; no free tier)', COGNITO, COGNITO_COPY),
  cognitoFreeMau: p(0, 10_000, 'MAU free each month on Lite and Essentials (always free, per account)', COGNITO, COGNITO_COPY),
  wafWebAcl: p(5, 1, 'web ACL-month', WAF, 'third-party copies; AWS blog: the same in every region'),
  wafRule: p(1, 1, 'rule or rule group-month', WAF, 'third-party copies of the page'),
  wafRequests: p(0.6, 1e6, 'requests inspected', WAF, 'third-party copies of the page'),
  cloudWatchAlarmMetric: p(0.1, 1, 'alarm metric-month, standard resolution (an expression alarm: per metric it reads)', CW, NOT_RECHECKED),
  cloudWatchHighResAlarmMetric: p(0.3, 1, 'alarm metric-month, high resolution', CW, NOT_RECHECKED),
  cloudWatchDashboard: p(3, 1, 'dashboard-month', CW, 'third-party copies of the page'),
  cloudWatchCompositeAlarm: p(0.5, 1, 'composite alarm-month', CW, NOT_RECHECKED),
  cloudWatchCustomMetric: p(0.3, 1, 'custom metric-month (first 10,000; each EMF metric name and dimension set is one)', CW, NOT_RECHECKED),
  xrayTraces: p(5, 1e6, 'traces recorded (after the free 100,000)', XRAY, NOT_RECHECKED),
  xrayFreeTraces: p(0, 100_000, 'traces recorded free each month (always free)', XRAY, NOT_RECHECKED),
  codeDeployLambda: p(0, 1, 'deployment to AWS Lambda (no charge; on-premises instances are what CodeDeploy bills)', CODEDEPLOY, NOT_RECHECKED),
  cloudWatchLogsIngest: p(0.5, 1, 'GB of logs ingested (standard class)', CW, 'third-party copies of the page'),
  cloudWatchLogsStorage: p(0.03, 1, 'GB-month of logs stored (compressed)', CW, NOT_RECHECKED),
  secret: p(0.4, 1, 'secret-month', SM, 'third-party copies of the page'),
  secretsApi: p(0.05, 10_000, 'API calls', SM, 'third-party copies of the page'),
  schedulerInvocations: p(1, 1e6, 'EventBridge Scheduler invocations (after the free 14 million)', EVENTBRIDGE, NOT_RECHECKED),
  schedulerFreeInvocations: p(0, 14e6, 'EventBridge Scheduler invocations free each month', EVENTBRIDGE, NOT_RECHECKED),
  snsEmail: p(2, 100_000, 'email notifications (first 1,000 a month free)', SNS, 'third-party copies of the page'),
  snsFreeEmail: p(0, 1000, 'email notifications free each month', SNS, 'third-party copies of the page'),
  sesEmail: p(0.1, 1000, 'emails sent', SES, NOT_RECHECKED),
  kmsKey: p(1, 1, 'customer managed key-month', KMS, NOT_RECHECKED),
  route53Zone: p(0.5, 1, 'hosted zone-month (first 25 zones)', R53, NOT_RECHECKED),
} satisfies Record<string, Price>;

export type Prices = typeof prices;

// ---------------------------------------------------------------------------------------------
// Usage
// ---------------------------------------------------------------------------------------------

export interface Assumption {
  value: number;
  unit: string;
  why: string;
  /** Grows with the number of users and calls (multiplied by `scale`). */
  scales: boolean;
}

const a = (value: number, unit: string, why: string, scales = false): Assumption => ({ value, unit, why, scales });

export const usage = {
  customers: a(100, 'customer companies', 'stated in the issue (no service is billed per customer; listed for the reader)', true),
  users: a(1000, 'users', 'stated in the issue', true),
  apiCallsPerDay: a(50_000, 'API calls a day', 'stated in the issue', true),
  documentsGb: a(20, 'GB of documents', 'stated in the issue', true),
  cloudFrontTransferGb: a(1024, 'GB a month out of CloudFront', 'stated in the issue (1 TB)', true),
  daysPerMonth: a(30, 'days a month', 'a month of 30 days'),
  activeUserShare: a(1, '% of users sign in each month', 'every user counts as a Cognito monthly active user: the upper bound'),
  billedMsPerCall: a(200, 'ms billed per API call', 'README "Figures": the Dashboard takes 201 ms of server time and most routes make 2 DynamoDB calls or fewer; cold starts (75-180 ms of initialisation, billed) on a few percent of calls'),
  readUnitsPerCall: a(8, 'DynamoDB read units per API call', "every call reads the caller's row (1); report pages read packed rows of tens of KB in two BatchGetItem calls; a listing reads a few 4 KB units"),
  writeShare: a(0.05, '% of API calls write', 'the portal is read-mostly: uploads, user administration and view-as records'),
  writeUnitsPerWrite: a(4, 'DynamoDB write units per writing call', 'the item (1-2 KB), its index entry and an audit row'),
  tableStorageGb: a(2, 'GB in all tables', 'users, customers, properties and documents are small items; report rows are deflated per property, dataset and year', true),
  callsPerPageView: a(10, 'API calls per page view', 'a page asks for the caller, its scope and a few data calls'),
  staticRequestsPerPageView: a(3, 'static CloudFront requests per page view', 'index.html, config.json and a chunk; hashed assets stay in the browser cache'),
  staticCacheMissShare: a(0.1, '% of static requests are fetched from S3 by CloudFront', 'a few files, cached at the edge'),
  logBytesPerCall: a(1500, 'bytes of CloudWatch logs per API call', 'the JSON lines of a call at level info (about 1 KB) and its API access log line (about 400 bytes)'),
  logStoredRatio: a(0.15, '% of the ingested log size is stored', 'CloudWatch bills stored logs compressed; JSON lines compress about 6 to 7 times'),
  coldStartShare: a(0.05, '% of API calls start a container', 'about 1 call a minute per function on average; a container that starts reads its secret once'),
  documentUploadsPerMonth: a(1000, 'uploads a month', 'about 10 a customer company a month (each a presigned POST, a copy on confirm)', true),
  documentUploadMb: a(2, 'MB per uploaded document', 'PDF reports and drawings; where malware scanning is on, each is scanned once (documents/ only)'),
  documentDownloadsPerMonth: a(10_000, 'downloads a month', 'about 10 a user a month, presigned GETs straight from S3', true),
  documentDownloadMb: a(2, 'MB per download', 'PDF reports and drawings'),
  noncurrentVersionShare: a(0.1, '% more document bytes kept as noncurrent versions', 'replaced or deleted documents stay 30 days as noncurrent versions (when the bucket is versioned)'),
  siteGb: a(0.05, 'GB in the site bucket', 'the web build'),
  accessLogBytesPerRequest: a(150, 'bytes stored in the access-log bucket per request', 'CloudFront standard logs arrive gzipped (about 100 bytes a line); S3 server access lines are about 350 bytes, on far fewer requests'),
  tokenIssuesPerUser: a(60, 'token issues per user a month', 'sign-ins plus hourly refreshes in working sessions; each runs the pre-token-generation trigger'),
  triggerBilledMs: a(50, 'ms billed per trigger run', 'one DynamoDB read'),
  scheduledBilledMs: a(5000, 'ms billed per scheduled run', "a scheduled job's pass: the equipment alerts' (per mapped customer two DynamoDB queries and one telemetry query for all its devices, a few writes when alerts change), the hourly documents digest's, the weekly summary's and the daily day-before mail's (a query per subscribed user's properties, a mail each), mostly waiting on the telemetry service and SES"),
  alarmMailsPerMonth: a(30, 'alarm mails a month', 'alarm state changes (into alarm and back)'),
  mailsPerUserPerMonth: a(0.1, 'mails per user a month', 'invitations and password resets'),
  notificationMailsPerUserPerMonth: a(10, 'notification mails per user a month', 'where the stage runs the scheduled jobs: the weekly summary (about 4.35 a month), the day-before mail of upcoming visits (one per day with visits at the user\'s properties, a few a month) and a documents digest or equipment alert now and then; an upper bound, every user subscribed'),
  businessMetrics: a(11, 'custom metrics from the functions (EMF)', "the portal's own: sign-ins (two), reports opened, documents uploaded and downloaded, telemetry latency and errors, each with the one dimension `service` (lambdas/shared/observability.ts), and the four scheduled jobs' heartbeats `JobSucceeded` (dimension `job`); `Http5xx` (per function and version) and `JobFailed` exist only in the hours something failed"),
  tracedShare: a(1, '% of invocations recorded by X-Ray', "an upper bound: X-Ray's default rule records the first request each second and 5 % of the rest, and at 50,000 calls a day (under one a second on average) most are first in their second"),
} satisfies Record<string, Assumption>;

export type Usage = typeof usage;

/** The same assumptions with every volume that grows with use multiplied by `factor`. */
export function scale(u: Usage, factor: number): Usage {
  return Object.fromEntries(Object.entries(u).map(([k, v]) => [k, v.scales ? { ...v, value: v.value * factor } : v])) as Usage;
}

// ---------------------------------------------------------------------------------------------
// The model
// ---------------------------------------------------------------------------------------------

export interface CostRow {
  service: string;
  monthly: number;
  basis: string;
}

export interface Estimate {
  rows: CostRow[];
  total: number;
}

const cost = (price: Price, quantity: number) => (price.usd * quantity) / price.per;
const free = (price: Price) => price.per;
const over = (quantity: number, allowance: number) => Math.max(0, quantity - allowance);

const int = (n: number) => Math.round(n).toLocaleString('en-US');
const num = (n: number, digits = 1) => n.toLocaleString('en-US', { maximumFractionDigits: digits });
const millions = (n: number) => `${num(n / 1e6, 2)}M`;

export function monthlyCost(counts: Counts, u: Usage, pr: Prices): Estimate {
  const v = (k: keyof Usage) => u[k].value;
  const calls = v('apiCallsPerDay') * v('daysPerMonth');
  const pageViews = calls / v('callsPerPageView');
  const staticRequests = pageViews * v('staticRequestsPerPageView');
  const users = v('users') * v('activeUserShare');
  const rows: CostRow[] = [];
  const row = (service: string, monthly: number, basis: string) => rows.push({ service, monthly, basis });

  // Lambda: API functions per call, Cognito triggers per token issue; deploy-time providers left out.
  const L = counts.lambda;
  const apiGbS = L.api ? calls * (v('billedMsPerCall') / 1000) * (L.apiMeanMemoryMb / 1024) : 0;
  const triggerRuns = L.triggers ? users * v('tokenIssuesPerUser') : 0;
  const triggerGbS = triggerRuns * (v('triggerBilledMs') / 1000) * (L.triggerMeanMemoryMb / 1024);
  const scheduledRuns = L.scheduledRunsPerMonth;
  const scheduledGbS = scheduledRuns * (v('scheduledBilledMs') / 1000) * (L.scheduledMeanMemoryMb / 1024);
  const invocations = (L.api ? calls : 0) + triggerRuns + scheduledRuns;
  const gbS = apiGbS + triggerGbS + scheduledGbS;
  // Scheduled functions are made as the API's are (arm64).
  const armShare = gbS ? (apiGbS * L.apiArmShare + triggerGbS * L.triggerArmShare + scheduledGbS * L.apiArmShare) / gbS : 1;
  const gbSecondRate = armShare * pr.lambdaArmGbSecond.usd + (1 - armShare) * pr.lambdaX86GbSecond.usd;
  const billedGbS = over(gbS, free(pr.lambdaFreeGbSeconds));
  row(
    'Lambda',
    billedGbS * gbSecondRate + cost(pr.lambdaRequests, over(invocations, free(pr.lambdaFreeRequests))),
    `${millions(invocations)} invocations (${L.api} API functions, mean ${int(L.apiMeanMemoryMb)} MB, ${int(L.apiArmShare * 100)} % arm64; ${L.triggers} Cognito triggers${L.scheduled ? `; ${L.scheduled} scheduled, ${int(scheduledRuns)} runs` : ''}), ${int(gbS)} GB-s; free: 1M requests and 400,000 GB-s`,
  );

  row(
    'Lambda provisioned concurrency',
    cost(pr.lambdaArmProvisionedGbSecond, counts.warm.gb * v('daysPerMonth') * 86_400),
    counts.warm.instances
      ? `${counts.warm.instances} instances of ${counts.warm.functions} functions kept initialised all month (stage setting warmFunctions: the calls a first visit waits on), ${num(counts.warm.gb, 2)} GB; the calls they serve are in the Lambda row`
      : 'none (stage setting warmFunctions)',
  );

  row('API Gateway (HTTP API)', counts.httpApis ? cost(pr.httpApiRequests, calls) : 0, counts.httpApis ? `${millions(calls)} requests` : 'no HTTP API in the template');

  const T = counts.tables;
  const reads = calls * v('readUnitsPerCall');
  const writes = calls * v('writeShare') * v('writeUnitsPerWrite');
  const storage = T.count ? v('tableStorageGb') : 0;
  const pitrGb = T.count ? storage * (T.pitr / T.count) : 0;
  row(
    'DynamoDB',
    T.count
      ? (T.onDemand / T.count) * (cost(pr.dynamoReadUnits, reads) + cost(pr.dynamoWriteUnits, writes)) +
          cost(pr.dynamoStorage, over(storage, free(pr.dynamoFreeStorageGb))) +
          cost(pr.dynamoPitr, pitrGb)
      : 0,
    `${T.count} tables (${T.onDemand} on demand, ${T.pitr} with point-in-time recovery${T.customerKeyEncrypted ? `, ${T.customerKeyEncrypted} with a customer key` : ', AWS managed key'}): ${millions(reads)} read units, ${millions(writes)} write units, ${num(storage)} GB (25 GB free), ${num(pitrGb)} GB backed up`,
  );

  const B = counts.buckets;
  const documents = B.count ? v('documentsGb') * (1 + (B.versioned ? v('noncurrentVersionShare') : 0)) : 0;
  const s3Requests = v('documentDownloadsPerMonth') + staticRequests * v('staticCacheMissShare');
  const logMonths = (B.accessLogExpiryDays ?? 365) / 30.4;
  const loggedRequests = staticRequests + calls + s3Requests;
  const accessLogsGb = B.accessLogExpiryDays === null && !counts.distributions ? 0 : (loggedRequests * v('accessLogBytesPerRequest') * logMonths) / 1e9;
  const s3Gb = B.count ? documents + v('siteGb') + accessLogsGb : 0;
  const puts = v('documentUploadsPerMonth') * 2;
  const downloadsGb = (v('documentDownloadsPerMonth') * v('documentDownloadMb')) / 1024;
  row(
    'S3',
    B.count
      ? cost(pr.s3Standard, s3Gb) + cost(pr.s3Put, puts) + cost(pr.s3Get, s3Requests) + cost(pr.s3TransferOut, over(downloadsGb, free(pr.s3FreeTransferGb)))
      : 0,
    `${B.count} buckets (${B.versioned} versioned): ${num(documents)} GB of documents with their versions, ${num(accessLogsGb)} GB of access logs (kept ${B.accessLogExpiryDays ?? 'unknown: 365'} days); ${int(puts)} PUT/COPY, ${int(s3Requests)} GET; ${num(downloadsGb)} GB downloaded (100 GB free)`,
  );

  const scannedGb = (v('documentUploadsPerMonth') * v('documentUploadMb')) / 1024;
  row(
    'GuardDuty (malware scanning)',
    counts.malwarePlans ? cost(pr.malwareScanGb, scannedGb) + cost(pr.malwareScanObjects, v('documentUploadsPerMonth')) : 0,
    counts.malwarePlans
      ? `Malware Protection for S3 on the documents bucket: ${int(v('documentUploadsPerMonth'))} new documents, ${num(scannedGb)} GB scanned (the result tags cost S3's tag price, a fraction of a cent)`
      : 'off (stage setting malwareScan)',
  );

  const cfRequests = counts.distributions ? calls + staticRequests : 0;
  const cfGb = counts.distributions ? v('cloudFrontTransferGb') : 0;
  row(
    'CloudFront',
    cost(pr.cloudFrontTransfer, over(cfGb, free(pr.cloudFrontFreeTransferGb))) +
      cost(pr.cloudFrontHttps, over(cfRequests, free(pr.cloudFrontFreeRequests))) +
      cost(pr.cloudFrontFunctions, over(counts.distributions ? staticRequests : 0, free(pr.cloudFrontFreeFunctions))),
    counts.distributions
      ? `${counts.distributions} distribution: ${int(cfGb)} GB out, ${millions(cfRequests)} HTTPS requests (API calls and static files), ${millions(staticRequests)} function runs; free: 1 TB, 10M requests, 2M function runs`
      : 'no distribution in the template',
  );

  const tier = counts.userPools.tier.toUpperCase();
  const mauPrice = tier === 'LITE' ? pr.cognitoLiteMau : tier === 'PLUS' ? pr.cognitoPlusMau : pr.cognitoEssentialsMau;
  const freeMau = tier === 'PLUS' ? 0 : free(pr.cognitoFreeMau);
  const mau = counts.userPools.count ? users : 0;
  // Threat protection needs the Plus plan: what it costs is the difference to Essentials.
  const protection = counts.userPools.threatProtection && counts.userPools.threatProtection !== 'OFF' ? counts.userPools.threatProtection.toLowerCase() : null;
  const essentials = cost(pr.cognitoEssentialsMau, over(mau, free(pr.cognitoFreeMau)));
  const plusNote = tier === 'PLUS' ? `; threat protection ${protection ?? 'off'}: ${usd(cost(mauPrice, over(mau, freeMau)) - essentials)} more than Essentials` : '';
  row(
    'Cognito',
    cost(mauPrice, over(mau, freeMau)),
    counts.userPools.count
      ? `${int(mau)} monthly active users on ${tier.charAt(0)}${tier.slice(1).toLowerCase()} (${freeMau ? `${int(freeMau)} free` : 'no free tier'}${plusNote}); TOTP MFA (no charge, no SMS); mails through ${counts.userPools.developerEmail ? 'SES' : "Cognito's own sender (free, 50 a day)"}`
      : 'no user pool in the template',
  );

  const W = counts.webAcls;
  row(
    'WAF',
    W.count ? cost(pr.wafWebAcl, W.count) + cost(pr.wafRule, W.rules) + cost(pr.wafRequests, cfRequests) : 0,
    W.count ? `${W.count} web ACL, ${W.rules} rules, ${millions(cfRequests)} requests inspected` : 'no web ACL in the template',
  );

  const A = counts.alarms;
  row(
    'CloudWatch alarms',
    cost(pr.cloudWatchAlarmMetric, A.metrics - A.highResolutionMetrics) + cost(pr.cloudWatchHighResAlarmMetric, A.highResolutionMetrics) + cost(pr.cloudWatchCompositeAlarm, counts.compositeAlarms),
    `${A.count} alarms reading ${A.metrics} metrics${counts.compositeAlarms ? `, ${counts.compositeAlarms} composite alarm (paging)` : ''} (no free allowance subtracted)`,
  );
  const emf = L.api || L.triggers ? v('businessMetrics') : 0;
  row('CloudWatch metrics (EMF)', cost(pr.cloudWatchCustomMetric, emf), emf ? `${int(emf)} custom metrics written as EMF log lines (their bytes are in CloudWatch Logs; no free allowance subtracted)` : 'no functions');
  row('CloudWatch dashboards', cost(pr.cloudWatchDashboard, counts.dashboards), `${counts.dashboards} dashboard (no free allowance subtracted)`);

  const ingestGb = counts.logGroups.count ? (calls * v('logBytesPerCall')) / 1e9 : 0;
  const retentionMonths = (counts.logGroups.retentionDays ?? 730) / 30.4;
  const storedGb = ingestGb * v('logStoredRatio') * retentionMonths;
  row(
    'CloudWatch Logs',
    cost(pr.cloudWatchLogsIngest, ingestGb) + cost(pr.cloudWatchLogsStorage, storedGb),
    `${counts.logGroups.count} log groups: ${num(ingestGb, 2)} GB ingested a month, ${num(storedGb, 1)} GB stored once ${counts.logGroups.retentionDays ?? 'unlimited (counted as 730)'} days of retention have filled (no free allowance subtracted)`,
  );

  const secretCalls = counts.secrets ? calls * v('coldStartShare') : 0;
  row('Secrets Manager', cost(pr.secret, counts.secrets) + cost(pr.secretsApi, secretCalls), `${counts.secrets} secrets, ${int(secretCalls)} reads (one per container start)`);

  const mails = counts.snsEmailSubscriptions * v('alarmMailsPerMonth');
  row(
    'SNS',
    cost(pr.snsEmail, over(mails, free(pr.snsFreeEmail))),
    `${counts.snsTopics} topics, ${counts.snsEmailSubscriptions} email subscriptions: ${int(mails)} mails (1,000 free)${counts.snsLambdaSubscriptions ? `; ${counts.snsLambdaSubscriptions} function subscribed to SES's bounces and complaints (publishes within the first million free, deliveries to Lambda free)` : ''}`,
  );

  const sesUsed = counts.sesResources > 0 || counts.userPools.developerEmail > 0;
  const notificationMails = sesUsed && L.scheduled ? v('users') * v('notificationMailsPerUserPerMonth') : 0;
  const sesMails = sesUsed ? v('users') * v('mailsPerUserPerMonth') + notificationMails : 0;
  row(
    'SES',
    cost(pr.sesEmail, sesMails),
    sesUsed
      ? `${int(sesMails)} mails (${int(notificationMails)} of them notifications)${counts.sesResources ? '; the configuration set, its reputation metrics and its event destination cost nothing (their two alarms are under CloudWatch alarms)' : ''}`
      : 'not used: the user pool mails through Cognito',
  );

  const S = counts.scheduler;
  row(
    'EventBridge Scheduler',
    cost(pr.schedulerInvocations, over(S.invocationsPerMonth, free(pr.schedulerFreeInvocations))),
    S.schedules ? `${S.schedules} schedules: ${int(S.invocationsPerMonth)} invocations a month (14 million free)` : 'no schedules',
  );

  const traces = counts.tracedFunctions ? invocations * v('tracedShare') : 0;
  row('X-Ray', cost(pr.xrayTraces, over(traces, free(pr.xrayFreeTraces))), counts.tracedFunctions ? `${counts.tracedFunctions} functions traced (active): ${millions(traces)} traces recorded (100,000 free); the HTTP API is not traced (X-Ray traces REST APIs only)` : 'no traced function');

  row(
    'CodeDeploy',
    cost(pr.codeDeployLambda, counts.deploymentGroups),
    counts.deploymentGroups ? `${counts.deploymentGroups} deployment groups shifting the functions' live aliases by canary: no charge for deployments to Lambda` : 'no deployment groups: the live aliases move at once',
  );

  row('KMS', cost(pr.kmsKey, counts.kmsKeys), counts.kmsKeys ? `${counts.kmsKeys} customer managed key${counts.kmsKeys === 1 ? '' : 's'} (requests not counted)` : 'no customer managed key (tables, buckets and secrets use AWS managed or owned keys)');

  row(
    'Route 53',
    cost(pr.route53Zone, counts.route53.hostedZones),
    counts.route53.hostedZones ? `${counts.route53.hostedZones} hosted zone, ${counts.route53.recordSets} records (alias queries to CloudFront are free)` : 'no custom domain in the template',
  );

  return { rows, total: rows.reduce((s, r) => s + r.monthly, 0) };
}

// ---------------------------------------------------------------------------------------------
// The README block
// ---------------------------------------------------------------------------------------------

export const usd = (n: number) => `$${n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

const assumed = (x: Assumption) => (x.unit.startsWith('%') ? `${num(x.value * 100, 1)} ${x.unit}` : `${num(x.value, 3)} ${x.unit}`);

function priceRow(name: string, pr: Price) {
  const per = pr.per === 1 ? 'per' : `per ${pr.per.toLocaleString('en-US')}`;
  const figure = pr.usd === 0 ? `${pr.per.toLocaleString('en-US')} ${pr.unit}` : `$${pr.usd} ${per} ${pr.unit}`;
  return `| ${name} | ${figure} | ${pr.url} | ${pr.taken}, ${pr.source} |`;
}

const PRICE_NAMES: Record<keyof Prices, string> = {
  malwareScanGb: 'GuardDuty malware scanning, data',
  malwareScanObjects: 'GuardDuty malware scanning, objects',
  lambdaArmGbSecond: 'Lambda duration, arm64',
  lambdaX86GbSecond: 'Lambda duration, x86_64',
  lambdaRequests: 'Lambda requests',
  lambdaFreeRequests: 'Lambda free requests',
  lambdaFreeGbSeconds: 'Lambda free duration',
  lambdaArmProvisionedGbSecond: 'Lambda provisioned concurrency, arm64',
  httpApiRequests: 'API Gateway HTTP API',
  dynamoWriteUnits: 'DynamoDB writes',
  dynamoReadUnits: 'DynamoDB reads',
  dynamoStorage: 'DynamoDB storage',
  dynamoFreeStorageGb: 'DynamoDB free storage',
  dynamoPitr: 'DynamoDB point-in-time recovery',
  s3Standard: 'S3 storage',
  s3Put: 'S3 writes',
  s3Get: 'S3 reads',
  s3TransferOut: 'S3 transfer out',
  s3FreeTransferGb: 'Free transfer out',
  cloudFrontTransfer: 'CloudFront transfer out',
  cloudFrontFreeTransferGb: 'CloudFront free transfer',
  cloudFrontHttps: 'CloudFront requests',
  cloudFrontFreeRequests: 'CloudFront free requests',
  cloudFrontFunctions: 'CloudFront Functions',
  cloudFrontFreeFunctions: 'CloudFront Functions free',
  cognitoLiteMau: 'Cognito Lite',
  cognitoEssentialsMau: 'Cognito Essentials',
  cognitoPlusMau: 'Cognito Plus',
  cognitoFreeMau: 'Cognito free',
  wafWebAcl: 'WAF web ACL',
  wafRule: 'WAF rule',
  wafRequests: 'WAF requests',
  cloudWatchAlarmMetric: 'CloudWatch alarm',
  cloudWatchHighResAlarmMetric: 'CloudWatch high-resolution alarm',
  cloudWatchDashboard: 'CloudWatch dashboard',
  cloudWatchCompositeAlarm: 'CloudWatch composite alarm',
  cloudWatchCustomMetric: 'CloudWatch custom metric',
  xrayTraces: 'X-Ray traces',
  xrayFreeTraces: 'X-Ray free traces',
  codeDeployLambda: 'CodeDeploy (Lambda)',
  cloudWatchLogsIngest: 'CloudWatch Logs ingestion',
  cloudWatchLogsStorage: 'CloudWatch Logs storage',
  secret: 'Secrets Manager secret',
  secretsApi: 'Secrets Manager calls',
  schedulerInvocations: 'EventBridge Scheduler',
  schedulerFreeInvocations: 'EventBridge Scheduler free',
  snsEmail: 'SNS email',
  snsFreeEmail: 'SNS free email',
  sesEmail: 'SES',
  kmsKey: 'KMS key',
  route53Zone: 'Route 53 hosted zone',
};

/** The Markdown block between the README's cost markers: assumptions, table, total, prices. */
export function renderCostTable(stageName: string, counts: Counts, u: Usage = usage, pr: Prices = prices, factor = 10): string {
  const now = monthlyCost(counts, u, pr);
  const big = monthlyCost(counts, scale(u, factor), pr);
  const lines = [
    `Generated by \`npm run cost -- --stage ${stageName} --write-docs\` from the synthesised templates of \`${stageName}\` (infra/cost.ts). US dollars a month, before tax.`,
    '',
    'Assumptions (stated in the issue, or assumed with the reason; those marked ×' + factor + ' grow in the last column):',
    '',
    ...Object.values(u).map((x) => `- ${assumed(x)}${x.scales ? ` (×${factor})` : ''}: ${x.why}.`),
    '- Account-wide always-free allowances (Lambda, CloudFront, Cognito, DynamoDB storage, S3 transfer, SNS email) go to this stage; the CloudWatch ones (10 alarm metrics, 3 dashboards, 5 GB of logs) are not counted, as another stage or tool in the account takes them first.',
    '- Functions that run only during deployments (the web file copy) and the web build upload are left out.',
    '',
    `| service | basis (at stated usage) | at stated usage | at ${factor}x |`,
    '|---|---|--:|--:|',
    ...now.rows.map((r, i) => `| ${r.service} | ${r.basis} | ${usd(r.monthly)} | ${usd(big.rows[i]!.monthly)} |`),
    `| **total** | | **${usd(now.total)}** | **${usd(big.total)}** |`,
    '',
    `Prices: ${REGION_NOTE} Where no stored copy of a page had the figure, the published figure is used and marked "not re-checked".`,
    '',
    '| price | figure | page | taken, read from |',
    '|---|---|---|---|',
    ...(Object.keys(PRICE_NAMES) as (keyof Prices)[]).map((k) => priceRow(PRICE_NAMES[k], pr[k])),
  ];
  return lines.join('\n');
}

export const COST_START = '<!-- cost:start -->';
export const COST_END = '<!-- cost:end -->';

/** A pair of README marker lines around a generated block. */
export interface Markers {
  start: string;
  end: string;
}
const COST_MARKERS: Markers = { start: COST_START, end: COST_END };

/** The text between the markers (without the newlines next to them), or null without markers. */
export function readmeCostBlock(readme: string, markers: Markers = COST_MARKERS): string | null {
  const start = readme.indexOf(markers.start);
  const end = readme.indexOf(markers.end);
  if (start < 0 || end < start) return null;
  return readme.slice(start + markers.start.length, end).replace(/^\n/, '').replace(/\n$/, '');
}

/** The README with `block` between the markers (the cost block's, unless others are given). */
export function replaceCostBlock(readme: string, block: string, markers: Markers = COST_MARKERS): string {
  const start = readme.indexOf(markers.start);
  const end = readme.indexOf(markers.end);
  if (start < 0 || end < start) throw new Error(`README.md has no ${markers.start} ... ${markers.end} lines`);
  return `${readme.slice(0, start + markers.start.length)}\n${block}\n${readme.slice(end)}`;
}
