/**
 * The staff's list of recent quote decisions across customers (issue 39, beyond the spec): GET
 * /api/quotes/decisions answers it, the web app shows it and writes its CSV with `decisionsCsv`.
 * In zod/mini, no Node imports: Vite bundles this file.
 */
import * as z from 'zod/mini';
// The kinds of decision as quotes.ts lists them (QUOTE_DECISIONS): an answers file imports only
// zod/mini, so they are written here again, and test/unit/contract/answers.test.ts holds them equal.
export const DECISION_KINDS = ['approve', 'decline', 'request-changes'] as const;
type QuoteDecisionKind = (typeof DECISION_KINDS)[number];

/** How far back the list reaches unless `days` says otherwise, and at most. */
export const recentDecisionDays = { default: 90, max: 366 } as const;

export const RecentDecision = /* @__PURE__ */ (() => z.object({
  decidedAt: z.string(),
  decision: z.enum(DECISION_KINDS),
  quoteId: z.string(),
  title: z.string(),
  /** The amount the decider was shown. */
  amount: z.number(),
  propertyId: z.string(),
  propertyName: z.string(),
  customerId: z.string(),
  customerName: z.string(),
  /** The deciding account's name and email, as the server recorded them. */
  name: z.string(),
  email: z.string(),
  /** An approval's typed signature as stored. */
  signature: z.nullable(z.string()),
  poNumber: z.nullable(z.string()),
  /** A decline's reason. */
  reason: z.nullable(z.string()),
  /** What a request for changes asked for. */
  comment: z.nullable(z.string()),
}))();
export type RecentDecision = z.infer<typeof RecentDecision>;

/** Newest first, every customer's, decided since `since`. */
export const RecentDecisionsReply = /* @__PURE__ */ (() => z.object({ since: z.string(), decisions: z.array(RecentDecision) }))();
export type RecentDecisionsReply = z.infer<typeof RecentDecisionsReply>;

/** A decision as the list and its CSV write it. */
export const decisionWord: Record<QuoteDecisionKind, string> = { approve: 'Approved', decline: 'Declined', 'request-changes': 'Changes requested' };

/** The CSV's columns, in order: the label and the cell of each decision. */
const COLUMNS: [string, (d: RecentDecision) => string | number][] = [
  ['Decided at (UTC)', (d) => d.decidedAt],
  ['Decision', (d) => decisionWord[d.decision]],
  ['Customer', (d) => d.customerName],
  ['Property', (d) => d.propertyName],
  ['Quote', (d) => d.quoteId],
  ['Title', (d) => d.title],
  ['Amount (USD)', (d) => d.amount],
  ['Decided by', (d) => d.name],
  ['Email', (d) => d.email],
  ['Signature', (d) => d.signature ?? ''],
  ['PO number', (d) => d.poNumber ?? ''],
  ['Reason or changes asked for', (d) => d.reason ?? d.comment ?? ''],
];

/** One cell: quoted when it holds a comma, quote or line end; text a spreadsheet would run as a formula gets a leading '. */
function csvCell(v: string | number): string {
  const s = String(v);
  const safe = typeof v === 'string' && /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The decisions as CSV: a header line, then one line per decision; CRLF line ends. */
export const decisionsCsv = (decisions: readonly RecentDecision[]): string =>
  [COLUMNS.map(([label]) => csvCell(label)).join(','), ...decisions.map((d) => COLUMNS.map(([, cell]) => csvCell(cell(d))).join(','))].join('\r\n') + '\r\n';
