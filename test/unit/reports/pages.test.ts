import type { PageData } from '../../../lambdas/shared/contract/reports.js';
import { addMonths, pageData, tableRows, toCsv, toMs, yearsSince } from '../../../lambdas/shared/domain/reports/pages.js';
import { generateReportRows } from '../../../infra/admin/demo-report-data.js';
import { input, NOW } from './fixture.js';

const figures = (d: PageData) => Object.fromEntries(d.figures.map((f) => [f.label, f.value]));
const chart = (d: PageData, id: string) => d.charts.find((c) => c.id === id)!;
const at = (d: PageData, id: string, month: string, series = 0) => chart(d, id).series[series]!.data[chart(d, id).categories.indexOf(month)];

describe('time helpers', () => {
  it('reads dates and timestamps as UTC, a time without a zone too', () => {
    expect(toMs('2026-03-31')).toBe(Date.UTC(2026, 2, 31));
    expect(toMs('2026-03-31T14:05:00')).toBe(Date.UTC(2026, 2, 31, 14, 5));
    expect(toMs('2026-03-31 14:05')).toBe(Date.UTC(2026, 2, 31, 14, 5));
    expect(toMs('2026-03-31T14:05:00+02:00')).toBe(Date.UTC(2026, 2, 31, 12, 5));
    expect(toMs(undefined)).toBeNull();
  });
  it('moves by calendar months with the day clamped, and counts whole years', () => {
    expect(new Date(addMonths(Date.UTC(2026, 2, 31, 8), -1)).toISOString()).toBe('2026-02-28T08:00:00.000Z');
    expect(new Date(addMonths(NOW, -12)).toISOString()).toBe('2025-03-15T12:00:00.000Z');
    expect(yearsSince('2011-03-16', NOW)).toBe(14);
    expect(yearsSince('2011-03-15', NOW)).toBe(15);
  });
});

describe('dashboard', () => {
  const d = pageData('dashboard', input());
  it('computes its figures over every row in scope', () => {
    expect(figures(d)).toEqual({
      'Unfinished work orders': 2,
      'Completed, last 12 months': 3,
      'Average days to complete': (10 + 2.5 + 11) / 3,
      'Invoiced, last 12 months': 350.6,
      'Outstanding balance': 350.6,
      'Quotes awaiting approval': 1200,
      Assets: 4,
    });
  });
  it('puts work orders and invoices in the last 24 calendar months', () => {
    const c = chart(d, 'work-orders');
    expect(c.categories).toHaveLength(24);
    expect([c.categories[0], c.categories[23]]).toEqual(['Apr 2024', 'Mar 2026']);
    expect(c.series.map((s) => s.name)).toEqual(['Service', 'Maintenance', 'Capital projects']);
    expect([at(d, 'work-orders', 'Mar 2026'), at(d, 'work-orders', 'Feb 2026'), at(d, 'work-orders', 'Feb 2025')]).toEqual([1, 1, 1]);
    expect([at(d, 'work-orders', 'Jan 2026', 1), at(d, 'work-orders', 'Nov 2025', 1), at(d, 'work-orders', 'Dec 2025', 2)]).toEqual([1, 1, 1]);
    expect(c.series.flatMap((s) => s.data).reduce((a, b) => a + b)).toBe(6);
    expect([at(d, 'invoiced', 'Jan 2026'), at(d, 'invoiced', 'Mar 2026'), at(d, 'invoiced', 'Feb 2025'), at(d, 'invoiced', 'Feb 2025', 1), at(d, 'invoiced', 'Feb 2026')]).toEqual([250.5, 100.1, 300, 300, 0]);
    expect(chart(d, 'open')).toMatchObject({ categories: ['Open', 'In Progress', 'On Hold'], series: [{ data: [1, 1, 0] }] });
  });
  it('lists the recent work orders newest first with the type column', () => {
    expect(d.table.rows.map((r) => r.id)).toEqual(['W1', 'W5', 'W2', 'W3', 'W6', 'W4']);
    expect(d.table.columns.map((c) => c.key)).toEqual(['id', 'kind', 'property', 'description', 'status', 'priority', 'created', 'completed', 'technician', 'amount']);
    expect(d.table.rows[1]).toEqual({
      id: 'W5',
      kind: 'Service',
      property: 'North Tower',
      description: 'job W5',
      status: 'Completed',
      priority: 'High',
      created: '2026-02-01',
      completed: '2026-02-03',
      technician: '=SUM(A1)',
      amount: 0.1,
    });
    expect(d.table).toMatchObject({ total: 6, sort: 'created', dir: 'desc', title: 'Recent work orders' });
  });
});

