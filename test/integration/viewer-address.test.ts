import { jest } from '@jest/globals';
/**
 * Per-address limits count the visitor, not CloudFront's edge server (docs/security.md "Trust boundaries").
 * The local gateway plays CloudFront (LOCAL_CLOUDFRONT=true): every request reaches the handlers
 * from one edge address, the visitor's own in CloudFront-Viewer-Address and the origin secret in
 * x-origin-verify. Two visitors, connecting from 127.0.0.2 and 127.0.0.3, are limited apart, and
 * Cognito is told each one's address (UserContextData on the server client, which has a secret:
 * the local pool refuses its calls without the right SECRET_HASH, as Cognito does: see
 * viewer-address-direct); a stack without CloudFront ignores a viewer address a client writes
 * itself (viewer-address-direct).
 */
import { limits, TOO_MANY } from '../../lambdas/shared/data/rate-limits.js';
import { LOCAL_EDGE_ADDRESS } from '../../infra/local/stack.js';
import { startTestStack, type TestStack } from '../support/local-stack.js';
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
