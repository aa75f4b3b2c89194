/**
 * Watching one stage: a CloudWatch dashboard (API, functions, tables, CloudFront, the portal's own
 * metrics) and its alarms in two tiers (infra/alerting-construct.ts). Pages, each alarm notifying
 * the page topic by itself: the API's 5xx rate (with a minimum of requests), the p99 duration of
 * the calls a customer's first visit waits on, failed sign-ins, the Cognito triggers' errors and
 * duration against Cognito's 5-second wait, a scheduled job failing or not running (heartbeats),
 * SES bounce and complaint rates, and CloudFront's 5xx rate (in us-east-1: here, or in the
 * edge-watch stack). Tickets: each function's throttles and p99 duration near its timeout, each
 * table's throttling; each function's failures alarm (its canary's rollback alarm) is beside the
 * function in its own stack and files a ticket too. No composite alarm: CloudWatch takes at most
 * 100 alarms in one rule, and a composite stuck in ALARM would keep later incidents silent.
 */
import { Duration, Stack, type StackProps } from 'aws-cdk-lib';
import type * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import type * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as cw from 'aws-cdk-lib/aws-cloudwatch';
import * as cwActions from 'aws-cdk-lib/aws-cloudwatch-actions';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type * as sns from 'aws-cdk-lib/aws-sns';
import { Construct } from 'constructs';
import type { Stage } from './config.js';
import { EDGE_REGION } from './edge-stack.js';
import { webAclName } from './waf.js';
import { scheduled } from '../lambdas/routes.js';
import { alarmTopic, type Tier } from './alerting-construct.js';
import { COGNITO_TRIGGER_WAIT_SECONDS, METRICS_NAMESPACE, shortName, type PortalFunction } from './function-construct.js';

export interface MonitoringProps {
  stage: Stage;
  /** The portal stack's API, functions, tables and distribution (read across stacks when the construct is in the watch stack). */
  api: apigw.HttpApi;
  /** Every function by handler file: the api construct's map, the Cognito triggers and the jobs stack's functions. */
  functions: ReadonlyMap<string, PortalFunction>;
  /** The SES configuration set the user pool mails through, if any. */
  mailConfigurationSet?: string;
  tables: Record<string, dynamodb.ITableV2>;
  distribution: cloudfront.IDistribution;
  /** The stage's page and ticket topics (the portal stack's alerting construct). */
  topics: Record<Tier, sns.ITopic>;
  /** The web app's and the server-side sign-in's user pool clients: sign-in failures are counted per client. */
  signIn: { userPoolId: string; clientIds: string[] };
}

/**
 * The calls a customer's first visit waits on one after another (docs/figures.md "Figures", first visit;
 * prod keeps them warm with warmFunctions): their p99 duration pages. The first frame's data comes
 * with `reports/filtered` (issue 42), so `reports/embed-data` is off that path.
 */
export const firstVisitHandlers = ['users/user-customer-by-email', 'users/get-property', 'reports/get-reports', 'reports/filtered'] as const;
/** The Cognito triggers: Cognito waits 5 seconds for one, then fails the sign-in. */
export const triggerHandlers = ['triggers/pre-token-generation', 'triggers/custom-message', 'triggers/post-confirmation'] as const;

/** How long without a completed run before a job's heartbeat pages: three runs missed, at least 15 minutes; a daily job, two days; a weekly job, its week. */
export function heartbeatWindow(schedule: (typeof scheduled)[number]['schedule']): Duration {
  if ('weekly' in schedule) return Duration.days(7);
  if ('daily' in schedule) return Duration.days(2);
  return Duration.minutes(Math.max(15, schedule.everyMinutes * 3));
}

