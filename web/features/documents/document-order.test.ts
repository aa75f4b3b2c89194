import { describe, expect, it } from '@jest/globals';
import { matchesName, orderDocuments } from './document-order';

const doc = (name: string, at: string, property = 'P1') => ({ DOCUMENT_URL: `documents/${name}-id/${name}`, UPLOADED_AT: at, PROPERTY_ID: property });
const docs = [
  doc('boiler_report.pdf', '2026-03-02T10:00:00.000Z'),
  doc('Annual-Plan.pdf', '2026-01-15T08:00:00.000Z'),
  doc('chiller_log-10.txt', '2026-03-05T09:30:00.000Z'),
  doc('chiller_log-9.txt', '2026-03-05T09:30:00.000Z', 'P2'),
  doc('zone_map.png', '2025-12-31T23:59:59.000Z'),
];
const names = (list: { DOCUMENT_URL: string }[]) => list.map((d) => d.DOCUMENT_URL.split('/').at(-1));

describe('matchesName', () => {
  it("ignores case, spaces, dashes and underscores: 'rtu 1' finds 'RTU-1' (issue 39)", () => {
    expect(matchesName(doc('Service_Report_RTU-1.pdf', ''), 'rtu 1')).toBe(true);
    expect(matchesName(doc('Service_Report_RTU-1.pdf', ''), 'service report')).toBe(true);
    expect(matchesName(doc('Service_Report_RTU-1.pdf', ''), 'rtu 2')).toBe(false);
  });
  it('matches a case-insensitive substring of the file name only, not of the rest of the key', () => {
    expect(matchesName(doc('Boiler_Report.pdf', ''), 'boiler')).toBe(true);
    expect(matchesName(doc('Boiler_Report.pdf', ''), 'R_REP')).toBe(true);
    expect(matchesName(doc('Boiler_Report.pdf', ''), 'documents')).toBe(false);
    expect(matchesName(doc('Boiler_Report.pdf', ''), '-id')).toBe(false);
    expect(matchesName(doc('Boiler_Report.pdf', ''), 'chiller')).toBe(false);
  });
  it('a blank search matches every document; surrounding spaces are ignored', () => {
    expect(matchesName(doc('a.pdf', ''), '')).toBe(true);
    expect(matchesName(doc('a.pdf', ''), '   ')).toBe(true);
    expect(matchesName(doc('plan.pdf', ''), '  plan ')).toBe(true);
  });
});

describe('orderDocuments', () => {
  it('by date: newest first, same time by name (numbers in names counted as numbers)', () => {
    expect(names(orderDocuments(docs, '', 'date'))).toEqual(['chiller_log-9.txt', 'chiller_log-10.txt', 'boiler_report.pdf', 'Annual-Plan.pdf', 'zone_map.png']);
  });
  it('by name: A to Z whatever the case, then newest first for equal names', () => {
    expect(names(orderDocuments(docs, '', 'name'))).toEqual(['Annual-Plan.pdf', 'boiler_report.pdf', 'chiller_log-9.txt', 'chiller_log-10.txt', 'zone_map.png']);
    const twice = [doc('same.pdf', '2026-01-01T00:00:00.000Z', 'P1'), doc('same.pdf', '2026-02-01T00:00:00.000Z', 'P2')];
    expect(orderDocuments(twice, '', 'name').map((d) => d.PROPERTY_ID)).toEqual(['P2', 'P1']);
  });
  it('filters before ordering and leaves the input untouched', () => {
    const before = [...docs];
    expect(names(orderDocuments(docs, 'LOG', 'name'))).toEqual(['chiller_log-9.txt', 'chiller_log-10.txt']);
    expect(names(orderDocuments(docs, 'pdf', 'date'))).toEqual(['boiler_report.pdf', 'Annual-Plan.pdf']);
    expect(orderDocuments(docs, 'nothing-like-this', 'date')).toEqual([]);
    expect(docs).toEqual(before);
  });
  it('an unreadable date sorts as the oldest', () => {
    const odd = [doc('x.pdf', 'not a date'), doc('y.pdf', '2020-01-01T00:00:00.000Z')];
    expect(names(orderDocuments(odd, '', 'date'))).toEqual(['y.pdf', 'x.pdf']);
  });
});
