/**
 * Watching each example stage: one dashboard, and alarms in two tiers, each notifying its tier's
 * topic by itself (no composite): pages on symptoms (API 5xx rate with a minimum of requests, the
 * first visit's p99, failed sign-ins, the Cognito triggers, scheduled jobs failing or not running,
 * SES), tickets on the rest (each function's throttles and duration, its failures alarm beside it,
 * each table's throttling).
 */
import { mailFeedback, scheduled } from '../../lambdas/routes.js';
import { loadStage } from '../../infra/config.js';
import { tables, type TableName } from '../../lambdas/shared/resources/tables.js';
import { COGNITO_TRIGGER_WAIT_SECONDS, failuresAlarmName } from '../../infra/function-construct.js';
import { PASSWORD_CHANGED_HANDLER } from '../../infra/password-change-construct.js';
import { firstVisitHandlers, heartbeatWindow, thresholds, triggerHandlers } from '../../infra/monitoring-construct.js';
import { fromPortal, logicalId, ofType, refId, stages, synth, type Synth } from './support/synth.js';

const tableNames = Object.keys(tables) as TableName[];

interface AlarmProps {
  AlarmName: string;
  AlarmActions?: unknown[];
  EvaluationPeriods: number;
  DatapointsToAlarm?: number;
  Threshold: number;
  MetricName?: string;
  Namespace?: string;
  Dimensions?: { Name: string; Value: unknown }[];
  ExtendedStatistic?: string;
  Metrics?: { Id: string; Expression?: string; MetricStat?: { Metric: { MetricName: string; Namespace: string; Dimensions: { Name: string; Value: unknown }[] } } }[];
}

describe('stage settings: alarmEmail', () => {
  const withDev = (alarmEmail: unknown) => () => loadStage('dev', { ...stages, dev: { ...(stages.dev as object), alarmEmail } });

  it('refuses a missing address, naming it', () => {
    expect(withDev(undefined)).toThrow('stages.dev.alarmEmail: is missing');
  });

  it('refuses a bad address, naming it', () => {
    expect(withDev('ops-at-example.com')).toThrow('stages.dev.alarmEmail: must be an e-mail address such as ops@example.com');
  });

  it('accepts an address', () => {
    expect(withDev('ops@example.com')().alarmEmail).toBe('ops@example.com');
  });
});

