/** The built-in pages under a chosen period (inclusive UTC dates): the fixture's figures worked out by hand. */
import type { PageData } from '../../../lambdas/shared/contract/reports.js';
import { pageData, tableRows, toCsv, UNDATED_NOTE, type PageInput } from '../../../lambdas/shared/domain/reports/pages.js';
import { input } from './fixture.js';

const figures = (d: PageData) => Object.fromEntries(d.figures.map((f) => [f.label, f.value]));
const chart = (d: PageData, id: string) => d.charts.find((c) => c.id === id)!;
const within = (from: string, to: string): PageInput => ({ ...input(), period: { from, to } });

describe('a period on the Dashboard', () => {
  const d = pageData('dashboard', within('2026-01-01', '2026-02-28'));
  it('takes the windowed figures over the period; point-in-time figures stay as they are', () => {
    expect(figures(d)).toEqual({
      'Unfinished work orders': 2,
      // W2 (completed 15 Jan) and W5 (3 Feb); W6 (Nov 25) is outside.
      'Completed, in period': 2,
      'Average days to complete': (10 + 2.5) / 2,
      // INV-1 only: INV-3 is issued in March, INV-4 is void.
      'Invoiced, in period': 250.5,
      'Outstanding balance': 350.6,
      'Quotes awaiting approval': 1200,
      Assets: 4,
    });
    expect(figures(pageData('dashboard', input()))['Completed, last 12 months']).toBe(3);
  });
  it('charts the period\'s months only; the open work orders by status stay', () => {
    expect(chart(d, 'work-orders')).toMatchObject({ categories: ['Jan 2026', 'Feb 2026'], series: [{ data: [0, 1] }, { data: [1, 0] }, { data: [0, 0] }] });
    expect(chart(d, 'invoiced')).toMatchObject({ categories: ['Jan 2026', 'Feb 2026'], series: [{ data: [250.5, 0] }, { data: [0, 0] }] });
    expect(chart(d, 'open')).toMatchObject({ series: [{ data: [1, 1, 0] }] });
  });
  it('lists only the rows created in the period and says which period it is', () => {
    expect(d.table.rows.map((r) => r.id)).toEqual(['W5', 'W2']);
    expect(d.table.total).toBe(2);
    expect(d.period).toEqual({ from: '2026-01-01', to: '2026-02-28' });
    expect(d.note).toBeUndefined();
    expect(pageData('dashboard', input())).not.toHaveProperty('period');
  });
  it('counts a row of the first month only from the period\'s first day on', () => {
    const late = pageData('dashboard', within('2026-01-10', '2026-02-28'));
    expect(chart(late, 'work-orders').series[1]!.data).toEqual([0, 0]);
    expect(late.table.rows.map((r) => r.id)).toEqual(['W5']);
  });
  it('includes both ends of the period, whole UTC days', () => {
    expect(pageData('dashboard', within('2026-02-01', '2026-02-01')).table.rows.map((r) => r.id)).toEqual(['W5']);
    expect(pageData('dashboard', within('2026-03-10', '2026-03-10')).table.rows.map((r) => r.id)).toEqual(['W1']);
  });
  it('charts at most the last 24 months of a long period', () => {
    const c = chart(pageData('dashboard', within('2020-01-01', '2026-03-15')), 'work-orders');
    expect(c.categories).toHaveLength(24);
    expect([c.categories[0], c.categories[23]]).toEqual(['Apr 2024', 'Mar 2026']);
    const past = chart(pageData('dashboard', within('2016-01-01', '2019-12-31')), 'work-orders');
    expect([past.categories[0], past.categories[23]]).toEqual(['Jan 2018', 'Dec 2019']);
  });
});

