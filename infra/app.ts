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
import { JobsStack } from './jobs-stack.js';
import { EdgeWatchStack, WatchStack } from './monitoring-construct.js';
import { PortalStack } from './portal-stack.js';

export interface StageStacks {
  main: PortalStack;
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
  const jobsOf = (main: PortalStack) => new JobsStack(app, stage, { main });
  const watch = (main: PortalStack, jobs: JobsStack) =>
    new WatchStack(app, stage, {
      env: { account, region },
      watched: {
        api: main.api.api,
        functions: new Map([...main.api.functions, ...jobs.functions, ...Object.values(main.auth.triggers).map((t) => [t.handler, t] as const)]),
        tables: main.data.tables,
        distribution: main.web.distribution,
        // By its name: no cross-stack reference for a name the stage decides.
        mailConfigurationSet: main.auth.mailConfigurationSet ? mailConfigurationSetName(stage) : undefined,
      },
    });
  if (region === EDGE_REGION) {
    const main = new PortalStack(app, stage, { env: { account, region } });
    const jobs = jobsOf(main);
    const w = watch(main, jobs);
    return { main, jobs, watch: w, all: [main, jobs, w] };
  }
  const edge = new EdgeStack(app, stage, { env: { account, region: EDGE_REGION } });
  const main = new PortalStack(app, stage, { env: { account, region }, crossRegionReferences: true, edge: edge.edge });
  const jobs = jobsOf(main);
  const w = watch(main, jobs);
  const edgeWatch = new EdgeWatchStack(app, stage, { env: { account, region: EDGE_REGION }, crossRegionReferences: true, distribution: main.web.distribution });
  return { main, jobs, watch: w, edge, edgeWatch, all: [edge, main, jobs, w, edgeWatch] };
}
