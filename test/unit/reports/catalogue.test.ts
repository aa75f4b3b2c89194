import { ReportCatalogue, builtInPage, findReport, frameOriginsOf, isBuiltInFrame, parseCatalogue } from '../../../lambdas/shared/domain/reports/catalogue.js';
import { defaultReports } from '../../../lambdas/shared/data/reports.js';

describe('report catalogue file', () => {
  it('parses the file format (object or bare array) with the group defaulted', () => {
    const entry = { id: 'dashboard', name: 'Dashboard', frames: ['/embed/dashboard'] };
    const want = [{ id: 'dashboard', name: 'Dashboard', group: 'General', frames: ['/embed/dashboard'] }];
    expect(parseCatalogue('r.json', JSON.stringify({ reports: [entry] }))).toEqual(want);
    expect(ReportCatalogue.parse([entry])).toEqual(want);
  });

  it('names the file and the bad entry', () => {
    expect(() => parseCatalogue('r.json', '{')).toThrow(/r.json: not valid JSON/);
    expect(() => parseCatalogue('r.json', JSON.stringify([{ id: 'x', name: 'X', frames: ['/embed/nope'] }]))).toThrow(/reports.0.frames.0: names no built-in page/);
    expect(() => parseCatalogue('r.json', JSON.stringify([{ id: 'x', name: 'X', frames: ['ftp://x/y'] }]))).toThrow(/reports.0.frames.0/);
    expect(() => parseCatalogue('r.json', JSON.stringify([{ id: 'X Y', name: 'X', frames: ['/embed/quotes'] }]))).toThrow(/reports.0.id/);
    expect(() => parseCatalogue('r.json', JSON.stringify([{ id: 'x', name: 'X', frames: [] }]))).toThrow(/needs at least one frame URL/);
    expect(() => parseCatalogue('r.json', JSON.stringify([]))).toThrow(/names no report/);
    expect(() => parseCatalogue('r.json', JSON.stringify([{ id: 'x', name: 'X', frames: ['/embed/quotes'] }, { id: 'y', name: 'x', frames: ['/embed/quotes'] }]))).toThrow(
      /repeats the name "x"/,
    );
  });

  it('takes every default report as a valid catalogue', () => {
    expect(ReportCatalogue.parse(defaultReports)).toEqual(defaultReports);
  });
});

describe('catalogue helpers', () => {
  it('finds a report by id or by name, case-insensitively', () => {
    expect(findReport(defaultReports, 'work-orders')?.name).toBe('Work Orders');
    expect(findReport(defaultReports, ' work orders ')?.id).toBe('work-orders');
    expect(findReport(defaultReports, 'Payroll')).toBeUndefined();
  });

  it('tells built-in frames from Sigma frames', () => {
    expect(isBuiltInFrame('/embed/quotes?x=1')).toBe(true);
    expect(builtInPage('/embed/quotes?x=1')).toBe('quotes');
    expect(isBuiltInFrame('https://app.sigmacomputing.com/a/workbook/Q-1')).toBe(false);
    expect(frameOriginsOf([{ id: 'q', name: 'Q', group: 'General', frames: ['/embed/quotes', 'https://app.sigmacomputing.com/a/workbook/Q-1'] }])).toEqual([
      'https://app.sigmacomputing.com',
    ]);
  });
});
