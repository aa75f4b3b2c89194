/**
 * Issue 43, item 3: a quote's lines and options (lambdas/shared/domain/quotes/lines.ts). The total
 * follows the choice; the server counts it from the stored lines, refusing unknown ids (400) and a
 * shown total that is not its own (409); the record's hash covers the lines and option chosen; the
 * dispatch mail lists them; the amount decided (mails, event, audit) is the chosen total.
 */
import { chosenTotal, DecisionBody, optionsOf } from '../../../lambdas/shared/contract/quotes.js';
import type { DecisionRecord } from '../../../lambdas/shared/data/quote-decisions.js';
import type { QuoteLine } from '../../../lambdas/shared/data/report-rows.js';
import { checkDecision, decidedAmount, intact, quoteView, recordHash } from '../../../lambdas/shared/domain/quotes/decision.js';
import { chooseLines, quoteLineViews } from '../../../lambdas/shared/domain/quotes/lines.js';
import { colleagueMail, dispatchMail, receiptMail } from '../../../lambdas/shared/domain/quotes/mails.js';
import { HttpError } from '../../../lambdas/shared/platform/http.js';

beforeAll(() => {
  process.env.PUBLIC_URL = 'https://portal.example.test';
});

const stored: QuoteLine[] = [
  { description: 'Crane lift', quantity: 1, unitPrice: 1200 },
  { description: 'Technician hours', quantity: 6.5, unitPrice: 125 },
  { description: 'Rebuilt fan motor', quantity: 1, unitPrice: 1900 },
  { description: 'New fan motor', quantity: 1, unitPrice: 2837.5 },
  { description: 'New motor, 5-year warranty', quantity: 1, unitPrice: 3400 },
  { description: 'Coil cleaning', quantity: 1, unitPrice: 420.1, optional: true },
  { description: 'Vibration isolators', quantity: 4, unitPrice: 37.45, optional: true },
];
stored[2]!.option = 'Good';
stored[3]!.option = 'Better';
stored[4]!.option = 'Best';
const lines = quoteLineViews({ lines: stored });
const shown = { amount: 4_850, title: 'Fan motor', expiresAt: '2026-06-30' };
const body = (b: Partial<DecisionBody>): DecisionBody => ({ propertyId: 'P-1', decision: 'approve', signature: 'Sam Small', agreed: true, shown, ...b });
const refusal = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    return e instanceof HttpError ? `${e.statusCode} ${e.message}` : String(e);
  }
  return 'allowed';
};

