/**
 * The monthly cost of a stage: `npm run cost -- --stage prod [--write-docs]`. Builds the stage's
 * stacks in-process as the template tests do (no bundling, the fixture web build, no AWS call),
 * counts what drives cost in every stack's template and prints the table of infra/cost.ts;
 * --write-docs puts it between the cost markers of docs/operating.md.
 *
 * With --capacity, the stage's capacity at 1×, 10× and 100× the users instead (infra/capacity.ts:
 * the same traffic, against AWS's quotas and the stage's settings; no synthesis needed), written
 * between the capacity markers by --write-docs.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Template } from 'aws-cdk-lib/assertions';
import { offlineStage, stageSettings } from '../infra/offline-stage.js';
import { CAPACITY_MARKERS, renderCapacityTable } from '../infra/capacity.js';
import { StageConfigError } from '../infra/config.js';
import { countResources, renderCostTable, replaceCostBlock } from '../infra/cost.js';
import { ROOT } from '../infra/function-construct.js';

/** The doc holding the cost and capacity blocks (docs/operating.md, "What a stage costs" and "Capacity at 10× and 100×"). */
export const COST_DOC = path.join(ROOT, 'docs', 'operating.md');


export { stageSettings };

/** One template per stack of the stage, in deploy order. */
export function stageTemplates(stageName: string): object[] {
  return offlineStage(stageName).stacks.all.map((stack) => Template.fromStack(stack).toJSON());
}

/** The docs block for a stage, exactly as --write-docs writes it. */
export function stageCostTable(stageName: string): string {
  return renderCostTable(stageName, countResources(stageTemplates(stageName)));
}

/** The docs block of a stage's capacity, exactly as --capacity --write-docs writes it. */
export function stageCapacityTable(stageName: string): string {
  return renderCapacityTable(stageSettings(stageName));
}

function main(argv: string[]) {
  const at = argv.indexOf('--stage');
  const stageName = at >= 0 ? argv[at + 1] : undefined;
  if (!stageName) {
    console.error('Usage: npm run cost -- --stage <name> [--capacity] [--write-docs]');
    process.exit(2);
  }
  const capacity = argv.includes('--capacity');
  const table = capacity ? stageCapacityTable(stageName) : stageCostTable(stageName);
  if (argv.includes('--write-docs')) {
    writeFileSync(COST_DOC, replaceCostBlock(readFileSync(COST_DOC, 'utf8'), table, capacity ? CAPACITY_MARKERS : undefined));
    console.log(`docs/operating.md: ${capacity ? 'capacity' : 'cost'} of stage ${stageName} written between the ${capacity ? 'capacity' : 'cost'} markers`);
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
