/**
 * Quote decisions (issue 30) through the local stack over HTTP: who may approve (the users-row
 * permission an administrator sets), the refusals before the success case (bad body 400, staff and
 * other tenants 403, no permission or over the limit 403, expired and changed 409), then an
 * approval with its immutable record, mails, event and figures; a decline; changes asked for; and
 * imports that keep a portal decision or, deciding otherwise, are listed as conflicts.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { jest } from '@jest/globals';
import { importFiles } from '../../infra/admin/import.js';
import { readEvents } from '../../infra/local/eventbridge.js';
import { decisionsOf, putDecision } from '../../lambdas/shared/data/quote-decisions.js';
import { getReportRow, putReportRows, type QuoteRow } from '../../lambdas/shared/data/report-rows.js';
import { getUserByEmail } from '../../lambdas/shared/data/users.js';
import { listAudit } from '../../lambdas/shared/data/audit.js';
import { intact } from '../../lambdas/shared/domain/quotes/decision.js';
import type { DecisionReply, QuotesReply, RecentDecisionsReply } from '../../lambdas/shared/contract/quotes.js';
import type { PageData } from '../../lambdas/shared/contract/reports.js';
import { adminCli } from '../support/admin-cli.js';
import { multipart } from '../support/multipart.js';
import { createTestUser, putCustomer, putProperty, request, signIn, startTestStack, type TestStack } from '../support/local-stack.js';

jest.setTimeout(180_000);

const PASSWORD = 'Passw0rd1';
const DISPATCH = 'dispatch@provider.test';
const ADMIN = 'boss@staff.test';
const APPROVER = 'approver@alpha.test';
const SMALL = 'small@alpha.test';
const VIEWER = 'viewer@alpha.test';
const OTHER = 'other@beta.test';

let t: TestStack;
const tokens: Record<'admin' | 'approver' | 'small' | 'viewer' | 'other', string> = { admin: '', approver: '', small: '', viewer: '', other: '' };
const day = (offset: number) => new Date(Date.now() + offset * 86400_000).toISOString().slice(0, 10);
const quote = (id: string, amount: number, expiresIn: number, propertyId = 'P-A1', status: QuoteRow['status'] = 'Sent'): QuoteRow => ({
  dataset: 'quote', id, propertyId, title: `Work ${id}`, status, amount, createdAt: `${day(-10)}T09:00:00Z`, expiresAt: day(expiresIn),
});
const shownOf = (q: QuoteRow) => ({ amount: q.amount, title: q.title, expiresAt: q.expiresAt ?? null });
const decide = (token: string, q: QuoteRow, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  request('POST', `/api/quotes/${q.id}/decision`, { token, headers, body: { propertyId: q.propertyId, shown: shownOf(q), ...body } });
/** Each account's name, as its approvals are signed (issue 39: another name is refused). */
const NAMES: Record<keyof typeof tokens, string> = { admin: 'Boss', approver: 'Avery Approver', small: 'Sam Small', viewer: 'Viewer', other: 'Other' };
const nameOf = (token: string) => NAMES[(Object.keys(tokens) as (keyof typeof tokens)[]).find((k) => tokens[k] === token) ?? 'approver'];
const approve = (token: string, q: QuoteRow, extra: Record<string, unknown> = {}) => decide(token, q, { decision: 'approve', signature: nameOf(token), agreed: true, ...extra });
const mailsTo = async (to: string) => (await t.outbox()).filter((m) => m.to === to);
const errorOf = (r: { json: unknown }) => (r.json as { error: string }).error;

const Q = {
  approve: quote('QT-1', 4_000, 20),
  big: quote('QT-2', 60_000, 20),
  expired: quote('QT-3', 1_000, -2),
  decline: quote('QT-4', 2_500, 20),
  changes: quote('QT-5', 3_000, 20),
  beta: quote('QT-B', 500, 20, 'P-B1'),
  reimport: quote('QT-6', 1_500, 20),
  conflict: quote('QT-7', 1_600, 20),
};

