/**
 * One area of the API (lambdas/routes.ts `areas`): its route functions, their routes on the portal
 * stack's HTTP API and, in a canary stage, their deployment groups. Named `Portal-<stage>-<area>`,
 * in the portal stack's account and region, deployed after it.
 *
 * Sibling stacks rather than nested ones: each deploys, diffs and rolls back on its own (a
 * canary's rollback in one area does not roll back the portal stack or another area), each has
 * CloudFormation's 500 resources to itself, and a nested stack's resources would still be updated
 * as part of its parent's one update. References to the portal stack are weak (`Fn::GetStackOutput`,
 * the `@aws-cdk/core:defaultCrossStackReferences` flag in cdk.json): no export locks the portal
 * stack's values while an area uses them.
 */
import { Annotations, ArnFormat, Stack, Tags, Validations, type StackProps } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import type { Construct } from 'constructs';
import { areaOf, routes, type Area } from '../lambdas/routes.js';
import { nagName, RouteFunctions } from './api-construct.js';
import type { Stage } from './config.js';
import { deploymentGroupName, ImportedRollout, PortalFunction } from './function-construct.js';
import { siblingEnvironment, type PortalStack } from './portal-stack.js';
import { mailConfigurationSetName } from './auth-construct.js';
import { importTables } from './jobs-stack.js';
import { documentsBucketName } from './storage-construct.js';
import type { TableName } from '../lambdas/shared/resources/tables.js';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as s3 from 'aws-cdk-lib/aws-s3';

/** The CodeDeploy pre-traffic hook's handler file. */
export const PRE_TRAFFIC_HOOK = 'deploy/pre-traffic';

export const areaStackName = (stage: Pick<Stage, 'name'>, area: Area) => `Portal-${stage.name}-${area}`;

export interface AreaStackProps extends StackProps {
  area: Area;
  /** The stage's portal stack, deployed before this one. */
  main: PortalStack;
}

export class AreaStack extends Stack {
  readonly area: Area;
  /** The portal stack's tables and documents bucket, by name. */
  readonly tables: Record<TableName, dynamodb.ITableV2>;
  readonly documents: s3.IBucket;
  readonly routes: RouteFunctions;
  /** Every function of the stack by handler file (the watch stack alarms on each). */
  readonly functions: ReadonlyMap<string, PortalFunction>;

  constructor(scope: Construct, stage: Stage, props: AreaStackProps) {
    const { main, area, ...stackProps } = props;
    super(scope, areaStackName(stage, area), {
      description: `Customer portal, stage ${stage.name}: the ${area} routes`,
      ...stackProps,
      env: { account: main.account, region: main.region },
    });
    this.area = area;
    Tags.of(this).add('portal:stage', stage.name);
    // Tables and bucket by the names the portal stack fixes: grants name them by ARN, so a
    // function's policy refers to nothing of another stack.
    this.tables = importTables(this, stage);
    this.documents = s3.Bucket.fromBucketName(this, 'DocumentsBucket', documentsBucketName(stage));
    const environment = siblingEnvironment(stage, main, main.auth.mailConfigurationSet ? mailConfigurationSetName(stage) : undefined);
    const rollout = main.rollout ? new ImportedRollout(this, 'Rollout', { stage, rollout: main.rollout }) : undefined;
    // A canary stage: before any traffic moves to a new version, CodeDeploy runs this hook, which
    // calls the version with a harmless probe (lambdas/deploy/pre-traffic.ts), so that a route too
    // quiet for its canary window is still tried before it is live.
    const hook = rollout
      ? new PortalFunction(this, 'PreTrafficHook', {
          stage,
          handler: PRE_TRAFFIC_HOOK,
          // One hook per area stack: its failures alarm is named per area (alarm names are unique per account and region).
          instance: area,
          environment: { STAGE_PREFIX: `portal-${stage.name}-`, LOG_LEVEL: stage.logLevel },
          description: `CodeDeploy pre-traffic hook of the ${area} routes: probes each new version before it takes traffic (lambdas/${PRE_TRAFFIC_HOOK}.ts)`,
          ticketTopic: main.alerting.ticket,
          // A probe may wait out a cold start and the SDK's retries (lambdas/shared/platform/clients.ts PROBE_CALLS).
          timeoutSeconds: 120,
        })
      : undefined;
    // `Api`: the construct id the portal stack's API construct had, so the logical ids stay.
    this.routes = new RouteFunctions(this, 'Api', {
      stage,
      routes: routes.filter((r) => areaOf(r.handler) === area),
      api: main.api,
      tables: this.tables,
      documents: this.documents,
      pool: main.auth.pool,
      serverClient: main.auth.serverClient,
      secrets: main.secrets.secrets,
      environment,
      rollout,
      ticketTopic: main.alerting.ticket,
      preHook: hook?.fn,
    });
    this.functions = this.routes.functions;
    if (hook) this.probe(stage, hook);
  }

  /**
   * What the hook may call (any version of the area's functions: it reads the version from the
   * deployment, lambdas/deploy/pre-traffic.ts) and read (the deployments of the area's groups). No
   * map of groups to versions in its environment: it grew with every route of the area.
   */
  private probe(stage: Stage, hook: PortalFunction) {
    const groups = [...this.functions.keys()].map((handler) => deploymentGroupName(stage, handler));
    // CodeDeploy invokes a hook by its name, unqualified: the grant on the function is the one it needs.
    Annotations.of(hook.fn).acknowledgeWarning('@aws-cdk/aws-lambda:addPermissionsToVersionOrAlias', 'CodeDeploy calls the hook by its function name, not a version or alias.');
    hook.fn.addToRolePolicy(new iam.PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: [...this.functions.values()].map((pf) => `${pf.fn.functionArn}:*`) }));
    for (const pf of this.functions.values())
      Validations.of(hook).acknowledge({
        id: `AwsSolutions-IAM5[Resource::${nagName(this.resolve(pf.fn.functionArn))}:*]`,
        reason: `The versions of ${pf.handler} (each deploy publishes a new one): the hook probes the version the deployment names.`,
      });
    hook.fn.addToRolePolicy(
      new iam.PolicyStatement({
        actions: ['codedeploy:GetDeployment'],
        resources: groups.map((group) => this.formatArn({ service: 'codedeploy', resource: 'deploymentgroup', resourceName: `portal-${stage.name}/${group}`, arnFormat: ArnFormat.COLON_RESOURCE_NAME })),
      }),
    );
  }
}
