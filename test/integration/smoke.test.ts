import { jest } from '@jest/globals';
/**
 * The post-deploy smoke test (npm run smoke) against the local stack, so it cannot rot: it passes on
 * a working portal, and fails naming the step when a part of it is broken (here: storage stopped).
 */
import { runSmoke, SmokeFailure } from '../../infra/smoke/smoke.js';
import { documentsOfProperties } from '../../lambdas/shared/data/documents.js';
import { authenticatorSecret, createTestUser, putCustomer, putProperty, startTestStack, type TestStack } from '../support/local-stack.js';

jest.setTimeout(90_000);

let t: TestStack;
const accounts = {
  customer: { email: 'smoke-customer@acme.test', password: 'Smoke-pass-1' },
  staff: { email: 'smoke-staff@staff.test', password: 'Smoke-staff-pass-1', totpSecret: '' },
};

beforeAll(async () => {
  t = await startTestStack();
  await putCustomer({ id: 'C-S', name: 'Smoke Test Customer' });
  await putProperty({ id: 'P-S', customerId: 'C-S', name: 'Smoke Test Building', propertyType: 'Office' });
  await createTestUser({ ...accounts.customer, customers: ['C-S'], properties: ['P-S'] });
  await createTestUser(accounts.staff);
  accounts.staff.totpSecret = authenticatorSecret(accounts.staff.email)!;
});
afterAll(async () => t?.stop());

it('passes every step on a working portal, and leaves no document behind', async () => {
  const lines: string[] = [];
  await runSmoke(t.baseUrl, accounts, (l) => lines.push(l));
  expect(lines.filter((l) => l.startsWith('ok ')).map((l) => l.replace(/^ok +/, '').replace(/ \(\d+ ms\)$/, ''))).toEqual([
    'config.json served',
    'customer signs in through Cognito',
    "customer's properties",
    'report list',
    "one report frame's data",
    'telemetry device list',
    'an administrator-only call is refused for the customer',
    'staff member signs in with the authenticator code',
    'document round trip (upload, list, download the same bytes, delete)',
    'sign-out revokes the refresh token',
  ]);
  expect(await documentsOfProperties(t.db, ['P-S'])).toEqual([]);
});

it('fails naming the step when storage is down', async () => {
  await t.stack.stopEmulator('s3');
  const failure = await runSmoke(t.baseUrl, accounts, () => {}).then(
    () => null,
    (e: unknown) => e,
  );
  expect(failure).toBeInstanceOf(SmokeFailure);
  expect((failure as SmokeFailure).step).toBe('document round trip (upload, list, download the same bytes, delete)');
  expect((failure as SmokeFailure).message).toMatch(/^smoke: FAILED at "document round trip/);
});
