/**
 * Issue 43, item 3, through the local stack over HTTP: a quote's lines and options are answered
 * scoped exactly as the quote (a customer's own properties; an administrator viewing as them sees
 * theirs); a decision's choice is counted by the server from the stored lines, refused with a 400
 * that says which when it names unknown lines or options (409 when the total shown is not the
 * server's), the permission checked against the chosen total; the record holds the lines and
 * option chosen under its hash, and the dispatch mail lists them; the decision's event, audit entry
 * and mails give the chosen total as the amount decided. A quote without lines is answered and
 * decided as before.
 */
import path from 'node:path';
import { jest } from '@jest/globals';
import { readEvents } from '../../infra/local/eventbridge.js';
import { listAudit } from '../../lambdas/shared/data/audit.js';
import { decisionsOf } from '../../lambdas/shared/data/quote-decisions.js';
import { putReportRows, type QuoteLine, type QuoteLinesRow, type QuoteRow } from '../../lambdas/shared/data/report-rows.js';
import { intact } from '../../lambdas/shared/domain/quotes/decision.js';
import type { DecisionReply, QuoteDecidedDetail, QuotesReply, RecentDecisionsReply } from '../../lambdas/shared/contract/quotes.js';
import { createTestUser, putCustomer, putProperty, request, signIn, startTestStack, type TestStack } from '../support/local-stack.js';

jest.setTimeout(180_000);

const PASSWORD = 'Passw0rd1';
const DISPATCH = 'dispatch@provider.test';
const ADMIN = 'boss@staff.test';
const APPROVER = 'avery@alpha.test';
const SMALL = 'sam@alpha.test';
const OTHER = 'olive@beta.test';

let t: TestStack;
const tokens = { admin: '', approver: '', small: '', other: '' };
const day = (offset: number) => new Date(Date.now() + offset * 86400_000).toISOString().slice(0, 10);
const quote = (id: string, amount: number, propertyId = 'P-A1'): QuoteRow => ({ dataset: 'quote', id, propertyId, title: `Work ${id}`, status: 'Sent', amount, createdAt: `${day(-3)}T09:00:00Z`, expiresAt: day(20) });
const line = (description: string, quantity: number, unitPrice: number, extra: Pick<QuoteLine, 'optional' | 'option'> = {}): QuoteLine => ({ description, quantity, unitPrice, ...extra });
/** Base $1,000; Good +$3,000 (the amount, $4,000), Better +$4,500, Best +$6,000; optional $250 and $120.50. */
const LINES: QuoteLine[] = [
  line('Labour', 8, 125),
  line('Rebuilt motor', 1, 3_000, { option: 'Good' }),
  line('New motor', 1, 4_500, { option: 'Better' }),
  line('New motor, long warranty', 1, 6_000, { option: 'Best' }),
  line('Coil cleaning', 1, 250, { optional: true }),
  line('Isolators', 2, 60.25, { optional: true }),
];
const Q = { lined: quote('QL-1', 4_000), limit: quote('QL-2', 4_000), plain: quote('QL-3', 900), beta: quote('QL-B', 4_000, 'P-B1') };
const linesRow = (q: QuoteRow): QuoteLinesRow => ({ dataset: 'qline', id: q.id, propertyId: q.propertyId, lines: LINES });
const decide = (token: string, q: QuoteRow, name: string, body: Record<string, unknown>) =>
  request('POST', `/api/quotes/${q.id}/decision`, {
    token,
    body: { propertyId: q.propertyId, decision: 'approve', signature: name, agreed: true, ...body, shown: { amount: q.amount, title: q.title, expiresAt: q.expiresAt ?? null, ...((body.shown as object) ?? {}) } },
  });
const errorOf = (r: { json: unknown }) => (r.json as { error: string }).error;
/** The portal.quote.decided event of a quote, as the local bus wrote it. */
const eventOf = (quoteId: string) => readEvents(path.join(t.dataDir, 'events')).map((e) => e.detail as QuoteDecidedDetail).find((d) => d.quoteId === quoteId);
const auditOf = async (quoteId: string) => (await listAudit(t.db, 50)).items.find((e) => e.action === 'quote.approve' && e.target === quoteId)?.details;
const listed = async (token: string, query = '') => ((await request('GET', `/api/quotes${query}`, { token })).json as QuotesReply).quotes;