async function awaitingApproval(token: string): Promise<number | undefined> {
  const r = await request('POST', '/api/sigma/filtered', { token, body: { email: APPROVER, _url: '/embed/quotes', selectedReport: 'quotes', customers: [], properties: [] } });
  expect(r.status).toBe(200);
  const embedToken = new URL((r.json as { url: string }).url, 'http://x').searchParams.get('token')!;
  const d = (await request('GET', '/api/embed/data', { token: embedToken })).json as PageData;
  return d.figures.find((f) => f.label === 'Awaiting approval')?.value as number | undefined;
}

beforeAll(async () => {
  t = await startTestStack({ env: { DISPATCH_EMAIL: DISPATCH } });
  await putCustomer({ id: 'C-A', name: 'alpha' });
  await putCustomer({ id: 'C-B', name: 'beta' });
  await putProperty({ id: 'P-A1', customerId: 'C-A', name: 'Alpha One', propertyType: 'Office' });
  await putProperty({ id: 'P-B1', customerId: 'C-B', name: 'Beta One', propertyType: 'Office' });
  await putReportRows(t.db, Object.values(Q));
  await createTestUser({ email: ADMIN, password: PASSWORD });
  await createTestUser({ email: APPROVER, name: 'avery approver', password: PASSWORD, customers: ['C-A'], properties: ['P-A1'] });
  await createTestUser({ email: SMALL, name: 'sam small', password: PASSWORD, customers: ['C-A'], properties: ['P-A1'] });
  await createTestUser({ email: VIEWER, password: PASSWORD, customers: ['C-A'], properties: ['P-A1'] });
  await createTestUser({ email: OTHER, password: PASSWORD, customers: ['C-B'], properties: ['P-B1'] });
  const [admin, approver, small, viewer, other] = await Promise.all([ADMIN, APPROVER, SMALL, VIEWER, OTHER].map((e) => signIn(e, PASSWORD)));
  Object.assign(tokens, { admin, approver, small, viewer, other });
});
afterAll(async () => t?.stop());

describe('PUT /api/users/{email}/quote-approval', () => {
  const put = (token: string, email: string, body: unknown) => request('PUT', `/api/users/${email}/quote-approval`, { token, body });

  it('refuses customers, a bad limit, staff accounts and unknown users', async () => {
    expect((await put(tokens.approver, APPROVER, { limit: null })).status).toBe(403);
    const bad = await put(tokens.admin, APPROVER, { limit: 0 });
    expect(bad.status).toBe(400);
    expect(errorOf(bad)).toMatch(/^Invalid body/);
    expect((await put(tokens.admin, APPROVER, { allowed: true })).status).toBe(400);
    const staff = await put(tokens.admin, ADMIN, { limit: null });
    expect(staff.status).toBe(400);
    expect(errorOf(staff)).toBe(`${ADMIN} is a staff account; only customer accounts approve quotes.`);
    expect((await put(tokens.admin, 'nobody@alpha.test', { limit: 5 })).status).toBe(404);
  });

  it('sets a limit, any amount, or none, on the users row, audited', async () => {
    const set = await put(tokens.admin, APPROVER, { limit: null });
    expect(set.status).toBe(200);
    expect(set.json).toEqual({ message: 'Quote approval saved.', EMAIL: APPROVER, QUOTE_APPROVAL: { limit: null } });
    expect((await put(tokens.admin, SMALL, { limit: 5_000 })).json).toMatchObject({ QUOTE_APPROVAL: { limit: 5_000 } });
    expect((await put(tokens.admin, VIEWER, { limit: 100 })).status).toBe(200);
    expect((await put(tokens.admin, VIEWER, { allowed: false })).json).toMatchObject({ QUOTE_APPROVAL: null });
    expect((await getUserByEmail(t.db, APPROVER))!.quoteApproval).toEqual({ limit: null });
    expect((await getUserByEmail(t.db, SMALL))!.quoteApproval).toEqual({ limit: 5_000 });
    expect((await getUserByEmail(t.db, VIEWER))!.quoteApproval).toBeUndefined();
    const { items } = await listAudit(t.db, 10);
    expect(items.find((e) => e.action === 'user.quote-approval' && e.target === SMALL)).toMatchObject({ actorEmail: ADMIN, details: { from: null, to: { limit: 5_000 } } });
  });
});