describe.each(['dev', 'prod'])('stage %s', (stageName) => {
  let s: Synth;
  let alarms: AlarmProps[];
  let topics: { page: string; ticket: string };
  beforeAll(() => {
    s = synth(stageName);
    alarms = ofType(s.watch, 'AWS::CloudWatch::Alarm').map(([, r]) => r.Properties as unknown as AlarmProps);
    topics = { page: logicalId(s, s.stack.alerting.page), ticket: logicalId(s, s.stack.alerting.ticket) };
  });

  /** The logical ids an alarm's metric (plain or every metric of a math expression) is about, by dimension name. */
  const dimensionValues = (a: AlarmProps, name: string) => {
    const dims = [...(a.Dimensions ?? []), ...(a.Metrics ?? []).flatMap((m) => m.MetricStat?.Metric.Dimensions ?? [])];
    return dims.filter((d) => d.Name === name).map((d) => refId(fromPortal(s, d.Value)));
  };
  const alarmsOn = (name: string, id: string) => alarms.filter((a) => dimensionValues(a, name).includes(id));
  /** The tier an alarm's one action names: the portal stack's page or ticket topic. */
  const tierOf = (a: AlarmProps) => {
    const actions = (a.AlarmActions ?? []).map((x) => refId(fromPortal(s, x)));
    expect({ alarm: a.AlarmName, actions: actions.length }).toEqual({ alarm: a.AlarmName, actions: 1 });
    return actions[0] === topics.page ? 'page' : actions[0] === topics.ticket ? 'ticket' : `unknown ${String(actions[0])}`;
  };
  const named = (suffix: string) => alarms.find((a) => a.AlarmName === `portal-${stageName}-${suffix}`)!;

  it('has one dashboard named after the stage', () => {
    const dashboards = ofType(s.watch, 'AWS::CloudWatch::Dashboard');
    expect(ofType(s, 'AWS::CloudWatch::Dashboard')).toEqual([]);
    expect(dashboards).toHaveLength(1);
    expect(dashboards[0]![1].Properties!.DashboardName).toBe(`portal-${stageName}`);
  });

  it('has a page topic mailing alarmEmail and a ticket topic mailing ticketEmail (else alarmEmail), in the portal stack, SSL only', () => {
    expect(ofType(s.watch, 'AWS::SNS::Topic')).toEqual([]);
    const subs = ofType(s, 'AWS::SNS::Subscription').map(([, r]) => r.Properties!);
    expect(subs.filter((x) => refId(x.TopicArn) === topics.page)).toEqual([expect.objectContaining({ Protocol: 'email', Endpoint: s.stage.alarmEmail })]);
    expect(subs.filter((x) => refId(x.TopicArn) === topics.ticket)).toEqual([expect.objectContaining({ Protocol: 'email', Endpoint: s.stage.ticketEmail ?? s.stage.alarmEmail })]);
    const policies = ofType(s, 'AWS::SNS::TopicPolicy').filter(([, p]) => (p.Properties!.Topics as unknown[]).some((t) => [topics.page, topics.ticket].includes(refId(t)!)));
    expect(policies).toHaveLength(2);
    for (const [, p] of policies) expect(JSON.stringify(p)).toContain('aws:SecureTransport');
  });

  it('makes no composite alarm; every alarm notifies its tier by itself, and a page also says when it is over', () => {
    expect([s, s.watch, s.jobs, ...Object.values(s.areas)].flatMap((p) => ofType(p, 'AWS::CloudWatch::CompositeAlarm'))).toEqual([]);
    expect(alarms.length).toBeGreaterThan(0);
    for (const a of alarms) {
      const tier = tierOf(a);
      expect(['page', 'ticket']).toContain(tier);
      const ok = ((a as unknown as { OKActions?: unknown[] }).OKActions ?? []).map((x) => refId(fromPortal(s, x)));
      expect({ alarm: a.AlarmName, ok }).toEqual({ alarm: a.AlarmName, ok: tier === 'page' ? [topics.page] : [] });
    }
  });

  it('pages on symptoms only: the API 5xx rate, the first visit, sign-ins, the triggers, the jobs and SES', () => {
    const pages = alarms.filter((a) => tierOf(a) === 'page').map((a) => a.AlarmName.replace(`portal-${stageName}-`, '')).sort();
    const jobs = scheduled.flatMap((j) => [`${j.handler.replace(/\//g, '-')}-failed`, `${j.handler.replace(/\//g, '-')}-heartbeat`]);
    const mail = s.stage.mail ? ['mail-bounce-rate', 'mail-complaint-rate'] : [];
    expect(pages).toEqual(['api-5xx-rate', 'first-visit-p99', 'sign-in-failures', 'trigger-duration', 'trigger-errors', ...jobs, ...mail].sort());
  });

  it('counts the API 5xx rate only over periods with enough requests', () => {
    const apiId = logicalId(s, s.stack.api.api);
    const onApi = alarmsOn('ApiId', apiId);
    expect(onApi).toEqual([named('api-5xx-rate')]);
    const metricNames = onApi[0]!.Metrics!.flatMap((m) => (m.MetricStat ? [m.MetricStat.Metric.MetricName] : []));
    expect(metricNames.sort()).toEqual(['5xx', 'Count']);
    expect(onApi[0]!.Metrics!.some((m) => m.Expression === `IF(requests >= ${thresholds.apiMinRequests}, 100 * errors / requests, 0)`)).toBe(true);
  });

  it("pages on the slowest p99 of the first visit's calls, and on the triggers' errors and p99 well below Cognito's 5 s", () => {
    const fnIds = (handlers: readonly string[]) => handlers.map((h) => logicalId(s.functions.get(h)!.at, s.functions.get(h)!.pf.fn)).sort();
    expect(dimensionValues(named('first-visit-p99'), 'FunctionName').sort()).toEqual(fnIds(firstVisitHandlers));
    expect(named('first-visit-p99').Threshold).toBe(thresholds.firstVisitP99Ms);
    expect(dimensionValues(named('trigger-errors'), 'FunctionName').sort()).toEqual(fnIds(triggerHandlers));
    expect(dimensionValues(named('trigger-duration'), 'FunctionName').sort()).toEqual(fnIds(triggerHandlers));
    expect(named('trigger-duration').Threshold).toBeLessThanOrEqual(COGNITO_TRIGGER_WAIT_SECONDS * 1000 / 2);
    for (const h of triggerHandlers) {
      const { pf, at } = s.functions.get(h)!;
      expect(at.resources[logicalId(at, pf.fn)]!.Properties!.Timeout).toBe(COGNITO_TRIGGER_WAIT_SECONDS);
    }
  });

  it("pages on failed sign-ins of every client once there are enough attempts", () => {
    const a = named('sign-in-failures');
    const clients = [s.stack.auth.client, s.stack.auth.serverClient, s.stack.auth.retiringServerClient].map((c) => logicalId(s, c));
    expect(dimensionValues(a, 'UserPoolClient').sort()).toEqual([...clients, ...clients].sort());
    expect(a.Metrics!.find((m) => m.Expression)!.Expression).toContain(`>= ${thresholds.signInMinAttempts}`);
  });

  it('pages when a scheduled job reports a failed run, or completes none in its window (missing data breaches)', () => {
    for (const job of scheduled) {
      const name = job.handler.replace(/\//g, '-');
      const failed = named(`${name}-failed`) as AlarmProps & { Period: number; TreatMissingData: string };
      expect(failed).toMatchObject({ Namespace: 'Portal', MetricName: 'JobFailed', Threshold: 1, EvaluationPeriods: 1 });
      expect(failed.Dimensions).toEqual([{ Name: 'job', Value: name }, { Name: 'service', Value: `portal-${stageName}` }]);
      const beat = named(`${name}-heartbeat`) as AlarmProps & { Period: number; TreatMissingData: string; ComparisonOperator: string };
      expect(beat).toMatchObject({ Namespace: 'Portal', MetricName: 'JobSucceeded', Threshold: 1, ComparisonOperator: 'LessThanThreshold', TreatMissingData: 'breaching' });
      expect(beat.Period).toBe(heartbeatWindow(job.schedule).toSeconds());
      // Never shorter than three runs.
      if ('everyMinutes' in job.schedule) expect(beat.Period).toBeGreaterThanOrEqual(job.schedule.everyMinutes * 60 * 3);
    }
  });

  it("files a ticket on every function's throttles and p99 duration above 80% of its timeout; its failures alarm is beside it", () => {
    // The jobs stack: the scheduled functions, and where the stage mails through SES, the mail feedback.
    expect([...s.jobs.stack.functions.keys()]).toEqual([...scheduled.map((j) => j.handler), ...(s.stage.mail ? [mailFeedback.handler] : []), PASSWORD_CHANGED_HANDLER]);
    for (const { pf, at } of s.functions.values()) {
      const handler = pf.handler;
      const id = logicalId(at, pf.fn);
      const onFn = alarmsOn('FunctionName', id).filter((a) => a.MetricName);
      expect({ handler, metrics: onFn.map((a) => a.MetricName).sort() }).toEqual({ handler, metrics: ['Duration', 'Throttles'] });
      for (const a of onFn) expect(tierOf(a)).toBe('ticket');
      const duration = onFn.find((a) => a.MetricName === 'Duration')!;
      const timeoutSeconds = at.resources[id]!.Properties!.Timeout as number;
      expect(duration.ExtendedStatistic).toBe('p99');
      expect(duration.Threshold).toBe(Math.round(timeoutSeconds * 1000 * 0.8));
      // The failures alarm: in the function's own stack, a ticket too.
      const failures = ofType(at, 'AWS::CloudWatch::Alarm').filter(([, r]) => r.Properties!.AlarmName === failuresAlarmName(s.stage, handler));
      expect({ handler, failures: failures.length }).toEqual({ handler, failures: 1 });
      expect(refId(fromPortal(s, (failures[0]![1].Properties!.AlarmActions as unknown[])[0]))).toBe(topics.ticket);
    }
  });

  it('alarms on read and write throttling of every table', () => {
    for (const name of tableNames) {
      const id = logicalId(s, s.stack.data.tables[name]);
      const onTable = alarmsOn('TableName', id);
      expect({ name, count: onTable.length }).toEqual({ name, count: 1 });
      const metricNames = onTable[0]!.Metrics!.flatMap((m) => (m.MetricStat ? [m.MetricStat.Metric.MetricName] : []));
      expect(metricNames.sort()).toEqual(['ReadThrottleEvents', 'WriteThrottleEvents']);
    }
  });

  it('shows the CloudFront 5xx rate (us-east-1) on the dashboard; outside us-east-1 its alarm is in the edge-watch stack, mailing the same address', () => {
    const body = JSON.stringify(s.watch.template.toJSON().Resources[logicalId(s.watch, s.watch.stack.monitoring.dashboard)].Properties.DashboardBody);
    expect(body).toContain('AWS/CloudFront');
    expect(body).toContain('us-east-1');
    expect(s.stage.region).toBe('eu-west-1');
    expect(alarms.filter((a) => a.Namespace === 'AWS/CloudFront')).toEqual([]);
    const w = s.edgeWatch!;
    expect(w.stack.stackName).toBe(`Portal-${s.stage.name}-edge-watch`);
    expect(w.stack.region).toBe('us-east-1');
    const cf = ofType(w, 'AWS::CloudWatch::Alarm').map(([, r]) => r.Properties as unknown as AlarmProps);
    expect(cf).toHaveLength(1);
    expect(cf[0]!.Namespace).toBe('AWS/CloudFront');
    expect(cf[0]!.MetricName).toBe('5xxErrorRate');
    // The distribution id is read from the portal stack across regions.
    const id = cf[0]!.Dimensions!.find((d) => d.Name === 'DistributionId')!.Value as { 'Fn::GetStackOutput': { StackName: string; Region: string } };
    expect(id['Fn::GetStackOutput']).toMatchObject({ StackName: `Portal-${s.stage.name}`, Region: 'eu-west-1' });
    const topicId = refId(cf[0]!.AlarmActions![0])!;
    expect(w.resources[topicId]!.Type).toBe('AWS::SNS::Topic');
    w.template.hasResourceProperties('AWS::SNS::Subscription', { Protocol: 'email', Endpoint: s.stage.alarmEmail, TopicArn: { Ref: topicId } });
  });
});

describe('the dashboard', () => {
  it("shows the requests each web ACL blocked, CloudFront's from us-east-1 and the user pool's from the stage's region", () => {
    const s = synth('staging');
    // The body is a Fn::Join of strings and references: references stand as "?" to read it as JSON.
    const join = s.watch.template.toJSON().Resources[logicalId(s.watch, s.watch.stack.monitoring.dashboard)].Properties.DashboardBody['Fn::Join'][1] as unknown[];
    const dashboard = JSON.parse(join.map((p) => (typeof p === 'string' ? p : '?')).join('')) as { widgets: { properties: { title: string; metrics: unknown[][] } }[] };
    const waf = dashboard.widgets.find((w) => w.properties.title === 'WAF blocked requests')!;
    expect(waf.properties.metrics).toEqual([
      ['AWS/WAFV2', 'BlockedRequests', 'Rule', 'ALL', 'WebACL', 'portal-staging-cloudfront', { label: 'portal-staging-cloudfront', region: 'us-east-1', stat: 'Sum' }],
      ['AWS/WAFV2', 'BlockedRequests', 'Region', 'eu-west-1', 'Rule', 'ALL', 'WebACL', 'portal-staging-cognito', { label: 'portal-staging-cognito', stat: 'Sum' }],
    ]);
    const names = ofType(s.edge!, 'AWS::WAFv2::WebACL').concat(ofType(s, 'AWS::WAFv2::WebACL')).map(([, r]) => r.Properties!.Name);
    expect(names).toEqual(['portal-staging-cloudfront', 'portal-staging-cognito']);
  });
});

describe('a stage deployed in us-east-1', () => {
  it('also alarms on the CloudFront 5xx rate of its distribution', () => {
    const s = synth('dev', { change: (raw) => Object.assign(raw, { account: '123456789012', region: 'us-east-1' }) });
    const cf = ofType(s.watch, 'AWS::CloudWatch::Alarm')
      .map(([, r]) => r.Properties as unknown as AlarmProps)
      .filter((a) => a.Namespace === 'AWS/CloudFront');
    expect(cf).toHaveLength(1);
    expect(cf[0]!.MetricName).toBe('5xxErrorRate');
    expect(cf[0]!.Dimensions!.map((d) => (d.Name === 'DistributionId' ? refId(fromPortal(s, d.Value)) : d.Value))).toEqual([logicalId(s, s.stack.web.distribution), 'Global']);
    // In the stage's region: it pages through the portal stack's page topic.
    expect((cf[0]!.AlarmActions ?? []).map((x) => refId(fromPortal(s, x)))).toEqual([logicalId(s, s.stack.alerting.page)]);
    expect(s.edge).toBeUndefined();
    expect(s.edgeWatch).toBeUndefined();
  });
});
