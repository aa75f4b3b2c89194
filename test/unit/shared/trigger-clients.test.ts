/**
 * The Cognito triggers' clients keep within Cognito's 5-second wait: against a DynamoDB endpoint
 * that never answers, a call ends with a timeout after exactly TRIGGER_CALLS.maxAttempts attempts;
 * a server error is retried as often, a refused request (4xx) not at all. The worst case of the
 * longest chain a trigger waits on (two calls, pre-token-generation) stays under 4 s.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { TRIGGER_CALLS, triggerDynamo, worstCaseMs } from '../../../lambdas/shared/platform/clients.js';

let server: Server;
let mode: 'hang' | 'error' | 'refuse' = 'hang';
let requests = 0;

beforeAll(async () => {
  server = createServer((req, res) => {
    requests++;
    req.resume();
    if (mode === 'hang') return; // never answers
    const [status, type] = mode === 'error' ? [500, 'InternalServerError'] : [400, 'com.amazonaws.dynamodb.v20120810#ValidationException'];
    res.writeHead(status, { 'content-type': 'application/x-amz-json-1.0', 'x-amzn-requestid': 'r' });
    res.end(JSON.stringify({ __type: type, message: 'no' }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  Object.assign(process.env, {
    AWS_ENDPOINT_URL_DYNAMODB: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    AWS_REGION: 'eu-west-1',
    AWS_ACCESS_KEY_ID: 'AKIDTEST',
    AWS_SECRET_ACCESS_KEY: 'secret-for-tests',
  });
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});
beforeEach(() => (requests = 0));

const read = () => triggerDynamo().send(new GetCommand({ TableName: 'accounts', Key: { sub: 's' } }));

describe('the triggers’ DynamoDB client', () => {
  it('gives up on an endpoint that never answers after its attempts, with a timeout', async () => {
    mode = 'hang';
    await expect(read()).rejects.toMatchObject({ name: 'TimeoutError' });
    expect(requests).toBe(TRIGGER_CALLS.maxAttempts);
  });

  it('retries a server error as often, and a refused request not at all', async () => {
    mode = 'error';
    await expect(read()).rejects.toMatchObject({ name: 'InternalServerError' });
    expect(requests).toBe(TRIGGER_CALLS.maxAttempts);
    requests = 0;
    mode = 'refuse';
    await expect(read()).rejects.toMatchObject({ name: 'ValidationException' });
    expect(requests).toBe(1);
  });

  it('keeps the longest chain a trigger waits on (two calls) under 4 s of the 5 s Cognito allows', () => {
    expect(TRIGGER_CALLS.maxAttempts).toBeGreaterThan(1);
    expect(2 * worstCaseMs(TRIGGER_CALLS)).toBeLessThan(4000);
  });
});
