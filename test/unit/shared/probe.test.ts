/**
 * The pre-traffic probe as the API middleware answers it: an event with `portalProbe` and no
 * `requestContext` checks the route and, where the route's row grants the users table, reads it
 * once for a caller that cannot exist. A failure of that read answers 503 with its reason; nothing
 * throws, no metric is written.
 */
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { ok } from '../../../lambdas/shared/platform/http.js';
import { api, type ApiEvent } from '../../../lambdas/shared/platform/middleware.js';
import { isProbeEvent, probeEvent, PROBE_SUB, type ProbeAnswer } from '../../../lambdas/shared/platform/probe.js';
import { apiEvent, json } from '../support/events.js';
import { setTableEnv, TABLES } from '../support/fake-aws.js';
import { emfOf, linesOf } from '../support/stdout.js';

process.env.POWERTOOLS_METRICS_DISABLED = 'false';
process.env.AWS_LAMBDA_FUNCTION_VERSION = '7';
process.env.LOG_LEVEL = 'info';

const ddb = mockClient(DynamoDBDocumentClient);
let handlerRan = 0;
const handler = api({}, async () => (handlerRan++, ok({ handled: true })));
const body = (r: { body: string }) => JSON.parse(r.body) as ProbeAnswer;
const awsError = (name: string, message: string) => Object.assign(new Error(message), { name, $metadata: { httpStatusCode: 400 } });

beforeEach(() => {
  setTableEnv();
  ddb.reset();
  ddb.on(GetCommand).resolves({});
  handlerRan = 0;
});
afterAll(() => ddb.restore());

describe('isProbeEvent', () => {
  it('is a probe only with portalProbe.routeKey and without requestContext', () => {
    expect(isProbeEvent(probeEvent('GET /api/reports'))).toBe(true);
    expect(isProbeEvent({ portalProbe: { routeKey: 'GET /api/reports' }, requestContext: {} })).toBe(false);
    expect(isProbeEvent({ portalProbe: {} })).toBe(false);
    expect(isProbeEvent({ portalProbe: 'GET /api/reports' })).toBe(false);
    expect(isProbeEvent(null)).toBe(false);
    expect(isProbeEvent(apiEvent({ route: 'GET /api/reports' }))).toBe(false);
  });
});

describe('a probe', () => {
  it('answers 400, ok false, for a route that is not in the route table, and reads nothing', async () => {
    const r = await handler(probeEvent('GET /api/nowhere'));
    expect(r.statusCode).toBe(400);
    expect(body(r)).toEqual({ ok: false, routeKey: 'GET /api/nowhere', version: '7', checks: [], error: 'No route table entry for GET /api/nowhere' });
    expect(ddb.calls()).toHaveLength(0);
  });

  it('reads the users table once, for the probe caller, on a route granted it; the handler does not run', async () => {
    const r = await handler(probeEvent('GET /api/reports'));
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toMatch(/^application\/json/);
    expect(body(r)).toEqual({ ok: true, routeKey: 'GET /api/reports', version: '7', checks: ['route', 'users-table'] });
    expect(ddb.commandCalls(GetCommand).map((c) => c.args[0].input)).toEqual([{ TableName: TABLES.USERS_TABLE, Key: { sub: PROBE_SUB }, ConsistentRead: true }]);
    expect(ddb.calls()).toHaveLength(1);
    expect(handlerRan).toBe(0);
  });

  it('checks only the route where the row grants no users table', async () => {
    const r = await handler(probeEvent('GET /api/config'));
    expect([r.statusCode, body(r)]).toEqual([200, { ok: true, routeKey: 'GET /api/config', version: '7', checks: ['route'] }]);
    expect(ddb.calls()).toHaveLength(0);
  });

  it.each([
    ['the role lacks the grant', awsError('AccessDeniedException', 'User: arn:aws:sts::123456789012:assumed-role/r/f is not authorized to perform: dynamodb:GetItem'), 'AccessDeniedException: User: arn:aws:sts::123456789012:assumed-role/r/f is not authorized to perform: dynamodb:GetItem'],
    ['no network answer', Object.assign(new Error('connect ETIMEDOUT 10.0.0.1:443'), { name: 'TimeoutError' }), 'TimeoutError: connect ETIMEDOUT 10.0.0.1:443'],
    ['the table does not exist', awsError('ResourceNotFoundException', 'Requested resource not found'), 'ResourceNotFoundException: Requested resource not found'],
  ])('answers 503, ok false, with the reason when %s, and does not throw', async (_why, error, reason) => {
    ddb.on(GetCommand).rejects(error);
    const r = await handler(probeEvent('POST /api/users/login'));
    expect(r.statusCode).toBe(503);
    expect(body(r)).toEqual({ ok: false, routeKey: 'POST /api/users/login', version: '7', checks: ['route'], error: reason });
  });

  it("answers 503 when the function has no users table variable (the error names it, the read is not sent)", async () => {
    delete process.env.USERS_TABLE;
    const r = await handler(probeEvent('GET /api/reports'));
    expect(r.statusCode).toBe(503);
    expect(body(r).ok).toBe(false);
    expect(body(r).error).toContain('USERS_TABLE');
    expect(ddb.calls()).toHaveLength(0);
  });

  it('writes no metric: neither a business event nor Http5xx, on a business route or a 503', async () => {
    const good = await linesOf(() => handler(probeEvent('POST /api/users/login')));
    ddb.on(GetCommand).rejects(awsError('AccessDeniedException', 'denied'));
    const bad = await linesOf(() => handler(probeEvent('POST /api/users/login')));
    expect(emfOf([...good, ...bad])).toEqual([]);
    expect(good.find((l) => l.message === 'probe')).toMatchObject({ route: 'POST /api/users/login', checks: ['route', 'users-table'] });
    expect(bad.find((l) => l.message === 'probe failed')).toMatchObject({ route: 'POST /api/users/login', error: 'AccessDeniedException: denied' });
  });

  it('is not what an API Gateway event carrying portalProbe gets: that is a request of its route', async () => {
    const forged = { ...apiEvent({ route: 'GET /api/config' }), portalProbe: { routeKey: 'GET /api/config' } } as ApiEvent;
    const r = await handler(forged);
    expect([r.statusCode, json(r)]).toEqual([200, { handled: true }]);
    expect(handlerRan).toBe(1);
  });
});
