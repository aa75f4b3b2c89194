import { dynamo } from '../shared/platform/clients.js';
import { DecisionBody, QuoteParams, quoteMessages, QUOTE_DECIDED, type DecisionReply, type QuoteDecidedDetail } from '../shared/contract/quotes.js';
import { appendAudit } from '../shared/data/audit.js';
import { getCustomer } from '../shared/data/customers.js';
import { getProperties } from '../shared/data/properties.js';
import { putDecision, decisionKey, type DecisionRecord } from '../shared/data/quote-decisions.js';
import { getReportRow, updateReportRow, type QuoteRow } from '../shared/data/report-rows.js';
import { getUserBySub, listUsers } from '../shared/data/users.js';
import { isStaffEmail } from '../shared/platform/env.js';
import { putEvent } from '../shared/platform/events.js';
import { forbidden, HttpError, notFound, ok } from '../shared/platform/http.js';
import { log } from '../shared/platform/log.js';
import { mailSettings, sendMail } from '../shared/platform/mail.js';
import { api } from '../shared/platform/middleware.js';
import { mailUser } from '../shared/domain/notifications/send.js';
import { checkDecision, decidedAmount, deciderName, quoteView, recordHash, statusAfter } from '../shared/domain/quotes/decision.js';
import { colleagueMail, dispatchMail, receiptMail } from '../shared/domain/quotes/mails.js';
import { approverNames } from '../shared/domain/quotes/served.js';
import { checkSignature } from '../shared/domain/quotes/signer.js';
import { chooseLines, quoteLineViews } from '../shared/domain/quotes/lines.js';
import { assignedScope, canSeeProperty } from '../shared/platform/scope.js';

/** A mail or event that fails is logged; the decision stands (it is recorded and listed). */
const tell = (what: string, p: Promise<unknown>) => p.catch((err: unknown) => log.error(`${what} failed`, { err }));

/**
 * POST /api/quotes/{quoteId}/decision (beyond the spec, issue 30): a customer approves (with a
 * typed signature, which must be their own account's name: issue 39, and the tick), declines (with
 * a reason) or asks for changes to (with a comment) a Sent quote of one of their properties.
 * Administrators never decide, also not while viewing as a customer (403 before anything is read).
 * The decision record (who, when, from where, what was shown, its hash) is put once and never
 * changed; approve and decline move the quote's status in the same conditional write that checks
 * it is still Sent and unchanged. A quote with lines (issue 43) is decided on the option and the
 * optional lines chosen: the server counts their total from the stored lines and records them, so
 * the record's hash covers them. Then the provider's dispatch mailbox, a receipt to the decider,
 * the customer's other users who keep the "Quote decisions" topic, and an event on the stage's bus.
 */