describe('row order', () => {
  it('gives the same figures whatever order the rows are read in (durations summed exactly)', () => {
    const props = Array.from({ length: 4 }, (_, i) => ({ id: `P-${i}`, size: 11 }));
    const rows = generateReportRows(props, { now: NOW, seed: 7, idPrefix: 'B' });
    const names = new Map(props.map((p) => [p.id, p.id]));
    const byId = <R extends { id: string }>(xs: R[]) => [...xs].sort((a, b) => (a.id < b.id ? -1 : 1));
    const read = { wo: rows.workOrders, quote: rows.quotes, invoice: rows.invoices, asset: rows.assets, names, now: NOW };
    const sorted = { wo: byId(rows.workOrders), quote: byId(rows.quotes), invoice: byId(rows.invoices), asset: byId(rows.assets), names, now: NOW };
    const reversed = { ...read, wo: [...rows.workOrders].reverse(), invoice: [...rows.invoices].reverse() };
    for (const page of ['dashboard', 'maintenance', 'work-orders'] as const) {
      expect(pageData(page, sorted)).toEqual(pageData(page, read));
      expect(pageData(page, reversed)).toEqual(pageData(page, read));
    }
  });
});

describe('work order pages', () => {
  it('Work Orders: service calls, with the priority chart', () => {
    const d = pageData('work-orders', input());
    expect(figures(d)).toEqual({ 'Work orders': 3, 'Unfinished work orders': 1, 'Emergencies, last 12 months': 0, 'Average days to complete': 2.25 });
    expect(d.charts.map((c) => c.id)).toEqual(['monthly', 'status', 'priority', 'spend', 'property']);
    expect(chart(d, 'priority')).toMatchObject({ categories: ['Low', 'Medium', 'High', 'Emergency'], series: [{ data: [0, 0, 2, 1] }] });
    expect(chart(d, 'property')).toMatchObject({ categories: ['South Annex', 'North Tower'], series: [{ data: [300, 100.1] }] });
    expect(chart(d, 'status')).toMatchObject({ categories: ['Open', 'In Progress', 'On Hold', 'Completed', 'Cancelled'], series: [{ data: [1, 0, 0, 2, 0] }] });
    expect(at(d, 'monthly', 'Feb 2026', 1)).toBe(1);
    expect(d.table.rows.map((r) => r.id)).toEqual(['W1', 'W5', 'W4']);
  });
  it('Maintenance: completed on schedule and spend of the last 12 months', () => {
    const d = pageData('maintenance', input());
    expect(figures(d)).toEqual({ Visits: 2, 'Open visits': 0, 'Completed on schedule': 50, 'Spend, last 12 months': 250.7 });
    expect(d.charts.map((c) => c.id)).toEqual(['monthly', 'status', 'spend', 'property']);
  });
  it('Capital Projects: value and duration (none finished: no average)', () => {
    const d = pageData('capital-projects', input());
    expect(figures(d)).toEqual({ Projects: 1, 'Active projects': 1, 'Project value, last 12 months': 50000, 'Average duration': null });
    expect(chart(d, 'monthly').title).toBe('Projects started and completed per month');
  });
});

