/**
 * Failures on purpose (lambdas/shared/platform/faults.ts) as the SDK meets them: FAULTS answers the
 * service's own error response inside the SDK's retries and deserializer, so the client throws what
 * AWS would make it throw, after the attempts AWS's retry rules give; `hang` sends the call where
 * nothing answers and the client's own timeout ends it, without a retry. The API clients' retry
 * (apiRetry) against a real endpoint: 5xx and a dropped connection retried, a refusal and a timeout
 * not.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CognitoIdentityProviderClient, GetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { API_CALLS, apiBudget, watched } from '../../../lambdas/shared/platform/clients.js';
import { FaultSpecError, parseFaults } from '../../../lambdas/shared/platform/faults.js';
import { isDependencyFailure } from '../../../lambdas/shared/platform/http.js';

let server: Server;
let requests = 0;
let answer: 'ok' | 'error' | 'refuse' | 'hang' | 'reset-once' = 'ok';

beforeAll(async () => {
  server = createServer((req, res) => {
    requests++;
    req.resume();
    if (answer === 'hang') return;
    if (answer === 'reset-once') {
      answer = 'ok';
      req.socket.destroy(); // the connection drops before any answer
      return;
    }
    const [status, type] = answer === 'ok' ? [200, ''] : answer === 'error' ? [500, 'InternalServerError'] : [400, 'com.amazonaws.dynamodb.v20120810#ValidationException'];
    res.writeHead(status, { 'content-type': 'application/x-amz-json-1.0', 'x-amzn-requestid': 'r' });
    res.end(status === 200 ? '{}' : JSON.stringify({ __type: type, message: 'no' }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  Object.assign(process.env, {
    AWS_ENDPOINT_URL_DYNAMODB: url,
    AWS_ENDPOINT_URL_S3: url,
    AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: url,
    AWS_ENDPOINT_URL_SESV2: url,
    AWS_REGION: 'eu-west-1',
    AWS_ACCESS_KEY_ID: 'AKIDTEST',
    AWS_SECRET_ACCESS_KEY: 'secret-for-tests',
  });
});
afterAll(async () => {
  delete process.env.FAULTS;
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});
beforeEach(() => {
  requests = 0;
  answer = 'ok';
  delete process.env.FAULTS;
});

const QUICK = { connectionTimeoutMs: 200, requestTimeoutMs: 300, maxAttempts: 3, backoffMs: 10 };
const ddb = (budget = API_CALLS) => DynamoDBDocumentClient.from(watched(new DynamoDBClient(apiBudget(budget))));
const attemptsOf = (err: unknown) => (err as { $metadata?: { attempts?: number } }).$metadata?.attempts;
async function failure(p: Promise<unknown>): Promise<Error> {
  try {
    await p;
  } catch (err) {
    return err as Error;
  }
  throw new Error('expected the call to fail');
}

describe('parseFaults', () => {
  it('reads services, operations, tables, kinds and rates', () => {
    expect(parseFaults('dynamodb:throttle:0.2,s3:503:0.1,cognito:TooManyRequestsException:0.1,ses:reject:1,telemetry:hang')).toEqual([
      { service: 'dynamodb', kind: 'throttle', rate: 0.2 },
      { service: 's3', kind: '503', rate: 0.1 },
      { service: 'cognito', kind: 'TooManyRequestsException', rate: 0.1 },
      { service: 'ses', kind: 'reject', rate: 1 },
      { service: 'telemetry', kind: 'hang', rate: 1 },
    ]);
    expect(parseFaults('dynamodb.PutItem@users:throttle')).toEqual([{ service: 'dynamodb', operation: 'PutItem', table: 'users', kind: 'throttle', rate: 1 }]);
    expect(parseFaults('')).toEqual([]);
    expect(parseFaults(undefined)).toEqual([]);
  });

  it('refuses what is not a fault, naming it', () => {
    expect(() => parseFaults('dynamo:throttle')).toThrow(new FaultSpecError('FAULTS: unknown service "dynamo" (one of dynamodb, s3, cognito, ses, secrets, events, telemetry)'));
    expect(() => parseFaults('s3')).toThrow(/"s3" is not <service>/);
    expect(() => parseFaults('s3:503:2')).toThrow(/between 0 and 1/);
  });
});

describe('the SDK under FAULTS', () => {
  it('throttles DynamoDB as DynamoDB does: the SDK retries 3 times, then throws its throttling error; nothing reaches the service', async () => {
    process.env.FAULTS = 'dynamodb:throttle';
    const err = await failure(ddb().send(new GetCommand({ TableName: 'portal-local-users', Key: { sub: 's' } })));
    expect(err.name).toBe('ProvisionedThroughputExceededException');
    expect(attemptsOf(err)).toBe(3);
    expect(isDependencyFailure(err)).toBe(true);
    expect(requests).toBe(0);
  });

  it('fails only the named operation of the named table', async () => {
    process.env.FAULTS = 'dynamodb.PutItem@users:throttle';
    await ddb().send(new GetCommand({ TableName: 'portal-local-users', Key: { sub: 's' } }));
    await ddb().send(new PutCommand({ TableName: 'portal-local-documents', Item: { key: 'k' } }));
    expect(requests).toBe(2);
    const err = await failure(ddb().send(new PutCommand({ TableName: 'portal-local-users', Item: { sub: 's' } })));
    expect(err.name).toBe('ProvisionedThroughputExceededException');
    expect(requests).toBe(2);
  });

  it('never fails a call at rate 0', async () => {
    process.env.FAULTS = 'dynamodb:throttle:0';
    for (let i = 0; i < 5; i++) await ddb().send(new GetCommand({ TableName: 't', Key: { sub: 's' } }));
    expect(requests).toBe(5);
  });

  it('answers S3 503 (retried, then ServiceUnavailable), Cognito TooManyRequestsException, SES MessageRejected (a refusal: not retried, not a dependency failure)', async () => {
    process.env.FAULTS = 's3:503,cognito:TooManyRequestsException,ses:reject';
    const s3 = watched(new S3Client({ ...apiBudget(), forcePathStyle: true }));
    const s3err = await failure(s3.send(new HeadObjectCommand({ Bucket: 'b', Key: 'k' })));
    expect(s3err.name).toBe('ServiceUnavailable');
    expect(attemptsOf(s3err)).toBe(3);
    expect(isDependencyFailure(s3err)).toBe(true);

    const cognito = watched(new CognitoIdentityProviderClient(apiBudget()));
    const cerr = await failure(cognito.send(new GetUserCommand({ AccessToken: 'x' })));
    expect(cerr.name).toBe('TooManyRequestsException');
    expect(isDependencyFailure(cerr)).toBe(true);

    const ses = watched(new SESv2Client(apiBudget()));
    const mail = new SendEmailCommand({ FromEmailAddress: 'a@x.test', Destination: { ToAddresses: ['b@x.test'] }, Content: { Simple: { Subject: { Data: 's' }, Body: { Text: { Data: 't' } } } } });
    const serr = await failure(ses.send(mail));
    expect(serr.name).toBe('MessageRejected');
    expect(attemptsOf(serr)).toBe(1);
    expect(isDependencyFailure(serr)).toBe(false);
    expect(requests).toBe(0);
  });

  it('hangs a call where nothing answers: the request timeout ends it, once, not retried', async () => {
    process.env.FAULTS = 'dynamodb:hang';
    const started = Date.now();
    const err = await failure(ddb(QUICK).send(new GetCommand({ TableName: 't', Key: { sub: 's' } })));
    expect(err.name).toBe('TimeoutError');
    expect(Date.now() - started).toBeLessThan(2 * QUICK.requestTimeoutMs + 500);
    expect(isDependencyFailure(err)).toBe(true);
    expect(requests).toBe(0);
  });
});

describe('the API clients’ retry against a real endpoint', () => {
  it('retries a server error up to 3 attempts, a refusal not at all, a timeout not at all', async () => {
    answer = 'error';
    expect((await failure(ddb(QUICK).send(new GetCommand({ TableName: 't', Key: { sub: 's' } })))).name).toBe('InternalServerError');
    expect(requests).toBe(3);
    requests = 0;
    answer = 'refuse';
    expect((await failure(ddb(QUICK).send(new GetCommand({ TableName: 't', Key: { sub: 's' } })))).name).toBe('ValidationException');
    expect(requests).toBe(1);
    requests = 0;
    answer = 'hang';
    expect((await failure(ddb(QUICK).send(new GetCommand({ TableName: 't', Key: { sub: 's' } })))).name).toBe('TimeoutError');
    expect(requests).toBe(1);
  });

  it('retries a dropped connection (which the SDK also names TimeoutError, with its code)', async () => {
    answer = 'reset-once';
    await ddb(QUICK).send(new GetCommand({ TableName: 't', Key: { sub: 's' } }));
    expect(requests).toBe(2);
  });
});
