/**
 * Imports do not undo a portal decision (issue 30): how `admin import --quotes` writes a quote over
 * the stored one. While the source still says Sent (or Draft), a decision made in the portal
 * (`decidedIn: 'portal'`) keeps its status, decidedAt and decider. When the source says Approved,
 * Declined or Expired, the source wins; if that differs from the portal's decision, the pair is
 * recorded as a conflict (`admin quotes-conflicts` lists them).
 */
import type { MergeRow, QuoteRow, ReportRow } from '../../lambdas/shared/data/report-rows.js';
import type { ConflictItem } from '../../lambdas/shared/data/quote-decisions.js';

export type Conflict = Omit<ConflictItem, 'sk' | 'kind'>;

/** The merge for one import; each conflict found lands in `conflicts` (by property and quote: a retried write finds it again). */
export function keepPortalDecisions(conflicts: Map<string, Conflict>, at = new Date().toISOString()): MergeRow {
  return (stored: ReportRow | undefined, incoming: ReportRow): ReportRow => {
    if (incoming.dataset !== 'quote' || stored?.dataset !== 'quote' || stored.decidedIn !== 'portal') return incoming;
    const portal = stored as QuoteRow;
    const source = incoming as QuoteRow;
    if (source.status === 'Sent' || source.status === 'Draft') {
      return { ...source, status: portal.status, decidedAt: portal.decidedAt, decidedBy: portal.decidedBy, decidedIn: 'portal' } as QuoteRow;
    }
    if (source.status !== portal.status) {
      conflicts.set(`${source.propertyId}\u0000${source.id}`, {
        propertyId: source.propertyId,
        quoteId: source.id,
        at,
        portal: { status: portal.status, decidedAt: portal.decidedAt ?? null, decidedBy: portal.decidedBy ?? null },
        source: { status: source.status, decidedAt: source.decidedAt ?? null },
      });
      return source;
    }
    // The source agrees with the portal: its row, still naming who decided.
    return { ...source, decidedBy: portal.decidedBy } as QuoteRow;
  };
}

/** The conflicts as `admin quotes-conflicts` prints them. */
export function formatConflicts(conflicts: readonly Conflict[]): string {
  if (conflicts.length === 0) return 'No quote conflicts: every import agreed with the decisions made in the portal.';
  const lines = conflicts.map(
    (c) =>
      `${c.at}  ${c.quoteId} at ${c.propertyId}: portal ${c.portal.status} (${c.portal.decidedBy ?? 'unknown'}, ${c.portal.decidedAt ?? 'no date'}), source ${c.source.status} (${c.source.decidedAt ?? 'no date'}); the source's is stored`,
  );
  return [`${conflicts.length} quote conflict${conflicts.length === 1 ? '' : 's'} (the source decided otherwise than the portal):`, ...lines].join('\n');
}