describe('GET /api/quotes', () => {
  it('lists the Sent quotes of the caller\'s properties with who may approve each; another tenant\'s property is refused', async () => {
    const r = await request('GET', '/api/quotes', { token: tokens.viewer });
    expect(r.status).toBe(200);
    const reply = r.json as QuotesReply;
    expect(reply).toMatchObject({ approval: null, canDecide: true });
    expect(reply.quotes.map((q) => q.id).sort()).toEqual(['QT-1', 'QT-2', 'QT-3', 'QT-4', 'QT-5', 'QT-6', 'QT-7']);
    expect(reply.quotes.find((q) => q.id === 'QT-1')!.approvers).toEqual(['Avery Approver', 'Sam Small']);
    expect(reply.quotes.find((q) => q.id === 'QT-2')!.approvers).toEqual(['Avery Approver']);
    // The name an approval is signed with: the caller's own account (issue 39).
    expect(reply.signer).toEqual({ name: 'Viewer', email: VIEWER });
    expect(reply.quotes.find((q) => q.id === 'QT-3')!.expired).toBe(true);
    expect((await request('GET', '/api/quotes?propertyIds=P-A1', { token: tokens.other })).status).toBe(403);
    expect((await request('GET', `/api/quotes?email=${VIEWER}`, { token: tokens.other })).status).toBe(403);
    const own = (await request('GET', '/api/quotes', { token: tokens.other })).json as QuotesReply;
    expect(own.quotes.map((q) => q.id)).toEqual(['QT-B']);
  });

  it('links the newest document of the quote\'s own property that names the quote, which the customer may open', async () => {
    const upload = async (propertyId: string, filename: string) => {
      const m = multipart([{ name: 'propertyId', value: propertyId }, { name: 'file', value: `%PDF ${filename}`, filename }]);
      const r = await request('POST', '/api/s3/uploaddocument', { token: tokens.admin, body: m.body, headers: { 'content-type': m.contentType } });
      expect(r.status).toBe(201);
      return (r.json as { DOCUMENT_URL: string }).DOCUMENT_URL;
    };
    await upload('P-A1', 'Quote_QT-1_first.pdf');
    const newest = await upload('P-A1', 'qt-1-revised.pdf');
    await upload('P-A1', 'Quote_QT-10.pdf'); // another number that starts alike: not QT-1's
    await upload('P-B1', 'Quote_QT-2.pdf'); // names QT-2, but at another customer's property
    const reply = (await request('GET', '/api/quotes', { token: tokens.viewer })).json as QuotesReply;
    const byId = new Map(reply.quotes.map((q) => [q.id, q]));
    expect(byId.get('QT-1')!.document).toEqual({ key: newest, fileName: 'qt-1-revised.pdf' });
    expect(byId.get('QT-2')!.document).toBeNull();
    expect(byId.get('QT-4')!.document).toBeNull();
    const link = await request('GET', `/api/s3/getpresignedurl?key=${encodeURIComponent(newest)}`, { token: tokens.viewer });
    expect(link.status).toBe(200);
    const otherLink = await request('GET', `/api/s3/getpresignedurl?key=${encodeURIComponent(newest)}`, { token: tokens.other });
    expect(otherLink.status).toBe(403);
  });

  it('answers an administrator viewing as a customer with that customer\'s quotes and no right to decide', async () => {
    const r = await request('GET', `/api/quotes?email=${APPROVER}`, { token: tokens.admin });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ approval: { limit: null }, canDecide: false, signer: { name: 'Avery Approver', email: APPROVER } });
  });

  it('lists one quote named by `quote=` too (issue 43: a Quotes report row opened), decided long ago or outside the portal, scoped like the list', async () => {
    const old = { ...quote('QT-OLD', 900, -400, 'P-A1', 'Approved'), decidedAt: `${day(-380)}T10:00:00Z` };
    const draft = quote('QT-DRAFT', 700, 20, 'P-A1', 'Draft');
    const betaOld = quote('QT-BOLD', 800, -400, 'P-B1', 'Declined');
    await putReportRows(t.db, [old, draft, betaOld]);
    const ids = async (token: string, query: string) => {
      const r = await request('GET', `/api/quotes?${query}`, { token });
      expect(r.status).toBe(200);
      return (r.json as QuotesReply).quotes.map((q) => q.id);
    };
    // Not listed by itself (neither Sent nor decided in the portal lately); listed when named, with its status.
    expect(await ids(tokens.viewer, '')).not.toContain('QT-OLD');
    expect(await ids(tokens.viewer, 'quote=QT-OLD')).toContain('QT-OLD');
    const named = ((await request('GET', '/api/quotes?quote=QT-OLD', { token: tokens.viewer })).json as QuotesReply).quotes.find((q) => q.id === 'QT-OLD')!;
    expect(named).toMatchObject({ status: 'Approved', propertyId: 'P-A1' });
    expect(await ids(tokens.viewer, 'quote=QT-OLD&propertyIds=P-A1')).toContain('QT-OLD');
    // An administrator viewing as the customer gets it too; a draft never; another customer's quote answers as none.
    expect(await ids(tokens.admin, `email=${VIEWER}&quote=QT-OLD`)).toContain('QT-OLD');
    expect(await ids(tokens.viewer, 'quote=QT-DRAFT')).not.toContain('QT-DRAFT');
    expect(await ids(tokens.viewer, 'quote=QT-BOLD')).not.toContain('QT-BOLD');
    expect(await ids(tokens.other, 'quote=QT-OLD')).not.toContain('QT-OLD');
    expect(await ids(tokens.other, 'quote=QT-BOLD')).toContain('QT-BOLD');
    // A bad id is refused naming the field.
    const bad = await request('GET', `/api/quotes?quote=${'x'.repeat(201)}`, { token: tokens.viewer });
    expect(bad.status).toBe(400);
    expect(errorOf(bad)).toMatch(/quote/);
  });
});

