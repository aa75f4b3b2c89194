import type { QuoteApprovalChoice } from './api/set-quote-approval';
import { usersText as t } from './strings';

export type ApprovalKind = 'none' | 'limit' | 'any';

/** The permission as the route takes it, or an error message (Create User and the user detail). */
export function approvalOf(kind: ApprovalKind, limit: string): QuoteApprovalChoice | { error: string } {
  if (kind === 'none') return null;
  if (kind === 'any') return { limit: null };
  const n = Number(limit.replace(/[$,\s]/g, ''));
  return Number.isInteger(n) && n >= 1 && n <= 100_000_000 ? { limit: n } : { error: t.quoteLimitInvalid };
}