beforeAll(async () => {
  t = await startTestStack({ env: { DISPATCH_EMAIL: DISPATCH } });
  await putCustomer({ id: 'C-A', name: 'alpha' });
  await putCustomer({ id: 'C-B', name: 'beta' });
  await putProperty({ id: 'P-A1', customerId: 'C-A', name: 'Alpha One', propertyType: 'Office' });
  await putProperty({ id: 'P-B1', customerId: 'C-B', name: 'Beta One', propertyType: 'Office' });
  await putReportRows(t.db, [...Object.values(Q), linesRow(Q.lined), linesRow(Q.limit), linesRow(Q.beta)]);
  await createTestUser({ email: ADMIN, password: PASSWORD });
  await createTestUser({ email: APPROVER, name: 'avery approver', password: PASSWORD, customers: ['C-A'], properties: ['P-A1'] });
  await createTestUser({ email: SMALL, name: 'sam small', password: PASSWORD, customers: ['C-A'], properties: ['P-A1'] });
  await createTestUser({ email: OTHER, name: 'olive other', password: PASSWORD, customers: ['C-B'], properties: ['P-B1'] });
  Object.assign(tokens, Object.fromEntries(await Promise.all(([['admin', ADMIN], ['approver', APPROVER], ['small', SMALL], ['other', OTHER]] as const).map(async ([k, e]) => [k, await signIn(e, PASSWORD)]))));
  for (const [email, limit] of [[APPROVER, null], [SMALL, 5_000], [OTHER, null]] as const) {
    expect((await request('PUT', `/api/users/${email}/quote-approval`, { token: tokens.admin, body: { limit } })).status).toBe(200);
  }
});
afterAll(async () => t?.stop());

describe('GET /api/quotes: lines and options, scoped as the quote', () => {
  it("answers a customer's quotes with their lines and options, none of another customer's; a quote without lines with none", async () => {
    const mine = await listed(tokens.approver);
    expect(mine.map((q) => q.id).sort()).toEqual(['QL-1', 'QL-2', 'QL-3']);
    const lined = mine.find((q) => q.id === 'QL-1')!;
    expect(lined.options).toEqual(['Good', 'Better', 'Best']);
    expect(lined.lines.map((l) => [l.id, l.description, l.total, l.optional, l.option])).toEqual([
      ['L1', 'Labour', 1000, false, null], ['L2', 'Rebuilt motor', 3000, false, 'Good'], ['L3', 'New motor', 4500, false, 'Better'],
      ['L4', 'New motor, long warranty', 6000, false, 'Best'], ['L5', 'Coil cleaning', 250, true, null], ['L6', 'Isolators', 120.5, true, null],
    ]);
    expect(mine.find((q) => q.id === 'QL-3')).toMatchObject({ lines: [], options: [], amount: 900 });
    expect((await listed(tokens.other)).map((q) => q.id)).toEqual(['QL-B']);
    expect((await request('GET', '/api/quotes?propertyIds=P-A1', { token: tokens.other })).status).toBe(403);
    // An administrator viewing as the customer sees what the customer sees, lines included.
    const asThem = await listed(tokens.admin, `?email=${APPROVER}`);
    expect(asThem.find((q) => q.id === 'QL-1')!.lines).toHaveLength(6);
    expect(asThem.map((q) => q.id)).not.toContain('QL-B');
  });
});

