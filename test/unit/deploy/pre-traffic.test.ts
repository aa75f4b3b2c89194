/**
 * The pre-traffic hook: from CodeDeploy's deployment to its group, the function version it deploys
 * (the deployment's AppSpec) and route (the group's name), an Invoke of that version with the probe event, and always
 * a reported verdict. The Invoke is answered by the real API middleware (a route's own handler
 * module) over a mocked DynamoDB, so the hook and the probe's answer are tested together.
 */
import { CodeDeployClient, GetDeploymentCommand, PutLifecycleEventHookExecutionStatusCommand } from '@aws-sdk/client-codedeploy';
import { InvokeCommand, LambdaClient, type InvokeCommandInput } from '@aws-sdk/client-lambda';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { handler, routeOfGroup, targetOf } from '../../../lambdas/deploy/pre-traffic.js';
import { handler as getReports } from '../../../lambdas/reports/get-reports.js';
import type { Route } from '../../../lambdas/routes.js';
import { setTableEnv } from '../support/fake-aws.js';

const codedeploy = mockClient(CodeDeployClient);
const lambda = mockClient(LambdaClient);
const ddb = mockClient(DynamoDBDocumentClient);

const GROUP = 'portal-test-reports-get-reports';
const FUNCTION = 'Portal-test-reports-ReportsGetReportsFn';
/** The AppSpec CloudFormation gives CodeDeploy for a function's alias update. */
const appSpec = (props: Record<string, unknown>) =>
  JSON.stringify({ version: 0.0, Resources: [{ ReportsGetReportsFnLive: { Type: 'AWS::Lambda::Function', Properties: { Alias: 'live', CurrentVersion: '11', ...props } } }] });
const deployment = (group: string, content = appSpec({ Name: FUNCTION, TargetVersion: '12' })) => ({
  deploymentInfo: { deploymentGroupName: group, revision: { revisionType: 'AppSpecContent' as const, appSpecContent: { content } } },
});
const event = { DeploymentId: 'd-ABCDEF123', LifecycleEventHookExecutionId: 'hook-execution-1' };
/** An Invoke's Payload as the SDK gives it: bytes that can also say themselves as text. */
const payload = (value: unknown) => {
  const text = JSON.stringify(value);
  return Object.assign(new Uint8Array(Buffer.from(text)), { transformToString: () => text });
};
const awsError = (name: string, message: string) => Object.assign(new Error(message), { name, $metadata: { httpStatusCode: 400 } });

/** The new version: the real handler module of the route, given the Invoke's payload as its event. */
const newVersion = async (input: InvokeCommandInput) => ({ StatusCode: 200, Payload: payload(await getReports(JSON.parse(Buffer.from(input.Payload as Uint8Array).toString('utf8')))) });

const reported = () => codedeploy.commandCalls(PutLifecycleEventHookExecutionStatusCommand).map((c) => c.args[0].input);

beforeEach(() => {
  setTableEnv({ LOG_LEVEL: 'critical', STAGE_PREFIX: 'portal-test-' });
  for (const m of [codedeploy, lambda, ddb]) m.reset();
  codedeploy.on(GetDeploymentCommand).resolves(deployment(GROUP));
  codedeploy.on(PutLifecycleEventHookExecutionStatusCommand).resolves({});
  lambda.on(InvokeCommand).callsFake(newVersion);
  ddb.on(GetCommand).resolves({});
});
afterAll(() => [codedeploy, lambda, ddb].forEach((m) => m.restore()));

