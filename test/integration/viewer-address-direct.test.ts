import { jest } from '@jest/globals';
/**
 * Without CloudFront (the local stack as usual: no origin secret), a viewer address the client
 * writes itself is ignored: the connection's address is what per-address limits count.
 */
import { limits } from '../../lambdas/shared/data/rate-limits.js';
import { startTestStack, type TestStack } from '../support/local-stack.js';
import { failedLogin } from '../support/visitor.js';

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
});
