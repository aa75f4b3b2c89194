/**
 * The monthly cost of a stage: `npm run cost -- --stage prod [--write-readme]`. Builds the stage's
 * stacks in-process as the template tests do (no bundling, the fixture web build, no AWS call),
 * counts what drives cost in every stack's template and prints the table of infra/cost.ts;
 * --write-readme puts it between the cost markers of README.md.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { stageStacks } from '../infra/app.js';
import { StageConfigError, loadStage } from '../infra/config.js';
import { countResources, renderCostTable, replaceCostBlock } from '../infra/cost.js';
import { ROOT, SKIP_BUNDLING_CONTEXT } from '../infra/function-construct.js';
import { WEB_BUILD_CONTEXT } from '../infra/web-construct.js';

export const README = path.join(ROOT, 'README.md');

/** One template per stack of the stage, in deploy order. */
export function stageTemplates(stageName: string): object[] {
  const cdkJson = JSON.parse(readFileSync(path.join(ROOT, 'cdk.json'), 'utf8')) as { context: { stages: unknown } & Record<string, unknown> };
  const { stages, ...featureFlags } = cdkJson.context;
  const stage = loadStage(stageName, stages);
  const app = new App({
    context: {
      ...featureFlags,
      [SKIP_BUNDLING_CONTEXT]: true,
      'aws:cdk:bundling-stacks': [],
      [WEB_BUILD_CONTEXT]: path.join(ROOT, 'test', 'infra', 'fixtures', 'web-build'),
    },
  });
  return stageStacks(app, stage).all.map((stack) => Template.fromStack(stack).toJSON());
}

/** The README block for a stage, exactly as --write-readme writes it. */
export function stageCostTable(stageName: string): string {
  return renderCostTable(stageName, countResources(stageTemplates(stageName)));
}

function main(argv: string[]) {
  const at = argv.indexOf('--stage');
  const stageName = at >= 0 ? argv[at + 1] : undefined;
  if (!stageName) {
    console.error('Usage: npm run cost -- --stage <name> [--write-readme]');
    process.exit(2);
  }
  const table = stageCostTable(stageName);
  if (argv.includes('--write-readme')) {
    writeFileSync(README, replaceCostBlock(readFileSync(README, 'utf8'), table));
    console.log(`README.md: cost of stage ${stageName} written between the cost markers`);
  } else {
    console.log(table);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  try {
    main(process.argv.slice(2));
  } catch (e) {
    if (!(e instanceof StageConfigError)) throw e;
    console.error(e.message);
    process.exit(1);
  }
}
