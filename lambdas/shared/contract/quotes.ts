/**
 * Quote decisions' calls (issue 30, beyond the spec): GET /api/quotes, POST
 * /api/quotes/{quoteId}/decision, and the administrators' PUT /api/users/{email}/quote-approval.
 * The answers the web app parses live in ./answers/quotes.ts.
 */
import { emailString, idString } from '../platform/zod.js';
import * as z from '../platform/zod-parts.js';
import { recentDecisionDays } from './answers/quote-decisions.js';
import { QUOTE_DECISIONS, QuoteLineView, quoteLimits } from './answers/quotes.js';

export * from './answers/quotes.js';
export * from './answers/quote-decisions.js';

const text = (max: number) => z.optional(z.string().check(z.trim(), z.maxLength(max)));

export const QuoteParams = /* @__PURE__ */ (() => z.object({ quoteId: idString() }))();

export const QuotesQuery = /* @__PURE__ */ (() => z.object({
  /** The viewed customer (an administrator's "view as"); a customer may name only themself. */
  email: z.optional(emailString()),
  /** Comma-separated property ids to narrow to (each in the served user's scope). */
  propertyIds: z.optional(z.string().check(z.maxLength(20_000))),
  /**
   * One quote to list too (issue 43: a Quotes report row or a mail's link opens it), whatever its
   * status or age, when it is the served user's at the properties asked for; else it is not listed.
   */
  quote: z.optional(idString()),
}))();

/** GET /api/quotes/decisions (staff): the decisions of the last `days` days (default 90). */
export const RecentDecisionsQuery = /* @__PURE__ */ (() => z.object({
  days: z._default(z.pipe(z.coerce.number(), z.int().check(z.gte(1), z.lte(recentDecisionDays.max))), recentDecisionDays.default),
}))();

/** What the customer saw when deciding: refused unless it is the quote as stored now. */
const Shown = /* @__PURE__ */ (() => z.object({
  amount: z.number(),
  title: z.string().check(z.maxLength(1000)),
  expiresAt: z.nullable(z.string().check(z.maxLength(40))),
  /** A quote with lines: the total the dialog showed for the choice (checked against the server's own, never used as it). */
  total: z.optional(z.number()),
}))();

export const DecisionBody = /* @__PURE__ */ (() => z.object({
  propertyId: idString(),
  decision: z.enum(QUOTE_DECISIONS),
  /** The approver's full name, typed as a signature (approve). */
  signature: text(quoteLimits.signatureMax),
  /** The tick of "I approve this quote of $X for <property>" (approve). */
  agreed: z.optional(z.boolean()),
  reason: text(quoteLimits.reasonMax),
  comment: text(quoteLimits.commentMax),
  poNumber: text(quoteLimits.poNumberMax),
  /** A quote with options (issue 43): the chosen option's label (Good, Better, Best...). */
  option: z.optional(idString(quoteLimits.optionMax)),
  /** A quote with optional lines: the ids of those ticked (L2, L5...). */
  lines: z.optional(z.array(idString(20)).check(z.maxLength(quoteLimits.linesMax))),
  shown: Shown,
}))();
export type DecisionBody = z.infer<typeof DecisionBody>;

/**
 * POST /api/quotes/{quoteId}/ask-approval (issue 39): a customer over their limit asks a colleague
 * who may approve the quote (`approver`: a name from the quote's `approvers`) to approve it.
 */
export const AskApprovalBody = /* @__PURE__ */ (() => z.object({
  propertyId: idString(),
  approver: idString(quoteLimits.signatureMax, 'name who should approve'),
}))();
export type AskApprovalBody = z.infer<typeof AskApprovalBody>;

/** PUT /api/users/{email}/quote-approval: `{ limit: N }` up to N dollars, `{ limit: null }` any amount, `{ allowed: false }` none. */
export const QuoteApprovalBody = /* @__PURE__ */ (() => z.union([
  z.object({ limit: z.nullable(z.number().check(z.gte(1, 'must be at least 1'), z.lte(quoteLimits.approvalLimitMax, `must be at most ${quoteLimits.approvalLimitMax}`))) }),
  z.object({ allowed: z.literal(false) }),
]))();
export const QuoteApprovalReply = /* @__PURE__ */ (() => z.object({ message: z.string(), EMAIL: z.string(), QUOTE_APPROVAL: z.nullable(z.object({ limit: z.nullable(z.number()) })) }))();

