/**
 * Money of several customers (issue 39): an account of more than one customer sees each money
 * figure with every customer's part beneath and each money chart drawn by customer
 * (./chart-parts.ts), never only the sum of both customers' money.
 *
 * Each customer's part is the page's own figure computed over that customer's rows alone (the same
 * function, so the parts are the figures one customer would see and add up to the total); the
 * rows are those of the properties in scope, so no customer outside the scope is ever named.
 */
import type { ChartData, Figure } from '../../../contract/reports.js';
import { chartByCustomer } from './chart-parts.js';
import type { Customer, Head, PageInput } from './input.js';

/** Above this many customers a breakdown would be a list, not a figure: the figure says how many it adds up instead. */
export const MAX_BREAKDOWN = 6;

/** The customers of the properties in scope, by name (none when they are all of one customer). */
export function customersInScope(input: PageInput): Customer[] {
  const byId = new Map<string, Customer>();
  for (const id of input.names.keys()) {
    const c = input.customerOf?.get(id);
    if (c) byId.set(c.id, c);
  }
  const list = [...byId.values()].sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
  return list.length > 1 ? list : [];
}

/** The input narrowed to one customer's properties and their rows. */
export function ofCustomer(input: PageInput, customerId: string): PageInput {
  const names = new Map([...input.names].filter(([id]) => input.customerOf?.get(id)?.id === customerId));
  const keep = <R extends { propertyId: string }>(rows: R[] | undefined) => rows?.filter((r) => names.has(r.propertyId));
  const { customerOf: _dropped, ...rest } = input;
  return { ...rest, names, wo: keep(input.wo), quote: keep(input.quote), invoice: keep(input.invoice), asset: keep(input.asset) };
}

/** A page's head, its money figures and money charts with each customer's part when the scope spans several customers. */
export function withCustomerParts(head: (input: PageInput) => Head, input: PageInput): Head {
  const whole = head(input);
  const customers = customersInScope(input);
  const money = (x: { format: string }) => x.format === 'money';
  if (customers.length < 2 || !(whole.figures.some(money) || whole.charts.some(money))) return whole;
  if (customers.length > MAX_BREAKDOWN) {
    const n = { customers: customers.length };
    return { ...whole, figures: whole.figures.map((f): Figure => (money(f) ? { ...f, ...n } : f)), charts: whole.charts.map((c): ChartData => (money(c) ? { ...c, ...n } : c)) };
  }
  const parts = customers.map((c) => ({ customer: c.name, head: head(ofCustomer(input, c.id)) }));
  return {
    ...whole,
    figures: whole.figures.map(
      (f, i): Figure => (money(f) ? { ...f, byCustomer: parts.map((p) => ({ customer: p.customer, value: p.head.figures[i]?.value ?? null })) } : f),
    ),
    charts: whole.charts.map((c): ChartData => (money(c) ? chartByCustomer(c, parts.map((p) => ({ customer: p.customer, chart: p.head.charts.find((x) => x.id === c.id) }))) : c)),
  };
}
