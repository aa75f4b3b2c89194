/**
 * Watching each example stage: one dashboard, alarms on the API's 5xx rate, each function's
 * errors (beside the function, in the portal stack), throttles and duration near its timeout, each
 * table's throttling, each on two points of three, paging through one composite alarm to the alarm
 * topic, which mails the stage's `alarmEmail`.
 */
import { mailFeedback, scheduled } from '../../lambdas/routes.js';
import { loadStage } from '../../infra/config.js';
import { tables, type TableName } from '../../infra/tables.js';
import { fromPortal, logicalId, ofType, refId, stages, synth, type Part, type Synth } from './support/synth.js';

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
  let topicId: string;
  beforeAll(() => {
    s = synth(stageName);
    alarms = ofType(s.watch, 'AWS::CloudWatch::Alarm').map(([, r]) => r.Properties as unknown as AlarmProps);
    topicId = logicalId(s.watch, s.watch.stack.monitoring.topic);
  });

  /** The logical ids an alarm's metric (plain or every metric of a math expression) is about, by dimension name. */
  const dimensionValues = (a: AlarmProps, name: string) => {
    const dims = [...(a.Dimensions ?? []), ...(a.Metrics ?? []).flatMap((m) => m.MetricStat?.Metric.Dimensions ?? [])];
    return dims.filter((d) => d.Name === name).map((d) => refId(fromPortal(s, d.Value)));
  };
  const alarmsOn = (name: string, id: string) => alarms.filter((a) => dimensionValues(a, name).includes(id));

  it('has one dashboard named after the stage', () => {
    const dashboards = ofType(s.watch, 'AWS::CloudWatch::Dashboard');
    expect(ofType(s, 'AWS::CloudWatch::Dashboard')).toEqual([]);
    expect(dashboards).toHaveLength(1);
    expect(dashboards[0]![1].Properties!.DashboardName).toBe(`portal-${stageName}`);
  });

  it('has an alarm topic with an e-mail subscription to the stage address, SSL only', () => {
    s.watch.template.resourceCountIs('AWS::SNS::Topic', 1);
    const subs = ofType(s.watch, 'AWS::SNS::Subscription').map(([, r]) => r.Properties!);
    expect(subs).toEqual([expect.objectContaining({ Protocol: 'email', Endpoint: s.stage.alarmEmail })]);
    expect(refId(subs[0]!.TopicArn)).toBe(topicId);
    expect(s.stage.alarmEmail).toBe((stages[stageName] as { alarmEmail: string }).alarmEmail);
    const policies = ofType(s.watch, 'AWS::SNS::TopicPolicy');
    expect(JSON.stringify(policies)).toContain('aws:SecureTransport');
  });

  it('pages through one composite alarm, any alarm of the stage in alarm: only it sends to the topic', () => {
    expect(alarms.length).toBeGreaterThan(0);
    for (const a of alarms) expect(a.AlarmActions ?? []).toEqual([]);
    const composites = ofType(s.watch, 'AWS::CloudWatch::CompositeAlarm').map(([, r]) => r.Properties!);
    expect(composites).toHaveLength(1);
    const paging = composites[0]!;
    expect(paging.AlarmName).toBe(`portal-${stageName}-paging`);
    expect((paging.AlarmActions as unknown[]).map(refId)).toEqual([topicId]);
    const rule = paging.AlarmRule as string;
    expect(rule.length).toBeLessThanOrEqual(10240);
    // Every alarm is here, the functions' error alarms too (their deployment groups name them): none in the portal stack.
    expect(ofType(s, 'AWS::CloudWatch::Alarm')).toEqual([]);
    const fnErrors = alarms.filter((a) => a.MetricName === 'Errors' && a.Namespace === 'AWS/Lambda');
    expect(fnErrors.length).toBe(s.stack.api.functions.size + s.jobs.stack.functions.size + 3);
    const named = alarms.map((a) => a.AlarmName);
    // Made after the alarms it names.
    expect((ofType(s.watch, 'AWS::CloudWatch::CompositeAlarm')[0]![1].DependsOn ?? []).length).toBe(alarms.length);
    expect(rule.split(' OR ').sort()).toEqual(named.map((n) => `ALARM("${n}")`).sort());
  });

  it('fires each alarm on two breaching points of three', () => {
    for (const a of alarms) expect({ name: a.AlarmName, of: a.EvaluationPeriods, points: a.DatapointsToAlarm }).toEqual({ name: a.AlarmName, of: 3, points: 2 });
  });

  it('alarms on the API 5xx rate', () => {
    const apiId = logicalId(s, s.stack.api.api);
    const onApi = alarmsOn('ApiId', apiId);
    expect(onApi).toHaveLength(1);
    const metricNames = onApi[0]!.Metrics!.flatMap((m) => (m.MetricStat ? [m.MetricStat.Metric.MetricName] : []));
    expect(metricNames.sort()).toEqual(['5xx', 'Count']);
    expect(onApi[0]!.Metrics!.some((m) => m.Expression?.includes('100 * errors / requests'))).toBe(true);
  });

  it('alarms on errors, throttles and p99 duration above 80% of the timeout for every function, the Cognito triggers and the jobs stack\'s functions too', () => {
    expect(s.stack.api.functions.size).toBeGreaterThan(0);
    // The jobs stack: the scheduled functions, and where the stage mails through SES, the mail feedback.
    expect([...s.jobs.stack.functions.keys()]).toEqual([...scheduled.map((j) => j.handler), ...(s.stage.mail ? [mailFeedback.handler] : [])]);
    const placed = [
      ...[...s.stack.api.functions.values(), ...Object.values(s.stack.auth.triggers)].map((pf) => ({ pf, at: s as Part })),
      ...[...s.jobs.stack.functions.values()].map((pf) => ({ pf, at: s.jobs as Part })),
    ];
    for (const { pf, at } of placed) {
      const handler = pf.handler;
      const id = logicalId(at, pf.fn);
      const onFn = alarmsOn('FunctionName', id);
      expect({ handler, metrics: onFn.map((a) => a.MetricName).sort() }).toEqual({ handler, metrics: ['Duration', 'Errors', 'Throttles'] });
      const duration = onFn.find((a) => a.MetricName === 'Duration')!;
      const timeoutSeconds = at.resources[id]!.Properties!.Timeout as number;
      expect(duration.ExtendedStatistic).toBe('p99');
      expect(duration.Threshold).toBe(Math.round(timeoutSeconds * 1000 * 0.8));
      // Errors: named as its canary's deployment group names it, in one-minute periods.
      const errors = onFn.filter((a) => a.MetricName === 'Errors');
      expect({ handler, errors: errors.map((e) => e.AlarmName) }).toEqual({ handler, errors: [`portal-${stageName}-${handler.replace(/\//g, '-')}-errors`] });
      expect((errors[0] as unknown as { Period: number }).Period).toBe(60);
    }
    expect(alarms.filter((a) => a.Namespace === 'AWS/Lambda')).toHaveLength(3 * placed.length);
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
    // In the stage's region: it pages through the composite alarm.
    expect(cf[0]!.AlarmActions ?? []).toEqual([]);
    const paging = ofType(s.watch, 'AWS::CloudWatch::CompositeAlarm')[0]![1].Properties!;
    expect(paging.AlarmRule as string).toContain(`ALARM("${cf[0]!.AlarmName}")`);
    expect(s.edge).toBeUndefined();
    expect(s.edgeWatch).toBeUndefined();
  });
});
