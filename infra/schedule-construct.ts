/**
 * The functions run on a schedule (lambdas/routes.ts `scheduled`): one PortalFunction each, an
 * EventBridge rule invoking its `live` alias every `everyMinutes`, and the grants its row lists
 * (tables, secrets), nothing more. Today: the equipment alerts' evaluation, every 5 minutes.
 */
import { Duration } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import type * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { scheduled, type SecretName } from '../lambdas/routes.js';
import { functionId } from './api-construct.js';
import type { Stage } from './config.js';
import { PortalFunction, type Rollout } from './function-construct.js';
import { secretEnv } from './secrets-construct.js';
import type { TableName } from './tables.js';

export interface ScheduleProps {
  stage: Stage;
  tables: Record<TableName, dynamodb.ITableV2>;
  secrets: Record<SecretName, secretsmanager.ISecret>;
  environment: Record<string, string>;
  rollout?: Rollout;
}

export class ScheduleConstruct extends Construct {
  readonly functions = new Map<string, PortalFunction>();

  constructor(scope: Construct, id: string, props: ScheduleProps) {
    super(scope, id);
    for (const job of scheduled) {
      const environment = { ...props.environment };
      for (const name of job.secrets ?? []) environment[secretEnv[name]] = props.secrets[name].secretArn;
      const pf = new PortalFunction(this, functionId(job.handler), {
        stage: props.stage,
        handler: job.handler,
        environment,
        memoryMb: job.memoryMb,
        timeoutSeconds: job.timeoutSeconds,
        description: `${job.description}, every ${job.everyMinutes} minutes (lambdas/${job.handler}.ts)`,
        rollout: props.rollout,
      });
      for (const [name, access] of Object.entries(job.tables ?? {}) as [TableName, 'read' | 'write'][]) {
        if (access === 'write') props.tables[name].grantReadWriteData(pf.fn);
        else props.tables[name].grantReadData(pf.fn);
      }
      for (const name of job.secrets ?? []) props.secrets[name].grantRead(pf.fn);
      new events.Rule(this, `${functionId(job.handler)}Schedule`, {
        description: `Runs lambdas/${job.handler}.ts every ${job.everyMinutes} minutes`,
        schedule: events.Schedule.rate(Duration.minutes(job.everyMinutes)),
        // A missed run is not retried: the next one is minutes away and does the same work.
        targets: [new targets.LambdaFunction(pf.alias, { retryAttempts: 0 })],
      });
      this.functions.set(job.handler, pf);
    }
  }
}
