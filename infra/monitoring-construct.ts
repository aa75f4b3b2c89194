/**
 * Watching one stage: a CloudWatch dashboard (API, functions, tables, CloudFront, the portal's own
 * metrics) and alarms on API 5xx rate, each function's (the API's and the three Cognito triggers')
 * throttles and p99 duration near its timeout, each table's throttling, SES bounce and complaint
 * rates where the stage mails through SES, and CloudFront's 5xx rate (in us-east-1: here, or in the
 * edge-watch stack). Each function's error alarm is beside the function in the portal stack (its
 * canary rolls back on it). Every alarm fires on two breaching points of three; one composite alarm
 * per stage, any of them in alarm, pages the SNS topic with the stage's `alarmEmail` subscribed.
 */
import { Duration, Stack, Validations, type StackProps } from 'aws-cdk-lib';
import type * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import type * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as cw from 'aws-cdk-lib/aws-cloudwatch';
import * as cwActions from 'aws-cdk-lib/aws-cloudwatch-actions';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as subscriptions from 'aws-cdk-lib/aws-sns-subscriptions';
import { Construct } from 'constructs';
import type { Stage } from './config.js';
import { EDGE_REGION } from './edge-stack.js';
import { webAclName } from './waf.js';
import { errorsAlarmProps, METRICS_NAMESPACE, shortName, type PortalFunction } from './function-construct.js';

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
}

const PERIOD = Duration.minutes(5);
/** Alarm thresholds: a share of requests in percent, or a count per five minutes. */
export const thresholds = {
  api5xxPercent: 5,
  cloudFront5xxPercent: 5,
  lambdaThrottles: 1,
  dynamoThrottles: 1,
  durationShareOfTimeout: 0.8,
  /** SES reviews an account at a 5 % bounce rate and 0.1 % complaint rate: alarm there, before it pauses sending. */
  sesBounceRate: 0.05,
  sesComplaintRate: 0.001,
} as const;
/** Every alarm: this many breaching points of the last `evaluationPeriods` before it fires. */
export const datapoints = { evaluationPeriods: 3, datapointsToAlarm: 2 } as const;

export class MonitoringConstruct extends Construct {
  readonly topic: sns.Topic;
  readonly dashboard: cw.Dashboard;
  /** The alarms of this stack, the functions' error alarms included. */
  readonly alarms: cw.Alarm[] = [];
  /** Any alarm of the stage in this region in alarm: the one that pages. */
  readonly paging: cw.CompositeAlarm;

  constructor(scope: Construct, id: string, props: MonitoringProps) {
    super(scope, id);
    const { stage, api } = props;
    const prefix = `portal-${stage.name}`;

    this.topic = alarmTopic(this, stage);
    // The names as written (an alarm's alarmName is a reference to it): the paging rule names them.
    const names: string[] = [];
    const alarm = (alarmId: string, alarmProps: AlarmProps & { alarmName: string }) => {
      const a = addAlarm(this, alarmId, alarmProps);
      this.alarms.push(a);
      names.push(alarmProps.alarmName);
      return a;
    };

    // API
    const requests = api.metricCount({ period: PERIOD, statistic: 'Sum' });
    const api4xx = api.metricClientError({ period: PERIOD, statistic: 'Sum' });
    const api5xx = api.metricServerError({ period: PERIOD, statistic: 'Sum' });
    const api5xxRate = new cw.MathExpression({
      expression: 'IF(requests > 0, 100 * errors / requests, 0)',
      usingMetrics: { requests, errors: api5xx },
      label: 'API 5xx rate (%)',
      period: PERIOD,
    });
    alarm('Api5xxRate', {
      alarmName: `${prefix}-api-5xx-rate`,
      alarmDescription: `More than ${thresholds.api5xxPercent}% of API requests answered 5xx in 2 of 3 five-minute periods`,
      metric: api5xxRate,
      threshold: thresholds.api5xxPercent,
      comparisonOperator: cw.ComparisonOperator.GREATER_THAN_THRESHOLD,
    });

    // Functions: errors (the alarm a canary deployment group rolls back on, by name), throttles, duration
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
      const fnId = name.replace(/(^|-)(\w)/g, (_m, _d: string, c: string) => c.toUpperCase());
      const errorsProps = errorsAlarmProps(stage, handler, pf.fn);
      this.alarms.push(new cw.Alarm(this, `${fnId}Errors`, errorsProps));
      names.push(errorsProps.alarmName!);
      alarm(`${fnId}Throttles`, {
        alarmName: `${prefix}-${name}-throttles`,
        alarmDescription: `Function ${handler} was throttled (account or reserved concurrency reached)`,
        metric: throttles,
        threshold: thresholds.lambdaThrottles,
        comparisonOperator: cw.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      });
      alarm(`${fnId}Duration`, {
        alarmName: `${prefix}-${name}-duration`,
        alarmDescription: `Function ${handler}: p99 duration above ${thresholds.durationShareOfTimeout * 100}% of its ${timeoutMs / 1000} s timeout`,
        metric: duration,
        threshold: Math.round(timeoutMs * thresholds.durationShareOfTimeout),
        comparisonOperator: cw.ComparisonOperator.GREATER_THAN_THRESHOLD,
      });
    }

