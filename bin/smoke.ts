/**
 * `npm run smoke -- --stage NAME | --local [--data-dir DIR]`: the smoke test (infra/smoke/smoke.ts)
 * against a deployed stage or the running local stack. A stage's accounts are in Secrets Manager,
 * secret `portal/<stage>/smoke` ({ customer: { email, password }, staff: { email, password,
 * totpSecret } }, README "Smoke test"); the local stack's are the demo's. Exits 1 naming the step
 * that failed.
 */
import { CloudFormationClient, DescribeStacksCommand } from '@aws-sdk/client-cloudformation';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { parseArgs } from 'node:util';
import { DEMO_ADMIN_PASSWORD, DEMO_CUSTOMER_PASSWORD, DEMO_STAFF_DOMAINS } from '../infra/admin/demo-data.js';
import { regionOfStage, resolveEnv, stackName } from '../infra/admin/env.js';
import { DEMO_TOTP_SECRET } from '../infra/local/totp.js';
import { runSmoke, SmokeFailure, type SmokeAccounts } from '../infra/smoke/smoke.js';

export const smokeSecretId = (stage: string) => `portal/${stage}/smoke`;

async function stageTarget(stage: string): Promise<{ url: string; accounts: SmokeAccounts }> {
  const region = await regionOfStage(stage);
  const cfn = new CloudFormationClient(region ? { region } : {});
  const stack = (await cfn.send(new DescribeStacksCommand({ StackName: stackName(stage) }))).Stacks?.[0];
  const url = stack?.Outputs?.find((o) => o.OutputKey === 'PortalUrl')?.OutputValue;
  if (!url) throw new Error(`Stack ${stackName(stage)} has no PortalUrl output`);
  const secrets = new SecretsManagerClient(region ? { region } : {});
  const value = (await secrets.send(new GetSecretValueCommand({ SecretId: smokeSecretId(stage) }))).SecretString;
  return { url, accounts: JSON.parse(value ?? '{}') as SmokeAccounts };
}

async function localTarget(dataDir?: string): Promise<{ url: string; accounts: SmokeAccounts }> {
  const env = await resolveEnv({ kind: 'local', ...(dataDir ? { dataDir } : {}) });
  const staffDomain = (env.STAFF_DOMAINS ?? DEMO_STAFF_DOMAINS.join(',')).split(',')[0];
  return {
    url: env.PUBLIC_URL!,
    accounts: {
      customer: { email: 'facilities@northwind.test', password: DEMO_CUSTOMER_PASSWORD },
      staff: { email: `admin@${staffDomain}`, password: DEMO_ADMIN_PASSWORD, totpSecret: DEMO_TOTP_SECRET },
    },
  };
}

const { values } = parseArgs({ options: { stage: { type: 'string' }, local: { type: 'boolean' }, 'data-dir': { type: 'string' } }, strict: true });
if (!values.stage === !values.local) {
  console.error('Usage: npm run smoke -- --stage NAME | --local [--data-dir DIR]');
  process.exit(1);
}
try {
  const target = values.stage ? await stageTarget(values.stage) : await localTarget(values['data-dir']);
  console.log(`Smoke test of ${target.url}`);
  await runSmoke(target.url, target.accounts);
  console.log('smoke: all steps passed');
} catch (e) {
  console.error(e instanceof SmokeFailure ? e.message : `smoke: could not start: ${(e as Error).message}`);
  process.exit(1);
}