describe('the pre-traffic hook', () => {
  it('invokes the group’s version with the probe of its route and reports Succeeded when the probe is ok', async () => {
    const verdict = await handler(event);
    expect(verdict).toMatchObject({ status: 'Succeeded', group: GROUP, routeKey: 'GET /api/reports' });
    expect(codedeploy.commandCalls(GetDeploymentCommand).map((c) => c.args[0].input)).toEqual([{ deploymentId: 'd-ABCDEF123' }]);
    const [invoke, ...more] = lambda.commandCalls(InvokeCommand).map((c) => c.args[0].input);
    expect(more).toEqual([]);
    expect(invoke).toMatchObject({ FunctionName: FUNCTION, Qualifier: '12', InvocationType: 'RequestResponse' });
    expect(JSON.parse(Buffer.from(invoke!.Payload as Uint8Array).toString('utf8'))).toEqual({ portalProbe: { routeKey: 'GET /api/reports' } });
    // The probe read the users table: the route's row grants it.
    expect(ddb.commandCalls(GetCommand)).toHaveLength(1);
    expect(reported()).toEqual([{ deploymentId: 'd-ABCDEF123', lifecycleEventHookExecutionId: 'hook-execution-1', status: 'Succeeded' }]);
  });

  it('reports Failed when the new version fails (FunctionError: a module that cannot load)', async () => {
    lambda.on(InvokeCommand).resolves({ StatusCode: 200, FunctionError: 'Unhandled', Payload: payload({ errorType: 'Error', errorMessage: 'USERS_TABLE is not set' }) });
    const verdict = await handler(event);
    expect(verdict.status).toBe('Failed');
    expect(verdict.reason).toContain('USERS_TABLE is not set');
    expect(reported()).toEqual([expect.objectContaining({ status: 'Failed' })]);
  });

  it('reports Failed when the probe answers 503 (the new version may not read its users table)', async () => {
    ddb.on(GetCommand).rejects(awsError('AccessDeniedException', 'not authorized to perform: dynamodb:GetItem'));
    const verdict = await handler(event);
    expect(verdict).toMatchObject({ status: 'Failed', routeKey: 'GET /api/reports' });
    expect(verdict.reason).toBe('the probe answered 503: AccessDeniedException: not authorized to perform: dynamodb:GetItem');
    expect(reported()).toEqual([expect.objectContaining({ status: 'Failed' })]);
  });

  it('reports Failed for a 200 that is not an ok probe answer (a version that does not know the probe)', async () => {
    lambda.on(InvokeCommand).resolves({ StatusCode: 200, Payload: payload({ statusCode: 200, body: JSON.stringify({ reports: [] }) }) });
    expect((await handler(event)).status).toBe('Failed');
    expect(reported()).toEqual([expect.objectContaining({ status: 'Failed' })]);
  });

  it('reports Failed, without invoking anything, for a group that has no route or a deployment without a version', async () => {
    codedeploy.on(GetDeploymentCommand).resolves(deployment('portal-test-something-else'));
    expect(await handler(event)).toMatchObject({ status: 'Failed', reason: 'no route of the route table is served by this deployment group' });
    codedeploy.on(GetDeploymentCommand).resolves(deployment(GROUP, appSpec({ Name: FUNCTION })));
    expect(await handler(event)).toMatchObject({ status: 'Failed', reason: 'the deployment names no function version to probe (AppSpec TargetVersion)' });
    expect(lambda.calls()).toHaveLength(0);
    expect(reported().map((r) => r.status)).toEqual(['Failed', 'Failed']);
  });

  it('reports Failed when GetDeployment throws, or its AppSpec is not JSON', async () => {
    codedeploy.on(GetDeploymentCommand).rejects(awsError('DeploymentDoesNotExistException', 'no such deployment'));
    expect(await handler(event)).toMatchObject({ status: 'Failed', reason: 'the check could not run: DeploymentDoesNotExistException: no such deployment' });
    codedeploy.on(GetDeploymentCommand).resolves(deployment(GROUP, 'version: 0.0'));
    expect((await handler(event)).status).toBe('Failed');
    expect(lambda.calls()).toHaveLength(0);
    expect(reported().map((r) => r.status)).toEqual(['Failed', 'Failed']);
  });

  it('fails its own invocation when the verdict cannot be reported, so that Lambda tries again', async () => {
    codedeploy.on(PutLifecycleEventHookExecutionStatusCommand).rejects(awsError('ThrottlingException', 'Rate exceeded'));
    await expect(handler(event)).rejects.toThrow('Rate exceeded');
  });
});

describe('routeOfGroup and targetOf', () => {
  const row = (method: Route['method'], path: string, handler: string): Route => ({ method, path, handler, access: 'user' });

  it('finds the first row of the handler the group is named after, in the stage of the prefix only', () => {
    const table = [row('GET', '/api/requests', 'requests/service-requests'), row('POST', '/api/requests', 'requests/service-requests'), row('GET', '/api/a', 'a/b-c')];
    expect(routeOfGroup('portal-prod-requests-service-requests', 'portal-prod-', table)?.method).toBe('GET');
    expect(routeOfGroup('portal-prod-a-b-c', 'portal-prod-', table)?.path).toBe('/api/a');
    expect(routeOfGroup('portal-dev-a-b-c', 'portal-prod-', table)).toBeUndefined();
    expect(() => routeOfGroup('portal-prod-a-b-c', '', table)).toThrow('STAGE_PREFIX');
    expect(routeOfGroup('portal-test-users-get-property', 'portal-test-')?.path).toBe('/api/users/getproperty/{email}');
  });

  it("reads the AppSpec's one function and its target version, and nothing else", () => {
    expect(targetOf(appSpec({ Name: 'fn', TargetVersion: '7' }))).toEqual({ name: 'fn', version: '7' });
    expect(targetOf(appSpec({ Name: 'fn', TargetVersion: 7 }))).toEqual({ name: 'fn', version: '7' });
    const two = JSON.stringify({ Resources: [{ a: { Type: 'AWS::Lambda::Function', Properties: { Name: 'a', TargetVersion: '1' } } }, { b: { Type: 'AWS::Lambda::Function', Properties: { Name: 'b', TargetVersion: '2' } } }] });
    for (const bad of [undefined, '', 'null', '[]', '{"Resources":{}}', two, appSpec({ Name: '', TargetVersion: '1' }), appSpec({ Name: 'fn', TargetVersion: '$LATEST' }), appSpec({ Name: 'fn' })])
      expect(targetOf(bad)).toBeUndefined();
  });
});
