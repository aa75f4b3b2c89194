import { dynamo } from '../shared/platform/clients.js';
import { QuoteApprovalBody, quoteMessages } from '../shared/contract/quotes.js';
import { EmailParams } from '../shared/contract/users.js';
import { appendAudit } from '../shared/data/audit.js';
import { getUserByEmail, setQuoteApproval } from '../shared/data/users.js';
import { isStaffEmail } from '../shared/platform/env.js';
import { badRequest, ok } from '../shared/platform/http.js';
import { api } from '../shared/platform/middleware.js';
import { noUser } from '../shared/domain/users/portal-user.js';

/**
 * PUT /api/users/{email}/quote-approval (administrators; beyond the spec, issue 30): whether a
 * customer account may approve quotes, and up to what amount. `{ limit: N }` up to N dollars,
 * `{ limit: null }` any amount, `{ allowed: false }` not at all (declining and asking for changes
 * need no permission). Kept on the users row, which only administrators' routes write; staff
 * accounts are refused (administrators never decide quotes).
 */
export const handler = api({ params: EmailParams, body: QuoteApprovalBody }, async ({ params, body, caller }) => {
  const db = dynamo();
  const row = await getUserByEmail(db, params.email);
  if (!row) throw noUser(params.email);
  if (isStaffEmail(row.email)) throw badRequest(quoteMessages.staffApproval(row.email));
  const approval = 'limit' in body ? { limit: body.limit } : undefined;
  const saved = await setQuoteApproval(db, row.sub, approval);
  if (!saved) throw noUser(params.email);
  await appendAudit(db, caller!.email, 'user.quote-approval', row.email, { from: row.quoteApproval ?? null, to: approval ?? null });
  return ok({ message: quoteMessages.approvalSaved, EMAIL: row.email, QUOTE_APPROVAL: approval ?? null });
});
