import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CloudFormationClient, DescribeStacksCommand } from '@aws-sdk/client-cloudformation';
import { mockClient } from 'aws-sdk-client-mock';
import { AdminEnvError, applyEnv, envFromOutputs, envOfLocal, envOfStage, resolveEnv, stackOutputs } from '../../../infra/admin/env.js';
import { tableOutputId } from '../../../infra/portal-stack.js';
import { tables, type TableName } from '../../../infra/tables.js';

const cfn = mockClient(CloudFormationClient);
beforeEach(() => cfn.reset());

const fullOutputs = () => [
  { OutputKey: 'UserPoolId', OutputValue: 'eu-west-1_Pool' },
  { OutputKey: 'UserPoolClientId', OutputValue: 'client-1' },
  { OutputKey: 'DocumentsBucket', OutputValue: 'portal-dev-documents' },
  { OutputKey: 'PortalUrl', OutputValue: 'https://d1.cloudfront.net' },
  { OutputKey: 'Region', OutputValue: 'eu-west-1' },
  ...Object.values(tables).map((t) => ({ OutputKey: `${t.id.replace(/(^|-)(\w)/g, (_, _d: string, c: string) => c.toUpperCase())}Table`, OutputValue: `portal-dev-${t.id}` })),
];

describe('--stage: the deployed stack\'s outputs', () => {
  it('refuses a stage name that cannot name a stack, before any call', async () => {
    await expect(envOfStage('dev/../x', new CloudFormationClient({ region: 'eu-west-1' }))).rejects.toThrow('--stage "dev/../x" is not a stage name');
    expect(cfn.calls()).toHaveLength(0);
  });

  it('says which stack does not exist, and where', async () => {
    cfn.on(DescribeStacksCommand).rejects(Object.assign(new Error('Stack with id Portal-qa does not exist'), { name: 'ValidationError' }));
    const err = await envOfStage('qa', new CloudFormationClient({ region: 'eu-west-1' })).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AdminEnvError);
    expect((err as Error).message).toBe('Stack Portal-qa does not exist in region eu-west-1: deploy it with npx cdk deploy -c stage=qa, or set AWS_REGION');
  });

  it('names the credentials problem of a refused call', async () => {
    cfn.on(DescribeStacksCommand).rejects(Object.assign(new Error('Could not load credentials from any providers'), { name: 'CredentialsProviderError' }));
    await expect(envOfStage('dev', new CloudFormationClient({ region: 'eu-west-1' }))).rejects.toThrow(
      'Cannot read the outputs of stack Portal-dev: CredentialsProviderError: Could not load credentials from any providers',
    );
  });

  it('reads the table outputs under the names the CDK stack gives them', () => {
    for (const name of Object.keys(tables) as TableName[]) expect(stackOutputs).toHaveProperty(tableOutputId(name), { env: tables[name].env, required: true });
  });

  it('names every required output a stack lacks', () => {
    const outputs = fullOutputs().filter((o) => o.OutputKey !== 'UserPoolId' && o.OutputKey !== 'ReportRowsTable');
    expect(() => envFromOutputs('Portal-dev', outputs)).toThrow('Stack Portal-dev has no output UserPoolId, ReportRowsTable');
  });

  it('maps the outputs of Portal-<stage> to the variables the handlers read', async () => {
    cfn.on(DescribeStacksCommand, { StackName: 'Portal-dev' }).resolves({ Stacks: [{ StackName: 'Portal-dev', CreationTime: new Date(), StackStatus: 'CREATE_COMPLETE', Outputs: fullOutputs() }] });
    const env = await envOfStage('dev', new CloudFormationClient({ region: 'eu-west-1' }));
    expect(env).toMatchObject({
      USER_POOL_ID: 'eu-west-1_Pool',
      USER_POOL_CLIENT_ID: 'client-1',
      DOCUMENTS_BUCKET: 'portal-dev-documents',
      USERS_TABLE: 'portal-dev-users',
      REPORT_ROWS_TABLE: 'portal-dev-report-rows',
      RATE_LIMITS_TABLE: 'portal-dev-rate-limits',
      AWS_REGION: 'eu-west-1',
    });
    // Every table has its output, and only outputs the constant names become variables.
    for (const t of Object.values(tables)) expect(env[t.env]).toBe(`portal-dev-${t.id}`);
    expect(Object.keys(env).sort()).toEqual(Object.values(stackOutputs).map((o) => o.env).filter((e) => e !== 'STAFF_DOMAINS').sort());
  });
});

describe('--local: the running local stack\'s file', () => {
  const dir = () => mkdtempSync(path.join(os.tmpdir(), 'admin-env-'));

  it('says how to start the stack when its file is absent', async () => {
    const d = dir();
    await expect(envOfLocal(d, {})).rejects.toThrow(`No local stack at ${path.join(d, 'local-stack.json')}: start it with npm run demo`);
  });

  it('names a file that is not JSON or has no env record', async () => {
    const d = dir();
    writeFileSync(path.join(d, 'local-stack.json'), '{ nope');
    await expect(envOfLocal(d, {})).rejects.toThrow(/local-stack\.json: not valid JSON/);
    writeFileSync(path.join(d, 'local-stack.json'), JSON.stringify({ env: { USERS_TABLE: 7 } }));
    await expect(envOfLocal(d, {})).rejects.toThrow(/local-stack\.json: env\.USERS_TABLE: /);
  });

  it('takes the env record, with local credentials only where neither the file nor the process has any', async () => {
    const d = dir();
    writeFileSync(path.join(d, 'local-stack.json'), JSON.stringify({ userPoolId: 'x', env: { USERS_TABLE: 'users', AWS_ENDPOINT_URL_DYNAMODB: 'http://127.0.0.1:4567', AWS_ACCESS_KEY_ID: 'S3RVER' } }));
    expect(await envOfLocal(d, { AWS_REGION: 'eu-west-1' })).toEqual({
      USERS_TABLE: 'users',
      AWS_ENDPOINT_URL_DYNAMODB: 'http://127.0.0.1:4567',
      AWS_ACCESS_KEY_ID: 'S3RVER',
      AWS_SECRET_ACCESS_KEY: 'local',
    });
    expect(await resolveEnv({ kind: 'local' }, { DATA_DIR: d, AWS_REGION: 'eu-west-1' })).toHaveProperty('USERS_TABLE', 'users');
  });
});

describe('neither: the process environment', () => {
  it('adds nothing, and applyEnv sets what a target found', async () => {
    expect(await resolveEnv({ kind: 'env' }, {})).toEqual({});
    const env: NodeJS.ProcessEnv = { USERS_TABLE: 'old' };
    applyEnv({ USERS_TABLE: 'new', DOCUMENTS_BUCKET: 'b' }, env);
    expect(env).toEqual({ USERS_TABLE: 'new', DOCUMENTS_BUCKET: 'b' });
  });
});