describe('POST /api/quotes/{quoteId}/decision with lines and an option', () => {
  it('refuses unknown lines and options with a 400 that says which, before anything is written', async () => {
    const cases: [Record<string, unknown>, number, string][] = [
      [{ option: 'Premium' }, 400, 'Invalid body.option: the quote has no option "Premium"; its options are "Good", "Better", "Best"'],
      [{}, 400, 'Invalid body.option: choose one of the quote\'s options ("Good", "Better", "Best") to approve it'],
      [{ option: 'Good', lines: ['L9'] }, 400, 'Invalid body.lines: the quote has no line L9'],
      [{ option: 'Good', lines: ['L3'] }, 400, 'Invalid body.lines: line L3 is not optional; it is always in the quote or in one of its options'],
      [{ option: 'Good', lines: 'L5' }, 400, ''],
      [{ option: 'Good', lines: [5] }, 400, ''],
      [{ option: 'x'.repeat(41) }, 400, ''],
      [{ option: 'Good', lines: ['L5'], shown: { total: 4_000 } }, 409, 'The quote changed; review it again.'],
    ];
    for (const [body, status, message] of cases) {
      const r = await decide(tokens.approver, Q.lined, 'Avery Approver', body);
      expect({ body, status: r.status }).toEqual({ body, status });
      if (message) expect(errorOf(r)).toBe(message);
      else expect(errorOf(r)).toMatch(/^Invalid body\.(lines|option)/);
    }
    const plain = await decide(tokens.approver, Q.plain, 'Avery Approver', { option: 'Good' });
    expect([plain.status, errorOf(plain)]).toEqual([400, 'Invalid body.option: this quote has no options to choose from']);
    const plainLine = await decide(tokens.approver, Q.plain, 'Avery Approver', { lines: ['L1'] });
    expect([plainLine.status, errorOf(plainLine)]).toEqual([400, 'Invalid body.lines: this quote has no optional lines to tick']);
    // Another customer's quote: refused for its property before its lines are read.
    expect((await decide(tokens.other, Q.lined, 'Olive Other', { option: 'Good' })).status).toBe(403);
    expect(await decisionsOf(t.db, ['P-A1'])).toEqual([]);
  });

  it('checks the permission against the chosen total: within the limit with Good, over it with Best', async () => {
    const over = await decide(tokens.small, Q.limit, 'Sam Small', { option: 'Best' });
    expect([over.status, errorOf(over)]).toEqual([403, 'You may approve quotes up to $5,000; this one is over your limit.']);
    const within = await decide(tokens.small, Q.limit, 'Sam Small', { option: 'Good', lines: [], shown: { total: 4_000 } });
    expect(within.status).toBe(200);
    const [record] = await decisionsOf(t.db, ['P-A1']);
    expect(record!.chosen).toMatchObject({ option: 'Good', total: 4_000 });
  });

  it('records the option and the lines chosen under the hash, counted by the server, and the dispatch mail lists them', async () => {
    const r = await decide(tokens.approver, Q.lined, 'Avery Approver', { option: 'Better', lines: ['L6'], shown: { total: 5_620.5 } });
    expect(r.status).toBe(200);
    const reply = r.json as DecisionReply;
    expect(reply.quote).toMatchObject({ status: 'Approved', options: ['Good', 'Better', 'Best'] });
    expect(reply.quote.decisions[0]!.chosen).toEqual({ option: 'Better', lines: ['Labour', 'New motor', 'Isolators'], total: 5_620.5 });
    const record = (await decisionsOf(t.db, ['P-A1'])).find((d) => d.quoteId === 'QL-1')!;
    expect(record.hash).toBe(reply.hash);
    expect(intact(record)).toBe(true);
    expect(record.chosen).toMatchObject({ option: 'Better', total: 5_620.5 });
    expect(record.chosen!.lines.map((l) => l.id)).toEqual(['L1', 'L3', 'L6']);
    expect(intact({ ...record, chosen: { ...record.chosen!, lines: record.chosen!.lines.slice(0, 2) } })).toBe(false);
    const mail = (await t.outbox()).find((m) => m.to === DISPATCH && m.subject.includes('QL-1'))!;
    expect(mail.subject).toBe('Quote approved: QL-1 (Alpha One, $5,620.50)');
    expect(mail.text).toContain(['Lines chosen:', 'Option: Better', '- L1 Labour: 8 × $125 = $1,000', '- L3 New motor: 1 × $4,500 = $4,500 (Better)', '- L6 Isolators: 2 × $60.25 = $120.50 (optional, ticked)', 'Total of the lines chosen: $5,620.50'].join('\n'));
    expect(mail.text).not.toContain('Coil cleaning');
    expect(mail.text).toContain('Amount: $5,620.50 (the lines chosen; the quote\'s amount: $4,000)');
    // The event and the audit entry give the same amount decided (not the quote's $4,000), the quote's own beside it.
    const event = eventOf('QL-1')!;
    expect(event).toMatchObject({ decision: 'approve', amount: 5_620.5, record: { hash: reply.hash, shown: { amount: 4_000 }, chosen: { total: 5_620.5 } } });
    expect(await auditOf('QL-1')).toMatchObject({ amount: 5_620.5, quoteAmount: 4_000, option: 'Better', hash: reply.hash });
    const receipt = (await t.outbox()).find((m) => m.to === APPROVER && m.subject === 'Receipt: you approved quote QL-1')!;
    expect(receipt.text).toContain('Amount: $5,620.50 (the lines chosen; the quote\'s amount: $4,000)');
    // The administrators' list of recent decisions names the total the approval committed to.
    const recent = await request('GET', '/api/quotes/decisions', { token: tokens.admin });
    expect(recent.status).toBe(200);
    expect((recent.json as RecentDecisionsReply).decisions.find((d) => d.quoteId === 'QL-1')).toMatchObject({ decision: 'approve', amount: 5_620.5 });
  });

  it('decides a quote without lines as before: no choice recorded', async () => {
    const r = await decide(tokens.approver, Q.plain, 'Avery Approver', {});
    expect(r.status).toBe(200);
    const record = (await decisionsOf(t.db, ['P-A1'])).find((d) => d.quoteId === 'QL-3')!;
    expect(record).not.toHaveProperty('chosen');
    expect((await listed(tokens.approver)).find((q) => q.id === 'QL-3')!.decisions[0]!.chosen).toBeNull();
    expect(intact(record)).toBe(true);
    const plain = ((await request('GET', '/api/quotes/decisions', { token: tokens.admin })).json as RecentDecisionsReply).decisions.find((d) => d.quoteId === 'QL-3');
    expect(plain).toMatchObject({ amount: record.shown.amount });
    // Its event and audit entry: the quote's amount, nothing chosen.
    expect(eventOf('QL-3')).toMatchObject({ amount: 900 });
    const audited = await auditOf('QL-3');
    expect(audited).toMatchObject({ amount: 900 });
    expect(audited).not.toHaveProperty('quoteAmount');
  });
});
