/**
 * The portal's own telemetry: the correlation id of a request (the caller's x-correlation-id, else
 * API Gateway's request id) on every log line written while it runs and on its answer, concurrent
 * requests kept apart; business metrics as one EMF line per request, 2xx answers only; the
 * pre-token trigger counting sign-ins, not refreshes.
 */
import type { PreTokenGenerationTriggerEvent } from 'aws-lambda';
import { routesByKey } from '../../../lambdas/routes.js';
import { ok, unauthorized } from '../../../lambdas/shared/platform/http.js';
import { log } from '../../../lambdas/shared/platform/log.js';
import { api, businessMetrics, type ApiEvent } from '../../../lambdas/shared/platform/middleware.js';
import { correlationIdOf, publishMetrics } from '../../../lambdas/shared/platform/observability.js';
import { createTelemetryClient } from '../../../lambdas/shared/domain/telemetry/client.js';
import { handler as preToken } from '../../../lambdas/triggers/pre-token-generation.js';
import { put, resetAws, subOf, user } from '../accounts/fixtures.js';
import { linesOf } from '../support/stdout.js';

// Metrics on for this file (jest's setup turns them off), and info lines logged whatever LOG_LEVEL
// the run sets (npm test: warn); both read when the Logger and Metrics objects are first made.
process.env.POWERTOOLS_METRICS_DISABLED = 'false';
process.env.LOG_LEVEL = 'info';

const LOGIN = 'POST /api/users/login';

const event = (headers: Record<string, string> = {}, requestId = 'apigw-request-0001'): ApiEvent =>
  ({ routeKey: LOGIN, rawPath: '/api/users/login', headers, requestContext: { requestId, http: { sourceIp: '203.0.113.9' } }, isBase64Encoded: false }) as unknown as ApiEvent;

