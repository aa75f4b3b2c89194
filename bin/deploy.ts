/**
 * `npm run deploy -- --stage NAME` (through bin/stages.js): checks the account first, then
 * `cdk deploy --all` of the stage's stacks, siblings at once (`--concurrency`, the widest level of
 * the plan; cdk keeps the stacks' dependency order). `--plan` prints how long the deploy can take
 * and what the pipeline is configured with, and deploys nothing: no AWS account needed.
 *
 * The checks, each stopping the deploy with what to do:
 * - Lambda concurrency (infra/deploy/concurrency.ts): GetAccountSettings against what the stage's
 *   synthesised functions reserve and provision, plus the 100 Lambda keeps unreserved; what the
 *   stage's functions already deployed hold is read back (CloudFormation DescribeStackResource,
 *   Lambda GetFunctionConcurrency and GetProvisionedConcurrencyConfig), so a redeploy is not
 *   counted twice.
 * - CloudTrail (infra/deploy/trail.ts): a trail logging management write events in the region.
 * Both in infra/deploy/preflight.ts.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { CloudFormationClient } from '@aws-sdk/client-cloudformation';
import { LambdaClient } from '@aws-sdk/client-lambda';
import { load } from 'js-yaml';
import { StageConfigError } from '../infra/config.js';
import { offlineStacks } from '../infra/deploy/assembly.js';
import { deployPlan, planProblems, renderPlan, type Configured } from '../infra/deploy/plan.js';
import { preflight } from '../infra/deploy/preflight.js';
import { awsCli } from '../infra/deploy/trail.js';
import { DEPLOY_SESSION_SECONDS } from '../infra/deploy-role-stack.js';
import { ROOT } from '../infra/function-construct.js';

/** The pipeline's deploy job and the session it asks for (.github/workflows/deploy-stage.yml). */
function configuredTimes(): Configured {
  const wf = load(readFileSync(path.join(ROOT, '.github', 'workflows', 'deploy-stage.yml'), 'utf8')) as {
    jobs: { deploy: { 'timeout-minutes': number; steps: { uses?: string; with?: Record<string, unknown> }[] } };
  };
  const credentials = wf.jobs.deploy.steps.find((s) => s.uses?.startsWith('aws-actions/configure-aws-credentials@'));
  return { timeoutMinutes: wf.jobs.deploy['timeout-minutes'], roleDurationSeconds: Number(credentials?.with?.['role-duration-seconds'] ?? 3600), maxSessionSeconds: DEPLOY_SESSION_SECONDS };
}

const { values } = parseArgs({ options: { stage: { type: 'string' }, plan: { type: 'boolean' } }, strict: true });
if (!values.stage) {
  console.error('Usage: npm run deploy -- --stage NAME [--plan]');
  process.exit(1);
}
const name = values.stage;
try {
  const { stage, stacks } = offlineStacks(name);
  const plan = deployPlan(stacks);
  if (values.plan) {
    const configured = configuredTimes();
    console.log(renderPlan(name, plan, configured));
    process.exit(planProblems(plan, configured).length ? 1 : 0);
  }

  const region = stacks.find((x) => x.stackName === `Portal-${name}`)?.region ?? stage.region!;
  const { failed: failures, lines } = await preflight(name, region, stacks, {
    lambda: (r) => new LambdaClient({ region: r }),
    cloudFormation: (r) => new CloudFormationClient({ region: r }),
    aws: awsCli,
  }).catch((e: unknown) => {
    console.error(`Stopped before deploying stage ${name}: the preflight could not read the account (${(e as Error).name}: ${(e as Error).message}). Credentials for the stage's account are needed.`);
    process.exit(1);
  });
  for (const line of lines) console.log(line);
  if (failures.length) {
    console.error(`\nStopped before deploying stage ${name}: ${failures.join(', ')} (above). docs/deploying.md "A new stage, first deploy".`);
    process.exit(1);
  }

  console.log(`\n=== cdk deploy --all --concurrency ${plan.concurrency} -c stage=${name} ===`);
  const r = spawnSync('npx', ['cdk', 'deploy', '--all', '--require-approval', 'never', '--concurrency', String(plan.concurrency), '-c', `stage=${name}`], { cwd: ROOT, stdio: 'inherit' });
  process.exit(r.status ?? 1);
} catch (e) {
  if (!(e instanceof StageConfigError)) throw e;
  console.error(e.message);
  process.exit(1);
}