describe("a quote's lines and the total of a choice", () => {
  it('names the lines by place, counts each to the cent and lists the options in the order they come', () => {
    expect(lines.map((l) => [l.id, l.total, l.optional, l.option])).toEqual([
      ['L1', 1200, false, null], ['L2', 812.5, false, null], ['L3', 1900, false, 'Good'], ['L4', 2837.5, false, 'Better'],
      ['L5', 3400, false, 'Best'], ['L6', 420.1, true, null], ['L7', 149.8, true, null],
    ]);
    expect(optionsOf(lines)).toEqual(['Good', 'Better', 'Best']);
    expect(quoteLineViews(undefined)).toEqual([]);
  });

  it('takes in the lines of no option, the chosen option and the ticked optional lines', () => {
    expect(chosenTotal(lines, 'Good', [])).toBe(3912.5);
    expect(chosenTotal(lines, 'Better', [])).toBe(4850);
    expect(chosenTotal(lines, 'Best', ['L6'])).toBe(5832.6);
    expect(chosenTotal(lines, 'Better', ['L6', 'L7'])).toBe(5419.9);
    expect(chosenTotal(lines, null, [])).toBe(2012.5);
  });

  it('records the option and exactly the lines chosen, counted by the server whatever the client says', () => {
    const chosen = chooseLines(lines, body({ option: 'Best', lines: ['L7', 'L7'], shown: { ...shown, total: 5562.3 } }))!;
    expect(chosen.option).toBe('Best');
    expect(chosen.lines.map((l) => l.id)).toEqual(['L1', 'L2', 'L5', 'L7']);
    expect(chosen.total).toBe(5562.3);
    // A shown total that is not the server's: the quote changed since the dialog showed it.
    expect(refusal(() => chooseLines(lines, body({ option: 'Best', lines: ['L7'], shown: { ...shown, total: 1 } })))).toBe('409 The quote changed; review it again.');
    // Decline and request changes choose nothing, and may.
    expect(chooseLines(lines, body({ decision: 'decline', reason: 'no' }))).toEqual({ option: null, lines: lines.slice(0, 2), total: 2012.5 });
  });

  it('refuses unknown or not optional lines, unknown options and an approval without an option, with 400s that say which', () => {
    expect(refusal(() => chooseLines(lines, body({ option: 'Better', lines: ['L9'] })))).toBe('400 Invalid body.lines: the quote has no line L9');
    expect(refusal(() => chooseLines(lines, body({ option: 'Better', lines: ['L3'] })))).toBe('400 Invalid body.lines: line L3 is not optional; it is always in the quote or in one of its options');
    expect(refusal(() => chooseLines(lines, body({ option: 'Premium' })))).toBe('400 Invalid body.option: the quote has no option "Premium"; its options are "Good", "Better", "Best"');
    expect(refusal(() => chooseLines(lines, body({})))).toBe('400 Invalid body.option: choose one of the quote\'s options ("Good", "Better", "Best") to approve it');
    const plain = quoteLineViews({ lines: [stored[0]!, stored[1]!] });
    expect(refusal(() => chooseLines(plain, body({ option: 'Good' })))).toBe('400 Invalid body.option: this quote has no options to choose from');
    expect(refusal(() => chooseLines(plain, body({ lines: ['L1'] })))).toBe('400 Invalid body.lines: line L1 is not optional; it is always in the quote or in one of its options');
    expect(refusal(() => chooseLines(plain, body({ lines: ['L5'] })))).toBe('400 Invalid body.lines: this quote has no optional lines to tick');
    expect(chooseLines(plain, body({}))).toEqual({ option: null, lines: plain, total: 2012.5 });
  });

  it('leaves a quote without lines as it was: no choice, refused if one is sent, its amount what is approved', () => {
    expect(chooseLines([], body({}))).toBeUndefined();
    expect(refusal(() => chooseLines([], body({ lines: ['L1'] })))).toBe('400 Invalid body.lines: this quote has no optional lines to tick');
    expect(refusal(() => chooseLines([], body({ option: 'Good' })))).toBe('400 Invalid body.option: this quote has no options to choose from');
    const quote = { dataset: 'quote' as const, id: 'QT-1', propertyId: 'P-1', title: 'Fan motor', status: 'Sent' as const, amount: 4_850, createdAt: '2026-06-01T09:00:00Z', expiresAt: '2026-06-30' };
    const now = Date.parse('2026-06-10T12:00:00Z');
    expect(refusal(() => checkDecision(body({}), quote, { limit: 5_000 }, undefined, now))).toBe('allowed');
    // With lines, the permission is checked against the chosen total.
    expect(refusal(() => checkDecision(body({}), quote, { limit: 5_000 }, 5_832.6, now))).toBe('403 You may approve quotes up to $5,000; this one is over your limit.');
    const view = quoteView(quote, 'One', [], [], null, [], now);
    expect([view.lines, view.options]).toEqual([[], []]);
    expect(quoteView(quote, 'One', [], [], null, lines, now).options).toEqual(['Good', 'Better', 'Best']);
  });

  it('bounds the body: an option of at most 40 characters, at most 200 line ids', () => {
    expect(DecisionBody.safeParse(body({ option: 'x'.repeat(41) })).success).toBe(false);
    expect(DecisionBody.safeParse(body({ lines: Array.from({ length: 201 }, (_, i) => `L${i}`) })).success).toBe(false);
    expect(DecisionBody.safeParse(body({ option: ' Best ', lines: ['L6'] })).data).toMatchObject({ option: 'Best', lines: ['L6'] });
  });
});

