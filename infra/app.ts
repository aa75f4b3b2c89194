/**
 * The stacks of one stage, built into a CDK app: used by bin/portal.ts (cdk synth|deploy), the
 * template tests and the cost estimate, so all three see the same stacks.
 */
import type { App, Environment, Stack } from 'aws-cdk-lib';
import type { Stage } from './config.js';
import { PortalStack } from './portal-stack.js';

export interface StageStacks {
  main: PortalStack;
  /** Every stack of the stage, in deploy order. */
  all: Stack[];
}

export function stageStacks(app: App, stage: Stage, env: Environment = {}): StageStacks {
  const main = new PortalStack(app, stage, { env });
  return { main, all: [main] };
}