describe('POST /api/quotes/{quoteId}/decision: refusals', () => {
  it('refuses without a token, and bad bodies naming the field', async () => {
    expect((await decide('', Q.approve, { decision: 'approve' })).status).toBe(401);
    const noReason = await decide(tokens.approver, Q.decline, { decision: 'decline' });
    expect(noReason.status).toBe(400);
    expect(errorOf(noReason)).toBe('Invalid body.reason: say why you decline the quote');
    const noComment = await decide(tokens.approver, Q.changes, { decision: 'request-changes', comment: '   ' });
    expect(errorOf(noComment)).toBe('Invalid body.comment: say what should change');
    const noSignature = await approve(tokens.approver, Q.approve, { signature: '' });
    expect(errorOf(noSignature)).toBe('Invalid body.signature: type your full name to sign the approval');
    expect(errorOf(await approve(tokens.approver, Q.approve, { agreed: false }))).toBe('Invalid body.agreed: tick "I approve this quote" to approve it');
    expect((await approve(tokens.approver, Q.approve, { signature: 'x'.repeat(201) })).status).toBe(400);
  });

  it('refuses an approval signed with a name that is not the signed-in account\'s (issue 39), naming the account\'s', async () => {
    const mickey = await approve(tokens.approver, Q.approve, { signature: 'Mickey Mouse' });
    expect(mickey.status).toBe(400);
    expect(errorOf(mickey)).toBe("Invalid body.signature: the signature must be your own account's name, Avery Approver; an approval cannot be signed with another name");
    // A colleague's name is another name too.
    expect(errorOf(await approve(tokens.approver, Q.approve, { signature: 'Sam Small' }))).toMatch(/^Invalid body\.signature: the signature must be your own account's name, Avery Approver;/);
    expect((await getReportRow(t.db, 'P-A1', 'quote', 'QT-1'))!.status).toBe('Sent');
    expect(await decisionsOf(t.db, ['P-A1'])).toEqual([]);
  });

  it('refuses administrators, also when they name the customer, and another customer\'s quote', async () => {
    const staff = await approve(tokens.admin, Q.approve);
    expect(staff.status).toBe(403);
    expect(errorOf(staff)).toBe('Administrators cannot decide quotes, also not while viewing the portal as a customer: the customer decides.');
    expect((await approve(tokens.admin, Q.approve, { email: APPROVER })).status).toBe(403);
    const other = await approve(tokens.other, Q.approve);
    expect(other.status).toBe(403);
    expect(errorOf(other)).toBe('You may only decide quotes of your own properties.');
    // Naming a property of their own does not reach another's quote.
    expect((await decide(tokens.other, { ...Q.approve, propertyId: 'P-B1' }, { decision: 'approve', signature: 'O', agreed: true })).status).toBe(404);
  });

  it('refuses an approval without the permission, and one over the user\'s limit, naming it', async () => {
    const none = await approve(tokens.viewer, Q.approve);
    expect(none.status).toBe(403);
    expect(errorOf(none)).toBe('You may not approve quotes. Ask a colleague who may approve quotes, or your administrator.');
    const over = await approve(tokens.small, Q.big);
    expect(over.status).toBe(403);
    expect(errorOf(over)).toBe('You may approve quotes up to $5,000; this one is over your limit.');
  });

  it('refuses an expired quote and one that changed since it was shown', async () => {
    const expired = await approve(tokens.approver, Q.expired);
    expect(expired.status).toBe(409);
    expect(errorOf(expired)).toMatch(/^This quote expired on \d{1,2} [A-Z][a-z]{2} \d{4} and can no longer be decided\.$/);
    const changed = await approve(tokens.approver, { ...Q.approve, amount: 3_999 });
    expect(changed.status).toBe(409);
    expect(errorOf(changed)).toBe('The quote changed; review it again.');
    expect((await getReportRow(t.db, 'P-A1', 'quote', 'QT-1'))!.status).toBe('Sent');
    expect(await decisionsOf(t.db, ['P-A1'])).toEqual([]);
  });
});

describe('POST /api/quotes/{quoteId}/decision: decisions', () => {
  it('approves with a signature: the immutable record, the quote Approved, mails, the event and the figures', async () => {
    const before = await awaitingApproval(tokens.approver);
    const r = await decide(tokens.small, Q.approve, { decision: 'approve', agreed: true, poNumber: 'PO-778', signature: 'sám  SMALL' }, { 'user-agent': 'QuotesTest/1.0' });
    expect(r.status).toBe(200);
    const reply = r.json as DecisionReply;
    expect(reply.message).toBe('Quote approved. The provider has been told.');
    expect(reply.quote).toMatchObject({ id: 'QT-1', status: 'Approved', decidedBy: 'Sam Small' });

    const [record] = await decisionsOf(t.db, ['P-A1']);
    expect(record).toMatchObject({
      quoteId: 'QT-1', customerId: 'C-A', decision: 'approve', poNumber: 'PO-778', userAgent: 'QuotesTest/1.0',
      by: { email: SMALL, name: 'sam small', signature: 'sám  SMALL' },
      shown: { amount: 4_000, title: 'Work QT-1', expiresAt: Q.approve.expiresAt, propertyId: 'P-A1', propertyName: 'Alpha One' },
    });
    expect(record!.sourceIp).toMatch(/^(127\.0\.0\.1|::1|::ffff:127\.0\.0\.1)$/);
    expect(record!.hash).toBe(reply.hash);
    expect(intact(record!)).toBe(true);
    // Immutable: the same key cannot be written again.
    expect(await putDecision(t.db, { ...record!, poNumber: 'PO-FORGED' })).toBe(false);
    expect((await decisionsOf(t.db, ['P-A1']))[0]!.poNumber).toBe('PO-778');

    const row = (await getReportRow(t.db, 'P-A1', 'quote', 'QT-1'))!;
    expect(row).toMatchObject({ status: 'Approved', decidedBy: 'Sam Small', decidedIn: 'portal', decidedAt: record!.decidedAt });
    expect(await awaitingApproval(tokens.approver)).toBe(before! - 4_000);

    const [dispatch] = await mailsTo(DISPATCH);
    expect(dispatch!.subject).toBe('Quote approved: QT-1 (Alpha One, $4,000)');
    expect(dispatch!.text.split('\n')[0]).toBe(`Sam Small (${SMALL}) of Alpha approved quote QT-1 in the portal.`);
    expect(dispatch!.text).toContain('Signed as: sám  SMALL');
    expect(dispatch!.text).toContain(`Record hash (SHA-256): ${record!.hash}`);
    expect(dispatch!.text).toContain('User agent: QuotesTest/1.0');
    expect(dispatch!.text).toContain('Purchase order: PO-778');
    expect((await mailsTo(SMALL)).map((m) => m.subject)).toEqual(['Receipt: you approved quote QT-1']);
    // The customer's other users of the property, who keep the topic (on by default).
    expect((await mailsTo(VIEWER)).map((m) => m.subject)).toEqual(['Quote approved: Work QT-1 (Alpha One)']);
    expect((await mailsTo(VIEWER))[0]!.text).toContain('Quote decisions');
    expect(await mailsTo(OTHER)).toEqual([]);

    const events = readEvents(path.join(t.dataDir, 'events'));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      source: 'portal.local', 'detail-type': 'portal.quote.decided', eventBusName: 'portal-local',
      detail: { version: 1, quoteId: 'QT-1', decision: 'approve', status: 'Approved', amount: 4_000, poNumber: 'PO-778', record: { hash: record!.hash } },
    });

    const { items } = await listAudit(t.db, 20);
    expect(items.find((e) => e.action === 'quote.approve')).toMatchObject({ actorEmail: SMALL, target: 'QT-1', details: { hash: record!.hash } });
    // Decided: no second decision.
    const again = await approve(tokens.approver, { ...Q.approve });
    expect(again.status).toBe(409);
    expect(errorOf(again)).toBe('This quote is approved and can no longer be decided.');
  });

  it('declines with a reason, without needing the permission; the list says who and when', async () => {
    const r = await decide(tokens.viewer, Q.decline, { decision: 'decline', reason: 'Over budget this year' });
    expect(r.status).toBe(200);
    expect((await getReportRow(t.db, 'P-A1', 'quote', 'QT-4'))!.status).toBe('Declined');
    const list = (await request('GET', '/api/quotes', { token: tokens.viewer })).json as QuotesReply;
    const declined = list.quotes.find((q) => q.id === 'QT-4')!;
    expect(declined).toMatchObject({ status: 'Declined', decidedBy: 'Viewer' });
    expect(declined.decisions[0]).toMatchObject({ decision: 'decline', reason: 'Over budget this year', by: 'Viewer', email: VIEWER, signature: null });
    expect((await mailsTo(DISPATCH)).at(-1)!.text).toContain('Reason: Over budget this year');
  });

  it('asks for changes: the quote stays Sent, the comment is recorded and mailed', async () => {
    const r = await decide(tokens.viewer, Q.changes, { decision: 'request-changes', comment: 'Split labour and parts' });
    expect(r.status).toBe(200);
    expect((r.json as DecisionReply).message).toBe('Your request for changes has been sent to the provider.');
    expect((await getReportRow(t.db, 'P-A1', 'quote', 'QT-5'))!.status).toBe('Sent');
    const records = (await decisionsOf(t.db, ['P-A1'])).filter((d) => d.quoteId === 'QT-5');
    expect(records).toMatchObject([{ decision: 'request-changes', comment: 'Split labour and parts' }]);
    expect((await mailsTo(DISPATCH)).at(-1)!.subject).toBe('Changes requested: QT-5 (Alpha One, $3,000)');
    expect(readEvents(path.join(t.dataDir, 'events')).at(-1)).toMatchObject({ detail: { decision: 'request-changes', status: 'Sent', comment: 'Split labour and parts' } });
  });
});

