/**
 * The mails of a quote decision (issue 30): to the provider's dispatch mailbox (the decision, the
 * lines and option chosen on a quote with lines (issue 43) and the whole signature record), the receipt to the customer who decided, and the "Quote decisions"
 * topic's mail to the customer's other users of that property.
 */
import { dollars } from '../../contract/answers/quotes.js';
import { mailTime, titleCase, writtenDay } from '../../contract/writing.js';
import type { DecisionRecord } from '../../data/quote-decisions.js';
import { greetingName, productTitle } from '../../platform/mail-text.js';
import { mailLinks } from '../../platform/links.js';
import { decidedAmount, deciderLine } from './decision.js';

const VERB = { approve: 'approved', decline: 'declined', 'request-changes': 'asked for changes to' } as const;
const HEADLINE = { approve: 'Quote approved', decline: 'Quote declined', 'request-changes': 'Changes requested' } as const;

function facts(r: DecisionRecord, customerName: string): string[] {
  return [
    `Quote: ${r.quoteId} — ${r.shown.title}`,
    `Customer: ${titleCase(customerName)}`,
    `Property: ${r.shown.propertyName}`,
    // A quote with lines: the total of the lines chosen, which the decision commits to (issue 43), then the quote's own amount.
    r.chosen ? `Amount: ${dollars(decidedAmount(r))} (the lines chosen; the quote's amount: ${dollars(r.shown.amount)})` : `Amount: ${dollars(r.shown.amount)}`,
    `Expires: ${r.shown.expiresAt ? writtenDay(r.shown.expiresAt.slice(0, 10)) : 'no expiry'}`,
    ...(r.poNumber ? [`Purchase order: ${r.poNumber}`] : []),
    ...(r.reason ? [`Reason: ${r.reason}`] : []),
    ...(r.comment ? [`Changes asked for: ${r.comment}`] : []),
  ];
}

const quantityText = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 3 });

/**
 * What a decision on a quote with lines chose (issue 43): the option, then each line taken in with
 * its quantity, unit price and total (an optional line marked as ticked), then the total. Nothing
 * for a quote without lines.
 */
export function chosenText(r: Pick<DecisionRecord, 'chosen'>): string[] {
  if (!r.chosen) return [];
  const { option, lines, total } = r.chosen;
  return [
    '',
    'Lines chosen:',
    ...(option ? [`Option: ${option}`] : []),
    ...lines.map((l) => `- ${l.id} ${l.description}: ${quantityText(l.quantity)} × ${dollars(l.unitPrice)} = ${dollars(l.total)}${l.optional ? ' (optional, ticked)' : l.option ? ` (${l.option})` : ''}`),
    `Total of the lines chosen: ${dollars(total)}`,
  ];
}

/** To the provider's dispatch mailbox: the decision, the lines chosen and the signature record. */
export function dispatchMail(r: DecisionRecord, customerName: string) {
  return {
    subject: `${HEADLINE[r.decision]}: ${r.quoteId} (${r.shown.propertyName}, ${dollars(decidedAmount(r))})`,
    text: [
      `${deciderLine(r)} of ${titleCase(customerName)} ${VERB[r.decision]} quote ${r.quoteId} in the portal.`,
      '',
      ...facts(r, customerName),
      ...chosenText(r),
      '',
      'Signature record:',
      `Decided at: ${mailTime(r.decidedAt)} (${r.decidedAt})`,
      `Account: ${r.by.email} (${titleCase(r.by.name || r.by.email)}, id ${r.by.sub})`,
      ...(r.by.signature ? [`Signed as: ${r.by.signature}`, 'Agreed: "I approve this quote" ticked'] : []),
      `From address: ${r.sourceIp}`,
      `User agent: ${r.userAgent}`,
      `What was shown: ${dollars(r.shown.amount)}, "${r.shown.title}", expiring ${r.shown.expiresAt ?? 'never'}, at ${r.shown.propertyName} (${r.shown.propertyId})`,
      `Record hash (SHA-256): ${r.hash}`,
      '',
      `— ${productTitle()}`,
    ].join('\n'),
  };
}

/** The receipt to the customer who decided (sent whatever their settings: they acted). */
export function receiptMail(r: DecisionRecord, customerName: string) {
  return {
    subject: `Receipt: you ${VERB[r.decision]} quote ${r.quoteId}`,
    text: [
      `Hello ${greetingName(r.by.name || r.by.email)},`,
      '',
      `You ${VERB[r.decision]} this quote on ${mailTime(r.decidedAt)}; the provider has been told.`,
      '',
      ...facts(r, customerName),
      ...chosenText(r),
      `Decided by: ${deciderLine(r)}`,
      ...(r.by.signature ? [`Signed as: ${r.by.signature}`] : []),
      `Record hash (SHA-256): ${r.hash}`,
      '',
      `This quote: ${mailLinks.quote(r.quoteId)}`,
      '',
      `— ${productTitle()}`,
    ].join('\n'),
  };
}

/** The topic's mail to the customer's other users of the property. */
export function colleagueMail(r: DecisionRecord, customerName: string, name: string) {
  return {
    subject: `${HEADLINE[r.decision]}: ${r.shown.title} (${r.shown.propertyName})`,
    text: [
      `Hello ${greetingName(name)},`,
      '',
      `${deciderLine(r)} ${VERB[r.decision]} a quote for ${r.shown.propertyName} on ${mailTime(r.decidedAt)}.`,
      '',
      ...facts(r, customerName),
      '',
      `This quote: ${mailLinks.quote(r.quoteId)}`,
    ].join('\n'),
  };
}

/**
 * To a colleague who may approve a quote, from a customer over their own limit (issue 39): who asks,
 * the quote, and the link straight to it. Sent because a person asked, whatever the settings.
 */
export function askApprovalMail(q: { id: string; title: string; amount: number; expiresAt: string | null }, propertyName: string, asker: { name: string; email: string }, name: string) {
  const who = `${titleCase(asker.name || asker.email)} (${asker.email})`;
  return {
    subject: `Please approve quote ${q.id} (${propertyName}, ${dollars(q.amount)})`,
    text: [
      `Hello ${greetingName(name)},`,
      '',
      `${who} asks you to approve a quote for ${propertyName}: it is over their approval limit, and within yours.`,
      '',
      `Quote: ${q.id} — ${q.title}`,
      `Property: ${propertyName}`,
      `Amount: ${dollars(q.amount)}`,
      `Expires: ${q.expiresAt ? writtenDay(q.expiresAt.slice(0, 10)) : 'no expiry'}`,
      '',
      `Review it here: ${mailLinks.quote(q.id)}`,
      '',
      `— ${productTitle()}`,
    ].join('\n'),
  };
}