export const quoteMessages = {
  staffCannotDecide: 'Administrators cannot decide quotes, also not while viewing the portal as a customer: the customer decides.',
  outside: 'You may only decide quotes of your own properties.',
  outsideList: 'You may only see quotes of your own properties.',
  noQuote: (id: string) => `No quote ${id} at this property.`,
  notSent: (status: string) => `This quote is ${status.toLowerCase()} and can no longer be decided.`,
  expired: (day: string) => `This quote expired on ${day} and can no longer be decided.`,
  changed: 'The quote changed; review it again.',
  noPermission: 'You may not approve quotes. Ask a colleague who may approve quotes, or your administrator.',
  overLimit: (limit: string) => `You may approve quotes up to ${limit}; this one is over your limit.`,
  signature: 'Invalid body.signature: type your full name to sign the approval',
  /** Issue 39: an approval is signed with the signed-in account's own name (compared without case, accents and extra spaces). */
  notOwnSignature: (name: string) => `Invalid body.signature: the signature must be your own account's name, ${name}; an approval cannot be signed with another name`,
  agreed: 'Invalid body.agreed: tick "I approve this quote" to approve it',
  reason: 'Invalid body.reason: say why you decline the quote',
  comment: 'Invalid body.comment: say what should change',
  approved: 'Quote approved. The provider has been told.',
  declined: 'Quote declined. The provider has been told.',
  changesRequested: 'Your request for changes has been sent to the provider.',
  approvalSaved: 'Quote approval saved.',
  askStaff: 'Administrators do not ask for approvals: the customer does.',
  askNotAwaiting: 'This quote is no longer awaiting approval.',
  askNobody: "Nobody at your company may approve this amount yet: your provider's administrators can give someone that permission.",
  askNotApprover: (name: string) => `${name} may not approve this quote. Ask one of the people the quote names.`,
  askSelf: 'You may approve this quote yourself.',
  askFailed: 'The mail could not be sent just now. Please try again in a few minutes.',
  askUnmailed: (name: string) => `We could not mail ${name}: their address does not take the portal's mail. Ask them another way.`,
  asked: (names: string) => `We asked ${names} to approve this quote by mail.`,
  /** Issue 43: a decision's choice of lines and option. */
  noLines: 'Invalid body.lines: this quote has no optional lines to tick',
  unknownLine: (id: string) => `Invalid body.lines: the quote has no line ${id}`,
  notOptional: (id: string) => `Invalid body.lines: line ${id} is not optional; it is always in the quote or in one of its options`,
  noOptions: 'Invalid body.option: this quote has no options to choose from',
  unknownOption: (option: string, options: string) => `Invalid body.option: the quote has no option "${option}"; its options are ${options}`,
  chooseOption: (options: string) => `Invalid body.option: choose one of the quote's options (${options}) to approve it`,
  staffApproval: (email: string) => `${email} is a staff account; only customer accounts approve quotes.`,
} as const;

/** The EventBridge event's detail-type (the event's `source` is `portal.<stage>`). */
export const QUOTE_DECIDED = 'portal.quote.decided';

const DecisionRecordSchema = /* @__PURE__ */ (() => z.object({
  propertyId: z.string(),
  sk: z.string(),
  kind: z.enum(['decision']),
  quoteId: z.string(),
  customerId: z.string(),
  decision: z.enum(QUOTE_DECISIONS),
  decidedAt: z.string(),
  by: z.object({ sub: z.string(), email: z.string(), name: z.string(), signature: z.optional(z.string()) }),
  sourceIp: z.string(),
  userAgent: z.string(),
  shown: z.object({ amount: z.number(), title: z.string(), expiresAt: z.nullable(z.string()), propertyId: z.string(), propertyName: z.string() }),
  poNumber: z.optional(z.string()),
  reason: z.optional(z.string()),
  comment: z.optional(z.string()),
  /** A quote with lines (issue 43): the lines and option chosen, and their total. */
  chosen: z.optional(z.object({ option: z.nullable(z.string()), lines: z.array(QuoteLineView), total: z.number() })),
  /** SHA-256 (hex) of the canonical JSON (keys sorted, no whitespace) of the record without `hash`. */
  hash: z.string(),
}))();

/**
 * The detail of a `portal.quote.decided` event (docs/features/quotes.md "Quote decisions"): what changed, in the
 * provider's terms, and the whole signature record whose hash the receiver can check.
 */
export const QuoteDecidedDetail = /* @__PURE__ */ (() => z.object({
  version: z.literal(1),
  quoteId: z.string(),
  propertyId: z.string(),
  propertyName: z.string(),
  customerId: z.string(),
  decision: z.enum(QUOTE_DECISIONS),
  /** The quote's status after the decision: Approved, Declined, or Sent for request-changes. */
  status: z.enum(['Approved', 'Declined', 'Sent']),
  decidedAt: z.string(),
  decidedBy: z.object({ email: z.string(), name: z.string() }),
  /**
   * The amount decided: for a quote with lines the total of the lines and option chosen
   * (`record.chosen.total`, issue 43), else the quote's amount (`record.shown.amount`, which stays
   * the quote's own in both cases).
   */
  amount: z.number(),
  title: z.string(),
  expiresAt: z.nullable(z.string()),
  poNumber: z.nullable(z.string()),
  reason: z.nullable(z.string()),
  comment: z.nullable(z.string()),
  record: DecisionRecordSchema,
}))();
export type QuoteDecidedDetail = z.infer<typeof QuoteDecidedDetail>;
