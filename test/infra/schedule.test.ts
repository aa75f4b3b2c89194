/**
 * The jobs stack `Portal-<stage>-jobs` (infra/jobs-stack.ts): the scheduled functions
 * (lambdas/routes.ts `scheduled`), each run by one EventBridge Scheduler schedule on its `live`
 * alias at its rate, or weekly at the stage's `notifications.weeklySummary` time, with the grants of
 * its row and nothing more; and where the stage mails through its SES configuration set, the bounce
 * and complaint feedback (event destination, encrypted topic, mail-feedback function).
 */
import { PASSWORD_CHANGED_HANDLER } from '../../infra/password-change-construct.js';
import { mailFeedback, scheduled, type Scheduled } from '../../lambdas/routes.js';
import { secretEnv } from '../../infra/secrets-construct.js';
import { tables, type TableName } from '../../lambdas/shared/resources/tables.js';
import type { PortalFunction } from '../../infra/function-construct.js';
import { actionsOf, deployedAfter, fromPortal, logicalId, ofType, refId, refsIn, resourcesOf, roleStatements, synth, byJson, type Statement, type Synth } from './support/synth.js';

const DYNAMO_WRITES = ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem'];
const tableNames = Object.keys(tables) as TableName[];

let s: Synth;
beforeAll(() => {
  s = synth('prod');
});

const fnProps = (pf: PortalFunction) => s.jobs.resources[logicalId(s.jobs, pf.fn)]!.Properties!;
const statementsOf = (pf: PortalFunction) => roleStatements(s.jobs, refId(fnProps(pf).Role)!);
/** `arn:aws:dynamodb:<region>:<account>:table/portal-<stage>-<id>[/index/*]` → [name, index?]. */
const tableOfArn = (arn: unknown): [TableName, boolean] | undefined => {
  const m = typeof arn === 'string' ? new RegExp(`^arn:aws:dynamodb:${s.stack.region}:${s.stack.account}:table/portal-prod-([a-z-]+?)(/index/\\*)?$`).exec(arn) : null;
  const name = m && tableNames.find((n) => tables[n].id === m[1]);
  return name ? [name, !!m[2]] : undefined;
};

/** Exactly the row's tables (with their indexes, where they have some), writing only where it says write. */
function expectTableGrants(handler: string, statements: Statement[], rowTables: Partial<Record<TableName, 'read' | 'write'>>) {
  const dynamo = statements.filter((st) => actionsOf(st).some((a) => a.startsWith('dynamodb:')));
  const granted: Record<string, { index: boolean; writes: boolean }> = {};
  for (const st of dynamo) {
    const writes = actionsOf(st).some((a) => DYNAMO_WRITES.includes(a));
    for (const res of resourcesOf(st)) {
      const t = tableOfArn(res);
      expect({ handler, resource: res, known: !!t }).toEqual({ handler, resource: res, known: true });
      const [name, index] = t!;
      granted[name] ??= { index: false, writes: false };
      granted[name].index ||= index;
      granted[name].writes ||= writes;
    }
  }
  const expected = Object.fromEntries(
    (Object.entries(rowTables) as [TableName, 'read' | 'write'][]).map(([name, access]) => [name, { index: 'indexes' in tables[name], writes: access === 'write' }]),
  );
  expect({ handler, granted }).toEqual({ handler, granted: expected });
}

describe('the jobs stack', () => {
  it('is Portal-<stage>-jobs in the portal stack\'s account and region, deployed after it and before the watch stack', () => {
    expect(s.jobs.stack.stackName).toBe('Portal-prod-jobs');
    expect([s.jobs.stack.account, s.jobs.stack.region]).toEqual([s.stack.account, s.stack.region]);
    // The order the deploy follows: the assembly's manifest (the references between the stacks make it).
    expect(deployedAfter(s, s.jobs.stack)).toContain(s.stack.artifactId);
    expect(deployedAfter(s, s.watch.stack)).toContain(s.jobs.stack.artifactId);
  });
});