const PERIOD = Duration.minutes(5);
/** Alarm thresholds: a share of requests in percent, or a count per five minutes. */
export const thresholds = {
  api5xxPercent: 5,
  /** The 5xx rate counts only periods with at least this many requests (a single failure of a quiet hour is not 100 %). */
  apiMinRequests: 20,
  /** p99 duration of a first-visit call, in ms. */
  firstVisitP99Ms: 2000,
  /** Share of sign-in attempts failing (wrong passwords included), with at least `signInMinAttempts` attempts. */
  signInFailurePercent: 50,
  signInMinAttempts: 20,
  /** Trigger errors in five minutes. */
  triggerErrors: 3,
  /** p99 duration of a trigger, in ms: well below Cognito's 5 s wait. */
  triggerP99Ms: 2000,
  cloudFront5xxPercent: 5,
  /** Throttles in a five-minute period (tickets). */
  lambdaThrottles: 5,
  dynamoThrottles: 5,
  durationShareOfTimeout: 0.8,
  /** SES reviews an account at a 5 % bounce rate and 0.1 % complaint rate: alarm there, before it pauses sending. */
  sesBounceRate: 0.05,
  sesComplaintRate: 0.001,
} as const;
/** Every alarm: this many breaching points of the last `evaluationPeriods` before it fires. */
export const datapoints = { evaluationPeriods: 3, datapointsToAlarm: 2 } as const;

export class MonitoringConstruct extends Construct {
  readonly dashboard: cw.Dashboard;
  /** The alarms of this stack by tier. */
  readonly alarms: Record<Tier, cw.Alarm[]> = { page: [], ticket: [] };

