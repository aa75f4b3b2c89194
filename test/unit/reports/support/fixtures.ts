/**
 * Fixtures of the reports handler tests (the AWS fake is the shared one in
 * test/unit/support/fake-aws.ts): the environment, the secrets, and a fake seeded with report rows
 * stored packed, as putReportRows stores them.
 */
import type { PropertyItem } from '../../../../lambdas/shared/data/properties.js';
import { indexItemsOf, packRows, type ReportRow } from '../../../../lambdas/shared/data/report-rows.js';
import type { Report } from '../../../../lambdas/shared/data/reports.js';
import type { UserItem } from '../../../../lambdas/shared/data/users.js';
import { jest } from '@jest/globals';
import { fakeAws, setTableEnv } from '../../support/fake-aws.js';

export const EMBED_KEY = 'embed-signing-key-for-tests-0123456789';
export const SIGMA_SECRET = 'sigma-secret-value';

export interface Data {
  users: UserItem[];
  properties: PropertyItem[];
  rows: ReportRow[];
  reports: (Report & { position: number })[];
}

export function setEnv() {
  setTableEnv({ EMBED_SECRET_ID: 'embed', LOG_LEVEL: 'silent' });
  delete process.env.SIGMA_CLIENT_ID;
  delete process.env.SIGMA_SECRET_ID;
  delete process.env.EMBED_TOKEN_TTL;
}

/** The shared fake holding these users, properties, rows (with their index items) and catalogue, with the embed and Sigma secrets. */
export const reportsAws = ({ rows, ...data }: Data) => {
  const packed = packRows(rows);
  return fakeAws({ ...data, reportRows: [...packed, ...indexItemsOf(packed)] }, { secrets: { embed: EMBED_KEY, sigma: SIGMA_SECRET } });
};

/**
 * A reports handler file's hooks: the environment, the fixture's clock when given (only the clock:
 * timers stay real for the SDK mocks), a fresh call history per test, the fakes restored at the end.
 */
export function useReportsAws(fake: Pick<ReturnType<typeof reportsAws>, 'ddb' | 'secrets'>, now?: number) {
  beforeAll(() => {
    setEnv();
    if (now !== undefined) jest.useFakeTimers({ now, doNotFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'setImmediate', 'clearImmediate', 'nextTick', 'queueMicrotask', 'hrtime', 'performance'] });
  });
  afterAll(() => {
    if (now !== undefined) jest.useRealTimers();
    fake.ddb.restore();
    fake.secrets.restore();
  });
  beforeEach(() => fake.ddb.resetHistory());
}
