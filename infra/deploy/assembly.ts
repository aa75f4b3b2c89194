/**
 * The stacks of a stage as `cdk deploy` sees them: each synthesised template, its region and the
 * stacks it waits for (the cloud assembly's dependencies, which `cdk deploy --concurrency` honours).
 * Built offline (infra/offline-stage.ts: no AWS call, no bundling), from the same constructs and
 * settings bin/portal.ts synthesises, so the deploy's plan and preflight read what is deployed.
 */
import type { App } from 'aws-cdk-lib';
import type { CloudAssembly } from 'aws-cdk-lib/cx-api';
import { offlineStage } from '../offline-stage.js';
import type { Stage } from '../config.js';

export interface CfnResource {
  Type: string;
  Properties?: Record<string, unknown>;
  UpdatePolicy?: Record<string, unknown>;
  DependsOn?: string | string[];
}

export interface Template {
  Resources?: Record<string, CfnResource>;
}

export interface DeployedStack {
  stackName: string;
  region: string;
  /** The stage's stacks this one waits for. */
  dependencies: string[];
  template: Template;
}

/** The stage's stacks of a synthesised cloud assembly (asset manifests left out of the dependencies). */
export function stacksOf(assembly: CloudAssembly): DeployedStack[] {
  const names = new Set(assembly.stacks.map((s) => s.stackName));
  return assembly.stacks.map((s) => ({
    stackName: s.stackName,
    region: s.environment.region,
    dependencies: s.dependencies.map((d) => d.id).filter((id) => names.has(id)),
    template: s.template as Template,
  }));
}

/** A stage of cdk.json synthesised in-process, as its stacks are deployed. */
export function offlineStacks(stageName: string): { stage: Stage; stacks: DeployedStack[] } {
  const { stage, stacks } = offlineStage(stageName);
  return { stage, stacks: stacksOf((stacks.main.node.root as App).synth()) };
}