describe('correlationIdOf', () => {
  it("takes the caller's x-correlation-id (any case of the header name)", () => {
    expect(correlationIdOf({ 'X-Correlation-Id': 'web-7f3a9c21' }, 'apigw-1')).toBe('web-7f3a9c21');
  });

  it("falls back to API Gateway's request id when the header is missing, too short, too long or carries other characters", () => {
    expect(correlationIdOf({}, 'apigw-1')).toBe('apigw-1');
    expect(correlationIdOf({ 'x-correlation-id': 'short' }, 'apigw-1')).toBe('apigw-1');
    expect(correlationIdOf({ 'x-correlation-id': 'a'.repeat(129) }, 'apigw-1')).toBe('apigw-1');
    expect(correlationIdOf({ 'x-correlation-id': 'abc12345"\n{"forged":1}' }, 'apigw-1')).toBe('apigw-1');
  });

  it('makes one up when there is neither', () => {
    expect(correlationIdOf(undefined, undefined)).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('the API middleware', () => {
  it("puts the request's correlation id on every log line written while it runs, and on the answer", async () => {
    const handler = api({}, async () => {
      log.info('inside the handler', { step: 1 });
      log.warn('still inside', { step: 2 });
      return ok({ fine: true });
    });
    let status = 0;
    let header: string | undefined;
    const lines = await linesOf(async () => {
      const r = await handler(event({ 'x-correlation-id': 'web-7f3a9c21' }));
      status = r.statusCode;
      header = r.headers['x-correlation-id'];
    });
    expect(status).toBe(200);
    expect(header).toBe('web-7f3a9c21');
    const logs = lines.filter((l) => typeof l.message === 'string');
    expect(logs.map((l) => l.message)).toEqual(['inside the handler', 'still inside', 'request']);
    for (const l of logs) expect(l.correlation_id).toBe('web-7f3a9c21');
    // The request line keeps what the calls bench reads.
    expect(logs[2]).toMatchObject({ route: LOGIN, status: 200, calls: { dynamodb: 0, s3: 0, cognito: 0, secrets: 0 } });
  });

  it("uses API Gateway's request id without a header, and keeps concurrent requests apart", async () => {
    const handler = api({}, async ({ event: e }) => {
      log.info('before', { mine: e.requestContext.requestId });
      await new Promise((r) => setTimeout(r, e.requestContext.requestId.endsWith('A') ? 20 : 1));
      log.info('after', { mine: e.requestContext.requestId });
      return ok({});
    });
    const lines = await linesOf(() => Promise.all([handler(event({}, 'apigw-request-A')), handler(event({}, 'apigw-request-B'))]));
    const mine = lines.filter((l) => l.mine);
    expect(mine).toHaveLength(4);
    for (const l of mine) expect(l.correlation_id).toBe(l.mine);
  });

  it('writes one EMF line per request with its business metric when the answer is 2xx, none otherwise', async () => {
    const good = api({}, async () => ok({}));
    const refused = api({}, async () => {
      throw unauthorized('no');
    });
    const emf = (lines: Record<string, unknown>[]) => lines.filter((l) => l._aws);
    const signedIn = emf(await linesOf(() => good(event())));
    expect(signedIn).toHaveLength(1);
    expect(signedIn[0]).toMatchObject({ LoginRouteSignIn: 1, service: expect.any(String) });
    const directive = (signedIn[0]!._aws as { CloudWatchMetrics: { Namespace: string; Metrics: { Name: string; Unit: string }[] }[] }).CloudWatchMetrics[0]!;
    expect(directive.Namespace).toBe('Portal');
    expect(directive.Metrics).toEqual([{ Name: 'LoginRouteSignIn', Unit: 'Count' }]);
    expect(emf(await linesOf(() => refused(event())))).toEqual([]);
  });

  it('names only routes of the route table as business events', () => {
    for (const key of Object.keys(businessMetrics)) expect({ key, known: routesByKey.has(key) }).toEqual({ key, known: true });
    expect(new Set(Object.values(businessMetrics))).toEqual(new Set(['LoginRouteSignIn', 'ReportOpened', 'DocumentUploaded', 'DocumentDownloaded']));
  });
});

describe('the pre-token trigger', () => {
  beforeEach(() => resetAws());
  const tokenEvent = (triggerSource: string) =>
    ({
      version: '1',
      region: 'eu-west-1',
      userPoolId: 'local_pool',
      userName: 'u',
      callerContext: { awsSdkVersion: '1', clientId: 'c' },
      triggerSource,
      request: { userAttributes: { email: 'metric@customer.test', email_verified: 'true', sub: subOf('metric@customer.test') }, groupConfiguration: { groupsToOverride: [] } },
      response: { claimsOverrideDetails: {} },
    }) as unknown as PreTokenGenerationTriggerEvent;

  it('counts a sign-in (Authentication), not a refresh', async () => {
    put('accounts', user('metric@customer.test'));
    const signIn = (await linesOf(() => preToken(tokenEvent('TokenGeneration_Authentication')))).filter((l) => l._aws);
    expect(signIn).toHaveLength(1);
    expect(signIn[0]).toMatchObject({ SignIn: 1 });
    expect((await linesOf(() => preToken(tokenEvent('TokenGeneration_RefreshTokens')))).filter((l) => l._aws)).toEqual([]);
  });
});

describe('the telemetry proxy', () => {
  const answer = (status: number, body: unknown) => Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

  it("records each call's latency, and a failure as an error", async () => {
    const ok = createTelemetryClient({ baseUrl: 'https://telemetry.test', apiKey: 'k', maxPages: 2, timeoutMs: 1000, retries: 0, fetch: () => answer(200, { data: [{ deviceId: 'd1', equipment: { id: 'e1' } }] }) });
    const good = (await linesOf(async () => {
      await ok.listDevices();
      publishMetrics();
    })).filter((l) => l._aws);
    expect(good).toHaveLength(1);
    expect(good[0]).toMatchObject({ TelemetryLatency: expect.any(Number) });
    expect(good[0]!.TelemetryError).toBeUndefined();

    const refused = createTelemetryClient({ baseUrl: 'https://telemetry.test', apiKey: 'k', maxPages: 2, timeoutMs: 1000, retries: 0, fetch: () => answer(403, { error: 'no' }) });
    const bad = (await linesOf(async () => {
      await expect(refused.listDevices()).rejects.toThrow('403');
      publishMetrics();
    })).filter((l) => l._aws);
    expect(bad).toHaveLength(1);
    expect(bad[0]).toMatchObject({ TelemetryError: 1, TelemetryLatency: expect.any(Number) });
  });
});
