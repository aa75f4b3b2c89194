/** The audit log and "view as" through the local stack over HTTP (the old server's audit tests, ported). */
import { jest } from '@jest/globals';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { createTestUser, putCustomer, request, signIn, startTestStack, type TestStack } from '../support/local-stack.js';

jest.setTimeout(60_000);

const PASSWORD = 'Passw0rd1';
const ADMIN = 'boss@staff.test';
const A = 'a@customer-a.test';
let t: TestStack;
let admin: string;
let a: string;

const auditItems = async () => (await t.db.send(new ScanCommand({ TableName: t.env.AUDIT_TABLE }))).Items ?? [];

beforeAll(async () => {
  t = await startTestStack();
  await putCustomer({ id: 'C-A', name: 'alpha' });
  await createTestUser({ email: ADMIN, password: PASSWORD });
  await createTestUser({ email: A, password: PASSWORD, customers: ['C-A'] });
  [admin, a] = await Promise.all([signIn(ADMIN, PASSWORD), signIn(A, PASSWORD)]);
});
afterAll(async () => t?.stop());

const viewAs = (token: string | undefined, email: string) => request('POST', '/api/audit/view-as', { token, body: { email } });

describe('POST /api/audit/view-as', () => {
  it('401, 400, 403, 404 before recording anything', async () => {
    expect((await viewAs(undefined, A)).status).toBe(401);
    expect((await viewAs(admin, 'x')).status).toBe(400);
    const staff = await viewAs(admin, 'someone@staff.test');
    expect(staff.status).toBe(400);
    expect(staff.json).toEqual({ error: 'Invalid body.email: staff accounts cannot be viewed as a customer.' });
    expect((await viewAs(a, A)).status).toBe(403);
    const ghost = await viewAs(admin, 'ghost@customer.test');
    expect(ghost.status).toBe(404);
    expect(ghost.json).toEqual({ error: 'No user with the email ghost@customer.test.' });
    expect(await auditItems()).toEqual([]);
  });

  it('records a view-as event', async () => {
    const res = await viewAs(admin, A.toUpperCase());
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ message: `Viewing the portal as ${A}.` });
    expect(await auditItems()).toMatchObject([{ actorEmail: ADMIN, action: 'view-as', target: A }]);
  });
});

interface Page {
  events: { id: string; actor: string; action: string; target: string; details: unknown }[];
  nextBefore: string | null;
}

describe('GET /api/audit', () => {
  it('401, 400, 403, then pages newest first', async () => {
    expect((await request('GET', '/api/audit')).status).toBe(401);
    expect((await request('GET', '/api/audit?limit=0', { token: admin })).status).toBe(400);
    expect((await request('GET', '/api/audit?before=abc', { token: admin })).status).toBe(400);
    expect((await request('GET', '/api/audit', { token: a })).status).toBe(403);
    for (let i = 0; i < 4; i++) expect((await viewAs(admin, A)).status).toBe(200);
    const first = (await request('GET', '/api/audit?limit=3', { token: admin })).json as Page;
    expect(first.events).toHaveLength(3);
    expect(first.events[0]).toMatchObject({ actor: ADMIN, action: 'view-as', target: A, details: {} });
    expect(first.events[0]!.id > first.events[1]!.id).toBe(true);
    const second = (await request('GET', `/api/audit?limit=3&before=${encodeURIComponent(first.nextBefore!)}`, { token: admin })).json as Page;
    expect(second.events).toHaveLength(2);
    expect(second.nextBefore).toBeNull();
    expect(second.events[0]!.id < first.events[2]!.id).toBe(true);
  });
});
