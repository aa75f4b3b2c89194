/**
 * Watching one stage: a CloudWatch dashboard (API, functions, tables, CloudFront) and alarms on API
 * 5xx rate, each function's errors, throttles and p99 duration near its timeout, each table's
 * throttling and CloudFront's 5xx rate (in us-east-1: here, or in the edge-watch stack), sent to an SNS topic with the
 * stage's `alarmEmail` subscribed.
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
import type { PortalFunction } from './function-construct.js';

export interface MonitoringProps {
  stage: Stage;
  /** The portal stack's API, functions, tables and distribution (read across stacks when the construct is in the watch stack). */
  api: apigw.HttpApi;
  /** The API's functions by handler file (the api construct's map). */
  functions: ReadonlyMap<string, PortalFunction>;
  tables: Record<string, dynamodb.ITableV2>;
  distribution: cloudfront.IDistribution;
}

const PERIOD = Duration.minutes(5);
/** Alarm thresholds: a share of requests in percent, or a count per five minutes. */
export const thresholds = { api5xxPercent: 5, cloudFront5xxPercent: 5, lambdaErrors: 1, lambdaThrottles: 1, dynamoThrottles: 1, durationShareOfTimeout: 0.8 } as const;

/** `users/get-property` → `users-get-property`: a readable alarm and widget name. */
const shortName = (handler: string) => handler.replace(/\//g, '-');

export class MonitoringConstruct extends Construct {
  readonly topic: sns.Topic;
  readonly dashboard: cw.Dashboard;
  readonly alarms: cw.Alarm[] = [];

  constructor(scope: Construct, id: string, props: MonitoringProps) {
    super(scope, id);
    const { stage, api } = props;
    const prefix = `portal-${stage.name}`;

    this.topic = alarmTopic(this, stage);
    const alarm = (alarmId: string, alarmProps: AlarmProps) => {
      const a = addAlarm(this, this.topic, alarmId, alarmProps);
      this.alarms.push(a);
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
      alarmDescription: `More than ${thresholds.api5xxPercent}% of API requests answered 5xx in 5 minutes`,
      metric: api5xxRate,
      threshold: thresholds.api5xxPercent,
      comparisonOperator: cw.ComparisonOperator.GREATER_THAN_THRESHOLD,
    });

    // Functions
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
      alarm(`${fnId}Errors`, {
        alarmName: `${prefix}-${name}-errors`,
        alarmDescription: `Function ${handler} failed (uncaught error or timeout)`,
        metric: errors,
        threshold: thresholds.lambdaErrors,
        comparisonOperator: cw.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      });
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
    if (Stack.of(this).region === EDGE_REGION) this.alarms.push(addCloudFrontAlarm(this, this.topic, stage, props.distribution.distributionId));

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
  }
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

/** One alarm: one 5-minute period, missing data is not a breach, sent to the topic. */
function addAlarm(scope: Construct, topic: sns.ITopic, id: string, props: AlarmProps): cw.Alarm {
  const a = new cw.Alarm(scope, id, { evaluationPeriods: 1, treatMissingData: cw.TreatMissingData.NOT_BREACHING, ...props });
  a.addAlarmAction(new cwActions.SnsAction(topic));
  return a;
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

function addCloudFrontAlarm(scope: Construct, topic: sns.ITopic, stage: Stage, distributionId: string): cw.Alarm {
  return addAlarm(scope, topic, 'CloudFront5xxRate', {
    alarmName: `portal-${stage.name}-cloudfront-5xx-rate`,
    alarmDescription: `More than ${thresholds.cloudFront5xxPercent}% of CloudFront responses were 5xx in 5 minutes`,
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
    this.alarm = addCloudFrontAlarm(this, this.topic, stage, props.distribution.distributionId);
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