    // Tables: read and write throttle events (no Operation dimension needed) of each table.
    const tableWidgets: cw.IMetric[] = [];
    for (const [name, table] of Object.entries(props.tables).sort(([a], [b]) => a.localeCompare(b))) {
      const reads = table.metric('ReadThrottleEvents', { period: PERIOD, statistic: 'Sum' });
      const writes = table.metric('WriteThrottleEvents', { period: PERIOD, statistic: 'Sum' });
      // Ids unique per table: the dashboard graphs every table's expression in one widget.
      const [r, w] = [`reads_${name}`, `writes_${name}`];
      const throttled = new cw.MathExpression({ expression: `FILL(${r}, 0) + FILL(${w}, 0)`, usingMetrics: { [r]: reads, [w]: writes }, label: name, period: PERIOD });
      tableWidgets.push(throttled);
      const tableId = `${name.charAt(0).toUpperCase()}${name.slice(1)}`;
      alarm(`${tableId}TableThrottles`, {
        alarmName: `${prefix}-${name}-table-throttles`,
        alarmDescription: `DynamoDB throttled reads or writes on the ${name} table`,
        metric: throttled,
        threshold: thresholds.dynamoThrottles,
        comparisonOperator: cw.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      });
    }

    // CloudFront publishes its metrics in us-east-1 only, and a CloudWatch alarm can only watch
    // metrics of its own region: in a stage elsewhere the alarm is in `Portal-<stage>-edge-watch`
    // (us-east-1, its own topic mailing the same address); the dashboard shows any region.
    const cloudFront5xx = cloudFront5xxRate(props.distribution.distributionId);
    if (Stack.of(this).region === EDGE_REGION) {
      this.alarms.push(addCloudFrontAlarm(this, stage, props.distribution.distributionId));
      names.push(cloudFrontAlarmName(stage));
    }

    // SES: the configuration set's reputation metrics (rates from 0 to 1 over SES's own window).
    const mailWidgets: cw.IMetric[] = [];
    if (props.mailConfigurationSet) {
      const rate = (metricName: string) =>
        new cw.Metric({ namespace: 'AWS/SES', metricName, dimensionsMap: { 'ses:configuration-set': props.mailConfigurationSet! }, period: PERIOD, statistic: 'Maximum' });
      const bounce = rate('Reputation.BounceRate');
      const complaint = rate('Reputation.ComplaintRate');
      mailWidgets.push(bounce.with({ label: 'bounce rate' }), complaint.with({ label: 'complaint rate' }));
      alarm('MailBounceRate', {
        alarmName: `${prefix}-mail-bounce-rate`,
        alarmDescription: `SES bounce rate of the portal's mail at or above ${thresholds.sesBounceRate * 100}% (SES reviews the account there)`,
        metric: bounce,
        threshold: thresholds.sesBounceRate,
        comparisonOperator: cw.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      });
      alarm('MailComplaintRate', {
        alarmName: `${prefix}-mail-complaint-rate`,
        alarmDescription: `SES complaint rate of the portal's mail at or above ${thresholds.sesComplaintRate * 100}% (SES reviews the account there)`,
        metric: complaint,
        threshold: thresholds.sesComplaintRate,
        comparisonOperator: cw.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      });
    }

