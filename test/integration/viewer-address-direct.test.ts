import { jest } from '@jest/globals';
/**
 * Without CloudFront (the local stack as usual: no origin secret), a viewer address the client
 * writes itself is ignored: the connection's address is what per-address limits count, and what
 * Cognito is told. The server client's secret takes the same path as on AWS: the local pool refuses
 * its calls without the right SECRET_HASH, and the functions read the secret from the stand-in.
 */
import { InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { secretHash } from '../../lambdas/shared/domain/accounts/server-client.js';
import { limits } from '../../lambdas/shared/data/rate-limits.js';
import { createTestUser, startTestStack, type TestStack } from '../support/local-stack.js';
import { failedLogin, userContextsSeen } from '../support/visitor.js';

jest.setTimeout(120_000);

const max = limits.loginPerAddress.max;

describe('without CloudFront (the API called directly)', () => {
  let t: TestStack;
  beforeAll(async () => {
    t = await startTestStack();
  });
  afterAll(async () => t?.stop());

  it('ignores a viewer address sent without the origin secret: one connection, one counter', async () => {
    expect(t.env.ORIGIN_VERIFY).toBeUndefined();
    for (let i = 0; i < max; i++) {
      const forged = { 'cloudfront-viewer-address': `203.0.113.${i + 1}:443` };
      expect((await failedLogin(t.baseUrl, '127.0.0.4', i, forged)).status).toBe(401);
    }
    expect((await failedLogin(t.baseUrl, '127.0.0.4', max, { 'cloudfront-viewer-address': '198.51.100.1:443' })).status).toBe(429);
    expect((await failedLogin(t.baseUrl, '127.0.0.5', 0)).status).toBe(401);
  });

  it('tells Cognito the connection\'s address, not the one the client wrote', async () => {
    const seen = await userContextsSeen(t.stack.endpoints.cognito, t.stack.serverClientId);
    expect(seen.filter((c) => c.Username === 'visitor-127.0.0.4-0@customer.test').map((c) => c.IpAddress)).toEqual(['127.0.0.4']);
  });

  describe("the server client's secret", () => {
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
});
