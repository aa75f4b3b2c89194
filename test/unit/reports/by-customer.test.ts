/**
 * Issue 39: an account of several customers sees each customer's part of every money figure and a
 * Customer column in every table; one customer's pages are as they were.
 */
import type { PageData } from '../../../lambdas/shared/contract/reports.js';
import type { InvoiceRow, QuoteRow } from '../../../lambdas/shared/data/report-rows.js';
import { MAX_BREAKDOWN, customersInScope } from '../../../lambdas/shared/domain/reports/pages/by-customer.js';
import { pageData, tableRows, toCsv } from '../../../lambdas/shared/domain/reports/pages.js';
import { input } from './fixture.js';

const alpha = { id: 'A', name: 'Alpha Co' };
const beta = { id: 'B', name: 'Beta Ltd' };
// Beside the fixture's rows: an open invoice and a sent quote of South Annex (P2), Beta's property.
const moreInvoice: InvoiceRow = { dataset: 'invoice', id: 'I5', number: 'INV-5', propertyId: 'P2', issuedAt: '2026-03-02', dueAt: '2026-04-01', amount: 40, balance: 40, status: 'Open' };
const moreQuote: QuoteRow = { dataset: 'quote', id: 'Q5', propertyId: 'P2', title: 'Coil', status: 'Sent', amount: 700, createdAt: '2026-03-02' };
const base = () => {
  const i = input();
  return { ...i, invoice: [...i.invoice, moreInvoice], quote: [...i.quote, moreQuote] };
};
/** The fixture's two properties, North Tower of Alpha and South Annex of Beta. */
const twoCustomers = () => ({ ...base(), customerOf: new Map([['P1', alpha], ['P2', beta]]) });

const figure = (d: PageData, label: string) => d.figures.find((f) => f.label === label)!;

describe('money figures of several customers', () => {
  it("shows each customer's part of every money figure on the Dashboard, adding up to the total", () => {
    const d = pageData('dashboard', twoCustomers());
    expect(figure(d, 'Outstanding balance')).toEqual({
      label: 'Outstanding balance',
      value: 390.6,
      format: 'money',
      byCustomer: [
        { customer: 'Alpha Co', value: 350.6 },
        { customer: 'Beta Ltd', value: 40 },
      ],
    });
    expect(figure(d, 'Quotes awaiting approval').byCustomer).toEqual([
      { customer: 'Alpha Co', value: 1200 },
      { customer: 'Beta Ltd', value: 700 },
    ]);
    expect(figure(d, 'Invoiced, last 12 months').byCustomer).toEqual([
      { customer: 'Alpha Co', value: 350.6 },
      { customer: 'Beta Ltd', value: 40 },
    ]);
    // Counts and days are not money: no parts.
    expect(figure(d, 'Assets').byCustomer).toBeUndefined();
    expect(figure(d, 'Unfinished work orders').byCustomer).toBeUndefined();
  });

  it('does so on the Quotes and Invoicing pages, under a period too', () => {
    const q = pageData('quotes', twoCustomers());
    expect(figure(q, 'Awaiting approval').byCustomer).toEqual([
      { customer: 'Alpha Co', value: 1200 },
      { customer: 'Beta Ltd', value: 700 },
    ]);
    expect(figure(q, 'Approved value').byCustomer).toEqual([
      { customer: 'Alpha Co', value: 0 },
      { customer: 'Beta Ltd', value: 800 },
    ]);
    const inv = pageData('invoicing', { ...twoCustomers(), period: { from: '2026-03-01', to: '2026-03-31' } });
    expect(figure(inv, 'Invoiced, in period').byCustomer).toEqual([
      { customer: 'Alpha Co', value: 100.1 },
      { customer: 'Beta Ltd', value: 40 },
    ]);
    expect(figure(inv, 'Overdue balance').byCustomer).toEqual([
      { customer: 'Alpha Co', value: 250.5 },
      { customer: 'Beta Ltd', value: 0 },
    ]);
  });

  it('leaves the pages of one customer as they were', () => {
    const one = { ...base(), customerOf: new Map([['P1', alpha], ['P2', alpha]]) };
    expect(pageData('dashboard', one)).toEqual(pageData('dashboard', base()));
    expect(pageData('invoicing', one).figures.every((f) => f.byCustomer === undefined && f.customers === undefined)).toBe(true);
  });

  it('names only the customers of the properties in scope', () => {
    // A property of a third customer that is not in scope (not among the names) is never named.
    const input = { ...twoCustomers(), customerOf: new Map([['P1', alpha], ['P2', beta], ['P9', { id: 'G', name: 'Gamma Inc' }]]) };
    expect(customersInScope(input).map((c) => c.name)).toEqual(['Alpha Co', 'Beta Ltd']);
    const parts = pageData('invoicing', input).figures.flatMap((f) => (f.byCustomer ?? []).map((p) => p.customer));
    expect(new Set(parts)).toEqual(new Set(['Alpha Co', 'Beta Ltd']));
    // Only one of them in scope: one customer, no parts.
    const narrowed = { ...input, names: new Map([['P1', 'North Tower']]) };
    expect(customersInScope(narrowed)).toEqual([]);
    expect(figure(pageData('dashboard', narrowed), 'Outstanding balance').byCustomer).toBeUndefined();
  });

  it('over more customers than a breakdown lists, says how many it adds up instead', () => {
    const n = MAX_BREAKDOWN + 1;
    const ids = Array.from({ length: n }, (_, i) => `P${i + 1}`);
    const many = { ...twoCustomers(), names: new Map(ids.map((id) => [id, id])), customerOf: new Map(ids.map((id, i) => [id, { id: `C${i}`, name: `Customer ${i}` }])) };
    const out = figure(pageData('dashboard', many), 'Outstanding balance');
    expect(out.byCustomer).toBeUndefined();
    expect(out.customers).toBe(n);
  });
});

