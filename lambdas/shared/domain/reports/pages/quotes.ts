/** The Quotes page: proposals and their decisions. */
import { cents, chart, chartMonths, count, fig, grouped, monthly } from './aggregate.js';
import type { Head, PageInput } from './input.js';
import { narrowed, spanOf, toMs } from './time.js';
import { statusNow } from '../../quotes/expiry.js';

const QUOTE_STATUSES = ['Sent', 'Approved', 'Declined', 'Expired'];

export function quotes(input: PageInput): Head {
  const span = spanOf(input.period);
  // Statuses as of now (a Sent quote past its expiry is Expired), as the quotes panel says them.
  const every = (input.quote ?? []).map((q) => ({ r: { ...q, status: statusNow(q, input.now) }, created: toMs(q.createdAt) }));
  const rows = narrowed(every, span, (q) => q.created);
  let pending = 0;
  let approved = 0;
  let approvedN = 0;
  let decidedN = 0;
  // Every figure of this page is of the same quotes: those of the period, when one is chosen (the
  // Dashboard's "Quotes awaiting approval" is the balance of now).
  for (const { r } of rows) {
    if (r.status === 'Sent') pending += cents(r.amount);
    if (r.status === 'Approved') {
      approved += cents(r.amount);
      approvedN++;
    }
    if (r.status === 'Approved' || r.status === 'Declined' || r.status === 'Expired') decidedN++;
  }
  const months = monthly(rows, (q) => q.created, chartMonths(input.now, span), {
    approved: { add: (q) => (q.r.status === 'Approved' ? cents(q.r.amount) : 0), money: true },
    declined: { add: (q) => (q.r.status === 'Declined' || q.r.status === 'Expired' ? cents(q.r.amount) : 0), money: true },
    open: { add: (q) => (q.r.status === 'Sent' ? cents(q.r.amount) : 0), money: true },
  });
  const byStatus = grouped(rows, (q) => q.r.status, count, { order: QUOTE_STATUSES });
  return {
    title: 'Quotes',
    subtitle: 'Proposals and their decisions',
    figures: [
      fig('Quotes', rows.length, 'count'),
      fig(span ? 'Awaiting approval, in period' : 'Awaiting approval', pending / 100, 'money'),
      fig('Approved value', approved / 100, 'money'),
      fig('Approval rate', decidedN ? (100 * approvedN) / decidedN : null, 'percent'),
    ],
    charts: [
      chart({
        id: 'monthly',
        title: 'Quoted value per month',
        type: 'stacked-bar',
        format: 'money',
        categories: months.categories,
        series: [
          { name: 'Approved', data: months.series.approved! },
          { name: 'Declined or expired', data: months.series.declined! },
          { name: 'Open', data: months.series.open! },
        ],
      }),
      chart({ id: 'status', title: 'Quotes by status', type: 'pie', format: 'count', categories: byStatus.categories, series: [{ name: 'Quotes', data: byStatus.data }] }),
    ],
  };
}
