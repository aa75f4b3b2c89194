/**
 * The stage's functions that no route calls, beside the portal stack rather than in it: the
 * scheduled jobs (lambdas/routes.ts `scheduled`, run by EventBridge Scheduler) and SES's bounce and
 * complaint feedback (`mailFeedback`). Named `Portal-<stage>-jobs`, in the portal stack's account
 * and region, deployed right after it. The portal stack stays under CloudFormation's 500
 * resources per stack for its routes (each about ten resources there).
 *
 * The jobs read the portal stack's resources by their fixed names where the portal stack fixes
 * them (tables `portal-<stage>-<id>`, the documents bucket, the configuration set and the CodeDeploy
 * application `portal-<stage>`), and across stacks otherwise (user pool and clients, the portal's
 * address, the secrets, the rollout role).
 */
import { Annotations, Stack, Tags, Token, Validations, type StackProps } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type { Construct } from 'constructs';
import { mailConfigurationSetOf } from './auth-construct.js';
import type { Stage } from './config.js';
import { ImportedRollout, type PortalFunction } from './function-construct.js';
import { MailFeedbackConstruct } from './mail-feedback-construct.js';
import { PasswordChangeConstruct } from './password-change-construct.js';
import { siblingEnvironment, type PortalStack } from './portal-stack.js';
import { ScheduleConstruct } from './schedule-construct.js';
import { tables, type TableName } from '../lambdas/shared/resources/tables.js';

export const jobsStackName = (stage: Pick<Stage, 'name'>) => `Portal-${stage.name}-jobs`;
/** A table's physical name, as the portal stack's data construct fixes it. */
export const tableNameOf = (stage: Pick<Stage, 'name'>, name: TableName) => `portal-${stage.name}-${tables[name].id}`;

/**
 * The portal stack's tables in another stack of the stage, by their fixed names: grants name them
 * (and, where a table has them, its indexes) by ARN, with no reference across stacks.
 */
export function importTables(scope: Construct, stage: Pick<Stage, 'name'>): Record<TableName, dynamodb.ITableV2> {
  return Object.fromEntries(
    (Object.keys(tables) as TableName[]).map((name) => [
      name,
      dynamodb.TableV2.fromTableAttributes(scope, `${name.charAt(0).toUpperCase()}${name.slice(1)}Table`, {
        tableName: tableNameOf(stage, name),
        grantIndexPermissions: 'indexes' in tables[name],
      }),
    ]),
  ) as Record<TableName, dynamodb.ITableV2>;
}

export interface JobsStackProps extends StackProps {
  /** The stage's portal stack, deployed before this one. */
  main: PortalStack;
}

export class JobsStack extends Stack {
  /** The portal stack's tables, by name (grants on the tables and, where a table has them, its indexes). */
  readonly tables: Record<TableName, dynamodb.ITableV2>;
  readonly schedules: ScheduleConstruct;
  /** Only where the stage mails through its configuration set in this region. */
  readonly mailFeedback?: MailFeedbackConstruct;
  readonly passwordChange: PasswordChangeConstruct;
  /** Every function of the stack by handler file (the watch stack alarms on each). */
  readonly functions = new Map<string, PortalFunction>();

  constructor(scope: Construct, stage: Stage, props: JobsStackProps) {
    const { main, ...stackProps } = props;
    super(scope, jobsStackName(stage), {
      description: `Customer portal, stage ${stage.name}: scheduled jobs and mail feedback`,
      ...stackProps,
      env: { account: main.account, region: main.region },
    });
    Tags.of(this).add('portal:stage', stage.name);

    this.tables = importTables(this, stage);
    const configurationSet = mailConfigurationSetOf(stage, this.region);
    const environment = siblingEnvironment(stage, main, configurationSet);
    const rollout = main.rollout ? new ImportedRollout(this, 'Rollout', { stage, rollout: main.rollout }) : undefined;

    this.schedules = new ScheduleConstruct(this, 'Schedules', { stage, tables: this.tables, secrets: main.secrets.secrets, environment, rollout, ticketTopic: main.alerting.ticket });
    for (const [handler, pf] of this.schedules.functions) this.functions.set(handler, pf);

    if (stage.mail && configurationSet) {
      this.mailFeedback = new MailFeedbackConstruct(this, 'MailFeedback', { stage, configurationSetName: configurationSet, tables: this.tables, environment, rollout, ticketTopic: main.alerting.ticket });
      this.functions.set(this.mailFeedback.fn.handler, this.mailFeedback.fn);
    } else if (stage.mail) {
      Annotations.of(this).addWarningV2(
        'portal:mail-feedback-skipped',
        `Stage ${stage.name} mails through SES in ${stage.mail.sesRegion}, not ${this.region}: there is no configuration set here, so no bounce and complaint feedback (docs/deploying.md "The stacks of a stage").`,
      );
    }
    // A password changed through Cognito's public API ends the user's other sessions (infra/password-change-construct.ts).
    this.passwordChange = new PasswordChangeConstruct(this, 'PasswordChange', { stage, users: this.tables.users, pool: main.auth.pool, rollout, ticketTopic: main.alerting.ticket });
    this.functions.set(this.passwordChange.fn.handler, this.passwordChange.fn);
    this.acknowledgeIndexGrants(stage);
  }

  /** grantReadData on a table with indexes grants `<table>/index/*`: its own indexes only. */
  private acknowledgeIndexGrants(stage: Stage) {
    const known = (v: string, pseudo: string) => (Token.isUnresolved(v) ? `<AWS::${pseudo}>` : v);
    for (const name of Object.keys(tables) as TableName[]) {
      if (!('indexes' in tables[name])) continue;
      const arn = `arn:${known(this.partition, 'Partition')}:dynamodb:${known(this.region, 'Region')}:${known(this.account, 'AccountId')}:table/${tableNameOf(stage, name)}/index/*`;
      Validations.of(this).acknowledge({
        id: `AwsSolutions-IAM5[Resource::${arn}]`,
        reason: `Queries on the ${name} table's own secondary indexes (granted with the table).`,
      });
    }
  }
}
