/** The Invoicing page: invoices, payments and balances. */
import { cents, chartMonths, fig, grouped, monthly } from './aggregate.js';
import type { Head, PageInput } from './input.js';
import { prepareInv } from './prepared.js';
import { DAY, addMonths, inWindow, narrowed, spanOf, windowLabel } from './time.js';

const AGING = ['Not yet due', '1-30 days', '31-60 days', '61-90 days', '90+ days'];

function agingBucket(due: number | null, now: number): string {
  if (due === null) return '90+ days';
  if (due >= now) return 'Not yet due';
  if (due >= now - 30 * DAY) return '1-30 days';
  if (due >= now - 60 * DAY) return '31-60 days';
  if (due >= now - 90 * DAY) return '61-90 days';
  return '90+ days';
}

export function invoicing(input: PageInput): Head {
  const { now } = input;
  const span = spanOf(input.period);
  const recent = inWindow(span, addMonths(now, -12));
  const inv = prepareInv(input.invoice ?? []);
  let invoiced = 0;
  let paid = 0;
  let outstanding = 0;
  let overdue = 0;
  for (const i of inv) {
    if (recent(i.issued) && i.r.status !== 'Void') invoiced += cents(i.r.amount);
    if (recent(i.paid)) paid += cents(i.r.amount) - cents(i.r.balance);
    if (i.r.status === 'Open' || i.r.status === 'Overdue') outstanding += cents(i.r.balance);
    if (i.r.status === 'Overdue') overdue += cents(i.r.balance);
  }
  const months = monthly(
    narrowed(inv, span, (i) => i.issued).filter((i) => i.r.status !== 'Void'),
    (i) => i.issued,
    chartMonths(now, span),
    { invoiced: { add: (i) => cents(i.r.amount), money: true }, paid: { add: (i) => cents(i.r.amount) - cents(i.r.balance), money: true } },
  );
  const aging = grouped(
    inv.filter((i) => i.r.status === 'Open' || i.r.status === 'Overdue'),
    (i) => agingBucket(i.due, now),
    (i) => cents(i.r.balance),
    { order: AGING, money: true },
  );
  return {
    title: 'Invoicing',
    subtitle: 'Invoices, payments and balances',
    figures: [
      fig(`Invoiced, ${windowLabel(span, 'last 12 months')}`, invoiced / 100, 'money'),
      fig(`Paid, ${windowLabel(span, 'last 12 months')}`, paid / 100, 'money'),
      fig('Outstanding balance', outstanding / 100, 'money'),
      fig('Overdue balance', overdue / 100, 'money'),
    ],
    charts: [
      {
        id: 'monthly',
        title: 'Invoiced and paid per month',
        type: 'bar',
        format: 'money',
        categories: months.categories,
        series: [
          { name: 'Invoiced', data: months.series.invoiced! },
          { name: 'Paid', data: months.series.paid! },
        ],
      },
      { id: 'aging', title: 'Outstanding balance by age', type: 'bar', format: 'money', categories: aging.categories, series: [{ name: 'Balance', data: aging.data }] },
    ],
  };
}