describe('a period on the other pages', () => {
  it('Work Orders: counts and emergencies in the period; open work orders stay', () => {
    const d = pageData('work-orders', within('2025-01-01', '2025-12-31'));
    expect(figures(d)).toEqual({ 'Work orders': 1, 'Unfinished work orders': 1, 'Emergencies, in period': 1, 'Average days to complete': 2 });
    expect(chart(d, 'monthly').categories).toHaveLength(12);
    expect(chart(d, 'monthly').categories[0]).toBe('Jan 2025');
    expect(d.table.rows.map((r) => r.id)).toEqual(['W4']);
  });
  it('Maintenance and Capital Projects: spend and value in the period', () => {
    expect(figures(pageData('maintenance', within('2026-01-01', '2026-03-31')))).toEqual({ Visits: 1, 'Open visits': 0, 'Completed on schedule': 100, 'Spend, in period': 250.5 });
    expect(figures(pageData('capital-projects', within('2026-01-01', '2026-03-31')))).toEqual({ Projects: 0, 'Active projects': 1, 'Project value, in period': 0, 'Average duration': null });
  });
  it('Quotes: every figure of the same quotes, those created in the period (drafts never shown); the count, the table and the status chart agree', () => {
    const d = pageData('quotes', within('2026-01-01', '2026-03-31'));
    expect(figures(d)).toEqual({ Quotes: 2, 'Awaiting approval, in period': 1200, 'Approved value': 800, 'Approval rate': 100 });
    expect(figures(pageData('quotes', within('2025-01-01', '2025-12-31')))['Awaiting approval, in period']).toBe(0);
    expect(d.table.rows.map((r) => r.id)).toEqual(['Q1', 'Q2']);
    const byStatus = chart(d, 'status').series[0]!.data as number[];
    expect(byStatus.reduce((a, b) => a + b, 0)).toBe(figures(d).Quotes);
    // Awaiting approval is the amount of the Sent quotes the count includes.
    expect(byStatus[chart(d, 'status').categories.indexOf('Sent')]).toBe(1);
  });
  it('Dashboard under a period: the unfinished work orders are the status chart\'s slices added up', () => {
    const d = pageData('dashboard', within('2026-01-01', '2026-03-31'));
    const slices = chart(d, 'open').series[0]!.data as number[];
    expect(chart(d, 'open').title).toBe('Unfinished work orders by status');
    expect(slices.reduce((a, b) => a + b, 0)).toBe(figures(d)['Unfinished work orders']);
  });
  it('Invoicing: invoiced by issue date and paid by payment date in the period; balances stay', () => {
    const d = pageData('invoicing', within('2025-01-01', '2025-12-31'));
    expect(figures(d)).toEqual({ 'Invoiced, in period': 300, 'Paid, in period': 300, 'Outstanding balance': 350.6, 'Overdue balance': 250.5 });
    expect(chart(d, 'aging')).toEqual(chart(pageData('invoicing', input()), 'aging'));
    expect(d.table.rows.map((r) => r.number)).toEqual(['INV-2']);
  });
  it('Assets and Analytics: not dated, unchanged, and say so', () => {
    for (const page of ['assets', 'analytics'] as const) {
      const d = pageData(page, within('2026-01-01', '2026-01-31'));
      const { period, note, ...rest } = d;
      expect(rest).toEqual(pageData(page, input()));
      expect(period).toEqual({ from: '2026-01-01', to: '2026-01-31' });
      expect(note).toBe(UNDATED_NOTE);
    }
  });
});

describe('the table under a period', () => {
  it('pages, searches and exports only the rows in the period', () => {
    const p = within('2026-01-01', '2026-03-31');
    expect(tableRows('dashboard', p, { q: 'north' })).toMatchObject({ total: 3 });
    expect(tableRows('dashboard', within('2026-01-01', '2026-02-28'), { q: 'north' }).rows.map((r) => r.id)).toEqual(['W5', 'W2']);
    const csv = toCsv(tableRows('invoicing', within('2026-01-01', '2026-02-28'), { limit: null })).split('\r\n');
    expect(csv.slice(1, -1).map((l) => l.split(',')[0])).toEqual(['INV-4', 'INV-1']);
    const many = Array.from({ length: 450 }, (_, i) => ({ ...input().wo[0]!, id: `M${String(i).padStart(3, '0')}`, createdAt: i % 2 ? '2026-03-10' : '2025-03-10' }));
    const t = tableRows('work-orders', { ...within('2026-01-01', '2026-12-31'), wo: many }, { sort: 'id', dir: 'asc', offset: 200 });
    expect([t.total, t.offset, t.rows.length]).toEqual([225, 200, 25]);
  });
});
