import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CloudFormationClient, DescribeStacksCommand } from '@aws-sdk/client-cloudformation';
import { mockClient } from 'aws-sdk-client-mock';
import { AdminEnvError, applyEnv, envFromOutputs, envOfLocal, envOfStage, regionOfStage, resolveEnv, stackOutputs } from '../../../infra/admin/env.js';
import { tableOutputId } from '../../../infra/portal-stack.js';
import { tables, type TableName } from '../../../lambdas/shared/resources/tables.js';

const cfn = mockClient(CloudFormationClient);
beforeEach(() => cfn.reset());

const fullOutputs = () => [
  { OutputKey: 'UserPoolId', OutputValue: 'eu-west-1_Pool' },
  { OutputKey: 'UserPoolClientId', OutputValue: 'client-1' },
  { OutputKey: 'DocumentsBucket', OutputValue: 'portal-dev-documents' },
  { OutputKey: 'PortalUrl', OutputValue: 'https://d1.cloudfront.net' },
  { OutputKey: 'Region', OutputValue: 'eu-west-1' },
  ...(Object.keys(tables) as TableName[]).map((name) => ({ OutputKey: tableOutputId(name), OutputValue: `portal-dev-${tables[name].id}` })),
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
    expect((err as Error).message).toBe(
      "Stack Portal-qa does not exist in region eu-west-1 (the CLI's default; cdk.json names no region for stage qa): deploy it with npx cdk deploy --all -c stage=qa, or set AWS_REGION",
    );
  });

  it('names the credentials problem of a refused call', async () => {
    cfn.on(DescribeStacksCommand).rejects(Object.assign(new Error('Could not load credentials from any providers'), { name: 'CredentialsProviderError' }));
    await expect(envOfStage('dev', new CloudFormationClient({ region: 'eu-west-1' }))).rejects.toThrow(
      'Cannot read the outputs of stack Portal-dev: CredentialsProviderError: Could not load credentials from any providers',
    );
  });

  it('reads the table outputs under the names the CDK stack gives them', () => {
    // The legacy users table is optional: a stack of a later release will not have it.
    for (const name of Object.keys(tables) as TableName[])
      expect(stackOutputs).toHaveProperty(tableOutputId(name), { env: tables[name].env, required: name !== 'legacyUsers' });
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
      USERS_TABLE: 'portal-dev-accounts',
      LEGACY_USERS_TABLE: 'portal-dev-users',
      REPORT_ROWS_TABLE: 'portal-dev-report-rows',
      RATE_LIMITS_TABLE: 'portal-dev-rate-limits',
      AWS_REGION: 'eu-west-1',
    });
    // Every table has its output, and only outputs the constant names become variables.
    for (const t of Object.values(tables)) expect(env[t.env]).toBe(`portal-dev-${t.id}`);
    expect(Object.keys(env).sort()).toEqual(Object.values(stackOutputs).map((o) => o.env).filter((e) => e !== 'STAFF_DOMAINS').sort());
  });
});

describe('--stage: the stage\'s region from cdk.json', () => {
  const cdkJson = (stages: object) => {
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'admin-cdk-')), 'cdk.json');
    writeFileSync(file, JSON.stringify({ app: 'x', context: { stages } }));
    return file;
  };
  const saved = process.env.AWS_REGION;
  beforeEach(() => {
    process.env.AWS_REGION = 'us-east-2';
  });
  afterAll(() => {
    if (saved === undefined) delete process.env.AWS_REGION;
    else process.env.AWS_REGION = saved;
  });
  const outputsWithoutRegion = () => fullOutputs().filter((o) => o.OutputKey !== 'Region');

  it('looks the stack up in the stage\'s region, and every later client goes there too', async () => {
    const file = cdkJson({ qa: { region: 'ap-southeast-2' } });
    let asked: string | undefined;
    cfn.on(DescribeStacksCommand).callsFake(async (_input, getClient) => {
      asked = await getClient().config.region();
      return { Stacks: [{ StackName: 'Portal-qa', CreationTime: new Date(), StackStatus: 'CREATE_COMPLETE', Outputs: outputsWithoutRegion() }] };
    });
    const env = await envOfStage('qa', undefined, file);
    expect(asked).toBe('ap-southeast-2');
    expect(env.AWS_REGION).toBe('ap-southeast-2');
  });

  it('names the stage\'s region when the stack is not there', async () => {
    const file = cdkJson({ qa: { region: 'ap-southeast-2' } });
    cfn.on(DescribeStacksCommand).rejects(Object.assign(new Error('Stack with id Portal-qa does not exist'), { name: 'ValidationError' }));
    await expect(envOfStage('qa', undefined, file)).rejects.toThrow(
      'Stack Portal-qa does not exist in region ap-southeast-2 (the region of stage qa in cdk.json): deploy it with npx cdk deploy --all -c stage=qa',
    );
  });

  it('keeps the CLI\'s default region for a stage not in cdk.json, or without a region', async () => {
    const file = cdkJson({ dev: { productName: 'x' } });
    expect(await regionOfStage('dev', file)).toBeUndefined();
    expect(await regionOfStage('other', file)).toBeUndefined();
    expect(await regionOfStage('dev', path.join(os.tmpdir(), 'no-such-dir', 'cdk.json'))).toBeUndefined();
    const asked: string[] = [];
    cfn.on(DescribeStacksCommand).callsFake(async (_input, getClient) => {
      asked.push(await getClient().config.region());
      return { Stacks: [{ StackName: 'Portal-other', CreationTime: new Date(), StackStatus: 'CREATE_COMPLETE', Outputs: outputsWithoutRegion() }] };
    });
    expect((await envOfStage('other', undefined, file)).AWS_REGION).toBe('us-east-2');
    expect(await envOfStage('dev', undefined, file)).toHaveProperty('AWS_REGION', 'us-east-2');
    expect(asked).toEqual(['us-east-2', 'us-east-2']);
  });

  it('names a cdk.json that is not JSON or whose region is not a name', async () => {
    const file = cdkJson({ qa: { region: 7 } });
    await expect(envOfStage('qa', undefined, file)).rejects.toThrow(`${file}: context.stages.qa.region: not a region name`);
    writeFileSync(file, '{ nope');
    await expect(regionOfStage('qa', file)).rejects.toThrow(`${file}: not valid JSON`);
    expect(cfn.calls()).toHaveLength(0);
  });

  it('reads the committed cdk.json: its example stages name their region', async () => {
    expect(await regionOfStage('prod')).toMatch(/^[a-z]{2}(-[a-z]+)+-\d$/);
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
