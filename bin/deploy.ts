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
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { CloudFormationClient, DescribeStackResourceCommand } from '@aws-sdk/client-cloudformation';
import { GetAccountSettingsCommand, GetFunctionConcurrencyCommand, GetProvisionedConcurrencyConfigCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { load } from 'js-yaml';
import { StageConfigError } from '../infra/config.js';
import { offlineStacks } from '../infra/deploy/assembly.js';
import { accountConcurrency, checkConcurrency, concurrencyNeeded, holders, type Holder } from '../infra/deploy/concurrency.js';
import { deployPlan, planProblems, renderPlan, type Configured } from '../infra/deploy/plan.js';
import { awsCli, checkTrail, readTrails } from '../infra/deploy/trail.js';
import { DEPLOY_SESSION_SECONDS } from '../infra/deploy-role-stack.js';
import { LIVE_ALIAS, ROOT } from '../infra/function-construct.js';

/** The pipeline's deploy job and the session it asks for (.github/workflows/deploy-stage.yml). */
function configuredTimes(): Configured {
  const wf = load(readFileSync(path.join(ROOT, '.github', 'workflows', 'deploy-stage.yml'), 'utf8')) as {
    jobs: { deploy: { 'timeout-minutes': number; steps: { uses?: string; with?: Record<string, unknown> }[] } };
  };
  const credentials = wf.jobs.deploy.steps.find((s) => s.uses?.startsWith('aws-actions/configure-aws-credentials@'));
  return { timeoutMinutes: wf.jobs.deploy['timeout-minutes'], roleDurationSeconds: Number(credentials?.with?.['role-duration-seconds'] ?? 3600), maxSessionSeconds: DEPLOY_SESSION_SECONDS };
}

const notFound = (e: unknown) => /NotFound|does not exist/i.test(`${(e as Error).name} ${(e as Error).message}`);

/** What a function of the stage holds now, as deployed (0 when it is not deployed yet). */
async function heldNow(h: Holder, cfn: CloudFormationClient, lambda: LambdaClient): Promise<number> {
  let name: string | undefined;
  try {
    name = (await cfn.send(new DescribeStackResourceCommand({ StackName: h.stackName, LogicalResourceId: h.functionId }))).StackResourceDetail?.PhysicalResourceId;
  } catch (e) {
    if (notFound(e)) return 0;
    throw e;
  }
  if (!name) return 0;
  const reserved = (await lambda.send(new GetFunctionConcurrencyCommand({ FunctionName: name }))).ReservedConcurrentExecutions;
  if (reserved !== undefined) return reserved;
  try {
    return (await lambda.send(new GetProvisionedConcurrencyConfigCommand({ FunctionName: name, Qualifier: LIVE_ALIAS }))).RequestedProvisionedConcurrentExecutions ?? 0;
  } catch (e) {
    if (notFound(e)) return 0;
    throw e;
  }
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

  const failures: string[] = [];
  for (const [region, need] of concurrencyNeeded(stacks)) {
    const lambda = new LambdaClient({ region });
    const cfn = new CloudFormationClient({ region });
    const account = accountConcurrency(await lambda.send(new GetAccountSettingsCommand({})));
    let now = 0;
    for (const h of holders(stacks).filter((x) => x.region === region)) now += await heldNow(h, cfn, lambda);
    const verdict = checkConcurrency({ stage: name, region, held: need.held, needed: need.needed, account, heldNow: now });
    console.log(verdict.message);
    if (!verdict.ok) failures.push('Lambda concurrency');
  }
  const region = stacks.find((s) => s.stackName === `Portal-${name}`)?.region ?? stage.region!;
  let trail;
  try {
    trail = checkTrail(region, await readTrails(region, awsCli));
  } catch (e) {
    trail = { ok: false, message: `CloudTrail: could not be checked: ${(e as Error).message}` };
  }
  console.log(trail.message);
  if (!trail.ok) failures.push('CloudTrail');
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
