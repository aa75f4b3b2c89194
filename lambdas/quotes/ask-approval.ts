import { dynamo } from '../shared/platform/clients.js';
import { AskApprovalBody, QuoteParams, quoteMessages, type AskApprovalReply } from '../shared/contract/quotes.js';
import { mayApprove } from '../shared/contract/answers/quotes.js';
import { appendAudit } from '../shared/data/audit.js';
import { getProperties } from '../shared/data/properties.js';
import { assertUnderLimit, hit, limits } from '../shared/data/rate-limits.js';
import { getReportRow } from '../shared/data/report-rows.js';
import { getUserBySub, listApprovers } from '../shared/data/users.js';
import { badRequest, forbidden, HttpError, notFound, ok, unavailable } from '../shared/platform/http.js';
import { log } from '../shared/platform/log.js';
import { api } from '../shared/platform/middleware.js';
import { mailUser } from '../shared/domain/notifications/send.js';
import { isAwaiting } from '../shared/domain/quotes/expiry.js';
import { askApprovalMail } from '../shared/domain/quotes/mails.js';
import { approverName, approversOf } from '../shared/domain/quotes/served.js';
import { canSeeProperty } from '../shared/platform/scope.js';

const sameName = (a: string, b: string) => a.trim().toLocaleLowerCase() === b.trim().toLocaleLowerCase();

/**
 * POST /api/quotes/{quoteId}/ask-approval (beyond the spec, issue 39): a customer who may not
 * approve a quote (no permission, or over their limit) asks a colleague who may to approve it.
 * `approver` is a name from the quote's `approvers`; the server finds who may approve among the
 * users whose scope holds the quote's property (so only the same customer's), never the caller,
 * and mails them a link to the quote. Administrators: 403; another customer's property: 403; an
 * unknown or Draft quote: 404; a quote no longer awaiting approval: 409; a name that may not
 * approve it: 400; nobody who may: 409; the mail service failing: 503. Ten asks an hour per user.
 */
export const handler = api({ params: QuoteParams, body: AskApprovalBody }, async ({ params, body, caller }) => {
  const me = caller!;
  if (me.isAdmin) throw forbidden(quoteMessages.askStaff);
  if (!canSeeProperty(me, body.propertyId)) throw forbidden(quoteMessages.outside);
  const db = dynamo();
  const quote = await getReportRow(db, body.propertyId, 'quote', params.quoteId);
  if (!quote || quote.status === 'Draft') throw notFound(quoteMessages.noQuote(params.quoteId));
  if (!isAwaiting(quote, Date.now())) throw new HttpError(409, quoteMessages.askNotAwaiting);
  const row = await getUserBySub(db, me.sub);
  if (mayApprove(row?.quoteApproval, quote.amount)) throw badRequest(quoteMessages.askSelf);
  const others = approversOf(await listApprovers(db), body.propertyId, quote.amount).filter((u) => u.sub !== me.sub);
  if (!others.length) throw new HttpError(409, quoteMessages.askNobody);
  const chosen = others.filter((u) => sameName(approverName(u), body.approver));
  if (!chosen.length) throw badRequest(quoteMessages.askNotApprover(body.approver));
  await assertUnderLimit(db, limits.askApprovalPerUser, me.sub);
  await hit(db, limits.askApprovalPerUser, me.sub);

  const [property] = await getProperties(db, [body.propertyId]);
  const propertyName = property?.name ?? body.propertyId;
  const asker = { name: row?.name ?? me.name, email: row?.email ?? me.email };
  const shown = { id: quote.id, title: quote.title ?? '', amount: quote.amount, expiresAt: quote.expiresAt ?? null };
  // A mail the mail service refuses is not sent, said as such (503): the user may try again.
  const outcomes = await Promise.all(
    chosen.map((u) =>
      mailUser(db, { sub: u.sub, email: u.email }, null, askApprovalMail(shown, propertyName, asker, u.name || u.email)).catch((err: unknown) => {
        log.error('an ask-to-approve mail failed', { quoteId: quote.id, err });
        return 'failed' as const;
      }),
    ),
  );
  if (!outcomes.includes('sent') && (outcomes.includes('failed') || outcomes.includes('no-sender'))) throw unavailable(quoteMessages.askFailed);
  await appendAudit(db, me.email, 'quote.ask-approval', quote.id, { propertyId: body.propertyId, asked: chosen.map((u) => u.email), outcomes });
  const asked = [...new Set(chosen.filter((_u, i) => outcomes[i] === 'sent').map(approverName))];
  if (!asked.length) {
    log.warn('no ask-to-approve mail was sent', { quoteId: quote.id, outcomes });
    throw new HttpError(409, quoteMessages.askUnmailed(approverName(chosen[0]!)));
  }
  const reply: AskApprovalReply = { message: quoteMessages.asked(asked.join(' and ')), asked };
  return ok(reply);
});
