/**
 * The stacks of one stage, built into a CDK app: used by bin/portal.ts (cdk synth|deploy), the
 * template tests and the cost estimate, so all three see the same stacks.
 *
 * CloudFront takes its WAF web ACL and certificate from us-east-1 only, and publishes its metrics
 * there. A stage in us-east-1 is one stack; a stage elsewhere is `Portal-<stage>-edge` (us-east-1),
 * then `Portal-<stage>`, then `Portal-<stage>-edge-watch` (us-east-1, the CloudFront alarm).
 */
import { Token, type App, type Environment, type Stack } from 'aws-cdk-lib';
import { StageConfigError, type Stage } from './config.js';
import { EDGE_REGION, EdgeStack } from './edge-stack.js';
import { EdgeWatchStack } from './monitoring-construct.js';
import { PortalStack } from './portal-stack.js';

export interface StageStacks {
  main: PortalStack;
  /** Only when the stage is not in us-east-1: CloudFront's WAF and certificate, then its alarm. */
  edge?: EdgeStack;
  edgeWatch?: EdgeWatchStack;
  /** Every stack of the stage, in deploy order. */
  all: Stack[];
}

/** `env`: the CLI's defaults, used where the stage's settings name no account or region. */
export function stageStacks(app: App, stage: Stage, env: Environment = {}): StageStacks {
  const account = stage.account ?? env.account;
  const region = stage.region ?? env.region;
  if (!region || Token.isUnresolved(region)) {
    throw new StageConfigError(
      `Stage "${stage.name}" needs a region: set stages.${stage.name}.region in cdk.json, or the CLI's default region (AWS_REGION or aws configure). ` +
        "CloudFront's WAF and certificate must be made in us-east-1, so the app must know whether the stage is there.",
    );
  }
  if (region === EDGE_REGION) {
    const main = new PortalStack(app, stage, { env: { account, region } });
    return { main, all: [main] };
  }
  const edge = new EdgeStack(app, stage, { env: { account, region: EDGE_REGION } });
  const main = new PortalStack(app, stage, { env: { account, region }, crossRegionReferences: true, edge: edge.edge });
  const edgeWatch = new EdgeWatchStack(app, stage, { env: { account, region: EDGE_REGION }, crossRegionReferences: true, distribution: main.web.distribution });
  return { main, edge, edgeWatch, all: [edge, main, edgeWatch] };
}
