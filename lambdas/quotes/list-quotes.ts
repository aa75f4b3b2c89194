import { dynamo } from '../shared/platform/clients.js';
import { QuotesQuery, quoteMessages, type QuotesReply } from '../shared/contract/quotes.js';
import { documentsOfProperties } from '../shared/data/documents.js';
import { getProperties } from '../shared/data/properties.js';
import { decisionsOf } from '../shared/data/quote-decisions.js';
import { rowsOf } from '../shared/data/report-rows.js';
import { forbidden, ok } from '../shared/platform/http.js';
import { api } from '../shared/platform/middleware.js';
import { quoteView } from '../shared/domain/quotes/decision.js';
import { quoteDocument } from '../shared/domain/quotes/documents.js';
import { approverNames, listApprovers, servedForQuotes } from '../shared/domain/quotes/served.js';
import { signingName } from '../shared/domain/quotes/signer.js';
import { quoteLineViews } from '../shared/domain/quotes/lines.js';

/** How long a quote decided in the portal stays in the list after its decision. */
const DECIDED_DAYS = 90;

/**
 * GET /api/quotes?email=&propertyIds= (beyond the spec, issue 30): the quotes sent to the served
 * user (the caller, or the customer an administrator views as) at their properties, or at those of
 * them named: every Sent quote (expired ones marked), and those decided in the portal in the last
 * 90 days, each with its decisions, the names of who may approve it and the provider's quote
 * document (lambdas/shared/domain/quotes/documents.ts) and its lines and options (issue 43). Drafts never. Properties named outside the
 * scope: 403 before any read of them. `quote=<id>` (issue 43: a Quotes report row opened) lists that
 * quote too, decided long ago or outside the portal, when it is one of the rows read here (the
 * served user's, at the properties asked for): another customer's quote is simply not listed.
 */
export const handler = api({ query: QuotesQuery }, async ({ query, caller }) => {
  const db = dynamo();
  const served = await servedForQuotes(db, caller!, query.email);
  const named = query.propertyIds ? [...new Set(query.propertyIds.split(',').map((p) => p.trim()).filter(Boolean))] : undefined;
  const inScope = (p: string) => (served.isAdmin && !served.row ? true : served.propertyIds.has(p));
  if (named?.some((p) => !inScope(p))) throw forbidden(quoteMessages.outsideList);
  const propertyIds = named ?? [...served.propertyIds];
  const [properties, quotes, quoteLines, decisions, approvers] = await Promise.all([
    getProperties(db, propertyIds),
    rowsOf(db, 'quote', propertyIds),
    rowsOf(db, 'qline', propertyIds),
    decisionsOf(db, propertyIds),
    listApprovers(db),
  ]);
  const names = new Map(properties.map((p) => [p.id, p.name]));
  const since = new Date(Date.now() - DECIDED_DAYS * 86400_000).toISOString();
  const shown = quotes
    .filter((q) => names.has(q.propertyId))
    .filter((q) => q.status === 'Sent' || (q.decidedIn === 'portal' && (q.decidedAt ?? '') >= since) || (q.id === query.quote && q.status !== 'Draft'))
    .sort((a, b) => (a.expiresAt ?? '9999').localeCompare(b.expiresAt ?? '9999') || a.id.localeCompare(b.id));
  const linesOf = new Map(quoteLines.map((l) => [`${l.propertyId}\u0000${l.id}`, l]));
  const documents = shown.length ? await documentsOfProperties(db, shown.map((q) => q.propertyId)) : [];
  const reply: QuotesReply = {
    approval: served.row?.quoteApproval ?? null,
    canDecide: !served.isAdmin,
    signer: served.row ? { name: signingName(served.row), email: served.row.email } : null,
    quotes: shown.map((q) => quoteView(q, names.get(q.propertyId)!, decisions, approverNames(approvers, q.propertyId, q.amount), quoteDocument(q, documents), quoteLineViews(linesOf.get(`${q.propertyId}\u0000${q.id}`)))),
  };
  return ok(reply);
});
