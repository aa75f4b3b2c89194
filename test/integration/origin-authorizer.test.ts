import { jest } from '@jest/globals';
/**
 * No way around CloudFront for the public routes (docs/security.md "Trust boundaries"): with the
 * gateway playing CloudFront (LOCAL_CLOUDFRONT=true), the API is also reachable past it, as at its
 * execute-api address (apiUrl). There a public route's request without the origin secret is refused
 * by API Gateway (401) before any function runs, a wrong secret by the origin authorizer (403, its
 * answer cached per value), and the browser's path through CloudFront works as before.
 */
import { invocations } from '../../infra/local/handlers.js';
import { originAuthorizer } from '../../lambdas/routes.js';
import { ORIGIN_VERIFY_HEADER } from '../../lambdas/shared/platform/http.js';
import { startTestStack, type TestStack } from '../support/local-stack.js';

jest.setTimeout(120_000);

const runs = (handler: string) => invocations.get(handler) ?? 0;
const login = (base: string, headers: Record<string, string> = {}) =>
  fetch(`${base}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ email: 'nobody@example.com', password: 'not-the-password-1' }),
  });

describe('the public routes past CloudFront (the execute-api address)', () => {
  let t: TestStack;
  beforeAll(async () => {
    t = await startTestStack({ env: { LOCAL_CLOUDFRONT: 'true' } });
  });
  afterAll(async () => t?.stop());

  it('has an address of its own, past the played CloudFront', () => {
    expect(t.stack.apiUrl).not.toBe(t.baseUrl);
  });

  it('refuses a request without the origin secret with API Gateway\'s 401, running no function at all', async () => {
    const before = { login: runs('accounts/login'), config: runs('config/get-config'), authorizer: runs(originAuthorizer.handler) };
    const r = await login(t.stack.apiUrl);
    expect(r.status).toBe(401);
    expect(await r.json()).toEqual({ message: 'Unauthorized' });
    const config = await fetch(`${t.stack.apiUrl}/api/config`);
    expect(config.status).toBe(401);
    // An empty value is no identity either.
    expect((await fetch(`${t.stack.apiUrl}/api/config`, { headers: { [ORIGIN_VERIFY_HEADER]: '' } })).status).toBe(401);
    expect({ login: runs('accounts/login'), config: runs('config/get-config'), authorizer: runs(originAuthorizer.handler) }).toEqual(before);
  });

  it("refuses a wrong secret with the authorizer's 403, never running the route's function, and asks the authorizer once per value", async () => {
    const before = { login: runs('accounts/login'), authorizer: runs(originAuthorizer.handler) };
    const wrong = { [ORIGIN_VERIFY_HEADER]: 'a-guess-of-the-secret' };
    const first = await login(t.stack.apiUrl, wrong);
    expect(first.status).toBe(403);
    expect(await first.json()).toEqual({ message: 'Forbidden' });
    expect(runs(originAuthorizer.handler)).toBe(before.authorizer + 1);
    // A flood with that value: answered from the cache.
    for (let i = 0; i < 5; i++) expect((await login(t.stack.apiUrl, wrong)).status).toBe(403);
    expect(runs(originAuthorizer.handler)).toBe(before.authorizer + 1);
    // Another value (a different length too) is asked about once.
    expect((await login(t.stack.apiUrl, { [ORIGIN_VERIFY_HEADER]: `${t.env.ORIGIN_VERIFY}x` })).status).toBe(403);
    expect(runs(originAuthorizer.handler)).toBe(before.authorizer + 2);
    expect(runs('accounts/login')).toBe(before.login);
  });

  it('leaves the routes behind the JWT authorizer to it: no token, 401 with no function run', async () => {
    const before = runs('users/get-property');
    const r = await fetch(`${t.stack.apiUrl}/api/users/getproperty/a%40example.com`);
    expect(r.status).toBe(401);
    expect(runs('users/get-property')).toBe(before);
  });

  it("lets the browser's path through CloudFront reach the route, one authorizer call serving all of it", async () => {
    const before = { config: runs('config/get-config'), login: runs('accounts/login') };
    const config = await fetch(`${t.baseUrl}/api/config`);
    expect(config.status).toBe(200);
    const authorizerRuns = runs(originAuthorizer.handler);
    // A wrong password is the route's own answer: it ran.
    expect((await login(t.baseUrl)).status).toBe(401);
    expect((await fetch(`${t.baseUrl}/api/config`)).status).toBe(200);
    expect(runs(originAuthorizer.handler)).toBe(authorizerRuns);
    expect({ config: runs('config/get-config'), login: runs('accounts/login') }).toEqual({ config: before.config + 2, login: before.login + 1 });
  });

  it('answers whoever holds the secret at the execute-api address too (it is CloudFront\'s alone)', async () => {
    const r = await fetch(`${t.stack.apiUrl}/api/config`, { headers: { [ORIGIN_VERIFY_HEADER]: t.env.ORIGIN_VERIFY! } });
    expect(r.status).toBe(200);
  });
});
