/**
 * Issue 43, item 3: the quote-lines import kind. A quote's lines (description, quantity, unit price,
 * optional, option) stored as one row of its partition in the file's order, replacing an earlier
 * import's; bad rows refused with their file, line and column, nothing written.
 */
import { importFiles } from '../../../infra/admin/import.js';
import { unpackItem, type QuoteLinesRow, type ReportRow, type ReportRowsItem } from '../../../lambdas/shared/data/report-rows.js';
import { quoteLineViews } from '../../../lambdas/shared/domain/quotes/lines.js';
import { fakeAws } from '../support/fake-aws.js';
import { setEnv } from './support/fixtures.js';
import { csvFiles, importFailure } from './support/import-files.js';

const file = csvFiles('admin-import-qlines-');
const db = fakeAws();
beforeAll(() => setEnv());
beforeEach(() => {
  db.clear();
  db.put('properties', { id: 'P-1', customerId: 'C-1', name: 'Tower', propertyType: 'Office' }, { id: 'P-2', customerId: 'C-1', name: 'Annex', propertyType: 'Office' });
});

const stored = (): ReportRow[] => db.sorted('report-rows').filter((i) => !String(i.sk).startsWith('index#')).flatMap((i) => unpackItem(i as ReportRowsItem));
const linesOf = (id: string) => stored().find((r): r is QuoteLinesRow => r.dataset === 'qline' && r.id === id);
const QUOTES = 'id,property_id,status,amount,created_at\nQ-1,P-1,Sent,4850,2026-03-14\nQ-2,P-1,Sent,900,2026-03-14\n';
const HEAD = 'quote_id,property_id,description,quantity,unit_price,optional,option\n';

describe('admin import --quote-lines (issue 43)', () => {
  it("stores each quote's lines in the file's order, with their optional tick and option, beside a quote of the same import", async () => {
    const counts = await importFiles({
      quotes: file(QUOTES),
      'quote-lines': file(`${HEAD}Q-1,P-1,Labour,10,125,,\nQ-1,P-1,Rebuilt motor,1,2400,,Good\nQ-1,P-1,New motor,1,3600,,Better\nQ-1,P-1,Coil cleaning,1,450.50,Yes,\nQ-2,P-1,Belt,2,45,no,\n`),
    });
    expect(counts).toEqual({ quotes: 2, 'quote-lines': 5 });
    expect(linesOf('Q-1')?.lines).toEqual([
      { description: 'Labour', quantity: 10, unitPrice: 125 },
      { description: 'Rebuilt motor', quantity: 1, unitPrice: 2400, option: 'Good' },
      { description: 'New motor', quantity: 1, unitPrice: 3600, option: 'Better' },
      { description: 'Coil cleaning', quantity: 1, unitPrice: 450.5, optional: true },
    ]);
    expect(quoteLineViews(linesOf('Q-1')).map((l) => `${l.id} ${l.total} ${l.optional} ${l.option}`)).toEqual(['L1 1250 false null', 'L2 2400 false Good', 'L3 3600 false Better', 'L4 450.5 true null']);
    expect(linesOf('Q-2')?.lines).toEqual([{ description: 'Belt', quantity: 2, unitPrice: 45 }]);
  });

  it("replaces a quote's lines with a later file's, and leaves the other quotes' alone; a quote in the tables may be named", async () => {
    await importFiles({ quotes: file(QUOTES), 'quote-lines': file(`${HEAD}Q-1,P-1,Old line,1,10,,\nQ-2,P-1,Belt,2,45,,\n`) });
    await importFiles({ 'quote-lines': file(`${HEAD}Q-1,P-1,New line,3,20,,\n`) });
    expect(linesOf('Q-1')?.lines).toEqual([{ description: 'New line', quantity: 3, unitPrice: 20 }]);
    expect(linesOf('Q-2')?.lines).toEqual([{ description: 'Belt', quantity: 2, unitPrice: 45 }]);
  });

  it('refuses a bad row with its file, line and column, and writes nothing', async () => {
    const quotes = file(QUOTES);
    const cases: [string, RegExp][] = [
      [`${HEAD}Q-9,P-1,Belt,1,45,,\n`, /:2:1: quote_id: unknown quote "Q-9" at property "P-1"$/],
      [`${HEAD}Q-1,P-2,Belt,1,45,,\n`, /:2:1: quote_id: unknown quote "Q-1" at property "P-2"$/],
      [`${HEAD}Q-1,P-1,Belt,0,45,,\n`, /:2:4: quantity must be more than 0$/],
      [`${HEAD}Q-1,P-1,Belt,1,45,maybe,\n`, /:2:6: optional must be yes or no \(or empty: no\)$/],
      [`${HEAD}Q-1,P-1,Belt,1,45,yes,Good\n`, /:2:7: option must be empty on an optional line: a line is optional or in an option, not both$/],
      [`${HEAD}Q-1,P-1,Belt,1,45,,${'x'.repeat(41)}\n`, /:2:7: option must be at most 40 characters$/],
      [`${HEAD}Q-1,P-1,,1,45,,\n`, /:2:3: description is required$/],
    ];
    for (const [text, message] of cases) expect(await importFailure({ quotes, 'quote-lines': file(text) })).toMatch(message);
    expect(stored()).toEqual([]);
  });
});