describe("the record's hash and the mails cover the choice", () => {
  const chosen = chooseLines(lines, body({ option: 'Better', lines: ['L6'] }))!;
  const unsigned: Omit<DecisionRecord, 'hash'> = {
    propertyId: 'P-1', sk: 'quote#QT-1#2026-06-10T12:00:00.000Z', kind: 'decision', quoteId: 'QT-1', customerId: 'C-1', decision: 'approve',
    decidedAt: '2026-06-10T12:00:00.000Z', by: { sub: 's-1', email: 'sam@c.test', name: 'sam small', signature: 'Sam Small' },
    sourceIp: '203.0.113.9', userAgent: 'UA', shown: { ...shown, propertyId: 'P-1', propertyName: 'One' }, chosen,
  };
  const record = { ...unsigned, hash: recordHash(unsigned) } as DecisionRecord;

  it('changes the hash when a chosen line, the option or the total changes', () => {
    expect(intact(record)).toBe(true);
    const otherLine = { ...chosen, lines: chosen.lines.map((l) => (l.id === 'L6' ? { ...l, quantity: 2 } : l)) };
    expect(recordHash({ ...unsigned, chosen: otherLine })).not.toBe(record.hash);
    expect(intact({ ...record, chosen: otherLine })).toBe(false);
    expect(intact({ ...record, chosen: { ...chosen, lines: chosen.lines.filter((l) => l.id !== 'L6') } })).toBe(false);
    expect(intact({ ...record, chosen: { ...chosen, option: 'Best' } })).toBe(false);
    expect(intact({ ...record, chosen: { ...chosen, total: 1 } })).toBe(false);
    // A record without lines hashes as before (no `chosen` key).
    const { chosen: _c, ...plain } = unsigned;
    expect(recordHash(plain)).toBe(recordHash({ ...plain, chosen: undefined }));
  });

  it('lists the option, each line taken in and the total in the dispatch mail and the receipt', () => {
    const mail = dispatchMail(record, 'northwind');
    expect(mail.subject).toBe('Quote approved: QT-1 (One, $5,270.10)');
    expect(mail.text).toContain([
      'Lines chosen:',
      'Option: Better',
      '- L1 Crane lift: 1 × $1,200 = $1,200',
      '- L2 Technician hours: 6.5 × $125 = $812.50',
      '- L4 New fan motor: 1 × $2,837.50 = $2,837.50 (Better)',
      '- L6 Coil cleaning: 1 × $420.10 = $420.10 (optional, ticked)',
      'Total of the lines chosen: $5,270.10',
    ].join('\n'));
    expect(mail.text).not.toContain('L3 ');
    expect(mail.text).not.toContain('L7 ');
    expect(receiptMail(record, 'northwind').text).toContain('Option: Better');
    const { chosen: _c, ...plain } = record;
    expect(dispatchMail(plain as DecisionRecord, 'northwind').text).not.toContain('Lines chosen');
    expect(dispatchMail(plain as DecisionRecord, 'northwind').subject).toBe('Quote approved: QT-1 (One, $4,850)');
  });

  it("gives the chosen total as the amount decided wherever the decision is told, the quote's own beside it", () => {
    // The quote's amount ($4,850) is not what Better with the coil cleaning commits to.
    expect(record.shown.amount).toBe(4_850);
    expect(decidedAmount(record)).toBe(5_270.1);
    const line = "Amount: $5,270.10 (the lines chosen; the quote's amount: $4,850)";
    for (const mail of [dispatchMail(record, 'northwind'), receiptMail(record, 'northwind'), colleagueMail(record, 'northwind', 'Vic Viewer')]) {
      expect(mail.text.split('\n')).toContain(line);
      expect(mail.text).not.toMatch(/^Amount: \$4,850$/m);
    }
    const { chosen: _c, ...plain } = record;
    expect(decidedAmount(plain)).toBe(4_850);
    expect(colleagueMail(plain as DecisionRecord, 'northwind', 'Vic Viewer').text.split('\n')).toContain('Amount: $4,850');
  });
});
