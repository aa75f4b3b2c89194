/**
 * Quote decisions' answers (issue 30), in zod/mini: the handlers' reply types and the web app's
 * parsers. No Node imports here: Vite bundles this file.
 */
import * as z from 'zod/mini';

export const QUOTE_DECISIONS = ['approve', 'decline', 'request-changes'] as const;
export type QuoteDecisionKind = (typeof QUOTE_DECISIONS)[number];

/** The limits of the decision form, shared by the handler and the dialog. */
export const quoteLimits = { signatureMax: 200, reasonMax: 2000, commentMax: 2000, poNumberMax: 100, approvalLimitMax: 100_000_000, linesMax: 200, optionMax: 40 } as const;

/**
 * One line of a quote (issue 43, item 3). `id` is its place on the quote (L1, L2, ...): what a
 * decision names. A line in no option and not optional is always in; an optional one is in when
 * ticked; one of an `option` (Good, Better, Best...) when that option is chosen.
 */
export const QuoteLineView = /* @__PURE__ */ (() => z.object({
  id: z.string(),
  description: z.string(),
  quantity: z.number(),
  unitPrice: z.number(),
  /** quantity × unit price, in cents rounded. */
  total: z.number(),
  optional: z.boolean(),
  option: z.nullable(z.string()),
}))();
export type QuoteLineView = z.infer<typeof QuoteLineView>;

/** Rounded to the cent. */
const cents = (n: number) => Math.round(n * 100) / 100;

/** The options of a quote's lines, in the order their first line comes: ['Good', 'Better', 'Best']. */
export const optionsOf = (lines: readonly Pick<QuoteLineView, 'option'>[]): string[] => [...new Set(lines.flatMap((l) => (l.option ? [l.option] : [])))];

/** The lines a choice takes in: every line in no option and not optional, the chosen option's, the ticked optional ones. */
export const chosenLines = <L extends Pick<QuoteLineView, 'id' | 'optional' | 'option'>>(lines: readonly L[], option: string | null, ticked: readonly string[]): L[] =>
  lines.filter((l) => (l.optional ? ticked.includes(l.id) : l.option ? l.option === option : true));

/** The total of a choice: the sum of its lines' totals, to the cent. */
export const chosenTotal = (lines: readonly QuoteLineView[], option: string | null, ticked: readonly string[]) => cents(chosenLines(lines, option, ticked).reduce((n, l) => n + l.total, 0));

/** One decision on a quote as the list shows it (the record keeps more: sub, address, user agent, hash). */
export const QuoteDecisionView = /* @__PURE__ */ (() => z.object({
  decision: z.enum(QUOTE_DECISIONS),
  decidedAt: z.string(),
  /** The deciding account's name (never the typed signature: issue 39). */
  by: z.string(),
  /** The deciding account's email. */
  email: z.string(),
  /** An approval's typed signature as stored (older records may hold another name than the account's). */
  signature: z.nullable(z.string()),
  reason: z.nullable(z.string()),
  comment: z.nullable(z.string()),
  poNumber: z.nullable(z.string()),
  /** A quote with lines (issue 43): the option and the lines (their descriptions) the decision chose, and their total; absent or null otherwise. */
  chosen: z.optional(z.nullable(z.object({ option: z.nullable(z.string()), lines: z.array(z.string()), total: z.number() }))),
}))();
export type QuoteDecisionView = z.infer<typeof QuoteDecisionView>;

/** The provider's quote document: a document of the quote's property naming the quote (docs/features/quotes.md "Quote decisions"). */
export const QuoteDocument = /* @__PURE__ */ (() => z.object({ key: z.string(), fileName: z.string() }))();
export type QuoteDocument = z.infer<typeof QuoteDocument>;

export const QuoteView = /* @__PURE__ */ (() => z.object({
  id: z.string(),
  propertyId: z.string(),
  propertyName: z.string(),
  title: z.string(),
  amount: z.number(),
  status: z.enum(['Sent', 'Approved', 'Declined', 'Expired']),
  createdAt: z.string(),
  expiresAt: z.nullable(z.string()),
  /** Sent and past its expiry (or marked Expired): shown, never decided. */
  expired: z.boolean(),
  decidedAt: z.nullable(z.string()),
  decidedBy: z.nullable(z.string()),
  /** Newest first. */
  decisions: z.array(QuoteDecisionView),
  /** The names of the customer's users who may approve this amount (for "Ask … to approve"). */
  approvers: z.array(z.string()),
  /**
   * Opened through GET /api/s3/getpresignedurl?key=, which checks the caller's scope again. A
   * decision's answer leaves it null (the web app reloads the list after a decision).
   */
  document: z.nullable(QuoteDocument),
  /** The quote's lines (issue 43): empty for a quote without lines, whose total is its amount. */
  lines: z.array(QuoteLineView),
  /** The options of its lines, one of which an approval chooses (the first is offered first); empty without options. */
  options: z.array(z.string()),
  /** The work order it was made for (issue 43: the import's work_order_id, of the same property), which Review opens; null: none. */
  workOrderId: z.nullable(z.string()),
}))();
export type QuoteView = z.infer<typeof QuoteView>;

/** GET /api/quotes: what the served user may do, and the quotes of their properties that were sent to them. */
export const QuotesReply = /* @__PURE__ */ (() => z.object({
  /** The served user's permission: null may not approve; { limit: null } any amount. */
  approval: z.nullable(z.object({ limit: z.nullable(z.number()) })),
  /** false for an administrator (also viewing as a customer): they see, never decide. */
  canDecide: z.boolean(),
  /**
   * The served account as the server records it (its users row): the name an approval is signed
   * with (the dialog prefills it; another name is refused) and its email. Null in an
   * administrator's own view.
   */
  signer: z.nullable(z.object({ name: z.string(), email: z.string() })),
  quotes: z.array(QuoteView),
}))();
export type QuotesReply = z.infer<typeof QuotesReply>;

export const DecisionReply = /* @__PURE__ */ (() => z.object({ message: z.string(), quote: QuoteView, hash: z.string() }))();
export type DecisionReply = z.infer<typeof DecisionReply>;

/** POST /api/quotes/{quoteId}/ask-approval (issue 39): who was asked (the names as `approvers` gives them). */
export const AskApprovalReply = /* @__PURE__ */ (() => z.object({ message: z.string(), asked: z.array(z.string()) }))();
export type AskApprovalReply = z.infer<typeof AskApprovalReply>;

/** The permission as the user list writes it: 'Up to $5,000', 'Any amount', '—'. */
export function approvalText(approval: { limit: number | null } | null | undefined): string {
  if (!approval) return '—';
  if (approval.limit === null) return 'Any amount';
  return `Up to ${dollars(approval.limit)}`;
}

/** Whole dollars without cents, cents when there are any: '$5,000', '$1,234.50'. */
export function dollars(n: number): string {
  const cents = Math.round(n * 100) % 100 !== 0;
  return n.toLocaleString('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: cents ? 2 : 0, maximumFractionDigits: 2 });
}

/** May a user with this permission approve this amount? */
export const mayApprove = (approval: { limit: number | null } | null | undefined, amount: number) =>
  Boolean(approval) && (approval!.limit === null || amount <= approval!.limit);
