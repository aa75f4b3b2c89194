/**
 * The local stack's job timers: a job that throws (as a run with a failed part does) is logged at
 * each tick and the timer goes on; nothing is left as an unhandled rejection; `runOnce` gives the
 * error to its caller.
 */
import { ScanCommand, DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { jobTimer } from '../../../infra/local/job-timer.js';
import { setTableEnv } from '../support/fake-aws.js';
import { linesOf } from '../support/stdout.js';

const ddb = mockClient(DynamoDBDocumentClient);
const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);

beforeAll(() => {
  setTableEnv({ LOG_LEVEL: 'warn' });
  process.on('unhandledRejection', onUnhandled);
});
afterAll(() => {
  process.off('unhandledRejection', onUnhandled);
  ddb.restore();
});

it('logs a failing job at every tick and keeps ticking; runOnce rejects to its caller', async () => {
  ddb.on(ScanCommand).rejects(new Error('customers table unavailable'));
  const timer = jobTimer('alerts/evaluate', 1);
  const lines = await linesOf(async () => {
    // The first tick after 1 s, then every second: wait for two failed runs (at most 10 s).
    for (let waited = 0; ddb.commandCalls(ScanCommand).length < 2 && waited < 10_000; waited += 100) await new Promise((r) => setTimeout(r, 100));
    await new Promise((r) => setTimeout(r, 100));
    await expect(timer.runOnce()).rejects.toThrow('customers table unavailable');
    await timer.stop();
  });
  const failed = lines.filter((l) => l.message === 'scheduled job failed');
  expect(failed.length).toBeGreaterThanOrEqual(2);
  for (const l of failed) expect(l).toMatchObject({ handler: 'alerts/evaluate', err: expect.objectContaining({ message: 'customers table unavailable' }) });
  expect(unhandled).toEqual([]);
});
