/**
 * The stage's EventBridge bus (issue 30): `portal-<stage>`, carrying `portal.quote.decided` events
 * put by the quote-decision route (lambdas/quotes/decide-quote.ts; its role may PutEvents on this
 * bus only). The provider's field-service system subscribes with a rule on the bus: the accounts
 * named in the stage setting `events.subscriberAccounts` may manage rules on it (a bus resource
 * policy); none by default, and then only the stage's own account can.
 */
import { Stack } from 'aws-cdk-lib';
import * as events from 'aws-cdk-lib/aws-events';
import * as iam from 'aws-cdk-lib/aws-iam';
import { Construct } from 'constructs';
import type { Stage } from './config.js';

/** The bus's name, fixed so the area stacks can name it without a reference to the portal stack. */
export const eventBusName = (stage: Pick<Stage, 'name'>) => `portal-${stage.name}`;

/** The event source of the stage's quote decisions (`portal.<stage>`); detail-type `portal.quote.decided`. */
export const eventSource = (stage: Pick<Stage, 'name'>) => `portal.${stage.name}`;

export class EventsConstruct extends Construct {
  readonly bus: events.EventBus;

  constructor(scope: Construct, id: string, props: { stage: Stage }) {
    super(scope, id);
    const { stage } = props;
    this.bus = new events.EventBus(this, 'Bus', { eventBusName: eventBusName(stage), description: `Customer portal, stage ${stage.name}: quote decisions` });
    const accounts = stage.events.subscriberAccounts;
    if (accounts.length === 0) return;
    const stack = Stack.of(this);
    // Rules a subscriber account makes on this bus (events:PutRule etc. with its own account as the
    // rule's creator) send the bus's events to targets in that account.
    this.bus.addToResourcePolicy(
      new iam.PolicyStatement({
        sid: 'SubscribersManageTheirRules',
        principals: accounts.map((a) => new iam.AccountPrincipal(a)),
        actions: ['events:PutRule', 'events:PutTargets', 'events:DeleteRule', 'events:RemoveTargets', 'events:DescribeRule', 'events:ListTargetsByRule'],
        resources: [stack.formatArn({ service: 'events', resource: 'rule', resourceName: `${eventBusName(stage)}/*` })],
        conditions: { StringEqualsIfExists: { 'events:creatorAccount': '${aws:PrincipalAccount}' } },
      }),
    );
  }
}
