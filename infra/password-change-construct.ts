/**
 * Ends a user's other sessions when they change their own password through Cognito's public
 * ChangePassword (which calls no trigger): an EventBridge rule on CloudTrail's record of the call
 * ("AWS API Call via CloudTrail", source aws.cognito-idp, eventName ChangePassword) invokes
 * lambdas/triggers/password-changed.ts, which moves the user's tokensValidAfter on and calls
 * AdminUserGlobalSignOut. Stack-agnostic: it needs the users table and the pool, by reference.
 * Its place is the jobs stack (infra/jobs-stack.ts, beside the other functions no route calls):
 * the portal stack has no room for its eight resources (prod in us-east-1 would reach 502 of
 * CloudFormation's 500).
 *
 * EventBridge gets "AWS API Call via CloudTrail" events only where a CloudTrail trail with logging
 * is on in the account and region (https://docs.aws.amazon.com/eventbridge/latest/userguide/eb-service-event-cloudtrail.html;
 * management events, which Cognito's user-pool calls are:
 * https://docs.aws.amazon.com/cognito/latest/developerguide/logging-using-cloudtrail.html).
 * The stage does not make one (an organisation's trail usually exists): docs/deploying.md "Cognito protection".
 */
import { Duration } from 'aws-cdk-lib';
import type * as cognito from 'aws-cdk-lib/aws-cognito';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import * as iam from 'aws-cdk-lib/aws-iam';
import { Construct } from 'constructs';
import type { Stage } from './config.js';
import { PortalFunction, type RolloutTarget } from './function-construct.js';
import type * as sns from 'aws-cdk-lib/aws-sns';
import { tables } from '../lambdas/shared/resources/tables.js';

export const PASSWORD_CHANGED_HANDLER = 'triggers/password-changed';

/** The rule's pattern: a ChangePassword call on any user pool of the account (the handler keeps its own pool's). */
export const changePasswordPattern: events.EventPattern = {
  source: ['aws.cognito-idp'],
  detailType: ['AWS API Call via CloudTrail'],
  detail: { eventSource: ['cognito-idp.amazonaws.com'], eventName: ['ChangePassword'] },
};

export class PasswordChangeConstruct extends Construct {
  readonly fn: PortalFunction;
  readonly rule: events.Rule;

  constructor(scope: Construct, id: string, props: { stage: Stage; users: dynamodb.ITableV2; pool: cognito.IUserPool; rollout?: RolloutTarget; ticketTopic?: sns.ITopic }) {
    super(scope, id);
    const { stage } = props;
    this.fn = new PortalFunction(this, 'Fn', {
      stage,
      handler: PASSWORD_CHANGED_HANDLER,
      environment: { [tables.users.env]: props.users.tableName, USER_POOL_ID: props.pool.userPoolId, LOG_LEVEL: stage.logLevel },
      description: 'Ends the other sessions after a password change through Cognito (EventBridge, CloudTrail ChangePassword)',
      rollout: props.rollout,
      ticketTopic: props.ticketTopic,
    });
    // One item by its sub (read, then tokensValidAfter moved on): no index, no scan.
    this.fn.fn.addToRolePolicy(new iam.PolicyStatement({ actions: ['dynamodb:GetItem', 'dynamodb:UpdateItem'], resources: [props.users.tableArn] }));
    this.fn.fn.addToRolePolicy(new iam.PolicyStatement({ actions: ['cognito-idp:AdminUserGlobalSignOut'], resources: [props.pool.userPoolArn] }));
    this.rule = new events.Rule(this, 'ChangePassword', {
      description: `Portal ${stage.name}: a password changed through Cognito ends the user's other sessions`,
      eventPattern: changePasswordPattern,
      targets: [new targets.LambdaFunction(this.fn.alias, { retryAttempts: 4, maxEventAge: Duration.hours(1) })],
    });
  }
}
