import { dynamo } from '../shared/platform/clients.js';
import { RecentDecisionsQuery, type RecentDecisionsReply } from '../shared/contract/quotes.js';
import { getCustomers } from '../shared/data/customers.js';
import { decisionsSince } from '../shared/data/quote-decisions.js';
import { ok } from '../shared/platform/http.js';
import { api } from '../shared/platform/middleware.js';
import { titleCase } from '../shared/contract/writing.js';
import { decidedAmount, deciderName } from '../shared/domain/quotes/decision.js';

/**
 * GET /api/quotes/decisions?days= (staff only, issue 39): every customer's quote decisions of the
 * last `days` days (default 90), newest first: who (the account's name and email as recorded),
 * when, the quote and its amount (the amount shown, or for a quote with lines the total of the lines
 * chosen, which the decision commits to: issue 43), the signature, the PO number, the reason or the changes
 * asked for. The route table refuses customers before this runs; the web app writes the CSV.
 */
export const handler = api({ query: RecentDecisionsQuery }, async ({ query }) => {
  const db = dynamo();
  const since = new Date(Date.now() - query.days * 86400_000).toISOString();
  const records = await decisionsSince(db, since);
  const customers = records.length ? await getCustomers(db, new Set(records.map((r) => r.customerId).filter(Boolean))) : [];
  const names = new Map(customers.map((c) => [c.id, c.name]));
  const reply: RecentDecisionsReply = {
    since,
    decisions: records.map((r) => ({
      decidedAt: r.decidedAt,
      decision: r.decision,
      quoteId: r.quoteId,
      title: r.shown.title,
      amount: decidedAmount(r),
      propertyId: r.propertyId,
      propertyName: r.shown.propertyName,
      customerId: r.customerId,
      customerName: titleCase(names.get(r.customerId) ?? r.customerId),
      name: deciderName(r),
      email: r.by.email,
      signature: r.by.signature ?? null,
      poNumber: r.poNumber ?? null,
      reason: r.reason ?? null,
      comment: r.comment ?? null,
    })),
  };
  return ok(reply);
});
