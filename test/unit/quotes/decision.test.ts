/** The rules of a quote decision (lambdas/shared/domain/quotes/decision.ts), the import's merge and the permission's text. */
import { keepPortalDecisions, type Conflict } from '../../../infra/admin/quote-merge.js';
import { approvalText, DecisionBody, mayApprove, QuoteApprovalBody } from '../../../lambdas/shared/contract/quotes.js';
import type { DecisionRecord } from '../../../lambdas/shared/data/quote-decisions.js';
import type { QuoteRow } from '../../../lambdas/shared/data/report-rows.js';
import { canonicalJson, checkDecision, expiryInstant, intact, isExpired, recordHash } from '../../../lambdas/shared/domain/quotes/decision.js';
import { HttpError } from '../../../lambdas/shared/platform/http.js';

const NOW = Date.parse('2026-06-10T12:00:00Z');
const quote: QuoteRow = { dataset: 'quote', id: 'QT-1', propertyId: 'P-1', title: 'Fan motor', status: 'Sent', amount: 4_000, createdAt: '2026-06-01T09:00:00Z', expiresAt: '2026-06-30' };
const shown = { amount: 4_000, title: 'Fan motor', expiresAt: '2026-06-30' };
const body = (b: Partial<DecisionBody>): DecisionBody => ({ propertyId: 'P-1', decision: 'approve', signature: 'Sam Small', agreed: true, shown, ...b });
const refusal = (f: () => void) => {
  try {
    f();
  } catch (e) {
    return e instanceof HttpError ? `${e.statusCode} ${e.message}` : String(e);
  }
  return 'allowed';
};

describe('the decision body', () => {
  it('trims texts, takes the three decisions only and bounds the signature', () => {
    expect(DecisionBody.parse({ propertyId: ' P-1 ', decision: 'decline', reason: '  too dear ', shown }).reason).toBe('too dear');
    expect(DecisionBody.safeParse({ propertyId: 'P-1', decision: 'accept', shown }).success).toBe(false);
    expect(DecisionBody.safeParse(body({ signature: 'x'.repeat(201) })).success).toBe(false);
    expect(DecisionBody.safeParse({ propertyId: 'P-1', decision: 'approve' }).success).toBe(false);
  });

  it('takes a limit of at least 1, null for any amount, or allowed: false', () => {
    expect(QuoteApprovalBody.parse({ limit: 5000 })).toEqual({ limit: 5000 });
    expect(QuoteApprovalBody.parse({ limit: null })).toEqual({ limit: null });
    expect(QuoteApprovalBody.parse({ allowed: false })).toEqual({ allowed: false });
    for (const bad of [{ limit: 0 }, { limit: -5 }, { limit: '5000' }, { allowed: true }, {}]) expect(QuoteApprovalBody.safeParse(bad).success).toBe(false);
  });
});

describe('who may approve what', () => {
  it('writes the permission as the user list shows it', () => {
    expect([approvalText(null), approvalText({ limit: null }), approvalText({ limit: 5000 }), approvalText({ limit: 1234.5 })]).toEqual(['—', 'Any amount', 'Up to $5,000', 'Up to $1,234.50']);
    expect([mayApprove(undefined, 1), mayApprove({ limit: null }, 1e9), mayApprove({ limit: 5000 }, 5000), mayApprove({ limit: 5000 }, 5000.01)]).toEqual([false, true, true, false]);
  });

  it('refuses in the order a person can act on: the body, the quote, then the permission', () => {
    // null: the user has no permission.
    const check = (b: Partial<DecisionBody>, q: Partial<QuoteRow> = {}, approval: { limit: number | null } | null = { limit: null }) =>
      refusal(() => checkDecision(body(b), { ...quote, ...q }, approval ?? undefined, undefined, NOW));
    expect(check({})).toBe('allowed');
    expect(check({ signature: undefined })).toBe('400 Invalid body.signature: type your full name to sign the approval');
    expect(check({ agreed: undefined })).toBe('400 Invalid body.agreed: tick "I approve this quote" to approve it');
    expect(check({ decision: 'decline', signature: undefined })).toBe('400 Invalid body.reason: say why you decline the quote');
    expect(check({ decision: 'request-changes' })).toBe('400 Invalid body.comment: say what should change');
    expect(check({}, { expiresAt: '2026-06-09' }, null)).toBe('409 This quote expired on 9 Jun 2026 and can no longer be decided.');
    expect(check({}, { status: 'Expired' })).toBe('409 This quote expired on 30 Jun 2026 and can no longer be decided.');
    expect(check({}, { status: 'Declined' })).toBe('409 This quote is declined and can no longer be decided.');
    expect(check({}, { amount: 4_100 })).toBe('409 The quote changed; review it again.');
    expect(check({}, {}, null)).toBe('403 You may not approve quotes. Ask a colleague who may approve quotes, or your administrator.');
    expect(check({}, {}, { limit: 3_999 })).toBe('403 You may approve quotes up to $3,999; this one is over your limit.');
    // Declining and asking for changes need no permission.
    expect(check({ decision: 'decline', reason: 'no' }, {}, null)).toBe('allowed');
    expect(check({ decision: 'request-changes', comment: 'split it' }, {}, null)).toBe('allowed');
  });

  it('lets a date expiry run to the end of its day in UTC, an instant to that instant', () => {
    expect(expiryInstant('2026-06-10')).toBe(Date.parse('2026-06-10T23:59:59.999Z'));
    expect(isExpired({ status: 'Sent', expiresAt: '2026-06-10' }, NOW)).toBe(false);
    expect(isExpired({ status: 'Sent', expiresAt: '2026-06-10T11:59:00Z' }, NOW)).toBe(true);
    expect(isExpired({ status: 'Sent', expiresAt: undefined }, NOW)).toBe(false);
  });
});

