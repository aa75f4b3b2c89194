/**
 * The equipment alerts' scheduled run as a job: JobSucceeded when every mapped customer was
 * evaluated; JobFailed, and a rejected invocation (so Lambda counts an error and the schedule's
 * retry applies), when any customer's pass failed, after the others were evaluated.
 */
import { handler } from '../../../lambdas/alerts/evaluate.js';
import { fakeAws, setTableEnv, TABLES } from '../support/fake-aws.js';
import { emfOf, linesOf } from '../support/stdout.js';
import { startFakeService, type FakeService } from '../telemetry/support/fake-service.js';

const KEY = 'evaluate-job-key';
const aws = fakeAws(
  {
    customers: [
      { id: 'A', name: 'Alpha', telemetryCustomerId: 'ncl-a' },
      { id: 'B', name: 'Beta', telemetryCustomerId: 'ncl-b' },
      { id: 'U', name: 'Unmapped' },
    ],
    equipment: [
      { customerId: 'A', id: 'A-EQ1', propertyId: 'A-P1', buildingName: 'North', name: 'RTU-1', equipmentType: 'Rooftop Unit', telemetryData: '{}' },
      { customerId: 'B', id: 'B-EQ1', propertyId: 'B-P1', buildingName: 'B', name: 'RTU-9', equipmentType: 'Rooftop Unit', telemetryData: '{}' },
    ],
  },
  { secrets: { 'portal/test/telemetry': KEY } },
);
let svc: FakeService;

beforeAll(async () => {
  svc = await startFakeService(KEY, [
    { deviceId: 'SIM-A', equipmentId: 'A-EQ1' },
    { deviceId: 'SIM-B', equipmentId: 'B-EQ1' },
  ]);
  setTableEnv({ TELEMETRY_BASE_URL: svc.url, TELEMETRY_SECRET_ID: 'portal/test/telemetry', TELEMETRY_TIMEOUT_MS: '1000', LOG_LEVEL: 'info', POWERTOOLS_METRICS_DISABLED: 'false', POWERTOOLS_SERVICE_NAME: 'portal-test' });
});
afterAll(async () => {
  await svc.close();
  aws.restore();
});
beforeEach(() => aws.reset());

const jobRecords = (lines: Record<string, unknown>[]) => emfOf(lines).filter((r) => r.JobSucceeded !== undefined || r.JobFailed !== undefined);

describe('alerts/evaluate as a job', () => {
  it('ends a run that evaluated every mapped customer with JobSucceeded, dimension job = alerts-evaluate', async () => {
    let summary: unknown;
    const lines = await linesOf(async () => (summary = await handler()));
    expect(summary).toMatchObject({ customers: 2, failed: [], mailFailed: [] });
    const records = jobRecords(lines);
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ JobSucceeded: 1, job: 'alerts-evaluate', service: 'portal-test' });
    expect(records[0]!._aws.CloudWatchMetrics).toEqual([{ Namespace: 'Portal', Dimensions: [['service', 'job']], Metrics: [{ Name: 'JobSucceeded', Unit: 'Count' }] }]);
  });

  it("evaluates the other customers when one customer's pass fails, then emits JobFailed and rejects", async () => {
    aws.failOnce(`Query:${TABLES.EQUIPMENT_TABLE}`);
    let outcome: unknown;
    const lines = await linesOf(async () => {
      outcome = await handler().catch((err: unknown) => err);
    });
    expect(outcome).toMatchObject({ name: 'JobFailedError', message: expect.stringContaining('alerts-evaluate: 1 part of the run failed') });
    expect(lines.find((l) => l.message === 'equipment alerts evaluated')).toMatchObject({ customers: 1, failed: [expect.any(String)] });
    const records = jobRecords(lines);
    expect(records.map((r) => [r.JobFailed, r.JobSucceeded, r.job])).toEqual([[1, undefined, 'alerts-evaluate']]);
  });

  it('emits JobFailed and rejects with the error when the customers cannot be read', async () => {
    aws.failOnce(`Scan:${TABLES.CUSTOMERS_TABLE}`);
    let outcome: unknown;
    const lines = await linesOf(async () => {
      outcome = await handler().catch((err: unknown) => err);
    });
    expect(String(outcome)).toContain('failed (injected)');
    expect(jobRecords(lines).map((r) => [r.JobFailed, r.job])).toEqual([[1, 'alerts-evaluate']]);
  });
});
