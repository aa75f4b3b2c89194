import { jest } from '@jest/globals';
/**
 * Per-address limits count the visitor, not CloudFront's edge server (docs/security.md "Trust boundaries").
 * The local gateway plays CloudFront (LOCAL_CLOUDFRONT=true): every request reaches the handlers
 * from one edge address, the visitor's own in CloudFront-Viewer-Address and the origin secret in
 * x-origin-verify. Two visitors, connecting from 127.0.0.2 and 127.0.0.3, are limited apart, and
 * Cognito is told each one's address (UserContextData on the server client, which has a secret:
 * the local pool refuses its calls without the right SECRET_HASH, as Cognito does); a stack
 * without CloudFront ignores a viewer address a client writes itself (viewer-address-direct).
 */
import { InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { secretHash } from '../../lambdas/shared/domain/accounts/server-client.js';
import { limits, TOO_MANY } from '../../lambdas/shared/data/rate-limits.js';
import { LOCAL_EDGE_ADDRESS } from '../../infra/local/stack.js';
import { createTestUser, startTestStack, type TestStack } from '../support/local-stack.js';
import { failedLogin, userContextsSeen } from '../support/visitor.js';

jest.setTimeout(120_000);

const max = limits.loginPerAddress.max;

describe('behind CloudFront (the gateway plays it)', () => {
  let t: TestStack;
  beforeAll(async () => {
    t = await startTestStack({ env: { LOCAL_CLOUDFRONT: 'true' } });
  });
  afterAll(async () => t?.stop());

  it('hands the handlers one edge address and the origin secret', () => {
    expect(LOCAL_EDGE_ADDRESS).toMatch(/^192\.0\.2\./);
    expect(t.env.ORIGIN_VERIFY).toMatch(/.{16,}/);
  });

  it('limits two visitors behind one edge address apart', async () => {
    for (let i = 0; i < max; i++) expect((await failedLogin(t.baseUrl, '127.0.0.2', i)).status).toBe(401);
    const limited = await failedLogin(t.baseUrl, '127.0.0.2', max);
    expect(limited.status).toBe(429);
    expect(JSON.parse(limited.body)).toEqual({ error: TOO_MANY });
    // The second visitor, through the same edge, still gets an answer to their password.
    expect((await failedLogin(t.baseUrl, '127.0.0.3', 0)).status).toBe(401);
  });

  it("tells Cognito each visitor's address (UserContextData on the server client), never the edge's", async () => {
    const seen = await userContextsSeen(t.stack.endpoints.cognito, t.stack.serverClientId);
    const addressOf = (n: string) => seen.filter((c) => c.Username === `visitor-${n}-0@customer.test`).map((c) => [c.Target, c.IpAddress]);
    expect(addressOf('127.0.0.2')).toEqual([['InitiateAuth', '127.0.0.2']]);
    expect(addressOf('127.0.0.3')).toEqual([['InitiateAuth', '127.0.0.3']]);
    expect(seen.filter((c) => c.IpAddress === LOCAL_EDGE_ADDRESS)).toEqual([]);
  });

  it('takes the address CloudFront writes, not one the visitor sends', async () => {
    // 127.0.0.2 is limited; naming another address does not get it a new counter.
    expect((await failedLogin(t.baseUrl, '127.0.0.2', max + 1, { 'cloudfront-viewer-address': '203.0.113.9:4444' })).status).toBe(429);
  });
});

describe("the server client's secret (the same path as on AWS)", () => {
  let t: TestStack;
  beforeAll(async () => {
    t = await startTestStack();
  });
  afterAll(async () => t?.stop());

  /** The secret as the functions read it: from the Secrets Manager stand-in, by SIGN_IN_SECRET_ID. */
  const clientSecret = async () => {
    const secrets = new SecretsManagerClient({ endpoint: t.stack.endpoints.secrets, region: 'us-east-1', credentials: { accessKeyId: 'x', secretAccessKey: 'x' } });
    try {
      return (await secrets.send(new GetSecretValueCommand({ SecretId: t.env.SIGN_IN_SECRET_ID! }))).SecretString!;
    } finally {
      secrets.destroy();
    }
  };
  const signIn = (authParameters: Record<string, string>) =>
    t.cognito.send(new InitiateAuthCommand({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: t.stack.serverClientId, AuthParameters: authParameters }));

  it('is served by the Secrets Manager stand-in, not put in the functions\' environment', async () => {
    expect(t.env.SERVER_CLIENT_ID).toBe(t.stack.serverClientId);
    expect(t.stack.serverClientId).not.toBe(t.stack.userPoolClientId);
    const secret = await clientSecret();
    expect(secret.length).toBeGreaterThanOrEqual(16);
    expect(Object.values(t.env)).not.toContain(secret);
  });

  it('is required by the local pool: a missing or wrong SECRET_HASH is refused as Cognito refuses it, the right one signs in', async () => {
    await createTestUser({ email: 'hash@customer.test', password: 'Passw0rd' });
    const refusal = `Unable to verify secret hash for client ${t.stack.serverClientId}`;
    await expect(signIn({ USERNAME: 'hash@customer.test', PASSWORD: 'Passw0rd' })).rejects.toMatchObject({ name: 'NotAuthorizedException', message: refusal });
    const wrong = secretHash('not-the-secret', 'hash@customer.test', t.stack.serverClientId);
    await expect(signIn({ USERNAME: 'hash@customer.test', PASSWORD: 'Passw0rd', SECRET_HASH: wrong })).rejects.toMatchObject({ name: 'NotAuthorizedException', message: refusal });
    const secret = await clientSecret();
    const right = await signIn({ USERNAME: 'hash@customer.test', PASSWORD: 'Passw0rd', SECRET_HASH: secretHash(secret, 'hash@customer.test', t.stack.serverClientId) });
    expect(right.AuthenticationResult?.IdToken).toBeTruthy();
    // The web client (no secret) needs none.
    const web = await t.cognito.send(new InitiateAuthCommand({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: t.stack.userPoolClientId, AuthParameters: { USERNAME: 'hash@customer.test', PASSWORD: 'Passw0rd' } }));
    expect(web.AuthenticationResult?.IdToken).toBeTruthy();
  });

  it('lets the login route sign in through it (the route computes the hash from the stand-in\'s secret)', async () => {
    const r = await fetch(`${t.baseUrl}/api/users/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'hash@customer.test', password: 'Passw0rd' }) });
    expect(r.status).toBe(200);
    const seen = await userContextsSeen(t.stack.endpoints.cognito, t.stack.serverClientId);
    expect(seen.filter((c) => c.Username === 'hash@customer.test').map((c) => c.IpAddress)).toEqual(['127.0.0.1']);
  });
});