describe('the Customer column', () => {
  it('is in the Invoicing and Quotes tables when the rows are of several customers, beside the property', () => {
    const t = tableRows('invoicing', twoCustomers(), { sort: 'customer', dir: 'desc' });
    expect(t.columns.map((c) => c.key).slice(0, 3)).toEqual(['number', 'customer', 'property']);
    expect(t.columns[1]).toEqual({ key: 'customer', label: 'Customer', type: 'text' });
    expect(t.rows[0]).toMatchObject({ number: 'INV-2', customer: 'Beta Ltd', property: 'South Annex' });
    expect(t.rows.map((r) => r.customer)).toEqual(['Beta Ltd', 'Beta Ltd', 'Beta Ltd', 'Alpha Co', 'Alpha Co']);
    expect(tableRows('invoicing', twoCustomers(), { q: 'beta' }).rows.map((r) => r.number).sort()).toEqual(['INV-2', 'INV-4', 'INV-5']);
    expect(toCsv(tableRows('invoicing', twoCustomers(), { limit: null })).split('\n')[0]).toMatch(/^Invoice,Customer,Property,/);
    expect(tableRows('quotes', twoCustomers()).columns.map((c) => c.key)).toContain('customer');
  });

  it('is in every other table too (work orders, the Dashboard\'s, maintenance, assets) when the rows are of several customers', () => {
    for (const page of ['dashboard', 'work-orders', 'maintenance', 'capital-projects', 'assets', 'analytics'] as const) {
      const t = tableRows(page, twoCustomers(), { limit: null });
      const keys = t.columns.map((c) => c.key);
      expect({ page, next: keys[keys.indexOf('property') - 1] }).toEqual({ page, next: 'customer' });
      for (const r of t.rows) expect({ page, customer: r.customer }).toEqual({ page, customer: r.property === 'South Annex' ? 'Beta Ltd' : 'Alpha Co' });
      expect(tableRows(page, base()).columns.map((c) => c.key)).not.toContain('customer');
    }
  });

  it('is not there for one customer', () => {
    const one = { ...base(), customerOf: new Map([['P1', alpha], ['P2', alpha]]) };
    expect(tableRows('invoicing', one).columns.map((c) => c.key)).not.toContain('customer');
    expect(tableRows('invoicing', base()).columns.map((c) => c.key)).not.toContain('customer');
    // A sort by a column not shown falls back to the page's order.
    expect(tableRows('invoicing', base(), { sort: 'customer' }).sort).toBe('issued');
  });
});
