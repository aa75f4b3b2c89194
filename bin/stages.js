#!/usr/bin/env node
/**
 * The CDK commands the pipeline runs, the same for a person at a terminal:
 *   node bin/stages.js synth-all              cdk synth of every stage in cdk.json in one app
 *                                             (bin/all-stages.ts; cdk-nag included)
 *   node bin/stages.js diff --stage NAME      cdk diff against the deployed stage's templates
 *                                             (--method template: no change set, so read access
 *                                             to the stacks is enough; no lookups); with
 *                                             GITHUB_STEP_SUMMARY set, also written there
 *   node bin/stages.js deploy --stage NAME    checks the account (Lambda concurrency, CloudTrail), then
 *                                             cdk deploy of every stack of the stage, no prompts,
 *                                             sibling stacks at once (bin/deploy.ts)
 *   node bin/stages.js deploy --stage NAME --plan   how long that deploy can take; no AWS needed
 * Exits with the failing command's code.
 */
import { spawnSync } from 'node:child_process';
import { appendFileSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const stages = Object.keys(JSON.parse(readFileSync(path.join(root, 'cdk.json'), 'utf8')).context.stages);
const cdk = (args, opts = {}) => spawnSync('npx', ['cdk', ...args], { cwd: root, encoding: 'utf8', stdio: opts.capture ? ['inherit', 'pipe', 'inherit'] : 'inherit' });

const [command, ...rest] = process.argv.slice(2);
const { values } = parseArgs({ args: rest, options: { stage: { type: 'string' }, plan: { type: 'boolean' } }, strict: true });
const stage = () => {
  if (!values.stage || !stages.includes(values.stage)) {
    console.error(`Name a stage with --stage: ${stages.join(', ')}`);
    process.exit(1);
  }
  return values.stage;
};

if (command === 'synth-all') {
  // One app with every stage (bin/all-stages.ts): each function bundled once for all of them.
  console.log(`\n=== cdk synth of every stage: ${stages.join(', ')} ===`);
  const r = cdk(['synth', '-q', '-a', 'npx tsx bin/all-stages.ts', '-o', 'cdk.out/all-stages']);
  if (r.status !== 0) process.exit(r.status ?? 1);
} else if (command === 'diff') {
  const name = stage();
  const r = cdk(['diff', '--all', '--no-color', '--method', 'template', '--no-lookups', '-c', `stage=${name}`], { capture: true });
  process.stdout.write(r.stdout ?? '');
  if (process.env.GITHUB_STEP_SUMMARY) appendFileSync(process.env.GITHUB_STEP_SUMMARY, `## cdk diff against ${name}\n\n\`\`\`\n${(r.stdout ?? '').trim()}\n\`\`\`\n`);
  process.exit(r.status ?? 1);
} else if (command === 'deploy') {
  const name = stage();
  const r = spawnSync('node', ['--import', 'tsx', 'bin/deploy.ts', '--stage', name, ...(values.plan ? ['--plan'] : [])], { cwd: root, stdio: 'inherit' });
  process.exit(r.status ?? 1);
} else {
  console.error('Usage: node bin/stages.js synth-all | diff --stage NAME | deploy --stage NAME [--plan]');
  process.exit(1);
}
