/**
 * A stage of cdk.json built as bin/portal.ts builds it, with no AWS call, no bundling and the
 * fixture web build: what `npm run cost`, `npm run docs` and the deploy's plan read (templates,
 * stacks, settings). Without aws-cdk-lib's check of each template against CloudFormation's schemas
 * (about 60 % of a synthesis: `npm run cost` 20 s of CPU against 8 s, the same table): these only
 * read and count; the synthesis that deploys (bin/portal.ts), `npm run synth:all` and
 * test/infra/stages.test.ts keep the check on for every stage.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { App } from 'aws-cdk-lib';
import { stageStacks, type StageStacks } from './app.js';
import { loadStage, type Stage } from './config.js';
import { ROOT, SKIP_BUNDLING_CONTEXT } from './function-construct.js';
import { WEB_BUILD_CONTEXT } from './web-construct.js';

const readCdkJson = () => JSON.parse(readFileSync(path.join(ROOT, 'cdk.json'), 'utf8')) as { context: { stages: unknown } & Record<string, unknown> };

/** A stage's settings as cdk.json has them. */
export const stageSettings = (stageName: string): Stage => loadStage(stageName, readCdkJson().context.stages);

/** The stage's stacks, in deploy order, with cdk.json's feature flags. */
export function offlineStage(stageName: string): { stage: Stage; stacks: StageStacks } {
  const { stages, ...featureFlags } = readCdkJson().context;
  const stage = loadStage(stageName, stages);
  const app = new App({
    builtinCloudFormationValidation: false,
    context: {
      ...featureFlags,
      [SKIP_BUNDLING_CONTEXT]: true,
      'aws:cdk:bundling-stacks': [],
      [WEB_BUILD_CONTEXT]: path.join(ROOT, 'test', 'infra', 'fixtures', 'web-build'),
    },
  });
  return { stage, stacks: stageStacks(app, stage) };
}
