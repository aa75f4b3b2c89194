import { dollars, mayApprove, type QuotesReply, type QuoteView } from '../../../lambdas/shared/contract/answers/quotes';
import { titleCase } from '../../components/text/display-name';
import { writtenDate } from '../../components/text/dates';
import { quotesText as t } from './strings';

/** A date without a time of day ('2026-06-09') is a calendar day: written as that day wherever the browser is. */
const dayOf = (value: string, timeZone?: string) => writtenDate(value, /^\d{4}-\d{2}-\d{2}$/.test(value) ? 'UTC' : timeZone);

/** The Expires column: the day, 'Expired' once past it, or 'No expiry'. */
export function expiryText(q: Pick<QuoteView, 'expired' | 'expiresAt'>, timeZone?: string): string {
  if (q.expired) return t.expired;
  return q.expiresAt ? dayOf(q.expiresAt, timeZone) : t.noExpiry;
}

/** The expiry's day even when it has passed (for the dialog's note). */
export const expiryDay = (q: Pick<QuoteView, 'expiresAt'>, timeZone?: string) => (q.expiresAt ? dayOf(q.expiresAt, timeZone) : '');

/** Sent, not expired: the only quotes that can be decided. */
export const decidable = (q: Pick<QuoteView, 'status' | 'expired'>) => q.status === 'Sent' && !q.expired;

type Decision = QuoteView['decisions'][number];

/** Who decided: the account's name and its email ('Dana Facilities (facilities@northwind.test)'). */
export const decidedBy = (d: Pick<Decision, 'by' | 'email'>) => t.who(titleCase(d.by), d.email);

/**
 * What a decision said, as labelled lines: the signature of an approval, the PO number, the reason
 * of a decline, the changes asked for, and on a quote with lines the option, the lines and the total
 * chosen. Empty when it said nothing more.
 */
export function decisionDetails(d: Decision): { label: string; value: string }[] {
  return [
    ...(d.decision === 'approve' && d.signature ? [{ label: t.detail.signature, value: d.signature }] : []),
    ...(d.poNumber ? [{ label: t.detail.poNumber, value: d.poNumber }] : []),
    ...(d.reason ? [{ label: t.detail.reason, value: d.reason }] : []),
    ...(d.comment ? [{ label: t.detail.comment, value: d.comment }] : []),
    // Issue 43: on a quote with lines, what the decision chose.
    ...(d.chosen?.option ? [{ label: t.detail.option, value: d.chosen.option }] : []),
    ...(d.chosen ? [{ label: t.detail.lines, value: d.chosen.lines.join('; ') }, { label: t.detail.total, value: dollars(d.chosen.total) }] : []),
  ];
}

/** The text of one decision: 'Approved by Dana Facilities (facilities@northwind.test) on 9 Jun 2026'. */
export function decisionText(d: Decision, timeZone?: string): string {
  const day = writtenDate(d.decidedAt, timeZone);
  const by = decidedBy(d);
  return d.decision === 'approve' ? t.approvedBy(by, day) : d.decision === 'decline' ? t.declinedBy(by, day) : t.changesRequestedBy(by, day);
}

/** The row's status: the newest decision ('Approved by Dana Facilities (facilities@…) on 9 Jun 2026'), else Expired or awaiting. */
export function statusText(q: Pick<QuoteView, 'status' | 'expired' | 'decisions' | 'decidedAt' | 'decidedBy'>, timeZone?: string): string {
  const last = q.decisions[0];
  if (last) {
    const day = writtenDate(last.decidedAt, timeZone);
    const by = decidedBy(last);
    if (last.decision === 'approve') return t.approvedBy(by, day);
    if (last.decision === 'decline') return t.declinedBy(by, day);
    if (q.status === 'Sent' && !q.expired) return t.changesRequestedBy(by, day);
  }
  // Decided outside the portal (issue 43: an old quote opened from the Quotes report): who, when the provider's system says.
  if ((q.status === 'Approved' || q.status === 'Declined') && q.decidedAt) {
    const day = writtenDate(q.decidedAt, timeZone);
    const by = titleCase(q.decidedBy ?? '').trim();
    if (q.status === 'Approved') return by ? t.approvedBy(by, day) : t.approvedOn(day);
    return by ? t.declinedBy(by, day) : t.declinedOn(day);
  }
  if (q.status === 'Approved') return t.approved;
  if (q.status === 'Declined') return t.declined;
  if (q.expired || q.status === 'Expired') return t.expired;
  return t.awaiting;
}

/** Names as people list them: 'Dana', 'Dana and Lee', 'Dana, Lee and Sam'. */
export function listNames(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/** `others`: whom the user may ask ("Ask … to approve" sends each a mail); empty when nobody may yet. */
export type ApproveChoice = { may: true } | { may: false; why: string; ask: string; others: string[] };

/**
 * May the viewed user approve this quote? If not, why, and whom to ask (the answer's names of
 * those who may approve its amount, the user left out).
 */
export function approveChoice(reply: Pick<QuotesReply, 'approval'>, q: Pick<QuoteView, 'amount' | 'approvers'>, ownName?: string): ApproveChoice {
  if (mayApprove(reply.approval, q.amount)) return { may: true };
  const why = reply.approval ? t.overLimit(dollars(reply.approval.limit ?? 0)) : t.noPermission;
  const others = q.approvers.filter((n) => !ownName || n.toLowerCase() !== ownName.toLowerCase());
  return { may: false, why, ask: others.length ? t.askToApprove(listNames(others)) : t.noApprovers, others };
}

/** The approval's tick, with the amount and property as shown. */
export const agreeText = (q: Pick<QuoteView, 'amount' | 'propertyName'>) => t.agree(dollars(q.amount), titleCase(q.propertyName));
