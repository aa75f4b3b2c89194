/**
 * The environment the operator commands run in: the same variables the handlers read (table
 * names, pool and client ids, the documents bucket, AWS endpoints), found in one of three places:
 * - `--stage <name>`: the outputs of the deployed stack `Portal-<name>` (standard credential chain),
 *   in the stage's `region` from cdk.json (else the CLI's default region);
 * - `--local [--data-dir DIR]`: `<DIR>/local-stack.json`, which the running local stack writes;
 * - neither: the process environment as it is.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CloudFormationClient, DescribeStacksCommand } from '@aws-sdk/client-cloudformation';
import { z } from 'zod';
import { tables, type TableName } from '../../lambdas/shared/resources/tables.js';

export type AdminTarget = { kind: 'stage'; stage: string } | { kind: 'local'; dataDir?: string } | { kind: 'env' };

export class AdminEnvError extends Error {}

export const stackName = (stage: string) => `Portal-${stage}`;

/** `reportRows` → `ReportRowsTable`: the stack output carrying a table's name (as infra/portal-stack.ts names it). */
export const tableOutputKey = (name: TableName) => `${name.charAt(0).toUpperCase()}${name.slice(1)}Table`;

/**
 * The stack outputs the operator commands read, and the variable each one fills. The CDK stack
 * must name its outputs exactly so. Optional ones are used when present.
 */
export const stackOutputs: Record<string, { env: string; required: boolean }> = {
  UserPoolId: { env: 'USER_POOL_ID', required: true },
  UserPoolClientId: { env: 'USER_POOL_CLIENT_ID', required: true },
  DocumentsBucket: { env: 'DOCUMENTS_BUCKET', required: true },
  ...Object.fromEntries((Object.keys(tables) as TableName[]).map((t) => [tableOutputKey(t), { env: tables[t].env, required: t !== 'legacyUsers' }])),
  Region: { env: 'AWS_REGION', required: false },
  StaffDomains: { env: 'STAFF_DOMAINS', required: false },
};

/** Outputs → variables; throws naming every required output that is missing. */
export function envFromOutputs(stack: string, outputs: { OutputKey?: string; OutputValue?: string }[]): Record<string, string> {
  const byKey = new Map(outputs.filter((o) => o.OutputKey && o.OutputValue !== undefined).map((o) => [o.OutputKey!, o.OutputValue!]));
  const missing = Object.entries(stackOutputs)
    .filter(([key, o]) => o.required && !byKey.has(key))
    .map(([key]) => key);
  if (missing.length) throw new AdminEnvError(`Stack ${stack} has no output ${missing.join(', ')}: is it a portal stack deployed by this version?`);
  const env: Record<string, string> = {};
  for (const [key, o] of Object.entries(stackOutputs)) {
    const v = byKey.get(key);
    if (v !== undefined) env[o.env] = v;
  }
  return env;
}

/** A JSON file's content, or undefined when there is no such file; a bad file stops the command naming it. */
async function readJsonFile(file: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return undefined;
    throw new AdminEnvError(`${file}: cannot read the file (${code ?? (e as Error).message})`);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (e) {
    throw new AdminEnvError(`${file}: not valid JSON (${(e as Error).message})`);
  }
}

/** The project's cdk.json, where each stage's settings are (`context.stages.<name>`). */
export const cdkJsonFile = fileURLToPath(new URL('../../cdk.json', import.meta.url));

/**
 * The stage's `region` in cdk.json, or undefined when the file, the stage or its region is absent
 * (the CLI's default region applies then). Only the region is read: the CDK app validates the rest.
 */
export async function regionOfStage(stage: string, file = cdkJsonFile): Promise<string | undefined> {
  const json = await readJsonFile(file);
  const region = (json as { context?: { stages?: Record<string, { region?: unknown } | undefined> } } | null)?.context?.stages?.[stage]?.region;
  if (region === undefined) return undefined;
  if (typeof region !== 'string' || !region) throw new AdminEnvError(`${file}: context.stages.${stage}.region: not a region name`);
  return region;
}

