/**
 * Issue 39: an account of several customers sees every money chart drawn by customer (each
 * customer's part, computed over that customer's rows, adding up to the chart of the whole scope);
 * one customer's charts are as they were; a customer outside the scope is never named.
 */
import type { ChartData, PageData, PageName } from '../../../lambdas/shared/contract/reports.js';
import type { InvoiceRow, QuoteRow, WorkOrderRow } from '../../../lambdas/shared/data/report-rows.js';
import { MAX_BREAKDOWN } from '../../../lambdas/shared/domain/reports/pages/by-customer.js';
import { chartByCustomer } from '../../../lambdas/shared/domain/reports/pages/chart-parts.js';
import { pageData } from '../../../lambdas/shared/domain/reports/pages.js';
import { input } from './fixture.js';

const alpha = { id: 'A', name: 'Alpha Co' };
const beta = { id: 'B', name: 'Beta Ltd' };
// Beside the fixture's rows, more money of South Annex (P2, Beta's) in months Alpha has money too.
const moreInvoice: InvoiceRow = { dataset: 'invoice', id: 'I5', number: 'INV-5', propertyId: 'P2', issuedAt: '2026-03-02', dueAt: '2026-04-01', amount: 40, balance: 40, status: 'Open' };
const moreQuote: QuoteRow = { dataset: 'quote', id: 'Q5', propertyId: 'P2', title: 'Coil', status: 'Sent', amount: 700, createdAt: '2026-03-02' };
const moreWo: WorkOrderRow = { dataset: 'wo', id: 'W7', propertyId: 'P2', kind: 'service', status: 'Open', priority: 'Low', createdAt: '2026-03-11', description: 'Fan', technician: 'Bo', amount: 45.25 };
const base = () => {
  const i = input();
  return { ...i, invoice: [...i.invoice, moreInvoice], quote: [...i.quote, moreQuote], wo: [...i.wo, moreWo] };
};
const twoCustomers = () => ({ ...base(), customerOf: new Map([['P1', alpha], ['P2', beta]]) });
const chartOf = (d: PageData, id: string) => d.charts.find((c) => c.id === id)!;

/** Each category's sum over the series of one measure (all series, when the chart has one measure). */
function sums(chart: ChartData, measure?: string): number[] {
  const of = chart.series.filter((s) => measure === undefined || s.name.endsWith(`: ${measure}`));
  return chart.categories.map((_, j) => of.reduce((a, s) => a + (s.data[j] ?? 0), 0));
}
const close = (a: number[], b: number[]) => {
  expect(a).toHaveLength(b.length);
  a.forEach((x, i) => expect(x).toBeCloseTo(b[i]!, 6));
};

/** Every money chart of the built-in pages, by page. */
const MONEY: [PageName, string][] = [
  ['dashboard', 'invoiced'],
  ['quotes', 'monthly'],
  ['work-orders', 'spend'],
  ['work-orders', 'property'],
  ['maintenance', 'spend'],
  ['maintenance', 'property'],
  ['capital-projects', 'spend'],
  ['capital-projects', 'property'],
  ['invoicing', 'monthly'],
  ['invoicing', 'aging'],
];

