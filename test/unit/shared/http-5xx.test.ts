/**
 * The canary's signal: every API answer of 500 or above is counted as `Http5xx` per function and
 * per version (two dimension sets in one EMF record), while the invocation itself succeeds, so
 * Lambda's `Errors` stays at zero; nothing is counted for 2xx or 4xx answers.
 */
import { HttpError, ok, unavailable } from '../../../lambdas/shared/platform/http.js';
import { api } from '../../../lambdas/shared/platform/middleware.js';
import { apiEvent, json } from '../support/events.js';
import { emfOf, linesOf, type EmfRecord } from '../support/stdout.js';

// Metrics on for this file (jest's setup turns them off), as Lambda runs them; each record reads
// these when it is made.
process.env.POWERTOOLS_METRICS_DISABLED = 'false';
process.env.POWERTOOLS_SERVICE_NAME = 'portal-test';
process.env.AWS_LAMBDA_FUNCTION_NAME = 'Portal-test-ConfigGetConfigFn1A2B3C';
process.env.AWS_LAMBDA_FUNCTION_VERSION = '12';
process.env.LOG_LEVEL = 'error';

const event = () => apiEvent({ route: 'GET /api/config' });
const http5xx = (records: EmfRecord[]) => records.filter((r) => r.Http5xx !== undefined);

describe('Http5xx', () => {
  it('counts an uncaught exception answered 500 once, per function and per version, and the invocation resolves', async () => {
    const broken = api({}, async () => {
      throw new Error('USERS_TABLE is not set');
    });
    let answer: Awaited<ReturnType<typeof broken>> | undefined;
    const lines = await linesOf(async () => {
      const invocation = broken(event());
      // Resolves: Lambda sees no FunctionError, so its Errors metric would not move.
      await expect(invocation).resolves.toMatchObject({ statusCode: 500 });
      answer = await invocation;
    });
    expect(answer!.statusCode).toBe(500);
    expect(json(answer!)).toEqual({ error: 'Internal error' });
    const records = http5xx(emfOf(lines));
    expect(records).toHaveLength(1);
    const [record] = records;
    expect(record).toMatchObject({ Http5xx: 1, service: 'portal-test', FunctionName: 'Portal-test-ConfigGetConfigFn1A2B3C', Version: '12' });
    expect(record!._aws.CloudWatchMetrics).toEqual([
      {
        Namespace: 'Portal',
        Dimensions: [
          ['service', 'FunctionName'],
          ['service', 'FunctionName', 'Version'],
        ],
        Metrics: [{ Name: 'Http5xx', Unit: 'Count' }],
      },
    ]);
    expect(lines.find((l) => l.message === 'request failed')).toBeDefined();
  });

  it('counts a 5xx the handler answers itself, thrown or returned', async () => {
    const down = api({}, async () => {
      throw unavailable();
    });
    const gateway = api({}, async () => ok({ error: 'upstream' }, 502));
    const lines = await linesOf(async () => {
      expect((await down(event())).statusCode).toBe(503);
      expect((await gateway(event())).statusCode).toBe(502);
    });
    expect(http5xx(emfOf(lines)).map((r) => [r.Http5xx, r.Version])).toEqual([
      [1, '12'],
      [1, '12'],
    ]);
  });

  it('counts nothing for a 200, a 4xx or a 499', async () => {
    const fine = api({}, async () => ok({ fine: true }));
    const refused = api({}, async () => {
      throw new HttpError(404, 'No such thing.');
    });
    const closed = api({}, async () => ok({}, 499));
    const lines = await linesOf(async () => {
      expect((await fine(event())).statusCode).toBe(200);
      expect((await refused(event())).statusCode).toBe(404);
      expect((await closed(event())).statusCode).toBe(499);
    });
    expect(emfOf(lines)).toEqual([]);
  });

  it('keeps the business metrics of the request in a record of their own, with the one set [service]', async () => {
    const login = api({}, async () => ok({}));
    const records = emfOf(await linesOf(() => login(apiEvent({ route: 'POST /api/users/login' }))));
    expect(records).toHaveLength(1);
    expect(records[0]!._aws.CloudWatchMetrics[0]!.Dimensions).toEqual([['service']]);
    expect(records[0]!.Http5xx).toBeUndefined();
  });
});