describe('scheduled functions', () => {
  it('declares the equipment alerts every 5 minutes, the documents digest every hour, the weekly summary, the daily day-before mail of visits and the energy roll-up every hour', () => {
    expect(scheduled.map((j) => [j.handler, j.schedule])).toEqual([
      ['alerts/evaluate', { everyMinutes: 5 }],
      ['notifications/documents-digest', { everyMinutes: 60 }],
      ['notifications/weekly-summary', { weekly: true }],
      ['notifications/visits-reminder', { daily: true }],
      ['telemetry/roll-up-days', { everyMinutes: 60 }],
    ]);
    expect([...s.jobs.stack.schedules.functions.keys()]).toEqual(scheduled.map((j) => j.handler));
  });

  const expectedSchedule = (job: Scheduled, weekly = { day: 'MON', hour: 7, timeZone: 'UTC' }, daily = { hour: 16, timeZone: 'UTC' }) =>
    'everyMinutes' in job.schedule
      ? {
          ScheduleExpression: `rate(${job.schedule.everyMinutes} minutes)`,
          ScheduleExpressionTimezone: 'Etc/UTC',
          RetryPolicy: { MaximumEventAgeInSeconds: 86400, MaximumRetryAttempts: 0 },
        }
      : 'daily' in job.schedule
        ? {
            ScheduleExpression: `cron(0 ${daily.hour} * * ? *)`,
            ScheduleExpressionTimezone: daily.timeZone,
            RetryPolicy: { MaximumEventAgeInSeconds: 3600, MaximumRetryAttempts: 2 },
          }
        : {
          ScheduleExpression: `cron(0 ${weekly.hour} ? * ${weekly.day} *)`,
          ScheduleExpressionTimezone: weekly.timeZone,
          RetryPolicy: { MaximumEventAgeInSeconds: 3600, MaximumRetryAttempts: 2 },
        };
  const schedulesOf = (x: Synth, job: Scheduled) => {
    const alias = logicalId(x.jobs, x.jobs.stack.schedules.functions.get(job.handler)!.alias);
    return ofType(x.jobs, 'AWS::Scheduler::Schedule').filter(([, r]) => refId((r.Properties!.Target as { Arn: unknown }).Arn) === alias);
  };

  it('has one Scheduler schedule per job, at its rate or weekly time and time zone, invoking the live alias, described', () => {
    expect(ofType(s.jobs, 'AWS::Scheduler::Schedule')).toHaveLength(scheduled.length);
    // No schedule on EventBridge rules: the one rule of the stack is the password-change event's, no schedule.
    expect(ofType(s.jobs, 'AWS::Events::Rule').map(([, r]) => r.Properties!.ScheduleExpression)).toEqual([undefined]);
    for (const job of scheduled) {
      const found = schedulesOf(s, job);
      expect(found).toHaveLength(1);
      const p = found[0]![1].Properties!;
      const want = expectedSchedule(job);
      expect({ job: job.handler, expression: p.ScheduleExpression, zone: p.ScheduleExpressionTimezone, retry: (p.Target as { RetryPolicy: unknown }).RetryPolicy }).toEqual({
        job: job.handler,
        expression: want.ScheduleExpression,
        zone: want.ScheduleExpressionTimezone,
        retry: want.RetryPolicy,
      });
      expect(p.State).toBe('ENABLED');
      expect(p.FlexibleTimeWindow).toEqual({ Mode: 'OFF' });
      expect(p.Description).toEqual(expect.stringContaining(`lambdas/${job.handler}.ts`));
      expect(p.Name).toBe(`portal-prod-${job.handler.replace(/\//g, '-')}`);
      const fn = fnProps(s.jobs.stack.schedules.functions.get(job.handler)!);
      expect(fn.Timeout).toBe(job.timeoutSeconds ?? 10);
      expect(fn.MemorySize).toBe(job.memoryMb ?? 256);
      expect(fn.Architectures).toEqual(['arm64']);
    }
  });

  it("runs the weekly summary at the stage's notifications.weeklySummary day, hour and time zone, the day-before mail at its notifications.dayBefore hour and zone", () => {
    const weekly = { day: 'FRI', hour: 16, timeZone: 'Europe/London' };
    const daily = { hour: 17, timeZone: 'America/Chicago' };
    const x = synth('prod', {
      change: (raw) => {
        raw.notifications = { weeklySummary: weekly, dayBefore: daily };
        raw.timeZone = 'America/Denver';
      },
    });
    for (const job of scheduled) {
      const p = schedulesOf(x, job)[0]![1].Properties!;
      const want = expectedSchedule(job, weekly, daily);
      expect([p.ScheduleExpression, p.ScheduleExpressionTimezone]).toEqual([want.ScheduleExpression, want.ScheduleExpressionTimezone]);
    }
    // The job's "tomorrow" is the next day in that zone.
    const fn = x.jobs.stack.schedules.functions.get('notifications/visits-reminder')!.fn;
    const env = (x.jobs.resources[logicalId(x.jobs, fn)]!.Properties!.Environment as { Variables: Record<string, unknown> }).Variables;
    expect(env.DAY_BEFORE_TIME_ZONE).toBe('America/Chicago');
    // The provider's zone (stage setting timeZone), that of a property whose import gave none.
    expect(env.PROVIDER_TIME_ZONE).toBe('America/Denver');
  });

  it('lets one Scheduler role invoke exactly the live aliases, and nothing else invoke them', () => {
    const aliases = scheduled.map((j) => logicalId(s.jobs, s.jobs.stack.schedules.functions.get(j.handler)!.alias));
    const roles = new Set(ofType(s.jobs, 'AWS::Scheduler::Schedule').map(([, r]) => refId((r.Properties!.Target as { RoleArn: unknown }).RoleArn)!));
    expect(roles.size).toBe(1);
    const role = [...roles][0]!;
    expect(s.jobs.resources[role]!.Properties!.AssumeRolePolicyDocument).toEqual({
      Version: '2012-10-17',
      Statement: [{ Action: 'sts:AssumeRole', Effect: 'Allow', Principal: { Service: 'scheduler.amazonaws.com' }, Condition: { StringEquals: { 'aws:SourceAccount': s.stack.account } } }],
    });
    const statements = roleStatements(s.jobs, role);
    expect(statements.map((st) => ({ actions: actionsOf(st), resources: resourcesOf(st).map(refId).sort() }))).toEqual([{ actions: ['lambda:InvokeFunction'], resources: [...aliases].sort() }]);
    expect(s.jobs.resources[role]!.Properties!.ManagedPolicyArns).toBeUndefined();
    // No resource policy on them (and no other role in the stage names them).
    const fnIds = new Set(scheduled.flatMap((j) => [logicalId(s.jobs, s.jobs.stack.schedules.functions.get(j.handler)!.fn), ...aliases]));
    expect(ofType(s.jobs, 'AWS::Lambda::Permission').filter(([, p]) => fnIds.has(refId(p.Properties!.FunctionName)!))).toEqual([]);
    const others = ofType(s.jobs, 'AWS::IAM::Policy').filter(([, p]) => !(p.Properties!.Roles as unknown[]).some((r) => refId(r) === role));
    for (const [, p] of others) for (const id of aliases) expect(refsIn(p.Properties!.PolicyDocument).has(id)).toBe(false);
  });

  it("grants each job exactly its row's tables (their indexes too, by name), secrets and mail", () => {
    for (const job of scheduled) {
      const pf = s.jobs.stack.schedules.functions.get(job.handler)!;
      const statements = statementsOf(pf);
      expectTableGrants(job.handler, statements, (job.tables ?? {}) as Partial<Record<TableName, 'read' | 'write'>>);
      for (const name of Object.keys(secretEnv) as (keyof typeof secretEnv)[]) {
        const secret = logicalId(s, s.stack.secrets.secrets[name]);
        const reads = statements.some((st) => actionsOf(st).includes('secretsmanager:GetSecretValue') && resourcesOf(st).some((r) => refId(fromPortal(s, r)) === secret));
        expect({ job: job.handler, secret: name, reads }).toEqual({ job: job.handler, secret: name, reads: job.secrets?.includes(name) ?? false });
      }
      const ses = statements.filter((st) => actionsOf(st).some((a) => a.startsWith('ses:')));
      const arn = (resource: string, resourceName: string) => s.jobs.stack.resolve(s.jobs.stack.formatArn({ service: 'ses', resource, resourceName })) as unknown;
      expect({ job: job.handler, ses: ses.map((st) => ({ actions: actionsOf(st), resources: byJson(resourcesOf(st)) })) }).toEqual({
        job: job.handler,
        ses: job.mail ? [{ actions: ['ses:SendEmail'], resources: byJson([arn('identity', s.stage.mail!.sesIdentity), arn('configuration-set', 'portal-prod')]) }] : [],
      });
      const other = statements.flatMap(actionsOf).filter((a) => !/^(dynamodb|secretsmanager|ses|logs|xray):/.test(a));
      expect({ job: job.handler, other }).toEqual({ job: job.handler, other: [] });
    }
  });

  it('gives the documents digest the documents table\'s byProperty index', () => {
    const statements = statementsOf(s.jobs.stack.schedules.functions.get('notifications/documents-digest')!);
    const resources = statements.filter((st) => actionsOf(st).includes('dynamodb:Query')).flatMap(resourcesOf);
    expect(resources).toContain(`arn:aws:dynamodb:${s.stack.region}:${s.stack.account}:table/portal-prod-documents/index/*`);
  });

  it('runs the energy roll-up every hour with only the tables it needs: customers and equipment read, report-rows written; the telemetry key; no mail', () => {
    const job = scheduled.find((j) => j.handler === 'telemetry/roll-up-days')!;
    const pf = s.jobs.stack.schedules.functions.get(job.handler)!;
    const p = schedulesOf(s, job)[0]![1].Properties!;
    expect([p.Name, p.ScheduleExpression]).toEqual(['portal-prod-telemetry-roll-up-days', 'rate(60 minutes)']);
    const statements = statementsOf(pf);
    expectTableGrants(job.handler, statements, { customers: 'read', equipment: 'read', reportRows: 'write' });
    expect(statements.flatMap(actionsOf).filter((a) => a.startsWith('ses:'))).toEqual([]);
    const secrets = statements.filter((st) => actionsOf(st).includes('secretsmanager:GetSecretValue')).flatMap(resourcesOf).map((r) => refId(fromPortal(s, r)));
    expect(secrets).toEqual([logicalId(s, s.stack.secrets.secrets.telemetry)]);
    // Its failed runs and missed heartbeats page like the other jobs' (test/infra/monitoring.test.ts), named by the one rule: portal-<stage>-<short name>-….
    const alarms = ofType(s.watch, 'AWS::CloudWatch::Alarm').map(([, r]) => r.Properties!.AlarmName as string);
    expect(alarms).toEqual(expect.arrayContaining(['portal-prod-telemetry-roll-up-days-failed', 'portal-prod-telemetry-roll-up-days-heartbeat']));
    expect(new Set(alarms).size).toBe(alarms.length);
  });

  it('gives the jobs the settings every function reads: tables by their fixed names, the configuration set, secret ids of their row only', () => {
    for (const job of scheduled) {
      const env = (fnProps(s.jobs.stack.schedules.functions.get(job.handler)!).Environment as { Variables: Record<string, unknown> }).Variables;
      for (const n of tableNames) expect(env[tables[n].env]).toBe(`portal-prod-${tables[n].id}`);
      expect(env.MAIL_CONFIGURATION_SET).toBe('portal-prod');
      expect(env.MAIL_FROM).toBe('Comfort Portal <portal@example.com>');
      expect(env.PUBLIC_URL).toBe('https://portal.example.com');
      expect(refId(fromPortal(s, env.USER_POOL_ID))).toBe(logicalId(s, s.stack.auth.pool));
      for (const name of Object.keys(secretEnv) as (keyof typeof secretEnv)[]) {
        if (job.secrets?.includes(name)) expect(refId(fromPortal(s, env[secretEnv[name]]))).toBe(logicalId(s, s.stack.secrets.secrets[name]));
        else expect(env).not.toHaveProperty(secretEnv[name]);
      }
    }
  });

  it('has the table of alert states keyed by customer and device#rule (in the portal stack)', () => {
    const t = s.resources[logicalId(s, s.stack.data.tables.equipmentAlerts)]!.Properties!;
    expect(t.KeySchema).toEqual([
      { AttributeName: 'customerId', KeyType: 'HASH' },
      { AttributeName: 'key', KeyType: 'RANGE' },
    ]);
  });
});