describe('imports and portal decisions', () => {
  const csv = (rows: string[]) => {
    const file = path.join(t.dataDir, `quotes-${Date.now()}.csv`);
    writeFileSync(file, ['id,property_id,status,amount,created_at,title,expires_at,decided_at', ...rows].join('\n') + '\n');
    return file;
  };
  const line = (q: QuoteRow, status: string, decidedAt = '') => `${q.id},${q.propertyId},${status},${q.amount},${q.createdAt.slice(0, 10)},${q.title},${q.expiresAt},${decidedAt}`;

  it('keeps a portal decision while the source still says Sent, lets a source decision win and lists a differing one', async () => {
    expect((await approve(tokens.approver, Q.reimport)).status).toBe(200);
    expect((await approve(tokens.approver, Q.conflict)).status).toBe(200);
    const decided = (await getReportRow(t.db, 'P-A1', 'quote', 'QT-6'))!;

    const counts = await importFiles({ quotes: csv([line(Q.reimport, 'Sent'), line(Q.conflict, 'Declined', day(-1))]) });
    expect(counts).toMatchObject({ 'quote conflicts (see admin quotes-conflicts)': 1 });
    expect(await getReportRow(t.db, 'P-A1', 'quote', 'QT-6')).toMatchObject({ status: 'Approved', decidedAt: decided.decidedAt, decidedBy: 'Avery Approver', decidedIn: 'portal' });
    const conflict = (await getReportRow(t.db, 'P-A1', 'quote', 'QT-7'))!;
    expect(conflict.status).toBe('Declined');
    expect(conflict.decidedIn).toBeUndefined();

    const listed = await adminCli(t.dataDir, 'quotes-conflicts');
    expect(listed.code).toBe(0);
    expect(listed.stdout).toMatch(/^1 quote conflict \(the source decided otherwise than the portal\):$/m);
    expect(listed.stdout).toMatch(/ QT-7 at P-A1: portal Approved \(Avery Approver, .+\), source Declined \(.+\); the source's is stored$/m);
    const json = await adminCli(t.dataDir, 'quotes-conflicts', '--json');
    expect(JSON.parse(json.stdout)).toMatchObject({ conflicts: [{ quoteId: 'QT-7', portal: { status: 'Approved' }, source: { status: 'Declined' } }] });
  });
});

describe('GET /api/quotes/decisions (issue 39)', () => {
  it('refuses customers; gives administrators every customer\'s recent decisions, newest first, with who, the signature and what was said', async () => {
    const customer = await request('GET', '/api/quotes/decisions', { token: tokens.approver });
    expect(customer.status).toBe(403);
    expect(errorOf(customer)).toBe('Only administrators may list quote decisions.');
    expect((await request('GET', '/api/quotes/decisions?days=0', { token: tokens.admin })).status).toBe(400);
    expect((await decide(tokens.other, Q.beta, { decision: 'decline', reason: 'Not this year' })).status).toBe(200);

    const r = await request('GET', '/api/quotes/decisions', { token: tokens.admin });
    expect(r.status).toBe(200);
    const { decisions } = r.json as RecentDecisionsReply;
    expect(decisions.map((d) => d.decidedAt)).toEqual([...decisions.map((d) => d.decidedAt)].sort().reverse());
    const byQuote = new Map(decisions.map((d) => [d.quoteId, d]));
    expect([...byQuote.keys()].sort()).toEqual(['QT-1', 'QT-4', 'QT-5', 'QT-6', 'QT-7', 'QT-B']);
    expect(byQuote.get('QT-1')).toMatchObject({ decision: 'approve', name: 'Sam Small', email: SMALL, signature: 'sám  SMALL', poNumber: 'PO-778', amount: 4_000, customerName: 'Alpha', propertyName: 'Alpha One' });
    expect(byQuote.get('QT-4')).toMatchObject({ decision: 'decline', name: 'Viewer', email: VIEWER, signature: null, reason: 'Over budget this year' });
    expect(byQuote.get('QT-5')).toMatchObject({ decision: 'request-changes', comment: 'Split labour and parts' });
    // Another customer's, in the same list.
    expect(byQuote.get('QT-B')).toMatchObject({ decision: 'decline', email: OTHER, customerName: 'Beta', propertyName: 'Beta One', reason: 'Not this year' });
  });
});
