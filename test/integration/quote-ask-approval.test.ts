/**
 * "Ask … to approve" (issue 39) through the local stack over HTTP: a customer over their approval
 * limit mails a colleague of the same customer who may approve the quote. Refusals first (no token,
 * bad body, staff, another customer's property, unknown quote, not awaiting, a name that may not
 * approve, asking while allowed oneself, nobody who may), then the mail with its link to the quote,
 * its audit line, and the limit on asks.
 */
import { jest } from '@jest/globals';
import { listAudit } from '../../lambdas/shared/data/audit.js';
import { putReportRows, type QuoteRow } from '../../lambdas/shared/data/report-rows.js';
import { getUserByEmail, setQuoteApproval } from '../../lambdas/shared/data/users.js';
import type { AskApprovalReply, QuotesReply } from '../../lambdas/shared/contract/quotes.js';
import { createTestUser, putCustomer, putProperty, request, signIn, startTestStack, type TestStack } from '../support/local-stack.js';

jest.setTimeout(180_000);

const PASSWORD = 'Passw0rd1';
const ADMIN = 'boss@staff.test';
const LEE = 'lee@alpha.test'; // may approve up to $50,000 at P-A1
const SAM = 'sam@alpha.test'; // may approve up to $5,000
const BETA_BIG = 'big@beta.test'; // another customer's approver of any amount

let t: TestStack;
const tokens = { admin: '', lee: '', sam: '', beta: '' };
const day = (offset: number) => new Date(Date.now() + offset * 86400_000).toISOString().slice(0, 10);
const quote = (id: string, amount: number, expiresIn: number, propertyId = 'P-A1', status: QuoteRow['status'] = 'Sent'): QuoteRow => ({
  dataset: 'quote', id, propertyId, title: `Work ${id}`, status, amount, createdAt: `${day(-10)}T09:00:00Z`, expiresAt: day(expiresIn),
});
const Q = {
  mid: quote('QT-ASK-1', 20_000, 20),
  huge: quote('QT-ASK-2', 90_000, 20),
  expired: quote('QT-ASK-3', 20_000, -2),
  small: quote('QT-ASK-4', 1_000, 20),
  beta: quote('QT-ASK-B', 20_000, 20, 'P-B1'),
  draft: quote('QT-ASK-D', 20_000, 20, 'P-A1', 'Draft'),
};
const ask = (token: string, q: QuoteRow, approver: unknown, propertyId: string = q.propertyId) =>
  request('POST', `/api/quotes/${q.id}/ask-approval`, { token, body: { propertyId, approver } });
const errorOf = (r: { json: unknown }) => (r.json as { error: string }).error;
const mailsTo = async (to: string) => (await t.outbox()).filter((m) => m.to === to);

beforeAll(async () => {
  t = await startTestStack();
  await putCustomer({ id: 'C-A', name: 'alpha' });
  await putCustomer({ id: 'C-B', name: 'beta' });
  await putProperty({ id: 'P-A1', customerId: 'C-A', name: 'Alpha One', propertyType: 'Office' });
  await putProperty({ id: 'P-B1', customerId: 'C-B', name: 'Beta One', propertyType: 'Office' });
  await putReportRows(t.db, Object.values(Q));
  await createTestUser({ email: ADMIN, password: PASSWORD });
  await createTestUser({ email: LEE, name: 'lee park', password: PASSWORD, customers: ['C-A'], properties: ['P-A1'] });
  await createTestUser({ email: SAM, name: 'sam small', password: PASSWORD, customers: ['C-A'], properties: ['P-A1'] });
  await createTestUser({ email: BETA_BIG, name: 'lee park', password: PASSWORD, customers: ['C-B'], properties: ['P-B1'] });
  for (const [email, limit] of [[LEE, 50_000], [SAM, 5_000], [BETA_BIG, null]] as const) await setQuoteApproval(t.db, (await getUserByEmail(t.db, email))!.sub, { limit });
  const [admin, lee, sam, beta] = await Promise.all([ADMIN, LEE, SAM, BETA_BIG].map((e) => signIn(e, PASSWORD)));
  Object.assign(tokens, { admin, lee, sam, beta });
});
afterAll(async () => t?.stop());

