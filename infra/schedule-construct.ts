/**
 * The functions run on a schedule (lambdas/routes.ts `scheduled`), in the stage's jobs stack: one
 * PortalFunction each with the grants its row lists (tables, secrets, mail), nothing more, and an
 * EventBridge Scheduler schedule invoking its `live` alias: `rate(N minutes)` for `everyMinutes`
 * rows, a weekly cron in the stage's time zone (`notifications.weeklySummary`) for `weekly` rows,
 * a daily one (`notifications.dayBefore`, whose zone the function also gets as DAY_BEFORE_TIME_ZONE) for `daily` rows.
 * One role for the schedules, allowed to invoke those aliases only.
 */
import { Duration, Stack, TimeZone } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as sns from 'aws-cdk-lib/aws-sns';
import * as scheduler from 'aws-cdk-lib/aws-scheduler';
import * as targets from 'aws-cdk-lib/aws-scheduler-targets';
import type * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { scheduled, type Scheduled, type SecretName } from '../lambdas/routes.js';
import { functionId, grantSendMail } from './api-construct.js';
import type { Stage } from './config.js';
import { PortalFunction, shortName, type RolloutTarget } from './function-construct.js';
import { secretEnv } from './secrets-construct.js';
import type { TableName } from '../lambdas/shared/resources/tables.js';

export interface ScheduleProps {
  stage: Stage;
  tables: Record<TableName, dynamodb.ITableV2>;
  secrets: Record<SecretName, secretsmanager.ISecret>;
  environment: Record<string, string>;
  rollout?: RolloutTarget;
  /** Where the functions' failures alarms file a ticket. */
  ticketTopic?: sns.ITopic;
}

/** How a row's schedule runs: the expression, its words for descriptions, and the retry policy. */
export function scheduleOf(job: Pick<Scheduled, 'schedule'>, stage: Stage) {
  if ('everyMinutes' in job.schedule) {
    const n = job.schedule.everyMinutes;
    return {
      // As written in the row (CDK's rate() would write 60 minutes as `rate(1 hour)`).
      expression: scheduler.ScheduleExpression.expression(`rate(${n} ${n === 1 ? 'minute' : 'minutes'})`),
      words: `every ${n} minutes`,
      // A missed run is not retried: the next one is minutes away and does the same work.
      retryAttempts: 0,
      maxEventAge: undefined,
    };
  }
  if ('daily' in job.schedule) {
    const { hour, timeZone } = stage.notifications.dayBefore;
    return {
      expression: scheduler.ScheduleExpression.cron({ minute: '0', hour: String(hour), timeZone: TimeZone.of(timeZone) }),
      words: `daily at ${String(hour).padStart(2, '0')}:00 ${timeZone}`,
      // The handler is idempotent per user and day: a failed run is retried twice within the hour.
      retryAttempts: 2,
      maxEventAge: Duration.hours(1),
    };
  }
  const { day, hour, timeZone } = stage.notifications.weeklySummary;
  return {
    expression: scheduler.ScheduleExpression.cron({ minute: '0', hour: String(hour), weekDay: day, timeZone: TimeZone.of(timeZone) }),
    words: `weekly, ${day} at ${String(hour).padStart(2, '0')}:00 ${timeZone}`,
    // The handler is idempotent per week: a failed run is retried twice within the hour.
    retryAttempts: 2,
    maxEventAge: Duration.hours(1),
  };
}

export class ScheduleConstruct extends Construct {
  readonly functions = new Map<string, PortalFunction>();
  readonly schedules = new Map<string, scheduler.Schedule>();
  /** The role EventBridge Scheduler assumes: lambda:InvokeFunction on the jobs' `live` aliases only. */
  readonly role: iam.Role;

  constructor(scope: Construct, id: string, props: ScheduleProps) {
    super(scope, id);
    const { stage } = props;
    this.role = new iam.Role(this, 'SchedulerRole', {
      assumedBy: new iam.ServicePrincipal('scheduler.amazonaws.com', { conditions: { StringEquals: { 'aws:SourceAccount': Stack.of(this).account } } }),
      description: `EventBridge Scheduler runs the scheduled functions of portal-${stage.name}`,
    });
    for (const job of scheduled) {
      const when = scheduleOf(job, stage);
      const environment = { ...props.environment };
      for (const name of job.secrets ?? []) environment[secretEnv[name]] = props.secrets[name].secretArn;
      if ('daily' in job.schedule) environment.DAY_BEFORE_TIME_ZONE = stage.notifications.dayBefore.timeZone;
      const pf = new PortalFunction(this, functionId(job.handler), {
        stage,
        handler: job.handler,
        environment,
        memoryMb: job.memoryMb,
        timeoutSeconds: job.timeoutSeconds,
        description: `${job.description}, ${when.words} (lambdas/${job.handler}.ts)`,
        rollout: props.rollout,
        ticketTopic: props.ticketTopic,
      });
      // Scheduler invokes asynchronously, so its retry policy covers the invocation only: Lambda
      // would retry a failed run twice more by itself. The row's retries are the run's retries.
      pf.alias.configureAsyncInvoke({ retryAttempts: when.retryAttempts, ...(when.maxEventAge ? { maxEventAge: when.maxEventAge } : {}) });
      for (const [name, access] of Object.entries(job.tables ?? {}) as [TableName, 'read' | 'write'][]) {
        if (access === 'write') props.tables[name].grantReadWriteData(pf.fn);
        else props.tables[name].grantReadData(pf.fn);
      }
      for (const name of job.secrets ?? []) props.secrets[name].grantRead(pf.fn);
      if (job.mail) grantSendMail(pf, stage);
      const schedule = new scheduler.Schedule(this, `${functionId(job.handler)}Schedule`, {
        scheduleName: `portal-${stage.name}-${shortName(job.handler)}`,
        description: `Runs lambdas/${job.handler}.ts ${when.words}`,
        schedule: when.expression,
        target: new targets.LambdaInvoke(pf.alias, { role: this.role, retryAttempts: when.retryAttempts, ...(when.maxEventAge ? { maxEventAge: when.maxEventAge } : {}) }),
      });
      this.functions.set(job.handler, pf);
      this.schedules.set(job.handler, schedule);
    }
  }
}