describe('SES bounce and complaint feedback', () => {
  it('adds an event destination for bounces and complaints to the stage\'s configuration set portal-<stage>, publishing to the topic', () => {
    const destinations = ofType(s.jobs, 'AWS::SES::ConfigurationSetEventDestination').map(([, r]) => r);
    expect(destinations).toHaveLength(1);
    const topic = logicalId(s.jobs, s.jobs.stack.mailFeedback!.topic);
    expect(destinations[0]!.Properties).toEqual({
      ConfigurationSetName: 'portal-prod',
      EventDestination: { Enabled: true, Name: 'bounces-and-complaints', MatchingEventTypes: ['bounce', 'complaint'], SnsDestination: { TopicARN: { Ref: topic } } },
    });
    // Made after the topic policy that lets SES publish.
    expect(destinations[0]!.DependsOn).toEqual([logicalId(s.jobs, s.jobs.stack.mailFeedback!.topic.node.findChild('Policy') as never)]);
  });

  it('lets only SES publish, for this account and configuration set, over TLS, to a topic encrypted with a rotated key SES of this account may use', () => {
    const mf = s.jobs.stack.mailFeedback!;
    const topic = logicalId(s.jobs, mf.topic);
    const key = logicalId(s.jobs, mf.key);
    expect(s.jobs.resources[topic]!.Properties!.KmsMasterKeyId).toEqual({ 'Fn::GetAtt': [key, 'Arn'] });
    const policies = ofType(s.jobs, 'AWS::SNS::TopicPolicy').filter(([, p]) => (p.Properties!.Topics as unknown[]).some((t) => refId(t) === topic));
    expect(policies).toHaveLength(1);
    const statements = (policies[0]![1].Properties!.PolicyDocument as { Statement: Record<string, unknown>[] }).Statement;
    expect(statements).toEqual([
      expect.objectContaining({ Effect: 'Deny', Action: 'sns:Publish', Principal: '*', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
      expect.objectContaining({
        Effect: 'Allow',
        Action: 'sns:Publish',
        Principal: { Service: 'ses.amazonaws.com' },
        Resource: { Ref: topic },
        Condition: { StringEquals: { 'AWS:SourceAccount': s.stack.account, 'AWS:SourceArn': expect.anything() } },
      }),
    ]);
    expect(JSON.stringify(statements[1]!.Condition)).toContain(':configuration-set/portal-prod');
    const k = s.jobs.resources[key]!.Properties!;
    expect(k.EnableKeyRotation).toBe(true);
    expect((k.KeyPolicy as { Statement: unknown[] }).Statement).toContainEqual({
      Effect: 'Allow',
      Principal: { Service: 'ses.amazonaws.com' },
      Action: ['kms:Decrypt', 'kms:GenerateDataKey*'],
      Resource: '*',
      Condition: { StringEquals: { 'aws:SourceAccount': s.stack.account } },
    });
  });

  it('subscribes the mail-feedback function\'s live alias, which SNS may invoke from this topic only', () => {
    const mf = s.jobs.stack.mailFeedback!;
    expect(mf.fn.handler).toBe(mailFeedback.handler);
    const topic = logicalId(s.jobs, mf.topic);
    const alias = logicalId(s.jobs, mf.fn.alias);
    const subs = ofType(s.jobs, 'AWS::SNS::Subscription').map(([, r]) => r.Properties);
    expect(subs).toEqual([{ Protocol: 'lambda', TopicArn: { Ref: topic }, Endpoint: { Ref: alias } }]);
    const permissions = ofType(s.jobs, 'AWS::Lambda::Permission').filter(([, p]) => [alias, logicalId(s.jobs, mf.fn.fn)].includes(refId(p.Properties!.FunctionName)!));
    expect(permissions.map(([, p]) => p.Properties)).toEqual([{ Action: 'lambda:InvokeFunction', FunctionName: { Ref: alias }, Principal: 'sns.amazonaws.com', SourceArn: { Ref: topic } }]);
  });

  it('grants the mail-feedback function the suppression table (write) and nothing else', () => {
    const statements = statementsOf(s.jobs.stack.mailFeedback!.fn);
    expectTableGrants(mailFeedback.handler, statements, mailFeedback.tables);
    expect(statements.flatMap(actionsOf).filter((a) => !/^(dynamodb|logs|xray):/.test(a))).toEqual([]);
  });

  it('is not made where the stage mails through Cognito (dev)', () => {
    const dev = synth('dev');
    expect(dev.jobs.stack.mailFeedback).toBeUndefined();
    for (const type of ['AWS::SES::ConfigurationSetEventDestination', 'AWS::SNS::Topic', 'AWS::KMS::Key', 'AWS::SNS::Subscription']) expect(ofType(dev.jobs, type)).toEqual([]);
    expect([...dev.jobs.stack.functions.keys()]).toEqual([...scheduled.map((j) => j.handler), PASSWORD_CHANGED_HANDLER]);
    for (const [, f] of ofType(dev.jobs, 'AWS::Lambda::Function')) expect((f.Properties!.Environment as { Variables: Record<string, unknown> }).Variables).not.toHaveProperty('MAIL_CONFIGURATION_SET');
  });
});