  constructor(scope: Construct, id: string, props: MonitoringProps) {
    super(scope, id);
    const { stage, api } = props;
    const prefix = `portal-${stage.name}`;
    const alarm = (tier: Tier, alarmId: string, alarmProps: AlarmProps & { alarmName: string }) => {
      const a = addAlarm(this, alarmId, { ...alarmProps, alarmDescription: `${alarmProps.alarmDescription}. ${tier === 'page' ? 'Page' : 'Ticket'}.` });
      a.addAlarmAction(new cwActions.SnsAction(props.topics[tier]));
      // A page says when it is over, too.
      if (tier === 'page') a.addOkAction(new cwActions.SnsAction(props.topics[tier]));
      this.alarms[tier].push(a);
      return a;
    };
    const fnOf = (handler: string) => {
      const pf = props.functions.get(handler);
      if (!pf) throw new Error(`monitoring: no function ${handler} in the stage`);
      return pf.fn;
    };

    // API: the share of 5xx answers, once there are enough requests for a share to mean something.
    const requests = api.metricCount({ period: PERIOD, statistic: 'Sum' });
    const api4xx = api.metricClientError({ period: PERIOD, statistic: 'Sum' });
    const api5xx = api.metricServerError({ period: PERIOD, statistic: 'Sum' });
    const api5xxRate = new cw.MathExpression({
      expression: `IF(requests >= ${thresholds.apiMinRequests}, 100 * errors / requests, 0)`,
      usingMetrics: { requests, errors: api5xx },
      label: 'API 5xx rate (%)',
      period: PERIOD,
    });
    alarm('page', 'Api5xxRate', {
      alarmName: `${prefix}-api-5xx-rate`,
      alarmDescription: `More than ${thresholds.api5xxPercent}% of API requests answered 5xx (periods of at least ${thresholds.apiMinRequests} requests) in 2 of 3 five-minute periods`,
      metric: api5xxRate,
      threshold: thresholds.api5xxPercent,
      comparisonOperator: cw.ComparisonOperator.GREATER_THAN_THRESHOLD,
    });

    // The first visit: the slowest p99 of the calls it waits on.
    const firstVisit = Object.fromEntries(firstVisitHandlers.map((h, i) => [`d${i}`, fnOf(h).metricDuration({ period: PERIOD, statistic: 'p99' })]));
    alarm('page', 'FirstVisitP99', {
      alarmName: `${prefix}-first-visit-p99`,
      alarmDescription: `The p99 duration of a call a customer's first visit waits on (${firstVisitHandlers.join(', ')}) above ${thresholds.firstVisitP99Ms} ms in 2 of 3 five-minute periods`,
      metric: new cw.MathExpression({ expression: `MAX([${Object.keys(firstVisit).join(', ')}])`, usingMetrics: firstVisit, label: 'first visit p99 (ms)', period: PERIOD }),
      threshold: thresholds.firstVisitP99Ms,
      comparisonOperator: cw.ComparisonOperator.GREATER_THAN_THRESHOLD,
    });

    // Sign-in: Cognito's SignInSuccesses per client (Sum: successes; SampleCount: attempts),
    // https://docs.aws.amazon.com/cognito/latest/developerguide/metrics-for-cognito-user-pools.html
    const signIn: Record<string, cw.IMetric> = {};
    props.signIn.clientIds.forEach((clientId, i) => {
      const m = (statistic: string) =>
        new cw.Metric({ namespace: 'AWS/Cognito', metricName: 'SignInSuccesses', dimensionsMap: { UserPool: props.signIn.userPoolId, UserPoolClient: clientId }, period: PERIOD, statistic });
      signIn[`ok${i}`] = m('Sum');
      signIn[`n${i}`] = m('SampleCount');
    });
    const sum = (p: string) => props.signIn.clientIds.map((_c, i) => `FILL(${p}${i}, 0)`).join(' + ');
    alarm('page', 'SignInFailures', {
      alarmName: `${prefix}-sign-in-failures`,
      alarmDescription: `More than ${thresholds.signInFailurePercent}% of sign-in attempts failed (periods of at least ${thresholds.signInMinAttempts} attempts) in 2 of 3 five-minute periods`,
      metric: new cw.MathExpression({
        expression: `IF((${sum('n')}) >= ${thresholds.signInMinAttempts}, 100 * ((${sum('n')}) - (${sum('ok')})) / (${sum('n')}), 0)`,
        usingMetrics: signIn,
        label: 'failed sign-ins (%)',
        period: PERIOD,
      }),
      threshold: thresholds.signInFailurePercent,
      comparisonOperator: cw.ComparisonOperator.GREATER_THAN_THRESHOLD,
    });

    // The Cognito triggers: a failing or slow trigger fails sign-ins (Cognito waits 5 s).
    const triggerErrors = Object.fromEntries(triggerHandlers.map((h, i) => [`e${i}`, fnOf(h).metricErrors({ period: PERIOD, statistic: 'Sum' })]));
    const triggerDurations = Object.fromEntries(triggerHandlers.map((h, i) => [`d${i}`, fnOf(h).metricDuration({ period: PERIOD, statistic: 'p99' })]));
    alarm('page', 'TriggerErrors', {
      alarmName: `${prefix}-trigger-errors`,
      alarmDescription: `The Cognito triggers failed ${thresholds.triggerErrors} times or more in five minutes (sign-ins and invitations fail with them)`,
      metric: new cw.MathExpression({ expression: Object.keys(triggerErrors).map((k) => `FILL(${k}, 0)`).join(' + '), usingMetrics: triggerErrors, label: 'trigger errors', period: PERIOD }),
      threshold: thresholds.triggerErrors,
      comparisonOperator: cw.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      evaluationPeriods: 1,
      datapointsToAlarm: 1,
    });
    alarm('page', 'TriggerDuration', {
      alarmName: `${prefix}-trigger-duration`,
      alarmDescription: `A Cognito trigger's p99 duration above ${thresholds.triggerP99Ms} ms (Cognito gives up at ${COGNITO_TRIGGER_WAIT_SECONDS} s) in 2 of 3 five-minute periods`,
      metric: new cw.MathExpression({ expression: `MAX([${Object.keys(triggerDurations).join(', ')}])`, usingMetrics: triggerDurations, label: 'trigger p99 (ms)', period: PERIOD }),
      threshold: thresholds.triggerP99Ms,
      comparisonOperator: cw.ComparisonOperator.GREATER_THAN_THRESHOLD,
    });

    // Scheduled jobs: a run that failed pages at once; a job that stopped running pages when its
    // heartbeat (a completed run) is missing for its window. Metrics from lambdas/shared/platform/job.ts.
    const jobMetric = (metricName: string, job: string, period: Duration) =>
      new cw.Metric({ namespace: METRICS_NAMESPACE, metricName, dimensionsMap: { service: prefix, job }, period, statistic: 'Sum' });
    for (const job of scheduled) {
      const name = shortName(job.handler);
      const jobId = idOf(name);
      alarm('page', `${jobId}Failed`, {
        alarmName: `${prefix}-${name}-failed`,
        alarmDescription: `Scheduled job ${job.handler} reported a failed run`,
        metric: jobMetric('JobFailed', name, PERIOD),
        threshold: 1,
        comparisonOperator: cw.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        evaluationPeriods: 1,
        datapointsToAlarm: 1,
      });
      const window = heartbeatWindow(job.schedule);
      alarm('page', `${jobId}Heartbeat`, {
        alarmName: `${prefix}-${name}-heartbeat`,
        alarmDescription: `Scheduled job ${job.handler} completed no run in ${window.toHumanString()} (missing runs count as breaching)`,
        metric: jobMetric('JobSucceeded', name, window),
        threshold: 1,
        comparisonOperator: cw.ComparisonOperator.LESS_THAN_THRESHOLD,
        evaluationPeriods: 1,
        datapointsToAlarm: 1,
        treatMissingData: cw.TreatMissingData.BREACHING,
      });
    }

    // Functions: throttles and p99 duration near the timeout (tickets); the failures alarm is beside each function.
    const fnWidgets: { errors: cw.IMetric[]; throttles: cw.IMetric[]; duration: cw.IMetric[] } = { errors: [], throttles: [], duration: [] };
    for (const [handler, pf] of [...props.functions].sort(([a], [b]) => a.localeCompare(b))) {
      const name = shortName(handler);
      // Alarms take the metrics without a label (a labelled metric renders as a metric-math alarm).
      const errors = pf.fn.metricErrors({ period: PERIOD, statistic: 'Sum' });
      const throttles = pf.fn.metricThrottles({ period: PERIOD, statistic: 'Sum' });
      const duration = pf.fn.metricDuration({ period: PERIOD, statistic: 'p99' });
      fnWidgets.errors.push(errors.with({ label: name }));
      fnWidgets.throttles.push(throttles.with({ label: name }));
      fnWidgets.duration.push(duration.with({ label: name }));
      const timeoutMs = (pf.fn.timeout ?? Duration.seconds(3)).toMilliseconds();
      const fnId = idOf(name);
      alarm('ticket', `${fnId}Throttles`, {
        alarmName: `${prefix}-${name}-throttles`,
        alarmDescription: `Function ${handler} was throttled ${thresholds.lambdaThrottles} times or more in 2 of 3 five-minute periods (account or reserved concurrency reached)`,
        metric: throttles,
        threshold: thresholds.lambdaThrottles,
        comparisonOperator: cw.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      });
      alarm('ticket', `${fnId}Duration`, {
        alarmName: `${prefix}-${name}-duration`,
        alarmDescription: `Function ${handler}: p99 duration above ${thresholds.durationShareOfTimeout * 100}% of its ${timeoutMs / 1000} s timeout`,
        metric: duration,
        threshold: Math.round(timeoutMs * thresholds.durationShareOfTimeout),
        comparisonOperator: cw.ComparisonOperator.GREATER_THAN_THRESHOLD,
      });
    }

    // Tables: read and write throttle events (no Operation dimension needed) of each table (tickets).
    const tableWidgets: cw.IMetric[] = [];
    for (const [name, table] of Object.entries(props.tables).sort(([a], [b]) => a.localeCompare(b))) {
      const reads = table.metric('ReadThrottleEvents', { period: PERIOD, statistic: 'Sum' });
      const writes = table.metric('WriteThrottleEvents', { period: PERIOD, statistic: 'Sum' });
      // Ids unique per table: the dashboard graphs every table's expression in one widget.
      const [r, w] = [`reads_${name}`, `writes_${name}`];
      const throttled = new cw.MathExpression({ expression: `FILL(${r}, 0) + FILL(${w}, 0)`, usingMetrics: { [r]: reads, [w]: writes }, label: name, period: PERIOD });
      tableWidgets.push(throttled);
      alarm('ticket', `${idOf(name)}TableThrottles`, {
        alarmName: `${prefix}-${name}-table-throttles`,
        alarmDescription: `DynamoDB throttled ${thresholds.dynamoThrottles} or more reads or writes on the ${name} table in 2 of 3 five-minute periods`,
        metric: throttled,
        threshold: thresholds.dynamoThrottles,
        comparisonOperator: cw.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      });
    }

    // CloudFront publishes its metrics in us-east-1 only, and a CloudWatch alarm can only watch
    // metrics of its own region: in a stage elsewhere the alarm is in `Portal-<stage>-edge-watch`
    // (us-east-1, its own page topic mailing the same address); the dashboard shows any region.
    const cloudFront5xx = cloudFront5xxRate(props.distribution.distributionId);
    if (Stack.of(this).region === EDGE_REGION) {
      const a = addCloudFrontAlarm(this, stage, props.distribution.distributionId);
      a.addAlarmAction(new cwActions.SnsAction(props.topics.page));
      a.addOkAction(new cwActions.SnsAction(props.topics.page));
      this.alarms.page.push(a);
    }

    // SES: the configuration set's reputation metrics (rates from 0 to 1 over SES's own window).
    const mailWidgets: cw.IMetric[] = [];
    if (props.mailConfigurationSet) {
      const rate = (metricName: string) =>
        new cw.Metric({ namespace: 'AWS/SES', metricName, dimensionsMap: { 'ses:configuration-set': props.mailConfigurationSet! }, period: PERIOD, statistic: 'Maximum' });
      const bounce = rate('Reputation.BounceRate');
      const complaint = rate('Reputation.ComplaintRate');
      mailWidgets.push(bounce.with({ label: 'bounce rate' }), complaint.with({ label: 'complaint rate' }));
      alarm('page', 'MailBounceRate', {
        alarmName: `${prefix}-mail-bounce-rate`,
        alarmDescription: `SES bounce rate of the portal's mail at or above ${thresholds.sesBounceRate * 100}% (SES reviews the account there)`,
        metric: bounce,
        threshold: thresholds.sesBounceRate,
        comparisonOperator: cw.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      });
      alarm('page', 'MailComplaintRate', {
        alarmName: `${prefix}-mail-complaint-rate`,
        alarmDescription: `SES complaint rate of the portal's mail at or above ${thresholds.sesComplaintRate * 100}% (SES reviews the account there)`,
        metric: complaint,
        threshold: thresholds.sesComplaintRate,
        comparisonOperator: cw.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      });
    }

    this.dashboard = new cw.Dashboard(this, 'Dashboard', { dashboardName: prefix, defaultInterval: Duration.hours(3) });
    const graph = (title: string, left: cw.IMetric[], extra: Partial<cw.GraphWidgetProps> = {}) =>
      new cw.GraphWidget({ title, left, width: 12, height: 6, ...extra });
    this.dashboard.addWidgets(
      graph('API requests', [requests.with({ label: 'requests' })]),
      graph('API 4xx and 5xx', [api4xx.with({ label: '4xx' }), api5xx.with({ label: '5xx' })]),
    );
    this.dashboard.addWidgets(
      graph('API latency', [api.metricLatency({ period: PERIOD, statistic: 'p50', label: 'p50' }), api.metricLatency({ period: PERIOD, statistic: 'p99', label: 'p99' })]),
      graph('API 5xx rate (%)', [api5xxRate], { leftAnnotations: [{ value: thresholds.api5xxPercent, label: 'alarm' }] }),
    );
    this.dashboard.addWidgets(
      graph('Lambda errors per function', fnWidgets.errors, { legendPosition: cw.LegendPosition.RIGHT }),
      graph('Lambda throttles per function', fnWidgets.throttles, { legendPosition: cw.LegendPosition.RIGHT }),
    );
    this.dashboard.addWidgets(
      graph('Lambda duration p99 per function (ms)', fnWidgets.duration, { width: 24, legendPosition: cw.LegendPosition.RIGHT }),
    );
    // WAF: requests blocked by each web ACL (CloudFront's reports in us-east-1 without a Region dimension).
    const blocked = (acl: string, dims: Record<string, string>, region?: string) =>
      new cw.Metric({ namespace: 'AWS/WAFV2', metricName: 'BlockedRequests', dimensionsMap: { WebACL: acl, Rule: 'ALL', ...dims }, region, period: PERIOD, statistic: 'Sum', label: acl });
    const here = Stack.of(this).region;
    this.dashboard.addWidgets(
      graph('WAF blocked requests', [blocked(webAclName(stage, 'cloudfront'), {}, EDGE_REGION), blocked(webAclName(stage, 'cognito'), { Region: here })], { width: 24 }),
    );
    this.dashboard.addWidgets(
      graph('DynamoDB throttled requests per table', tableWidgets, { legendPosition: cw.LegendPosition.RIGHT }),
      graph('CloudFront 5xx rate (%, us-east-1)', [cloudFront5xx.with({ label: 'CloudFront 5xx rate (%)' })], { leftAnnotations: [{ value: thresholds.cloudFront5xxPercent, label: 'alarm' }] }),
    );
    // The portal's own metrics (EMF from the functions, lambdas/shared/platform/observability.ts).
    const business = (metricName: string, statistic = 'Sum') =>
      new cw.Metric({ namespace: METRICS_NAMESPACE, metricName, dimensionsMap: { service: prefix }, period: PERIOD, statistic, label: metricName });
    this.dashboard.addWidgets(
      graph('Sign-ins, reports opened, documents', ['SignIn', 'ReportOpened', 'DocumentUploaded', 'DocumentDownloaded'].map((m) => business(m))),
      graph('Telemetry service: latency p99 (ms) and errors', [business('TelemetryLatency', 'p99')], { right: [business('TelemetryError')] }),
    );
    if (mailWidgets.length) this.dashboard.addWidgets(graph('SES bounce and complaint rates', mailWidgets, { width: 24 }));
  }
}

