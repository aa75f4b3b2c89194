/**
 * The rules of a quote decision (issue 30), pure: what may be decided by whom, the record's
 * canonical form and hash, and the quote as the list shows it. The handlers (lambdas/quotes/)
 * read and write; these decide.
 */
import { createHash } from 'node:crypto';
import { dollars, mayApprove, optionsOf, quoteMessages, type DecisionBody, type QuoteLineView, type QuoteDecisionView, type QuoteDocument, type QuoteView } from '../../contract/quotes.js';
import { writtenDay, titleCase } from '../../contract/writing.js';
import type { DecisionRecord } from '../../data/quote-decisions.js';
import type { QuoteRow } from '../../data/report-rows.js';
import type { QuoteApproval } from '../../data/users.js';
import { badRequest, forbidden, HttpError } from '../../platform/http.js';
import { isExpired } from './expiry.js';

/**
 * JSON with object keys sorted at every depth and no whitespace; undefined members left out. The
 * same record always hashes the same, whatever order it was built in.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map((v) => canonicalJson(v === undefined ? null : v)).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

/** The SHA-256 (hex) of a record's canonical JSON, its `hash` left out. */
export const recordHash = (record: Omit<DecisionRecord, 'hash'> | DecisionRecord) => {
  const { hash: _hash, ...rest } = record as DecisionRecord;
  return createHash('sha256').update(canonicalJson(rest), 'utf8').digest('hex');
};

/** A record whose hash still matches its content. */
export const intact = (record: DecisionRecord) => recordHash(record) === record.hash;

// When a quote stops being decidable lives in ./expiry.ts, shared with the report pages.
export { expiryInstant, isExpired } from './expiry.js';

/** Whether what the customer saw is the quote as stored now. */
export const sameAsShown = (q: QuoteRow, shown: DecisionBody['shown']) =>
  q.amount === shown.amount && (q.title ?? '') === shown.title && (q.expiresAt ?? null) === (shown.expiresAt ?? null);

/**
 * Refuses a decision the rules do not allow, in the order a person can act on: the body's own
 * fields (400), then the quote's state (409 expired, decided, changed), then the permission (403).
 * `approval` is the decider's permission from the users table; `total` what the approval commits
 * to: the amount, or for a quote with lines the chosen lines' total (./lines.ts).
 */
export function checkDecision(body: DecisionBody, quote: QuoteRow, approval: QuoteApproval | undefined, total = quote.amount, now = Date.now()): void {
  if (body.decision === 'approve') {
    if (!body.signature) throw badRequest(quoteMessages.signature);
    if (body.agreed !== true) throw badRequest(quoteMessages.agreed);
  }
  if (body.decision === 'decline' && !body.reason) throw badRequest(quoteMessages.reason);
  if (body.decision === 'request-changes' && !body.comment) throw badRequest(quoteMessages.comment);
  if (isExpired(quote, now)) throw new HttpError(409, quoteMessages.expired(quote.expiresAt ? writtenDay(quote.expiresAt.slice(0, 10)) : 'its expiry date'));
  if (quote.status !== 'Sent') throw new HttpError(409, quoteMessages.notSent(quote.status));
  if (!sameAsShown(quote, body.shown)) throw new HttpError(409, quoteMessages.changed);
  if (body.decision === 'approve') {
    if (!approval) throw forbidden(quoteMessages.noPermission);
    if (!mayApprove(approval, total)) throw forbidden(quoteMessages.overLimit(dollars(approval.limit!)));
  }
}

/** The status a decision leaves the quote in: request-changes keeps it Sent. */
export const statusAfter = (decision: DecisionBody['decision']): QuoteRow['status'] =>
  decision === 'approve' ? 'Approved' : decision === 'decline' ? 'Declined' : 'Sent';

/**
 * Who decided, as the list and the mails name them: the account's name as recorded (issue 39: never
 * the typed signature, which older records may hold as another name), else its email.
 */
export const deciderName = (r: Pick<DecisionRecord, 'by'>) => titleCase(r.by.name || r.by.email);

/**
 * The amount a decision is about (issue 43): for a quote with lines the total of the lines and
 * option chosen, which the approval commits to; else the quote's amount as shown. The event's
 * `amount`, the audit entry's, the mails' and the administrators' decision list all give this one.
 */
export const decidedAmount = (r: Pick<DecisionRecord, 'chosen' | 'shown'>) => r.chosen?.total ?? r.shown.amount;

/** The account and its email, as the mails' first line names the decider: 'Dana Facilities (facilities@northwind.test)'. */
export const deciderLine = (r: Pick<DecisionRecord, 'by'>) => `${deciderName(r)} (${r.by.email})`;

export const decisionView = (r: DecisionRecord): QuoteDecisionView => ({
  decision: r.decision,
  decidedAt: r.decidedAt,
  by: deciderName(r),
  email: r.by.email,
  signature: r.by.signature ?? null,
  reason: r.reason ?? null,
  comment: r.comment ?? null,
  poNumber: r.poNumber ?? null,
  chosen: r.chosen ? { option: r.chosen.option, lines: r.chosen.lines.map((l) => l.description), total: r.chosen.total } : null,
});

/** A quote as the list answers it, with its decisions (newest first), who may approve it, its document and its lines (issue 43). */
export function quoteView(q: QuoteRow, propertyName: string, decisions: DecisionRecord[], approvers: string[], document: QuoteDocument | null, lines: QuoteLineView[] = [], now = Date.now()): QuoteView {
  const expired = q.status === 'Sent' ? isExpired(q, now) : q.status === 'Expired';
  return {
    id: q.id,
    propertyId: q.propertyId,
    propertyName,
    title: q.title ?? '',
    amount: q.amount,
    status: q.status === 'Draft' ? 'Sent' : q.status,
    createdAt: q.createdAt,
    expiresAt: q.expiresAt ?? null,
    expired,
    decidedAt: q.decidedAt ?? null,
    decidedBy: q.decidedBy ?? null,
    decisions: decisions.filter((d) => d.quoteId === q.id).sort((a, b) => b.decidedAt.localeCompare(a.decidedAt)).map(decisionView),
    approvers,
    document,
    lines,
    options: optionsOf(lines),
    workOrderId: q.workOrderId ?? null,
  };
}
