import { jest } from '@jest/globals';
/**
 * The local stack's cold mode (COLD=1): each function runs from its own bundle, built as the CDK app
 * builds it, in processes of its own, started at its first call; a busy function starts another
 * process for a concurrent call; an idle one is stopped after COLD_IDLE_SECONDS and starts again.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { coldStats } from '../../infra/local/cold.js';
import { projectRoot } from '../../infra/local/handlers.js';
import { createTestUser, putCustomer, putProperty, request, startTestStack, type TestStack } from '../support/local-stack.js';

jest.setTimeout(240_000);

let t: TestStack;
const password = 'Cold-start-1';
const login = async () => {
  const r = await request('POST', '/api/users/login/', { body: { email: 'cold@customer.test', password } });
  expect(r.status).toBe(200);
  return (r.json as { token: string }).token;
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(async () => {
  t = await startTestStack({ env: { COLD: '1', COLD_IDLE_SECONDS: '2' } });
  await putCustomer({ id: 'C-COLD', name: 'Cold Customer' });
  await putProperty({ id: 'P-COLD', name: 'Cold Tower', customerId: 'C-COLD', propertyType: 'Office' });
  await createTestUser({ email: 'cold@customer.test', password, customers: ['C-COLD'], properties: ['P-COLD'] });
});
afterAll(async () => {
  await t?.stop();
  delete process.env.COLD;
});

it('is ready with every function cold, and builds each bundle as the CDK app does', () => {
  expect(coldStats().running).toBe(0);
  const bundle = path.join(projectRoot, '.tmp', 'cold-bundles', 'accounts__login.mjs');
  expect(existsSync(bundle)).toBe(true);
  const code = readFileSync(bundle, 'utf8');
  // Environment credentials only (infra/function-bundling.ts), minified.
  expect(code).not.toMatch(/credential-provider-sso|fromSSO|IMDS/);
  expect(code.split('\n').length).toBeLessThan(50);
});

it('starts a function at its first call and keeps it for the next; a concurrent call starts another', async () => {
  const before = coldStats().starts;
  const token = await login();
  // The log-in function and the pool's pre-token trigger, each in its own process.
  expect(coldStats().functions).toEqual(expect.arrayContaining(['accounts/login', 'triggers/pre-token-generation']));
  expect(coldStats().starts - before).toBeGreaterThanOrEqual(2);

  const first = await request('GET', '/api/sigma/customers', { token });
  expect(first.status).toBe(200);
  expect(first.json).toEqual({ customer_names: ['Cold Customer'], customer_ids: ['C-COLD'] });
  const warm = coldStats().starts;
  expect((await request('GET', '/api/sigma/customers', { token })).status).toBe(200);
  expect(coldStats().starts).toBe(warm);

  // Three at once on a function with one idle process: the others find it busy and start their own.
  const three = await Promise.all([1, 2, 3].map(() => request('GET', '/api/sigma/customers', { token })));
  expect(three.map((r) => r.status)).toEqual([200, 200, 200]);
  expect(coldStats().starts).toBeGreaterThan(warm);
});

it('stops an idle function after COLD_IDLE_SECONDS; its next call is a cold start again', async () => {
  const token = await login();
  expect((await request('GET', '/api/sigma/customers', { token })).status).toBe(200);
  await sleep(3_000);
  expect(coldStats().running).toBe(0);
  const before = coldStats().starts;
  expect((await request('GET', '/api/sigma/customers', { token })).status).toBe(200);
  expect(coldStats().starts).toBe(before + 1);
});

it('answers a bad request from the function process the same way: a 4xx with its message', async () => {
  const r = await request('POST', '/api/users/login/', { body: { email: 'x'.repeat(400), password: 'p' } });
  expect(r.status).toBe(400);
  expect(r.text).toMatch(/Invalid body\.email: Too big/);
});