type AlarmProps = Omit<cw.AlarmProps, 'evaluationPeriods'> & { evaluationPeriods?: number };

/** `users-get-property` → `UsersGetProperty`: a construct id. */
const idOf = (name: string) => name.replace(/(^|-)(\w)/g, (_m, _d: string, c: string) => c.toUpperCase());

/** One alarm: two breaching 5-minute points of three, missing data is not a breach; it pages through the composite alarm. */
function addAlarm(scope: Construct, id: string, props: AlarmProps): cw.Alarm {
  return new cw.Alarm(scope, id, { ...datapoints, treatMissingData: cw.TreatMissingData.NOT_BREACHING, ...props });
}

const cloudFront5xxRate = (distributionId: string) =>
  new cw.Metric({
    namespace: 'AWS/CloudFront',
    metricName: '5xxErrorRate',
    dimensionsMap: { DistributionId: distributionId, Region: 'Global' },
    region: EDGE_REGION,
    period: PERIOD,
    statistic: 'Average',
  });

const cloudFrontAlarmName = (stage: Stage) => `portal-${stage.name}-cloudfront-5xx-rate`;

function addCloudFrontAlarm(scope: Construct, stage: Stage, distributionId: string): cw.Alarm {
  return addAlarm(scope, 'CloudFront5xxRate', {
    alarmName: cloudFrontAlarmName(stage),
    alarmDescription: `More than ${thresholds.cloudFront5xxPercent}% of CloudFront responses were 5xx in 2 of 3 five-minute periods`,
    metric: cloudFront5xxRate(distributionId),
    threshold: thresholds.cloudFront5xxPercent,
    comparisonOperator: cw.ComparisonOperator.GREATER_THAN_THRESHOLD,
  });
}

