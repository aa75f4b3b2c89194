import { handler as listEvents } from '../../../lambdas/audit/list-events.js';
import { handler as viewAs } from '../../../lambdas/audit/view-as.js';
import { apiEvent, json } from '../support/events.js';
import { claims, fakeAws, STAFF, TABLES } from '../support/fake-aws.js';
import { admin, alice, setEnv } from '../documents/support/fixtures.js';

const LIST = 'GET /api/audit';
const VIEW_AS = 'POST /api/audit/view-as';

const aws = fakeAws({ users: [admin, alice, { ...alice, email: `colleague@${STAFF}` }] });
const w = aws.world;

beforeAll(setEnv);
afterAll(() => aws.restore());
beforeEach(() => aws.reset());

const as = (email?: string) => (email ? claims(email) : undefined);
const view = (email: string | undefined, body: unknown) => viewAs(apiEvent({ route: VIEW_AS, claims: as(email), body }));
const list = (email: string | undefined, query: Record<string, string> = {}) => listEvents(apiEvent({ route: LIST, claims: as(email), query }));

describe('POST /api/audit/view-as', () => {
  it('401 without a token', async () => {
    expect((await view(undefined, { email: alice.email })).statusCode).toBe(401);
  });
  it('400 for a malformed email or a staff account', async () => {
    const bad = await view(admin.email, { email: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(json(bad)).toEqual({ error: 'Invalid body.email: must be an email address' });
    const staff = await view(admin.email, { email: `colleague@${STAFF}` });
    expect(staff.statusCode).toBe(400);
    expect(json(staff)).toEqual({ error: 'Invalid body.email: staff accounts cannot be viewed as a customer.' });
  });
  it('403 for a customer', async () => {
    expect((await view(alice.email, { email: alice.email })).statusCode).toBe(403);
  });
  it('404 for an unknown user', async () => {
    const r = await view(admin.email, { email: 'ghost@customer.test' });
    expect(r.statusCode).toBe(404);
    expect(json(r)).toEqual({ error: 'No user with the email ghost@customer.test.' });
    expect(w.audit).toEqual([]);
  });
  it('records the event, the email compared in lower case', async () => {
    const r = await view(admin.email, { email: ` ${alice.email.toUpperCase()} ` });
    expect(r.statusCode).toBe(200);
    expect(json(r)).toEqual({ message: `Viewing the portal as ${alice.email}.` });
    expect(w.audit).toMatchObject([{ stream: 'audit', actorEmail: admin.email, action: 'view-as', target: alice.email, details: {} }]);
  });
});

describe('GET /api/audit', () => {
  it('401 without a token', async () => {
    expect((await list(undefined)).statusCode).toBe(401);
  });
  it('400 for a limit outside 1-500 or a cursor no page gave', async () => {
    expect(json(await list(admin.email, { limit: '0' })).error).toMatch(/^Invalid query\.limit: /);
    expect((await list(admin.email, { limit: '501' })).statusCode).toBe(400);
    expect((await list(admin.email, { limit: 'ten' })).statusCode).toBe(400);
    expect(json(await list(admin.email, { before: 'abc' }))).toEqual({ error: 'Invalid query.before: must be the nextBefore of a previous page' });
  });
  it('403 for a customer, before reading the log', async () => {
    expect((await list(alice.email)).statusCode).toBe(403);
    expect(aws.callsTo(TABLES.AUDIT_TABLE)).toBe(0);
  });
  it('pages newest first; nextBefore is null on the last page, also when it is exactly full', async () => {
    w.audit.length = 0;
    for (let i = 0; i < 6; i++) await view(admin.email, { email: alice.email });
    const first = json(await list(admin.email, { limit: '3' })) as { events: { id: string; at: string }[]; nextBefore: string | null };
    expect(first.events).toHaveLength(3);
    expect(first.events[0]).toEqual({ id: expect.any(String), at: expect.any(String), actor: admin.email, action: 'view-as', target: alice.email, details: {} });
    expect(first.events[0]!.id > first.events[1]!.id).toBe(true);
    expect(first.nextBefore).toBe(first.events[2]!.id);
    const second = json(await list(admin.email, { limit: '3', before: first.nextBefore! })) as typeof first;
    expect(second.events).toHaveLength(3);
    expect(second.events[0]!.id < first.events[2]!.id).toBe(true);
    expect(second.nextBefore).toBeNull();
    const all = json(await list(admin.email)) as typeof first;
    expect(all.events).toHaveLength(6);
    expect(all.nextBefore).toBeNull();
  });
});