describe('the record and its hash', () => {
  const record: Omit<DecisionRecord, 'hash'> = {
    propertyId: 'P-1', sk: 'quote#QT-1#2026-06-10T12:00:00.000Z', kind: 'decision', quoteId: 'QT-1', customerId: 'C-1', decision: 'approve',
    decidedAt: '2026-06-10T12:00:00.000Z', by: { sub: 's-1', email: 'sam@c.test', name: 'sam small', signature: 'Sam Small' },
    sourceIp: '203.0.113.9', userAgent: 'UA', shown: { ...shown, propertyId: 'P-1', propertyName: 'One' },
  };

  it('writes canonical JSON with sorted keys at every depth, whatever the order built in', () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { f: 2, e: undefined }], c: 'x' } })).toBe('{"a":{"c":"x","d":[1,{"f":2}]},"b":1}');
    const reordered = Object.fromEntries(Object.entries(record).reverse()) as typeof record;
    expect(recordHash(reordered)).toBe(recordHash(record));
    expect(recordHash(record)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('changes with any part of the record, so a changed record no longer matches its hash', () => {
    const signed = { ...record, hash: recordHash(record) } as DecisionRecord;
    expect(intact(signed)).toBe(true);
    expect(intact({ ...signed, shown: { ...signed.shown, amount: 3_999 } })).toBe(false);
    expect(intact({ ...signed, by: { ...signed.by, signature: 'Someone Else' } })).toBe(false);
  });
});

describe('an import over portal decisions', () => {
  const portal: QuoteRow = { ...quote, status: 'Approved', decidedAt: '2026-06-09T10:00:00Z', decidedBy: 'Sam Small', decidedIn: 'portal' };
  const AT = '2026-06-11T08:00:00Z';

  it('keeps the portal decision while the source says Sent, and takes the source\'s other rows as they are', () => {
    const conflicts = new Map<string, Conflict>();
    const merge = keepPortalDecisions(conflicts, AT);
    expect(merge(portal, { ...quote, title: 'Fan motor (rev 2)' })).toEqual({ ...quote, title: 'Fan motor (rev 2)', status: 'Approved', decidedAt: portal.decidedAt, decidedBy: 'Sam Small', decidedIn: 'portal' });
    expect(merge({ ...quote }, { ...quote, amount: 5 })).toEqual({ ...quote, amount: 5 });
    expect(merge(undefined, quote)).toEqual(quote);
    expect(conflicts.size).toBe(0);
  });

  it('lets a source decision win, recording a conflict only where it differs', () => {
    const conflicts = new Map<string, Conflict>();
    const merge = keepPortalDecisions(conflicts, AT);
    expect(merge(portal, { ...quote, status: 'Approved', decidedAt: '2026-06-09' })).toMatchObject({ status: 'Approved', decidedBy: 'Sam Small' });
    expect(conflicts.size).toBe(0);
    const declined = { ...quote, status: 'Declined' as const, decidedAt: '2026-06-10' };
    expect(merge(portal, declined)).toEqual(declined);
    expect([...conflicts.values()]).toEqual([
      { propertyId: 'P-1', quoteId: 'QT-1', at: AT, portal: { status: 'Approved', decidedAt: portal.decidedAt, decidedBy: 'Sam Small' }, source: { status: 'Declined', decidedAt: '2026-06-10' } },
    ]);
  });
});