export const edgeWatchStackName = (stage: Pick<Stage, 'name'>) => `Portal-${stage.name}-edge-watch`;

/**
 * The CloudFront 5xx alarm of a stage outside us-east-1, where CloudFront's metrics are: its own
 * topic mailing `alarmEmail`. Deployed after the portal stack, whose distribution id it reads.
 */
export class EdgeWatchStack extends Stack {
  readonly topic: sns.Topic;
  readonly alarm: cw.Alarm;

  constructor(scope: Construct, stage: Stage, props: StackProps & { distribution: cloudfront.IDistribution }) {
    super(scope, edgeWatchStackName(stage), { description: `Customer portal, stage ${stage.name}: CloudFront alarm (us-east-1)`, ...props });
    this.topic = alarmTopic(this, 'Alarms', stage, 'page', stage.alarmEmail);
    // An alarm cannot watch another region's metrics: this one pages from here.
    this.alarm = addCloudFrontAlarm(this, stage, props.distribution.distributionId);
    this.alarm.addAlarmAction(new cwActions.SnsAction(this.topic));
    this.alarm.addOkAction(new cwActions.SnsAction(this.topic));
  }
}

export const watchStackName = (stage: Pick<Stage, 'name'>) => `Portal-${stage.name}-watch`;

/**
 * The stage's dashboard and alarms, in the portal stack's region, beside the portal stack rather
 * than in it: the portal stack keeps room under CloudFormation's 500 resources per stack for new
 * routes (each adds about ten resources there and three alarms here), and a change of alarms
 * deploys without touching the portal. Deployed after the portal stack, whose names it reads.
 */
export class WatchStack extends Stack {
  readonly monitoring: MonitoringConstruct;

  constructor(scope: Construct, stage: Stage, props: StackProps & { watched: Omit<MonitoringProps, 'stage'> }) {
    const { watched, ...stackProps } = props;
    super(scope, watchStackName(stage), { description: `Customer portal, stage ${stage.name}: dashboard and alarms`, ...stackProps });
    this.monitoring = new MonitoringConstruct(this, 'Monitoring', { stage, ...watched });
  }
}