describe('quotes, invoicing, assets, analytics', () => {
  it('Quotes', () => {
    const d = pageData('quotes', input());
    // The Draft (Q4) is the provider's, not yet sent: not shown.
    expect(figures(d)).toEqual({ Quotes: 3, 'Awaiting approval': 1200, 'Approved value': 800, 'Approval rate': 50 });
    expect(chart(d, 'status')).toMatchObject({ categories: ['Sent', 'Approved', 'Declined', 'Expired'], series: [{ data: [1, 1, 1, 0] }] });
    expect(d.table.rows.map((r) => r.id)).not.toContain('Q4');
    expect([at(d, 'monthly', 'Jan 2026', 0), at(d, 'monthly', 'Jun 2025', 1), at(d, 'monthly', 'Mar 2026', 2)]).toEqual([800, 500, 1200]);
  });
  it('Invoicing', () => {
    const d = pageData('invoicing', input());
    expect(figures(d)).toEqual({ 'Invoiced, last 12 months': 350.6, 'Paid, last 12 months': 300, 'Outstanding balance': 350.6, 'Overdue balance': 250.5 });
    expect(chart(d, 'aging')).toMatchObject({ categories: ['Not yet due', '1-30 days', '31-60 days', '61-90 days', '90+ days'], series: [{ data: [100.1, 250.5, 0, 0, 0] }] });
    expect(d.table.rows.map((r) => r.number)).toEqual(['INV-3', 'INV-4', 'INV-1', 'INV-2']);
    expect(d.table.rows[2]).toMatchObject({ workOrder: 'W2', issued: '2026-01-16', paid: null, balance: 250.5 });
    // Pay online: the payment page of what is owed; '' (said as no online payment) when it has none; nothing once paid or void.
    expect(d.table.rows.map((r) => [r.number, r.pay])).toEqual([['INV-3', ''], ['INV-4', null], ['INV-1', 'https://pay.example.com/inv/1'], ['INV-2', null]]);
    expect(tableRows('invoicing', input(), { q: 'no online' }).rows.map((r) => r.number)).toEqual(['INV-3']);
    expect(tableRows('invoicing', input(), { q: 'example.com' }).total).toBe(0);
    // Each row carries the invoice it opens (issue 43), beside its cells: no column, no CSV field, not searched.
    expect(d.table.rows.map((r) => r.openId)).toEqual(['I3', 'I4', 'I1', 'I2']);
    expect(d.table.columns.map((c) => c.key)).not.toContain('openId');
    expect(tableRows('invoicing', input(), { q: 'I3' }).total).toBe(0);
  });
  it('Assets', () => {
    const d = pageData('assets', input());
    expect(figures(d)).toEqual({ Assets: 4, 'Equipment types': 3, 'In poor or critical condition': 2, 'Average age': 35 / 3 });
    expect(chart(d, 'type')).toMatchObject({ categories: ['Rooftop Unit', 'Air Handler', 'Chiller'], series: [{ data: [2, 1, 1] }] });
    expect(chart(d, 'condition')).toMatchObject({ categories: ['Good', 'Fair', 'Poor', 'Critical'], series: [{ data: [1, 1, 1, 1] }] });
    expect(chart(d, 'property')).toMatchObject({ categories: ['North Tower', 'South Annex'], series: [{ data: [2, 2] }] });
    expect(d.table.rows.map((r) => r.name)).toEqual(['AHU-1', 'Chiller-1', 'RTU-1', 'RTU-2']);
    expect(d.table.rows.map((r) => r.age)).toEqual([null, 6, 15, 14]);
  });
  it('Analytics', () => {
    const d = pageData('analytics', input());
    expect(figures(d)).toEqual({ Equipment: 4, 'Average age': 35 / 3, '15 years or older': 1, 'In poor or critical condition': 2 });
    expect(chart(d, 'age').series).toEqual([
      { name: 'Rooftop Unit', data: [0, 0, 1, 1, 0] },
      { name: 'Air Handler', data: [0, 0, 0, 0, 0] },
      { name: 'Chiller', data: [0, 1, 0, 0, 0] },
    ]);
    expect(chart(d, 'average')).toMatchObject({ categories: ['Rooftop Unit', 'Chiller'], series: [{ data: [14.5, 6] }] });
    expect(d.table.rows.map((r) => r.name)).toEqual(['RTU-1', 'RTU-2', 'Chiller-1', 'AHU-1']);
  });
  it('Quotes: a Sent quote past its expiry is Expired everywhere, and not awaiting approval (issue 39)', () => {
    const base = input();
    const expired = { ...base.quote![0]!, id: 'Q9', amount: 700, expiresAt: '2026-03-02' };
    const withExpired = { ...base, quote: [...base.quote!, expired] };
    const d = pageData('quotes', withExpired);
    expect(figures(d)['Awaiting approval']).toBe(1200);
    expect(chart(d, 'status')).toMatchObject({ categories: ['Sent', 'Approved', 'Declined', 'Expired'], series: [{ data: [1, 1, 1, 1] }] });
    expect(d.table.rows.find((r) => r.id === 'Q9')?.status).toBe('Expired');
    expect(figures(pageData('dashboard', withExpired))['Quotes awaiting approval']).toBe(1200);
  });
  it('gives empty figures for no rows (no average, no rate)', () => {
    const d = pageData('quotes', { names: new Map(), now: NOW });
    expect(figures(d)).toEqual({ Quotes: 0, 'Awaiting approval': 0, 'Approved value': 0, 'Approval rate': null });
    expect(d.table).toMatchObject({ rows: [], total: 0 });
  });
});

