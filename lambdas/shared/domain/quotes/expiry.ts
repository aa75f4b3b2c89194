/**
 * One rule for a quote's state as of now, shared by the quotes panel, the decision route and the
 * report pages (issue 39): a quote sent and past its expiry is Expired, whatever its stored status
 * says; only a Sent quote that has not expired is awaiting approval.
 */
import type { QuoteRow } from '../../data/report-rows.js';

/**
 * When a quote stops being decidable: a date (YYYY-MM-DD) is the whole of that day in UTC; an
 * instant is that instant. Undefined: it does not expire.
 */
export function expiryInstant(expiresAt: string | undefined | null): number | undefined {
  if (!expiresAt) return undefined;
  if (/^\d{4}-\d{2}-\d{2}$/.test(expiresAt)) return Date.parse(`${expiresAt}T23:59:59.999Z`);
  const t = Date.parse(expiresAt);
  return Number.isNaN(t) ? undefined : t;
}

export const isExpired = (q: Pick<QuoteRow, 'status' | 'expiresAt'>, now = Date.now()) => {
  if (q.status === 'Expired') return true;
  const until = expiryInstant(q.expiresAt);
  return until !== undefined && until < now;
};

/** The status as of now: a Sent quote past its expiry reads Expired. */
export function statusNow(q: Pick<QuoteRow, 'status' | 'expiresAt'>, now: number): string {
  return q.status === 'Sent' && isExpired(q, now) ? 'Expired' : q.status;
}

/** Awaiting approval: sent, not expired, not decided. */
export const isAwaiting = (q: Pick<QuoteRow, 'status' | 'expiresAt'>, now: number) => statusNow(q, now) === 'Sent';
