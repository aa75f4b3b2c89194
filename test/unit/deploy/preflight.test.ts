/**
 * The deploy's preflight (infra/deploy/preflight.ts): Lambda concurrency against what the stage
 * holds, given Lambda's and CloudFormation's answers as an account would give them (a new
 * account's quota, other functions reserving, enough, a redeploy), and the CloudTrail check given
 * the AWS CLI's answers. No AWS call: the clients are mocked, the CLI is a function.
 */
import { CloudFormationClient, DescribeStackResourceCommand } from '@aws-sdk/client-cloudformation';
import { GetAccountSettingsCommand, GetFunctionConcurrencyCommand, GetProvisionedConcurrencyConfigCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import type { DeployedStack } from '../../../infra/deploy/assembly.js';
import { checkConcurrency, concurrencyNeeded, holders, quotaRequestCommand } from '../../../infra/deploy/concurrency.js';
import { preflight } from '../../../infra/deploy/preflight.js';
import type { AwsCall } from '../../../infra/deploy/trail.js';

const lambda = mockClient(LambdaClient);
const cfn = mockClient(CloudFormationClient);
const REGION = 'eu-west-1';
const awsError = (name: string, message: string) => Object.assign(new Error(message), { name, $metadata: { httpStatusCode: 400 } });

/** Two public functions reserving 20 each, one warm function (2 instances) reserving nothing, one plain function. */
const stacks: DeployedStack[] = [
  {
    stackName: 'Portal-test-accounts',
    region: REGION,
    dependencies: ['Portal-test'],
    template: {
      Resources: {
        LoginFn: { Type: 'AWS::Lambda::Function', Properties: { ReservedConcurrentExecutions: 20 } },
        ResetFn: { Type: 'AWS::Lambda::Function', Properties: { ReservedConcurrentExecutions: 20 } },
        PropertyFn: { Type: 'AWS::Lambda::Function', Properties: {} },
        PropertyLive: { Type: 'AWS::Lambda::Alias', Properties: { FunctionName: { Ref: 'PropertyFn' }, ProvisionedConcurrencyConfig: { ProvisionedConcurrentExecutions: 2 } } },
        PlainFn: { Type: 'AWS::Lambda::Function', Properties: {} },
      },
    },
  },
];

/** A CLI with one multi-region trail logging all management events. */
const goodTrail: AwsCall = async (args) => {
  if (args[1] === 'describe-trails') return { trailList: [{ Name: 'org', TrailARN: 'arn:trail/org', HomeRegion: 'us-east-1', IsMultiRegionTrail: true }] };
  if (args[1] === 'get-trail-status') return { IsLogging: true };
  return { EventSelectors: [{ ReadWriteType: 'All', IncludeManagementEvents: true }] };
};
const clients = (aws: AwsCall = goodTrail) => ({ lambda: () => new LambdaClient({ region: REGION }), cloudFormation: () => new CloudFormationClient({ region: REGION }), aws });

beforeEach(() => {
  lambda.reset();
  cfn.reset();
  // Not deployed yet, unless a test says otherwise.
  cfn.on(DescribeStackResourceCommand).rejects(awsError('ValidationError', 'Stack with id Portal-test-accounts does not exist'));
});

describe('what the stage holds', () => {
  it("counts each function's reserved concurrency, else its alias's provisioned instances, plus the 100 Lambda keeps unreserved", () => {
    expect(holders(stacks).map((h) => [h.functionId, h.held])).toEqual([['LoginFn', 20], ['ResetFn', 20], ['PropertyFn', 2]]);
    expect(concurrencyNeeded(stacks)).toEqual(new Map([[REGION, { held: 42, needed: 142 }]]));
  });

  it('counts provisioned instances of a function that reserves once, inside its reservation', () => {
    const both: DeployedStack[] = [{ ...stacks[0]!, template: { Resources: { F: { Type: 'AWS::Lambda::Function', Properties: { ReservedConcurrentExecutions: 20 } }, A: { Type: 'AWS::Lambda::Alias', Properties: { FunctionName: { Ref: 'F' }, ProvisionedConcurrencyConfig: { ProvisionedConcurrentExecutions: 5 } } } } } }];
    expect(concurrencyNeeded(both).get(REGION)).toEqual({ held: 20, needed: 120 });
  });
});

describe('the Lambda concurrency check, on GetAccountSettings answers', () => {
  it("stops on a new account's quota of 10, with the quota code, the value, the region and the command", async () => {
    lambda.on(GetAccountSettingsCommand).resolves({ AccountLimit: { ConcurrentExecutions: 10, UnreservedConcurrentExecutions: 10 } });
    const r = await preflight('test', REGION, stacks, clients());
    expect(r.failed).toEqual(['Lambda concurrency']);
    expect(r.lines[0]).toContain('the quota (10) is under what the stage needs (142)');
    expect(r.lines[0]).toContain('quota code L-B99A9384');
    expect(r.lines[0]).toContain(`in ${REGION} at 142 or more`);
    expect(r.lines[0]).toContain('aws service-quotas request-service-quota-increase --service-code lambda --quota-code L-B99A9384 --desired-value 142 --region eu-west-1');
  });

  it('stops when the quota is enough but other functions reserve too much of it, asking for the quota that fits both', async () => {
    lambda.on(GetAccountSettingsCommand).resolves({ AccountLimit: { ConcurrentExecutions: 1000, UnreservedConcurrentExecutions: 120 } });
    const r = await preflight('test', REGION, stacks, clients());
    expect(r.failed).toEqual(['Lambda concurrency']);
    expect(r.lines[0]).toContain('other functions of the account hold 880, leaving 120 where the stage needs 142');
    expect(r.lines[0]).toContain(quotaRequestCommand(REGION, 1022));
  });

  it('lets the deploy go on with enough quota and unreserved concurrency', async () => {
    lambda.on(GetAccountSettingsCommand).resolves({ AccountLimit: { ConcurrentExecutions: 1000, UnreservedConcurrentExecutions: 1000 } });
    const r = await preflight('test', REGION, stacks, clients());
    expect(r).toEqual({ failed: [], lines: [expect.stringContaining('Enough.'), expect.stringContaining('trail org logs management events in eu-west-1')] });
  });

  it("counts, on a redeploy, what the stage's own deployed functions already take out of the unreserved figure", async () => {
    // Quota exactly what the stage needs; the stage deployed, so only 100 is left unreserved.
    lambda.on(GetAccountSettingsCommand).resolves({ AccountLimit: { ConcurrentExecutions: 142, UnreservedConcurrentExecutions: 100 } });
    cfn.on(DescribeStackResourceCommand).callsFake((input: { LogicalResourceId: string }) => ({ StackResourceDetail: { PhysicalResourceId: `Portal-test-accounts-${input.LogicalResourceId}-abc` } }));
    lambda.on(GetFunctionConcurrencyCommand, { FunctionName: 'Portal-test-accounts-LoginFn-abc' }).resolves({ ReservedConcurrentExecutions: 20 });
    lambda.on(GetFunctionConcurrencyCommand, { FunctionName: 'Portal-test-accounts-ResetFn-abc' }).resolves({ ReservedConcurrentExecutions: 20 });
    lambda.on(GetFunctionConcurrencyCommand, { FunctionName: 'Portal-test-accounts-PropertyFn-abc' }).resolves({});
    lambda.on(GetProvisionedConcurrencyConfigCommand, { FunctionName: 'Portal-test-accounts-PropertyFn-abc', Qualifier: 'live' }).resolves({ RequestedProvisionedConcurrentExecutions: 2 });
    const r = await preflight('test', REGION, stacks, clients());
    expect(r.failed).toEqual([]);
    expect(r.lines[0]).toContain('other functions hold 0');
  });

  it('stops rather than pass when GetAccountSettings gives no figure', async () => {
    lambda.on(GetAccountSettingsCommand).resolves({});
    await expect(preflight('test', REGION, stacks, clients())).rejects.toThrow('gave no ConcurrentExecutions');
  });

  it('checks nothing for a stage that holds nothing (dev)', async () => {
    const plain: DeployedStack[] = [{ ...stacks[0]!, template: { Resources: { PlainFn: { Type: 'AWS::Lambda::Function', Properties: {} } } } }];
    const r = await preflight('test', REGION, plain, clients());
    expect(r.lines).toHaveLength(1);
    expect(lambda.commandCalls(GetAccountSettingsCommand)).toHaveLength(0);
  });

  it('as a pure rule: the quota and the room left by other functions must both reach the need', () => {
    const base = { stage: 's', region: REGION, held: 220, needed: 320 };
    expect(checkConcurrency({ ...base, account: { quota: 320, unreserved: 320 }, heldNow: 0 }).ok).toBe(true);
    expect(checkConcurrency({ ...base, account: { quota: 319, unreserved: 319 }, heldNow: 0 })).toMatchObject({ ok: false, requestValue: 320 });
    expect(checkConcurrency({ ...base, account: { quota: 1000, unreserved: 319 }, heldNow: 0 })).toMatchObject({ ok: false, requestValue: 1001 });
    expect(checkConcurrency({ ...base, account: { quota: 1000, unreserved: 780 }, heldNow: 220 }).ok).toBe(true);
  });
});

describe('the CloudTrail check, on the AWS CLI answers', () => {
  beforeEach(() => lambda.on(GetAccountSettingsCommand).resolves({ AccountLimit: { ConcurrentExecutions: 1000, UnreservedConcurrentExecutions: 1000 } }));
  const cli =
    (trails: unknown[], status: Record<string, unknown>, selectors: Record<string, unknown>): AwsCall =>
    async (args) => {
      const at = (flag: string) => args[args.indexOf(flag) + 1]!;
      if (args[1] === 'describe-trails') return { trailList: trails };
      if (args[1] === 'get-trail-status') {
        const s = status[at('--name')];
        if (s instanceof Error) throw s;
        return s;
      }
      return selectors[at('--trail-name')];
    };
  const trail = (name: string, extra: object = {}) => ({ Name: name, TrailARN: `arn:${name}`, HomeRegion: REGION, IsMultiRegionTrail: false, ...extra });

  it('stops when no trail covers the region, saying what to do', async () => {
    const r = await preflight('test', REGION, stacks, clients(cli([trail('elsewhere', { HomeRegion: 'us-west-2' })], {}, {})));
    expect(r.failed).toEqual(['CloudTrail']);
    expect(r.lines[1]).toContain(`no trail logs management write events in ${REGION}: none covers the region`);
    expect(r.lines[1]).toContain('a multi-region trail with management events');
  });

  it('stops on a trail that is not logging, one that logs only reads, and one whose status cannot be read', async () => {
    const r = await preflight(
      'test',
      REGION,
      stacks,
      clients(
        cli(
          [trail('stopped'), trail('reads'), trail('org', { IsOrganizationTrail: true })],
          { 'arn:stopped': { IsLogging: false }, 'arn:reads': { IsLogging: true }, 'arn:org': new Error('An error occurred (TrailNotFoundException)') },
          { 'arn:stopped': { EventSelectors: [{ ReadWriteType: 'All', IncludeManagementEvents: true }] }, 'arn:reads': { EventSelectors: [{ ReadWriteType: 'ReadOnly', IncludeManagementEvents: true }] }, 'arn:org': {} },
        ),
      ),
    );
    expect(r.failed).toEqual(['CloudTrail']);
    expect(r.lines[1]).toContain('stopped: logging is stopped');
    expect(r.lines[1]).toContain('reads: does not log management write events');
    expect(r.lines[1]).toContain('org (organisation trail): its status could not be read (An error occurred (TrailNotFoundException))');
  });

  it('takes advanced event selectors: management events without a read-only filter or an exclusion of Cognito', async () => {
    const advanced = (fields: object[]) => ({ AdvancedEventSelectors: [{ Name: 'm', FieldSelectors: [{ Field: 'eventCategory', Equals: ['Management'] }, ...fields] }] });
    const check = (sel: object) => preflight('test', REGION, stacks, clients(cli([trail('t')], { 'arn:t': { IsLogging: true } }, { 'arn:t': sel })));
    expect((await check(advanced([]))).failed).toEqual([]);
    expect((await check(advanced([{ Field: 'readOnly', Equals: ['false'] }]))).failed).toEqual([]);
    expect((await check(advanced([{ Field: 'readOnly', Equals: ['true'] }]))).failed).toEqual(['CloudTrail']);
    expect((await check(advanced([{ Field: 'eventSource', NotEquals: ['cognito-idp.amazonaws.com'] }]))).failed).toEqual(['CloudTrail']);
    expect((await check({ AdvancedEventSelectors: [{ FieldSelectors: [{ Field: 'eventCategory', Equals: ['Data'] }] }] })).failed).toEqual(['CloudTrail']);
  });

  it('stops, saying why, when the AWS CLI is missing', async () => {
    const r = await preflight('test', REGION, stacks, clients(async () => Promise.reject(new Error('the AWS CLI (aws) is not installed'))));
    expect(r.failed).toEqual(['CloudTrail']);
    expect(r.lines[1]).toBe('CloudTrail: could not be checked: the AWS CLI (aws) is not installed');
  });
});
