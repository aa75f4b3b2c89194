/** Which document is a quote's (lambdas/shared/domain/quotes/documents.ts): its number as a whole word, at its own property, the newest. */
import { namesQuote, quoteDocument } from '../../../lambdas/shared/domain/quotes/documents.js';

describe('namesQuote', () => {
  it('finds the number as a whole word, in any case, between any separators', () => {
    expect(namesQuote('Quote_QT-1042.pdf', 'QT-1042')).toBe(true);
    expect(namesQuote('qt-1042_rooftop_unit.pdf', 'QT-1042')).toBe(true);
    expect(namesQuote('QT-1042', 'QT-1042')).toBe(true);
    expect(namesQuote('Proposal.QT-1042.v2.pdf', 'QT-1042')).toBe(true);
  });

  it('does not take a longer number, or one inside a word, for the quote', () => {
    expect(namesQuote('Quote_QT-10420.pdf', 'QT-1042')).toBe(false);
    expect(namesQuote('XQT-1042.pdf', 'QT-1042')).toBe(false);
    expect(namesQuote('Quote_QT-104.pdf', 'QT-1042')).toBe(false);
    // a longer number first, then the quote's own further on
    expect(namesQuote('QT-10421_replaces_QT-1042.pdf', 'QT-1042')).toBe(true);
    expect(namesQuote('anything.pdf', '')).toBe(false);
  });
});

describe('quoteDocument', () => {
  const doc = (key: string, propertyId: string, uploadedAt: string) => ({ key, propertyId, uploadedAt });
  const newestFirst = [
    doc('documents/u4/QT-7_other_site.pdf', 'P-2', '2026-11-20T00:00:00Z'),
    doc('documents/u3/QT-7_revised.pdf', 'P-1', '2026-11-19T00:00:00Z'),
    doc('documents/u2/Service_Report.pdf', 'P-1', '2026-11-18T00:00:00Z'),
    doc('documents/u1/QT-7.pdf', 'P-1', '2026-11-01T00:00:00Z'),
  ];

  it('answers the newest document of the quote\'s own property that names it, with its file name', () => {
    expect(quoteDocument({ id: 'QT-7', propertyId: 'P-1' }, newestFirst)).toEqual({ key: 'documents/u3/QT-7_revised.pdf', fileName: 'QT-7_revised.pdf' });
    expect(quoteDocument({ id: 'QT-7', propertyId: 'P-2' }, newestFirst)).toEqual({ key: 'documents/u4/QT-7_other_site.pdf', fileName: 'QT-7_other_site.pdf' });
  });

  it('answers null when no document of that property names the quote', () => {
    expect(quoteDocument({ id: 'QT-8', propertyId: 'P-1' }, newestFirst)).toBeNull();
    expect(quoteDocument({ id: 'QT-7', propertyId: 'P-3' }, newestFirst)).toBeNull();
    expect(quoteDocument({ id: 'QT-7', propertyId: 'P-1' }, [])).toBeNull();
  });
});