export const handler = api({ params: QuoteParams, body: DecisionBody }, async ({ params, body, caller, event, headers, sourceIp }) => {
  const me = caller!;
  if (me.isAdmin) throw forbidden(quoteMessages.staffCannotDecide);
  if (!canSeeProperty(me, body.propertyId)) throw forbidden(quoteMessages.outside);
  const db = dynamo();
  const quote = await getReportRow(db, body.propertyId, 'quote', params.quoteId);
  // Drafts are never shown to customers: as if there were none.
  if (!quote || quote.status === 'Draft') throw notFound(quoteMessages.noQuote(params.quoteId));
  const row = await getUserBySub(db, me.sub);
  // Who signs is the account the server records for the token's sub (issue 39), never a name the
  // client sends: the typed signature must be that account's name.
  const signer = { name: row?.name ?? me.name, email: row?.email ?? me.email };
  checkSignature(body, signer);
  // Issue 43: a quote with lines is decided on the lines and option chosen, counted here from the
  // stored lines (unknown ids 400); the permission is checked against that total.
  const lines = quoteLineViews(await getReportRow(db, body.propertyId, 'qline', quote.id));
  const chosen = chooseLines(lines, body);
  const total = chosen?.total ?? quote.amount;
  checkDecision(body, quote, row?.quoteApproval, total);

  const [property] = await getProperties(db, [body.propertyId]);
  const customerId = property?.customerId ?? me.propertyCustomers.get(body.propertyId) ?? '';
  const decidedAt = new Date().toISOString();
  const unsigned: Omit<DecisionRecord, 'hash'> = {
    propertyId: body.propertyId,
    sk: decisionKey(quote.id, decidedAt),
    kind: 'decision',
    quoteId: quote.id,
    customerId,
    decision: body.decision,
    decidedAt,
    by: { sub: me.sub, email: signer.email, name: signer.name, ...(body.decision === 'approve' ? { signature: body.signature! } : {}) },
    sourceIp,
    userAgent: headers['user-agent'] ?? event.requestContext.http.userAgent ?? '',
    shown: { amount: quote.amount, title: quote.title ?? '', expiresAt: quote.expiresAt ?? null, propertyId: body.propertyId, propertyName: property?.name ?? body.propertyId },
    ...(body.poNumber ? { poNumber: body.poNumber } : {}),
    ...(body.decision === 'decline' ? { reason: body.reason! } : {}),
    ...(body.decision === 'request-changes' ? { comment: body.comment! } : {}),
    ...(chosen ? { chosen } : {}),
  };
  const record: DecisionRecord = { ...unsigned, hash: recordHash(unsigned) };
  const status = statusAfter(body.decision);

  // The status first, conditional on the quote still being Sent and as shown: of two deciders at
  // once, one wins and the other is refused before a record of theirs exists.
  let stored: QuoteRow = quote;
  if (status !== 'Sent') {
    stored = await updateReportRow(db, body.propertyId, 'quote', quote.id, (now) => {
      if (!now) throw notFound(quoteMessages.noQuote(quote.id));
      checkDecision(body, now, row?.quoteApproval, total);
      return { ...now, status, decidedAt, decidedBy: deciderName(record), decidedIn: 'portal' };
    });
  }
  let put = false;
  try {
    put = await putDecision(db, record);
  } finally {
    // No record, no decision: the status goes back (only while it is still this decision's).
    if (!put && status !== 'Sent') {
      await updateReportRow(db, body.propertyId, 'quote', quote.id, (now) => {
        if (!now || now.decidedAt !== decidedAt) throw new Error('the quote changed since');
        return { ...quote };
      }).catch((err: unknown) => log.error('putting the quote back failed', { quoteId: quote.id, err }));
    }
  }
  if (!put) throw new HttpError(409, quoteMessages.changed);
  // The amount decided, as the event and the mails give it: a quote with lines, the total of the lines chosen (issue 43), beside the quote's own.
  const amount = decidedAmount(record);
  await appendAudit(db, me.email, `quote.${body.decision}`, quote.id, { propertyId: body.propertyId, customerId, amount, ...(chosen ? { quoteAmount: quote.amount, option: chosen.option } : {}), hash: record.hash });

  const customer = customerId ? await getCustomer(db, customerId) : undefined;
  const customerName = customer?.name ?? customerId;
  const detail: QuoteDecidedDetail = {
    version: 1,
    quoteId: quote.id,
    propertyId: body.propertyId,
    propertyName: record.shown.propertyName,
    customerId,
    decision: body.decision,
    status: status as QuoteDecidedDetail['status'],
    decidedAt,
    decidedBy: { email: signer.email, name: deciderName(record) },
    amount,
    title: record.shown.title,
    expiresAt: record.shown.expiresAt,
    poNumber: record.poNumber ?? null,
    reason: record.reason ?? null,
    comment: record.comment ?? null,
    record,
  };
  const dispatch = mailSettings.dispatchEmail();
  const users = await listUsers(db);
  const colleagues = users.filter((u) => u.sub !== me.sub && !isStaffEmail(u.email) && assignedScope(u).propertyIds.has(body.propertyId));
  await Promise.all([
    tell('the quote event', putEvent(QUOTE_DECIDED, detail)),
    dispatch ? tell('the dispatch mail', sendMail({ to: dispatch, ...dispatchMail(record, customerName) })) : Promise.resolve(),
    tell('the receipt', mailUser(db, { sub: me.sub, email: me.email }, null, receiptMail(record, customerName))),
    ...colleagues.map((u) => tell('a colleague\'s mail', mailUser(db, { sub: u.sub, email: u.email }, 'quotes', colleagueMail(record, customerName, u.name || u.email)))),
  ]);

  const approvers = users.filter((u) => u.quoteApproval);
  const reply: DecisionReply = {
    message: body.decision === 'approve' ? quoteMessages.approved : body.decision === 'decline' ? quoteMessages.declined : quoteMessages.changesRequested,
    quote: quoteView(stored, record.shown.propertyName, [record], approverNames(approvers, body.propertyId, quote.amount), null, lines),
    hash: record.hash,
  };
  log.info('quote decided', { quoteId: quote.id, decision: body.decision });
  return ok(reply);
});
