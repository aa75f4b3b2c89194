/**
 * Where alarms go, in two tiers: `page` (a few symptom alarms a person is woken for, each notifying
 * by itself so a second incident pages even while the first is still in alarm) and `ticket`
 * (everything else: looked at in working hours). One SNS topic each, in the portal stack so that
 * every other stack of the stage (areas, jobs, watch) can name them; the stage's `alarmEmail`
 * subscribes to the pages and `ticketEmail` (default: the same address) to the tickets.
 */
import { Validations } from 'aws-cdk-lib';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as subscriptions from 'aws-cdk-lib/aws-sns-subscriptions';
import { Construct } from 'constructs';
import type { Stage } from './config.js';

export type Tier = 'page' | 'ticket';

/** An alarm topic in the scope's region, mailing `email`. */
export function alarmTopic(scope: Construct, id: string, stage: Stage, tier: Tier, email: string): sns.Topic {
  const topic = new sns.Topic(scope, id, { displayName: `Portal ${stage.name} ${tier === 'page' ? 'pages' : 'tickets'}`, enforceSSL: true });
  // CloudWatch alarms cannot publish to a topic encrypted with the AWS-managed SNS key (its key
  // policy does not admit cloudwatch.amazonaws.com), and a customer key would be billed per stage.
  Validations.of(topic).acknowledge({
    id: 'AwsSolutions-SNS2',
    reason: 'Alarm topic: CloudWatch cannot publish to a topic under the AWS-managed SNS key; the messages carry alarm names and metric values only, no customer data.',
  });
  topic.addSubscription(new subscriptions.EmailSubscription(email));
  return topic;
}

export class AlertingConstruct extends Construct {
  readonly page: sns.Topic;
  readonly ticket: sns.Topic;

  constructor(scope: Construct, id: string, props: { stage: Stage }) {
    super(scope, id);
    const { stage } = props;
    this.page = alarmTopic(this, 'Page', stage, 'page', stage.alarmEmail);
    this.ticket = alarmTopic(this, 'Ticket', stage, 'ticket', stage.ticketEmail ?? stage.alarmEmail);
  }
}
