/**
 * `npm run smoke -- --stage NAME | --local [--data-dir DIR]`: the smoke test (infra/smoke/smoke.ts)
 * against a deployed stage or the running local stack. The accounts are in Secrets Manager, secret
 * `portal/<stage>/smoke` (written once by `npm run admin -- create-smoke-accounts --stage NAME`,
 * docs/operating.md "Smoke test"; only the stage's deploy role may read it); locally `portal-local/smoke` in
 * the stand-in, made on the first run. A stage that keeps its data (prod) runs the customer
 * profile, others the full one; locally the accounts in the secret decide. Exits 1 naming the
 * step that failed.
 *
 * Against a stage it also reports whether a CloudTrail trail logs management events in the
 * stage's region (infra/deploy/trail.ts, through the AWS CLI): without one a password change does
 * not end the user's other sessions. A report, not a step: the deploy's preflight stops on it.
 */
import { CloudFormationClient, DescribeStacksCommand } from '@aws-sdk/client-cloudformation';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { parseArgs } from 'node:util';
import { applyEnv, regionOfStage, resolveEnv, stackName } from '../infra/admin/env.js';
import { createSmokeAccounts, poolOfEnv, readSmokeAccounts, smokeProfileOf, smokeSecretId } from '../infra/smoke/accounts.js';
import { runSmoke, SmokeFailure, type SmokeAccounts, type SmokeProfile } from '../infra/smoke/smoke.js';
import { awsCli, checkTrail, readTrails } from '../infra/deploy/trail.js';

interface Target {
  url: string;
  accounts: SmokeAccounts;
  profile: SmokeProfile;
  /** A deployed stage's region. */
  region?: string;
}

/** The password-change rule's prerequisite, as a line of the report. */
async function trailReport(region: string): Promise<string> {
  try {
    const verdict = checkTrail(region, await readTrails(region, awsCli));
    return verdict.ok ? `smoke: ${verdict.message}` : `smoke: WARNING: ${verdict.message}`;
  } catch (e) {
    return `smoke: WARNING: CloudTrail could not be checked (${(e as Error).message}); without a trail logging management events a password change does not end the other sessions`;
  }
}

async function stageTarget(stage: string): Promise<Target> {
  const region = await regionOfStage(stage);
  const cfn = new CloudFormationClient(region ? { region } : {});
  const stack = (await cfn.send(new DescribeStacksCommand({ StackName: stackName(stage) }))).Stacks?.[0];
  const url = stack?.Outputs?.find((o) => o.OutputKey === 'PortalUrl')?.OutputValue;
  if (!url) throw new Error(`Stack ${stackName(stage)} has no PortalUrl output`);
  const secrets = new SecretsManagerClient(region ? { region } : {});
  let value: string | undefined;
  try {
    value = (await secrets.send(new GetSecretValueCommand({ SecretId: smokeSecretId(stage) }))).SecretString;
  } catch (e) {
    if ((e as Error).name === 'ResourceNotFoundException')
      throw new Error(`There is no secret ${smokeSecretId(stage)}: set up the smoke accounts once with npm run admin -- create-smoke-accounts --stage ${stage}`);
    throw e;
  }
  const at = region ?? (await cfn.config.region());
  return { url, accounts: JSON.parse(value ?? '{}') as SmokeAccounts, profile: await smokeProfileOf(stage), region: at };
}

/** The running local stack; its smoke accounts are made on the first run (as create-smoke-accounts --local, full profile). */
async function localTarget(dataDir?: string): Promise<Target> {
  const env = await resolveEnv({ kind: 'local', ...(dataDir ? { dataDir } : {}) });
  applyEnv(env);
  const r = await createSmokeAccounts({ stage: null, pool: poolOfEnv() });
  if (r.created) console.log(`First run on this local stack: created the smoke accounts ${r.accounts.customer.email} and ${r.accounts.staff!.email} (secret ${smokeSecretId(null)}).`);
  const accounts = r.created ? r.accounts : await readSmokeAccounts(null);
  if (!accounts) throw new Error(`secret ${smokeSecretId(null)} holds no accounts`);
  return { url: env.PUBLIC_URL!, accounts, profile: accounts.staff ? 'full' : 'customer' };
}

const { values } = parseArgs({ options: { stage: { type: 'string' }, local: { type: 'boolean' }, 'data-dir': { type: 'string' } }, strict: true });
if (!values.stage === !values.local) {
  console.error('Usage: npm run smoke -- --stage NAME | --local [--data-dir DIR]');
  process.exit(1);
}
try {
  const target = values.stage ? await stageTarget(values.stage) : await localTarget(values['data-dir']);
  console.log(`Smoke test of ${target.url}, profile ${target.profile} (customer ${target.accounts.customer.email}${target.accounts.staff ? `, staff ${target.accounts.staff.email}` : ''})`);
  if (target.region) console.log(await trailReport(target.region));
  const started = Date.now();
  await runSmoke(target.url, target.accounts, console.log, target.profile);
  console.log(`smoke: all steps passed (${Date.now() - started} ms)`);
} catch (e) {
  console.error(e instanceof SmokeFailure ? e.message : `smoke: could not start: ${(e as Error).message}`);
  process.exit(1);
}
