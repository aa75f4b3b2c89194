import { spawnSync } from 'node:child_process';
import { jest } from '@jest/globals';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { AdminCreateUserCommand, AdminGetUserCommand, ListUserPoolsCommand } from '@aws-sdk/client-cognito-identity-provider';
import { generateKeyPair, SignJWT } from 'jose';
import { getCustomer } from '../../lambdas/shared/data/customers.js';
import { getUserByEmail } from '../../lambdas/shared/data/users.js';
import { cognitoThreadsStarted } from '../../infra/local/cognito.js';
import { projectRoot } from '../../infra/local/handlers.js';
import { createTestUser, putCustomer, putProperty, request, signIn, startTestStack, type TestStack } from '../support/local-stack.js';

jest.setTimeout(60_000);

const user = { email: 'facilities@customer-a.test', password: 'Passw0rd1', customers: ['C-A'], properties: ['P-A1'] };

describe('the local stack', () => {
  let t: TestStack;
  let dataDir: string;

  beforeAll(async () => {
    t = await startTestStack();
    dataDir = t.dataDir;
    await putCustomer({ id: 'C-A', name: 'Customer A' });
    await putProperty({ id: 'P-A1', customerId: 'C-A', name: 'Tower A', propertyType: 'Office' });
  });
  afterAll(async () => {
    await t?.stop({ keepData: true });
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('is alive and ready', async () => {
    expect((await request('GET', '/healthz')).status).toBe(200);
    const ready = await request('GET', '/readyz');
    expect(ready.status).toBe(200);
  });

  it('has no control route for jobs without E2E=1 (the end-to-end specs only)', async () => {
    const r = await request('POST', '/_control/jobs/alerts/evaluate');
    expect(r.status).toBe(404);
  });

  it('answers 404 as API Gateway does for an /api path with no route', async () => {
    const r = await request('GET', '/api/no-such-thing');
    expect(r.status).toBe(404);
    expect(r.json).toEqual({ message: 'Not Found' });
    expect((await request('DELETE', '/api/config')).status).toBe(404);
  });

  it('answers 400 for a path parameter that is not valid percent-encoding', async () => {
    expect((await request('GET', '/api/users/getproperty/%E0%A4%A')).status).toBe(400);
  });

  it('answers 401 without a token on a user route, before the handler', async () => {
    const r = await request('GET', '/api/reports');
    expect(r.status).toBe(401);
    expect(r.json).toEqual({ message: 'Unauthorized' });
  });

  it('answers 401 to a token signed by another key, even with the pool issuer, audience and key id', async () => {
    const { privateKey } = await generateKeyPair('RS256');
    const forged = await new SignJWT({ email: user.email, token_use: 'id' })
      .setProtectedHeader({ alg: 'RS256', kid: 'CognitoLocal' })
      .setIssuer(`${t.stack.endpoints.cognito}/${t.stack.userPoolId}`)
      .setAudience(t.stack.userPoolClientId)
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(privateKey);
    expect((await request('GET', '/api/reports', { token: forged })).status).toBe(401);
    expect((await request('GET', '/api/reports', { token: 'not-a-jwt' })).status).toBe(401);
  });

  it('serves a public route through the gateway, with or without a trailing slash', async () => {
    const r = await request('GET', '/api/config');
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ staffDomains: ['staff.test'] });
    expect(r.headers.get('x-content-type-options')).toBe('nosniff');
    const slash = await request('GET', '/api/config/');
    expect(slash.status).toBe(200);
    expect(slash.json).toEqual(r.json);
  });

  it('serves config.json for the web app', async () => {
    const r = await request('GET', '/config.json');
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({
      userPoolId: t.stack.userPoolId,
      userPoolClientId: t.stack.userPoolClientId,
      endpoint: t.stack.endpoints.cognito,
      staffDomains: ['staff.test'],
      signInFlow: 'USER_PASSWORD_AUTH',
    });
  });

  it("accepts a Cognito ID token of a created user and hands the handler the user's claims", async () => {
    await createTestUser(user);
    const token = await signIn(user.email, user.password);
    const r = await request('GET', `/api/users/getproperty/${encodeURIComponent(user.email)}`, { token });
    expect(r.status).toBe(200);
    expect(JSON.stringify(r.json)).toContain('P-A1');
    // Another user's data stays out of reach: the handler saw who the caller is.
    expect((await request('GET', '/api/users/getproperty/someone%40customer-b.test', { token })).status).toBe(403);
  });

  it('writes the invitation mail of AdminCreateUser to the outbox', async () => {
    await t.cognito.send(
      new AdminCreateUserCommand({
        UserPoolId: t.stack.userPoolId,
        Username: 'invited@customer-a.test',
        DesiredDeliveryMediums: ['EMAIL'],
        TemporaryPassword: 'Temp0rary9',
        UserAttributes: [
          { Name: 'email', Value: 'invited@customer-a.test' },
          { Name: 'name', Value: 'Invited Person' },
        ],
      }),
    );
    const mails = await t.outbox();
    const mail = mails.find((m) => m.to === 'invited@customer-a.test');
    expect(mail).toBeDefined();
    expect(mail!.subject).toContain('Comfort Portal');
    expect(mail!.text).toContain('Temp0rary9');
  });

  it('refuses a second stack on the same data folder, in this process and from another', async () => {
    await expect(startTestStack({ dataDir })).rejects.toThrow(/in use by another local stack/);
    const other = spawnSync(process.execPath, [path.join(projectRoot, 'node_modules', 'tsx', 'dist', 'cli.mjs'), path.join(projectRoot, 'bin', 'local.ts')], {
      cwd: projectRoot,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir, PORT: '0' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(other.status).toBe(1);
    expect(other.stderr).toContain(`pid ${process.pid}`);
  });

  it('keeps users, rows and the pool across a restart', async () => {
    const before = t.stack.userPoolId;
    await t.stop({ keepData: true });
    t = await startTestStack({ dataDir });
    expect(t.stack.userPoolId).toBe(before);
    expect(await getCustomer(t.db, 'C-A')).toMatchObject({ name: 'Customer A' });
    expect(await getUserByEmail(t.db, user.email)).toMatchObject({ customerIds: ['C-A'] });
    const token = await signIn(user.email, user.password);
    expect((await request('GET', `/api/users/getproperty/${encodeURIComponent(user.email)}`, { token })).status).toBe(200);
  });

  it('is not ready once DynamoDB stops answering', async () => {
    expect((await request('GET', '/readyz')).status).toBe(200);
    await t.stack.stopEmulator('dynamodb');
    const r = await request('GET', '/readyz');
    expect(r.status).toBe(503);
    expect(JSON.stringify(r.json)).toContain('DynamoDB');
    expect((await request('GET', '/healthz')).status).toBe(200);
  });
});

// cognito-local's thread is kept for the process (infra/local/cognito.ts): each stack still gets a
// pool of its own, and a stack that stops its Cognito really stops it.
describe("the local stack's Cognito, one thread for the process", () => {
  it('gives a second stack a fresh pool on the same thread, and parks it again when stopped', async () => {
    // Held by the integration tests' environment, so that the worker's later files take it too.
    expect((globalThis as { __portalParkedCognito?: object }).__portalParkedCognito).toBeDefined();
    const first = await startTestStack();
    const threads = cognitoThreadsStarted();
    expect(threads).toBeGreaterThanOrEqual(1);
    const email = 'kept-thread@customer-a.test';
    await first.cognito.send(new AdminCreateUserCommand({ UserPoolId: first.stack.userPoolId, Username: email, MessageAction: 'SUPPRESS' }));
    expect((await first.cognito.send(new AdminGetUserCommand({ UserPoolId: first.stack.userPoolId, Username: email }))).Username).toBeDefined();
    const firstPool = first.stack.userPoolId;
    await first.stop();

    const second = await startTestStack();
    try {
      expect(cognitoThreadsStarted()).toBe(threads);
      const pools = await second.cognito.send(new ListUserPoolsCommand({ MaxResults: 60 }));
      expect(pools.UserPools?.map((p) => p.Id)).toEqual([second.stack.userPoolId]);
      await expect(second.cognito.send(new AdminGetUserCommand({ UserPoolId: second.stack.userPoolId, Username: email }))).rejects.toThrow(/User does not exist/);
      if (firstPool !== second.stack.userPoolId) {
        await expect(second.cognito.send(new AdminGetUserCommand({ UserPoolId: firstPool, Username: email }))).rejects.toThrow();
      }

      // Stopped, the stack's Cognito no longer answers (its port is closed) and /readyz says so.
      const url = second.stack.endpoints.cognito;
      expect((await fetch(`${url}/health`)).ok).toBe(true);
      await second.stack.stopEmulator('cognito');
      await expect(fetch(`${url}/health`, { signal: AbortSignal.timeout(2000) })).rejects.toThrow();
      const ready = await request('GET', '/readyz');
      expect(ready.status).toBe(503);
      expect(JSON.stringify(ready.json)).toContain('Cognito');
    } finally {
      await second.stop();
    }

    // The stopped run's thread serves the next stack.
    const third = await startTestStack();
    try {
      expect(cognitoThreadsStarted()).toBe(threads);
      expect((await fetch(`${third.stack.endpoints.cognito}/health`)).ok).toBe(true);
    } finally {
      await third.stop();
    }
  });
});
