/**
 * A quote's lines and options (issue 43, item 3), pure: the lines as the list answers them, and the
 * choice a decision makes, checked against the lines as stored (never the client's total). A quote
 * without lines is decided as before: no choice, its amount the total.
 */
import { chosenLines, chosenTotal, optionsOf, quoteMessages, type DecisionBody, type QuoteLineView } from '../../contract/quotes.js';
import type { ChosenLines } from '../../data/quote-decisions.js';
import type { QuoteLinesRow } from '../../data/report-rows.js';
import { badRequest, HttpError } from '../../platform/http.js';

const cents = (n: number) => Math.round(n * 100) / 100;

/** A quote's lines as answered: ids by place (L1, L2, ...), each with its total to the cent. */
export const quoteLineViews = (row: Pick<QuoteLinesRow, 'lines'> | undefined): QuoteLineView[] =>
  (row?.lines ?? []).map((l, i) => ({
    id: `L${i + 1}`,
    description: l.description,
    quantity: l.quantity,
    unitPrice: l.unitPrice,
    total: cents(l.quantity * l.unitPrice),
    optional: l.optional === true,
    option: l.option ?? null,
  }));

const listed = (options: readonly string[]) => options.map((o) => `"${o}"`).join(', ');

/**
 * The choice a decision makes on a quote with these lines, or undefined for a quote without lines.
 * Refuses (400, naming what is wrong) a ticked line the quote does not have or that is not
 * optional, an option it does not have, and an approval of a quote with options that chooses none;
 * refuses (409) a total the dialog showed that is not the one the server counts (the lines changed).
 */
export function chooseLines(lines: readonly QuoteLineView[], body: Pick<DecisionBody, 'decision' | 'option' | 'lines' | 'shown'>): ChosenLines | undefined {
  const ticked = [...new Set(body.lines ?? [])];
  const options = optionsOf(lines);
  if (lines.length === 0) {
    if (ticked.length) throw badRequest(quoteMessages.noLines);
    if (body.option) throw badRequest(quoteMessages.noOptions);
    return undefined;
  }
  for (const id of ticked) {
    const line = lines.find((l) => l.id === id);
    if (!line) throw badRequest(lines.some((l) => l.optional) ? quoteMessages.unknownLine(id) : quoteMessages.noLines);
    if (!line.optional) throw badRequest(quoteMessages.notOptional(id));
  }
  if (body.option && !options.length) throw badRequest(quoteMessages.noOptions);
  if (body.option && !options.includes(body.option)) throw badRequest(quoteMessages.unknownOption(body.option, listed(options)));
  if (body.decision === 'approve' && options.length && !body.option) throw badRequest(quoteMessages.chooseOption(listed(options)));
  const option = body.option ?? null;
  const total = chosenTotal(lines, option, ticked);
  if (body.shown.total !== undefined && cents(body.shown.total) !== total) throw new HttpError(409, quoteMessages.changed);
  return { option, lines: chosenLines(lines, option, ticked), total };
}