describe('table sort and CSV', () => {
  it('sorts by any column with nulls last either way, then by id', () => {
    const ids = (sort: string, dir?: 'asc' | 'desc') => tableRows('dashboard', input(), { sort, dir }).rows.map((r) => r.id);
    expect(ids('completed', 'asc')).toEqual(['W4', 'W6', 'W2', 'W5', 'W1', 'W3']);
    expect(ids('completed', 'desc')).toEqual(['W5', 'W2', 'W6', 'W4', 'W1', 'W3']);
    expect(ids('priority')).toEqual(['W2', 'W6', 'W3', 'W1', 'W5', 'W4']);
    expect(ids('amount', 'desc')).toEqual(['W3', 'W4', 'W2', 'W1', 'W6', 'W5']);
    expect(ids('property')).toEqual(['W1', 'W2', 'W5', 'W3', 'W4', 'W6']);
  });
  it('ignores an unknown column (the default order) and keeps 200 rows with the total', () => {
    expect(tableRows('dashboard', input(), { sort: 'amount;drop', dir: 'asc' })).toMatchObject({ sort: 'created', dir: 'desc' });
    const many = Array.from({ length: 450 }, (_, i) => ({ ...input().wo[0]!, id: `M${String(i).padStart(3, '0')}` }));
    const t = tableRows('work-orders', { ...input(), wo: many });
    expect([t.rows.length, t.total]).toEqual([200, 450]);
    expect(tableRows('work-orders', { ...input(), wo: many }, { limit: null }).rows).toHaveLength(450);
  });
  it('pages through the rows 200 at a time, the last page for an offset past the end', () => {
    const many = Array.from({ length: 450 }, (_, i) => ({ ...input().wo[0]!, id: `M${String(i).padStart(3, '0')}` }));
    const ids = (offset: number) => tableRows('work-orders', { ...input(), wo: many }, { sort: 'id', dir: 'asc', offset });
    expect(ids(200)).toMatchObject({ offset: 200, total: 450 });
    expect(ids(200).rows.map((r) => r.id).slice(0, 2)).toEqual(['M200', 'M201']);
    expect(ids(400).rows).toHaveLength(50);
    expect(ids(9_999)).toMatchObject({ offset: 400 });
    expect(ids(0).rows[0]!.id).toBe('M000');
  });
  it('searches every cell as shown, case-insensitive; the total counts the matches; CSV exports them', () => {
    const t = tableRows('dashboard', input(), { q: 'north TOWER' });
    expect(t.rows.map((r) => r.id).sort()).toEqual(['W1', 'W2', 'W5']);
    expect(t).toMatchObject({ total: 3, q: 'north tower', offset: 0 });
    expect(tableRows('dashboard', input(), { q: 'leak' }).rows.map((r) => r.id)).toEqual(['W1']);
    expect(tableRows('dashboard', input(), { q: 'no such text' })).toMatchObject({ rows: [], total: 0 });
    expect(toCsv(tableRows('dashboard', input(), { q: 'leak', limit: null })).split('\r\n')).toHaveLength(3);
     // A date is found as the screens write it and as it is stored.
    expect(tableRows('dashboard', input(), { q: '10 mar 2026' }).rows.map((r) => r.id)).toEqual(['W1']);
    expect(tableRows('dashboard', input(), { q: '2026-03-10' }).rows.map((r) => r.id)).toEqual(['W1']);
  });
  it('leaves out rows of properties not in scope from the table', () => {
    const t = tableRows('dashboard', { ...input(), names: new Map([['P1', 'North Tower']]) });
    expect(t.rows.map((r) => r.id)).toEqual(['W1', 'W5', 'W2']);
  });
  it('writes CSV with the labels, quoting and formula guards of the old export', () => {
    const csv = toCsv(tableRows('dashboard', input(), { limit: null }));
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe('Work Order,Type,Property,Description,Status,Priority,Created,Completed,Technician,Amount');
    expect(lines[1]).toBe('W1,Service,North Tower,"Leak, roof",Open,High,2026-03-10,,Ann,100');
    expect(lines[2]).toBe("W5,Service,North Tower,job W5,Completed,High,2026-02-01,2026-02-03,'=SUM(A1),0.1");
    expect(lines).toHaveLength(8);
    expect(csv.endsWith('\r\n')).toBe(true);
  });
});
