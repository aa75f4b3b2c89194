/**
 * The notification jobs through the local stack, run as their schedules would (`runJob`): the
 * documents digest mails a subscribed user the documents added to their properties, the weekly
 * summary mails the week's figures (with the property's estimated energy line from a simulator this
 * file starts: a steady unit and a short-cycling one), and a mail that bounces (SES's mailbox simulator address)
 * comes back through the configuration set's feedback to `notifications/mail-feedback`, which
 * suppresses the address. Before the weekly summary, the energy roll-up rolls the units' days, which
 * the summary's energy line then reads. Each job's AWS calls are recorded for the IAM check (test/iam).
 */
import { jest } from '@jest/globals';
import { suppressionOf } from '../../lambdas/shared/data/mail-suppression.js';
import { queryAll } from '../../lambdas/shared/data/batch.js';
import { putEquipment } from '../../lambdas/shared/data/equipment.js';
import { startSimulator, type Simulator } from '../../infra/local/simulator/simulator.js';
import { multipart } from '../support/multipart.js';
import { createTestUser, putCustomer, putProperty, request, signIn, startTestStack, type TestStack } from '../support/local-stack.js';

jest.setTimeout(90_000);

const PASSWORD = 'Passw0rd1';
const READER = 'reader@customer-n.test';
const BOUNCE = 'bounce@simulator.amazonses.com';
const KEY = 'integration-weekly-key';
let t: TestStack;
let sim: Simulator;
let admin: string;

const subscribe = async (email: string, settings: Record<string, boolean>) => {
  const token = await signIn(email, PASSWORD);
  const r = await request('PATCH', '/api/notifications', { token, body: { settings } });
  expect(r.status).toBe(200);
};
const mailsTo = async (to: string) => (await t.outbox()).filter((m) => m.to.toLowerCase().includes(to));

beforeAll(async () => {
  // The digest waits for uploads to settle (120 s by default); the handlers read it from this process.
  process.env.DOCUMENTS_SETTLE_SECONDS = '0';
  sim = await startSimulator({
    apiKey: KEY,
    fleet: [
      { deviceId: 'DEV-N-EQ1', equipmentId: 'N-EQ1', kind: 'air', lagMinutes: 0, signals: 'call', profile: 'normal' },
      { deviceId: 'DEV-N-EQ2', equipmentId: 'N-EQ2', kind: 'air', lagMinutes: 0, signals: 'call', profile: 'short-cycling' },
    ],
  });
  // E2E=1: the gateway's control route for the end-to-end specs' job passes, checked below.
  t = await startTestStack({ env: { TELEMETRY_BASE_URL: sim.url, TELEMETRY_API_KEY: KEY, E2E: '1' } });
  await putCustomer({ id: 'C-N', name: 'Northwind', telemetryCustomerId: 'ncl-n' });
  await putProperty({ id: 'P-N1', customerId: 'C-N', name: 'Northwind Tower', propertyType: 'Office', tariffPerKwh: 0.12 });
  await putEquipment(
    t.db,
    [['N-EQ1', 'RTU-Steady'], ['N-EQ2', 'RTU-Short']].map(([id, name]) => ({ customerId: 'C-N', id: id!, propertyId: 'P-N1', buildingName: 'Main', name: name!, equipmentType: 'Rooftop Unit', telemetryData: '{}' })),
  );
  await createTestUser({ email: 'ops@staff.test', password: PASSWORD });
  await createTestUser({ email: READER, name: 'Rae Reader', password: PASSWORD, customers: ['C-N'], properties: ['P-N1'] });
  await createTestUser({ email: BOUNCE, password: PASSWORD, customers: ['C-N'], properties: ['P-N1'] });
  admin = await signIn('ops@staff.test', PASSWORD);
  await subscribe(READER, { documents: true, weekly: true });
  await subscribe(BOUNCE, { weekly: true });
});
afterAll(async () => {
  await t?.stop();
  await sim?.close();
  delete process.env.DOCUMENTS_SETTLE_SECONDS;
});

it('the documents digest mails a subscribed user the document added to their property', async () => {
  const m = multipart([{ name: 'propertyId', value: 'P-N1' }, { name: 'file', value: '%PDF-1.4 plan', filename: 'chiller-plan.pdf' }]);
  const up = await request('POST', '/api/s3/uploaddocument', { token: admin, body: m.body, headers: { 'content-type': m.contentType } });
  expect(up.status).toBe(201);
  // Asked as the end-to-end specs ask it (test/e2e/support/jobs.ts): the answer comes once the pass has ended.
  const ran = await request('POST', '/_control/jobs/notifications/documents-digest');
  expect({ status: ran.status, json: ran.json }).toEqual({ status: 200, json: { ran: 'notifications/documents-digest' } });
  const mails = await mailsTo(READER);
  expect(mails.map((x) => x.subject)).toContain('New document for Northwind Tower');
  expect(mails.find((x) => x.subject === 'New document for Northwind Tower')!.text).toContain('chiller-plan.pdf');
});

it('the control route of the end-to-end specs answers 404 for no such job (without E2E=1 there is no route: local-stack.test.ts)', async () => {
  const none = await request('POST', '/_control/jobs/notifications/no-such-job');
  expect({ status: none.status, json: none.json }).toEqual({ status: 404, json: { error: 'No scheduled job notifications/no-such-job (lambdas/routes.ts)' } });
});

it("the energy roll-up rolls each unit's last 92 days once, into the report-rows table; a second run rolls none", async () => {
  const first = (await t.stack.runJob('telemetry/roll-up-days')) as { devices: number; rolled: number; left: number; failed: string[] };
  expect(first).toMatchObject({ rolled: 2 * 92, left: 0, failed: [] });
  const items = await queryAll<{ sk: string; deviceId: string }>(t.db, { TableName: t.env.REPORT_ROWS_TABLE, KeyConditionExpression: 'propertyId = :p', ExpressionAttributeValues: { ':p': 'unit-days#C-N' } });
  expect(new Set(items.map((i) => i.deviceId))).toEqual(new Set(['DEV-N-EQ1', 'DEV-N-EQ2']));
  expect(items.every((i) => /^unit-day#DEV-N-EQ[12]#\d{4}-\d{2}$/.test(i.sk))).toBe(true);
  expect(await t.stack.runJob('telemetry/roll-up-days')).toMatchObject({ rolled: 0, left: 0, failed: [] });
});

it('the weekly summary mails each subscriber, with the estimated energy line; the one that bounces is suppressed by the mail feedback', async () => {
  await t.stack.runJob('notifications/weekly-summary');
  const weekly = (await mailsTo(READER)).find((x) => /week/i.test(x.subject));
  expect(weekly).toBeDefined();
  expect(weekly!.text).toMatch(/\nNorthwind Tower:\n {2}Work orders opened: \d+; completed: \d+\n {2}Invoices issued: \d+.*\n {2}Energy \(estimated\): [\d,.]+ kWh, cost \$[\d,.]+; units flagged: RTU-Short \(short cycling\); readings cover \d+ % of the week\n/);
  expect(weekly!.text).toMatch(/how, and with which inputs: http\S+\/energy-estimates\n/);
  expect((await mailsTo(BOUNCE)).some((x) => /week/i.test(x.subject))).toBe(true);
  for (let i = 0; i < 50 && !(await suppressionOf(t.db, BOUNCE)); i++) await new Promise((r) => setTimeout(r, 100));
  expect(await suppressionOf(t.db, BOUNCE)).toMatchObject({ reason: 'bounce' });
});
