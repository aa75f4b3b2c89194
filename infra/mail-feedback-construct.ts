/**
 * SES's bounce and complaint events for the stage's configuration set (made in the portal stack by
 * auth-construct.ts, `portal-<stage>`): an event destination on that set, by name, publishing to an
 * SNS topic encrypted with a key of its own (SES cannot publish under the AWS-managed SNS key),
 * which SES may publish to only for this set and account; the mail-feedback function
 * (lambdas/routes.ts `mailFeedback`) subscribed by its `live` alias, writing the suppressed
 * addresses and nothing else.
 */
import { Stack, Validations } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as kms from 'aws-cdk-lib/aws-kms';
import * as ses from 'aws-cdk-lib/aws-ses';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as subscriptions from 'aws-cdk-lib/aws-sns-subscriptions';
import { Construct } from 'constructs';
import { mailFeedback } from '../lambdas/routes.js';
import { functionId } from './api-construct.js';
import { removalPolicyOf, type Stage } from './config.js';
import { PortalFunction, type RolloutTarget } from './function-construct.js';
import type { TableName } from '../lambdas/shared/resources/tables.js';

export interface MailFeedbackProps {
  stage: Stage;
  /** The existing configuration set's name (`portal-<stage>`). */
  configurationSetName: string;
  tables: Record<TableName, dynamodb.ITableV2>;
  environment: Record<string, string>;
  rollout?: RolloutTarget;
  /** Where the functions' failures alarms file a ticket. */
  ticketTopic?: sns.ITopic;
}

/** The SES event types that suppress an address. */
export const FEEDBACK_EVENTS = [ses.EmailSendingEvent.BOUNCE, ses.EmailSendingEvent.COMPLAINT];

export class MailFeedbackConstruct extends Construct {
  readonly key: kms.Key;
  readonly topic: sns.Topic;
  readonly destination: ses.ConfigurationSetEventDestination;
  readonly fn: PortalFunction;

  constructor(scope: Construct, id: string, props: MailFeedbackProps) {
    super(scope, id);
    const { stage } = props;
    const stack = Stack.of(this);

    this.key = new kms.Key(this, 'Key', {
      description: `Encrypts SES bounce and complaint events of portal-${stage.name} (recipients' addresses) on their SNS topic`,
      enableKeyRotation: true,
      removalPolicy: removalPolicyOf(stage),
    });
    // SES encrypts what it publishes to an encrypted topic with the topic's key. Limited to this
    // account only: which set publishes is decided by the topic's policy (this set alone), and a
    // source-ARN condition that SES might not send with its KMS calls would drop every event.
    this.key.addToResourcePolicy(
      new iam.PolicyStatement({
        principals: [new iam.ServicePrincipal('ses.amazonaws.com')],
        actions: ['kms:GenerateDataKey*', 'kms:Decrypt'],
        resources: ['*'],
        conditions: { StringEquals: { 'aws:SourceAccount': stack.account } },
      }),
    );
    this.topic = new sns.Topic(this, 'Topic', {
      displayName: `Portal ${stage.name} mail bounces and complaints`,
      masterKey: this.key,
      enforceSSL: true,
    });
    // The destination adds the topic policy: ses.amazonaws.com may publish for this account and set only.
    this.destination = new ses.ConfigurationSetEventDestination(this, 'Destination', {
      configurationSet: ses.ConfigurationSet.fromConfigurationSetName(this, 'Set', props.configurationSetName),
      configurationSetEventDestinationName: 'bounces-and-complaints',
      destination: ses.EventDestination.snsTopic(this.topic),
      events: FEEDBACK_EVENTS,
    });

    this.fn = new PortalFunction(this, functionId(mailFeedback.handler), {
      stage,
      handler: mailFeedback.handler,
      environment: props.environment,
      description: `SES bounces and complaints of ${props.configurationSetName}: suppresses the address (lambdas/${mailFeedback.handler}.ts)`,
      rollout: props.rollout,
        ticketTopic: props.ticketTopic,
    });
    for (const [name, access] of Object.entries(mailFeedback.tables) as [TableName, 'read' | 'write'][]) {
      if (access === 'write') props.tables[name].grantReadWriteData(this.fn.fn);
      else props.tables[name].grantReadData(this.fn.fn);
    }
    const subscription = this.topic.addSubscription(new subscriptions.LambdaSubscription(this.fn.alias));
    Validations.of(subscription).acknowledge({
      id: 'CloudFormation-Validate::W3694',
      reason: "SNS delivers to a function's qualified ARN: the `live` alias, as every caller of the portal's functions (a canary shifts it).",
    });
  }
}