/**
 * The variables of a deployed stage. The stack is looked up in the stage's region from cdk.json
 * (a stage not there, or without a region, uses the CLI's default); `cfn` replaces the client.
 * AWS_REGION is set to the stack's region, so every later client of the command calls it there.
 */
export async function envOfStage(stage: string, cfn?: CloudFormationClient, cdkJson = cdkJsonFile): Promise<Record<string, string>> {
  if (!/^[A-Za-z][A-Za-z0-9-]*$/.test(stage)) throw new AdminEnvError(`--stage "${stage}" is not a stage name (letters, digits and hyphens)`);
  const name = stackName(stage);
  const stageRegion = await regionOfStage(stage, cdkJson);
  const client = cfn ?? new CloudFormationClient(stageRegion ? { region: stageRegion } : {});
  const region = async () => client.config.region().catch(() => undefined);
  try {
    const r = await client.send(new DescribeStacksCommand({ StackName: name }));
    const stack = r.Stacks?.[0];
    if (!stack) throw new AdminEnvError(`Stack ${name} was not found`);
    const env = envFromOutputs(name, stack.Outputs ?? []);
    const where = env.AWS_REGION ?? (await region());
    if (where) env.AWS_REGION = where;
    return env;
  } catch (e) {
    if (e instanceof AdminEnvError) throw e;
    const err = e as Error;
    if (err.name === 'ValidationError' && /does not exist/.test(err.message)) {
      const r = (await region()) ?? '(none)';
      throw new AdminEnvError(
        stageRegion
          ? `Stack ${name} does not exist in region ${r} (the region of stage ${stage} in cdk.json): deploy it with npx cdk deploy --all -c stage=${stage}`
          : `Stack ${name} does not exist in region ${r} (the CLI's default; cdk.json names no region for stage ${stage}): deploy it with npx cdk deploy --all -c stage=${stage}, or set AWS_REGION`,
      );
    }
    throw new AdminEnvError(`Cannot read the outputs of stack ${name}: ${err.name}: ${err.message}`);
  }
}

const LocalStackFile = z.object({ env: z.record(z.string(), z.string()) });

/** Credentials and region the emulators accept when the local stack's file names none. */
const localDefaults = { AWS_REGION: 'us-east-1', AWS_ACCESS_KEY_ID: 'local', AWS_SECRET_ACCESS_KEY: 'local' };

export async function envOfLocal(dataDir: string, processEnv: NodeJS.ProcessEnv = process.env): Promise<Record<string, string>> {
  const file = path.join(dataDir, 'local-stack.json');
  const json = await readJsonFile(file);
  if (json === undefined) throw new AdminEnvError(`No local stack at ${file}: start it with npm run demo (or name its folder with --data-dir)`);
  const parsed = LocalStackFile.safeParse(json);
  if (!parsed.success) throw new AdminEnvError(`${file}: ${parsed.error.issues[0]!.path.join('.') || '(file)'}: ${parsed.error.issues[0]!.message}`);
  const env = { ...parsed.data.env };
  for (const [k, v] of Object.entries(localDefaults)) if (!env[k] && !processEnv[k]) env[k] = v;
  return env;
}

/** The variables the target adds to (or overrides in) the process environment. */
export async function resolveEnv(target: AdminTarget, processEnv: NodeJS.ProcessEnv = process.env): Promise<Record<string, string>> {
  if (target.kind === 'stage') return envOfStage(target.stage);
  if (target.kind === 'local') return envOfLocal(target.dataDir ?? processEnv.DATA_DIR ?? './data', processEnv);
  return {};
}

/** Sets the variables before any AWS client is made (clients read endpoints when created). */
export function applyEnv(env: Record<string, string>, processEnv: NodeJS.ProcessEnv = process.env): void {
  Object.assign(processEnv, env);
}

/** Whether the stage keeps its data (`removalPolicy: retain` in cdk.json): a stage real people use. */
export async function stageKeepsData(stage: string, file = cdkJsonFile): Promise<boolean> {
  const json = await readJsonFile(file);
  return (json as { context?: { stages?: Record<string, { removalPolicy?: unknown } | undefined> } } | null)?.context?.stages?.[stage]?.removalPolicy === 'retain';
}
