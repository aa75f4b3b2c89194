/**
 * The stacks of one stage, built into a CDK app: used by bin/portal.ts (cdk synth|deploy), the
 * template tests and the cost estimate, so all three see the same stacks.
 *
 * CloudFront takes its WAF web ACL and certificate from us-east-1 only, and publishes its metrics
 * there. A stage in us-east-1 is `Portal-<stage>`, `Portal-<stage>-jobs` (scheduled jobs and SES
 * feedback) and `Portal-<stage>-watch` (dashboard and alarms); a stage elsewhere is
 * `Portal-<stage>-edge` (us-east-1), `Portal-<stage>`, `Portal-<stage>-jobs`,
 * `Portal-<stage>-watch`, then `Portal-<stage>-edge-watch` (us-east-1, the CloudFront alarm).
 */
import { Tags, Token, type App, type Environment, type Stack } from 'aws-cdk-lib';
import { mailConfigurationSetName } from './auth-construct.js';
import { StageConfigError, type Stage } from './config.js';
import { EDGE_REGION, EdgeStack } from './edge-stack.js';
import { areas, type Area } from '../lambdas/routes.js';
import { AreaStack } from './area-stack.js';
import { JobsStack } from './jobs-stack.js';
import type { PortalFunction } from './function-construct.js';
import { EdgeWatchStack, WatchStack } from './monitoring-construct.js';
import { PortalStack } from './portal-stack.js';
import { digestWeakReads } from './weak-reads.js';

export interface StageStacks {
  main: PortalStack;
  /** The API's functions and routes, a stack per area of lambdas/routes.ts (`areas`). */
  areas: Record<Area, AreaStack>;
  /** Every function of the stage by handler file: the areas', the jobs' and the Cognito triggers. */
  functions: Map<string, PortalFunction>;
  /** Scheduled jobs and SES feedback, beside the portal stack (its 500 resources are for routes). */
  jobs: JobsStack;
  /** Dashboard and alarms, in the stage's region. */
  watch: WatchStack;
  /** Only when the stage is not in us-east-1: CloudFront's WAF and certificate, then its alarm. */
  edge?: EdgeStack;
  edgeWatch?: EdgeWatchStack;
  /** Every stack of the stage, in deploy order. */
  all: Stack[];
}

/** `env`: the CLI's defaults, used where the stage's settings name no account or region. */
export function stageStacks(app: App, stage: Stage, env: Environment = {}): StageStacks {
  const stacks = buildStacks(app, stage, env);
  for (const stack of stacks.all) {
    // Retained data: a stack delete is refused until protection is turned off on purpose.
    stack.terminationProtection = stage.removalPolicy === 'retain';
    Tags.of(stack).add('stage', stage.name);
    Tags.of(stack).add('service', 'customer-portal');
    Tags.of(stack).add('cost-centre', stage.costCentre);
  }
  // A resource that reads another stack's output carries a digest of it (infra/weak-reads.ts).
  digestWeakReads(app, stacks.all);
  return stacks;
}

function buildStacks(app: App, stage: Stage, env: Environment): StageStacks {
  // A pinned stage refuses credentials for another account (a deploy to the wrong account).
  if (stage.account && env.account && !Token.isUnresolved(env.account) && env.account !== stage.account) {
    throw new StageConfigError(
      `Stage "${stage.name}" is pinned to account ${stage.account} (cdk.json), but the credentials in use are for account ${env.account}. ` +
        'Use credentials for the stage\'s account, or change its account in cdk.json.',
    );
  }
  const account = stage.account ?? env.account;
  const region = stage.region ?? env.region;
  if (!region || Token.isUnresolved(region)) {
    throw new StageConfigError(
      `Stage "${stage.name}" needs a region: set stages.${stage.name}.region in cdk.json, or the CLI's default region (AWS_REGION or aws configure). ` +
        "CloudFront's WAF and certificate must be made in us-east-1, so the app must know whether the stage is there.",
    );
  }
  const build = (main: PortalStack) => {
    const areaStacks = Object.fromEntries((Object.keys(areas) as Area[]).map((area) => [area, new AreaStack(app, stage, { area, main })])) as Record<Area, AreaStack>;
    const jobs = new JobsStack(app, stage, { main });
    const functions = new Map<string, PortalFunction>([
      ...Object.values(areaStacks).flatMap((a) => [...a.functions]),
      ...jobs.functions,
      ...Object.values(main.auth.triggers).map((t) => [t.handler, t] as const),
      [main.api.originAuthorizerFunction.handler, main.api.originAuthorizerFunction] as const,
    ]);
    // A warmFunctions entry that names no function of the stage is a mistake, not a no-op.
    const unknown = Object.keys(stage.warmFunctions).filter((h) => !functions.has(h) || jobs.functions.has(h));
    if (unknown.length) throw new StageConfigError(`Stage ${stage.name}: warmFunctions names no function of the portal: ${unknown.join(', ')} (handler names such as users/get-property or triggers/pre-token-generation)`);
    const watch = new WatchStack(app, stage, {
      env: { account, region },
      watched: {
        api: main.api.api,
        functions,
        tables: main.data.tables,
        distribution: main.web.distribution,
        topics: { page: main.alerting.page, ticket: main.alerting.ticket },
        signIn: { userPoolId: main.auth.pool.userPoolId, clientIds: [main.auth.client.userPoolClientId, main.auth.serverClient.userPoolClientId, main.auth.retiringServerClient.userPoolClientId] },
        // By its name: no cross-stack reference for a name the stage decides.
        mailConfigurationSet: main.auth.mailConfigurationSet ? mailConfigurationSetName(stage) : undefined,
      },
    });
    return { areas: areaStacks, jobs, functions, watch, stacks: [...Object.values(areaStacks), jobs, watch] as Stack[] };
  };
  if (region === EDGE_REGION) {
    const main = new PortalStack(app, stage, { env: { account, region } });
    const b = build(main);
    return { main, areas: b.areas, functions: b.functions, jobs: b.jobs, watch: b.watch, all: [main, ...b.stacks] };
  }
  const edge = new EdgeStack(app, stage, { env: { account, region: EDGE_REGION } });
  const main = new PortalStack(app, stage, { env: { account, region }, crossRegionReferences: true, edge: edge.edge });
  const b = build(main);
  const edgeWatch = new EdgeWatchStack(app, stage, { env: { account, region: EDGE_REGION }, crossRegionReferences: true, distribution: main.web.distribution });
  return { main, areas: b.areas, functions: b.functions, jobs: b.jobs, watch: b.watch, edge, edgeWatch, all: [edge, main, ...b.stacks, edgeWatch] };
}