    // One page per stage: any alarm of this region in alarm, made after them (its rule names them).
    this.paging = new cw.CompositeAlarm(this, 'Paging', {
      compositeAlarmName: `${prefix}-paging`,
      alarmDescription: `Any alarm of portal-${stage.name} in ${Stack.of(this).region} is in alarm (the dashboard ${prefix} and the alarm list show which)`,
      alarmRule: pagingRule(this, names),
    });
    this.paging.node.addDependency(...this.alarms);
    this.paging.addAlarmAction(new cwActions.SnsAction(this.topic));

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
    // The portal's own metrics (EMF from the functions, lambdas/shared/observability.ts).
    const business = (metricName: string, statistic = 'Sum') =>
      new cw.Metric({ namespace: METRICS_NAMESPACE, metricName, dimensionsMap: { service: prefix }, period: PERIOD, statistic, label: metricName });
    this.dashboard.addWidgets(
      graph('Sign-ins, reports opened, documents', ['SignIn', 'ReportOpened', 'DocumentUploaded', 'DocumentDownloaded'].map((m) => business(m))),
      graph('Telemetry service: latency p99 (ms) and errors', [business('TelemetryLatency', 'p99')], { right: [business('TelemetryError')] }),
    );
    if (mailWidgets.length) this.dashboard.addWidgets(graph('SES bounce and complaint rates', mailWidgets, { width: 24 }));
  }
}

/** `ALARM("a") OR ALARM("b") ...`: a composite alarm's rule holds at most 10,240 characters. */
export function pagingRule(scope: Construct, alarmNames: string[]): cw.IAlarmRule {
  const rule = alarmNames.map((n) => `ALARM("${n}")`).join(' OR ');
  if (rule.length > 10240) throw new Error(`The paging rule of ${Stack.of(scope).stackName} is ${rule.length} characters (CloudWatch takes 10,240): group the alarms in nested composite alarms`);
  return cw.AlarmRule.fromString(rule);
}

type AlarmProps = Omit<cw.AlarmProps, 'evaluationPeriods'> & { evaluationPeriods?: number };

/** The stage's alarm topic in the scope's region, mailing `alarmEmail`. */
function alarmTopic(scope: Construct, stage: Stage): sns.Topic {
  const topic = new sns.Topic(scope, 'Alarms', { displayName: `Portal ${stage.name} alarms`, enforceSSL: true });
  // CloudWatch alarms cannot publish to a topic encrypted with the AWS-managed SNS key (its key
  // policy does not admit cloudwatch.amazonaws.com), and a customer key would be billed per stage.
  Validations.of(topic).acknowledge({
    id: 'AwsSolutions-SNS2',
    reason: 'Alarm topic: CloudWatch cannot publish to a topic under the AWS-managed SNS key; the messages carry alarm names and metric values only, no customer data.',
  });
  topic.addSubscription(new subscriptions.EmailSubscription(stage.alarmEmail));
  return topic;
}

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
    this.topic = alarmTopic(this, stage);
    // A composite alarm cannot watch another region's alarms: this one mails by itself.
    this.alarm = addCloudFrontAlarm(this, stage, props.distribution.distributionId);
    this.alarm.addAlarmAction(new cwActions.SnsAction(this.topic));
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
