/**
 * The deploy's preflight (bin/deploy.ts, before `cdk deploy`): the account's Lambda concurrency
 * against what the stage holds (./concurrency.ts), and a CloudTrail trail for the password-change
 * rule (./trail.ts). The clients and the AWS CLI call come in as arguments, so tests answer them.
 */
import { CloudFormationClient, DescribeStackResourceCommand } from '@aws-sdk/client-cloudformation';
import { GetAccountSettingsCommand, GetFunctionConcurrencyCommand, GetProvisionedConcurrencyConfigCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { LIVE_ALIAS } from '../function-construct.js';
import type { DeployedStack } from './assembly.js';
import { accountConcurrency, checkConcurrency, concurrencyNeeded, holders, type Holder } from './concurrency.js';
import { checkTrail, readTrails, type AwsCall } from './trail.js';

export interface PreflightClients {
  lambda: (region: string) => LambdaClient;
  cloudFormation: (region: string) => CloudFormationClient;
  /** `aws <args>` (CloudTrail). */
  aws: AwsCall;
}

const notFound = (e: unknown) => /NotFound|does not exist/i.test(`${(e as Error).name} ${(e as Error).message}`);

/** What a function of the stage holds now, as deployed: its reserved concurrency, else its provisioned instances (0 when not deployed yet). */
export async function heldNow(h: Holder, cfn: CloudFormationClient, lambda: LambdaClient): Promise<number> {
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

export interface PreflightResult {
  /** What failed, by check (empty: deploy). */
  failed: string[];
  /** What each check found, in order, to print. */
  lines: string[];
}

/** Both checks for the stage's stacks; `region`: the stage's (its portal stack's). */
export async function preflight(stage: string, region: string, stacks: DeployedStack[], c: PreflightClients): Promise<PreflightResult> {
  const out: PreflightResult = { failed: [], lines: [] };
  for (const [where, need] of concurrencyNeeded(stacks)) {
    const lambda = c.lambda(where);
    const cfn = c.cloudFormation(where);
    const account = accountConcurrency(await lambda.send(new GetAccountSettingsCommand({})));
    let now = 0;
    for (const h of holders(stacks).filter((x) => x.region === where)) now += await heldNow(h, cfn, lambda);
    const verdict = checkConcurrency({ stage, region: where, held: need.held, needed: need.needed, account, heldNow: now });
    out.lines.push(verdict.message);
    if (!verdict.ok) out.failed.push('Lambda concurrency');
  }
  let trail;
  try {
    trail = checkTrail(region, await readTrails(region, c.aws));
  } catch (e) {
    trail = { ok: false, message: `CloudTrail: could not be checked: ${(e as Error).message}` };
  }
  out.lines.push(trail.message);
  if (!trail.ok) out.failed.push('CloudTrail');
  return out;
}