describe('money charts of several customers', () => {
  it('are every chart of money, and only those', () => {
    const money = (['dashboard', 'quotes', 'work-orders', 'maintenance', 'capital-projects', 'assets', 'invoicing', 'analytics'] as const).flatMap((p) =>
      pageData(p, base()).charts.filter((c) => c.format === 'money').map((c): [PageName, string] => [p, c.id]),
    );
    expect(money).toEqual(MONEY);
  });

  it("draw each customer's part, adding up to the chart of one sum, the customers named in every series", () => {
    for (const [page, id] of MONEY) {
      const whole = chartOf(pageData(page, base()), id);
      const split = chartOf(pageData(page, twoCustomers()), id);
      expect({ page, id, categories: split.categories }).toEqual({ page, id, categories: whole.categories });
      expect(new Set(split.series.map((s) => s.customer))).toEqual(new Set(['Alpha Co', 'Beta Ltd']));
      for (const s of split.series) expect(s.name.startsWith(s.customer!)).toBe(true);
      if (whole.series.length === 1) close(sums(split), whole.series[0]!.data);
      else for (const s of whole.series) close(sums(split, s.name), s.data);
    }
  });

  it('as one stacked bar per month or category, bars side by side keeping their measures apart', () => {
    const q = chartOf(pageData('quotes', twoCustomers()), 'monthly');
    expect(q.type).toBe('stacked-bar');
    expect(q.series.map((s) => s.name)).toEqual([
      'Alpha Co: Approved',
      'Alpha Co: Declined or expired',
      'Alpha Co: Open',
      'Beta Ltd: Approved',
      'Beta Ltd: Declined or expired',
      'Beta Ltd: Open',
    ]);
    // March 2026 (the last month): Alpha's sent quote of 1,200 and Beta's of 700, both open.
    const march = q.categories.indexOf('Mar 2026');
    expect(q.series.map((s) => s.data[march])).toEqual([0, 0, 1200, 0, 0, 700]);
    const inv = chartOf(pageData('invoicing', twoCustomers()), 'monthly');
    expect(inv.type).toBe('bar');
    expect(inv.series.map((s) => [s.name, s.stack])).toEqual([
      ['Alpha Co: Invoiced', 'Invoiced'],
      ['Alpha Co: Paid', 'Paid'],
      ['Beta Ltd: Invoiced', 'Invoiced'],
      ['Beta Ltd: Paid', 'Paid'],
    ]);
    expect(inv.series.map((s) => s.data[march])).toEqual([100.1, 0, 40, 0]);
    // A line of spend becomes a stacked bar: its height is the line's value.
    const spend = chartOf(pageData('work-orders', twoCustomers()), 'spend');
    expect(spend.type).toBe('stacked-bar');
    expect(spend.series.map((s) => [s.name, s.stack, s.data[march]])).toEqual([
      ['Alpha Co', 'total', 100],
      ['Beta Ltd', 'total', 45.25],
    ]);
    // By property: each property's bar is its customer's.
    const byProperty = chartOf(pageData('work-orders', twoCustomers()), 'property');
    expect(byProperty.type).toBe('horizontal-bar');
    const north = byProperty.categories.indexOf('North Tower');
    expect(byProperty.series.map((s) => s.data[north])).toEqual([100.1, 0]);
  });

  it('under a period too', () => {
    const period = { from: '2026-03-01', to: '2026-03-31' };
    const split = chartOf(pageData('invoicing', { ...twoCustomers(), period }), 'monthly');
    const whole = chartOf(pageData('invoicing', { ...base(), period }), 'monthly');
    expect(split.categories).toEqual(['Mar 2026']);
    close(sums(split, 'Invoiced'), whole.series[0]!.data);
  });

  it('leave the charts of one customer as they were, and counts as they were', () => {
    const one = { ...base(), customerOf: new Map([['P1', alpha], ['P2', alpha]]) };
    for (const page of ['dashboard', 'quotes', 'work-orders', 'invoicing'] as const) expect(pageData(page, one).charts).toEqual(pageData(page, base()).charts);
    const two = pageData('dashboard', twoCustomers());
    expect(chartOf(two, 'work-orders')).toEqual(chartOf(pageData('dashboard', base()), 'work-orders'));
    expect(chartOf(pageData('quotes', twoCustomers()), 'status')).toEqual(chartOf(pageData('quotes', base()), 'status'));
  });

  it('never name a customer outside the scope', () => {
    const gamma = { id: 'G', name: 'Gamma Inc' };
    const withGamma = { ...twoCustomers(), customerOf: new Map([['P1', alpha], ['P2', beta], ['P9', gamma]]) };
    const named = (d: PageData) => d.charts.flatMap((c) => [...c.series.map((s) => s.customer), ...c.series.map((s) => s.name), ...c.categories]).join('|');
    for (const page of ['dashboard', 'invoicing', 'work-orders'] as const) expect(named(pageData(page, withGamma))).not.toContain('Gamma');
    // Only Alpha's property in scope: one customer, charts as they were.
    const alphaOnly = { ...withGamma, names: new Map([['P1', 'North Tower']]) };
    expect(chartOf(pageData('invoicing', alphaOnly), 'monthly').series.map((s) => s.name)).toEqual(['Invoiced', 'Paid']);
  });

  it('over more customers than a breakdown lists: the chart of one sum, saying how many customers it sums', () => {
    const n = MAX_BREAKDOWN + 1;
    const ids = Array.from({ length: n }, (_, i) => `P${i + 1}`);
    const many = { ...twoCustomers(), names: new Map(ids.map((id) => [id, id])), customerOf: new Map(ids.map((id, i) => [id, { id: `C${i}`, name: `Customer ${i}` }])) };
    const chart = chartOf(pageData('invoicing', many), 'monthly');
    expect(chart.customers).toBe(n);
    expect(chart.series.map((s) => s.name)).toEqual(['Invoiced', 'Paid']);
    expect(chartOf(pageData('dashboard', many), 'work-orders').customers).toBeUndefined();
  });

  it('split a pie of money by customer, slice by slice', () => {
    const pie: ChartData = { id: 'p', title: 'Paid by kind', type: 'pie', format: 'money', categories: ['Service', 'Repairs'], series: [{ name: 'Paid', data: [30, 12] }] };
    const part = (service: number, repairs: number): ChartData => ({ ...pie, series: [{ name: 'Paid', data: [service, repairs] }] });
    const split = chartByCustomer(pie, [
      { customer: 'Alpha Co', chart: part(10, 12) },
      { customer: 'Beta Ltd', chart: { ...part(20, 0), categories: ['Service'] } },
    ]);
    expect(split.categories).toEqual(['Alpha Co: Service', 'Beta Ltd: Service', 'Alpha Co: Repairs', 'Beta Ltd: Repairs']);
    expect(split.series).toEqual([{ name: 'Paid', data: [10, 20, 12, 0] }]);
  });
});