describe('POST /api/quotes/{quoteId}/ask-approval', () => {
  it('names only the same customer\'s colleagues who may approve the amount', async () => {
    const r = await request('GET', '/api/quotes?propertyIds=P-A1', { token: tokens.sam });
    const q = (r.json as QuotesReply).quotes.find((x) => x.id === Q.mid.id)!;
    expect(q.approvers).toEqual(['Lee Park']); // Beta's Lee Park may approve any amount, but not Alpha's quotes
  });

  it('refuses no token, a bad body, staff, another customer\'s property and unknown or Draft quotes', async () => {
    expect((await request('POST', `/api/quotes/${Q.mid.id}/ask-approval`, { body: { propertyId: 'P-A1', approver: 'Lee Park' } })).status).toBe(401);
    const bad = await ask(tokens.sam, Q.mid, '   ');
    expect(bad.status).toBe(400);
    expect(errorOf(bad)).toBe('Invalid body.approver: name who should approve');
    expect((await ask(tokens.sam, Q.mid, 42)).status).toBe(400);
    const staff = await ask(tokens.admin, Q.mid, 'Lee Park');
    expect(staff.status).toBe(403);
    expect(errorOf(staff)).toBe('Administrators do not ask for approvals: the customer does.');
    expect((await ask(tokens.beta, Q.mid, 'Lee Park')).status).toBe(403);
    expect((await ask(tokens.sam, Q.beta, 'Lee Park')).status).toBe(403);
    expect((await ask(tokens.sam, { ...Q.mid, id: 'QT-NONE' }, 'Lee Park')).status).toBe(404);
    expect((await ask(tokens.sam, Q.draft, 'Lee Park')).status).toBe(404);
  });

  it('refuses a quote no longer awaiting, asking while allowed oneself, a name that may not approve, and nobody who may', async () => {
    const expired = await ask(tokens.sam, Q.expired, 'Lee Park');
    expect(expired.status).toBe(409);
    expect(errorOf(expired)).toBe('This quote is no longer awaiting approval.');
    const self = await ask(tokens.sam, Q.small, 'Lee Park');
    expect(self.status).toBe(400);
    expect(errorOf(self)).toBe('You may approve this quote yourself.');
    const wrong = await ask(tokens.sam, Q.mid, 'Sam Small');
    expect(wrong.status).toBe(400);
    expect(errorOf(wrong)).toBe('Sam Small may not approve this quote. Ask one of the people the quote names.');
    const nobody = await ask(tokens.sam, Q.huge, 'Lee Park');
    expect(nobody.status).toBe(409);
    expect(errorOf(nobody)).toBe("Nobody at your company may approve this amount yet: your provider's administrators can give someone that permission.");
    expect(await mailsTo(LEE)).toEqual([]);
  });

  it('mails the colleague a link to the quote, says whom it asked, and audits it', async () => {
    const r = await ask(tokens.sam, Q.mid, ' lee park '); // as the list names them, case and spaces aside
    expect(r.status).toBe(200);
    expect(r.json as AskApprovalReply).toEqual({ message: 'We asked Lee Park to approve this quote by mail.', asked: ['Lee Park'] });
    const [mail] = await mailsTo(LEE);
    expect(mail!.subject).toBe('Please approve quote QT-ASK-1 (Alpha One, $20,000)');
    expect(mail!.text).toContain('Sam Small (sam@alpha.test) asks you to approve a quote for Alpha One');
    expect(mail!.text).toMatch(/^Review it here: https?:\/\/[^/\s]+\/home\/quotes\?quote=QT-ASK-1$/m);
    expect(await mailsTo(BETA_BIG)).toEqual([]);
    const audit = await listAudit(t.db, 50);
    expect(audit.items.find((a) => a.action === 'quote.ask-approval')).toMatchObject({ actorEmail: SAM, target: 'QT-ASK-1', details: { asked: [LEE] } });
  });

  it('limits asks to ten an hour per user (429 with Retry-After)', async () => {
    for (let i = 1; i < 10; i++) expect((await ask(tokens.sam, Q.mid, 'Lee Park')).status).toBe(200);
    const over = await ask(tokens.sam, Q.mid, 'Lee Park');
    expect(over.status).toBe(429);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
