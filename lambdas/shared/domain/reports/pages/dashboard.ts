/** The Dashboard: key figures and trends across every dataset. */
import { avg, cents, chart, chartMonths, count, fig, grouped, monthly } from './aggregate.js';
import type { Head, PageInput } from './input.js';
import { prepareInv, prepareWo } from './prepared.js';
import { DAY, addMonths, inWindow, narrowed, spanOf, windowLabel } from './time.js';
import { OPEN, UNFINISHED } from './vocabulary.js';
import { isAwaiting } from '../../quotes/expiry.js';

export function dashboard(input: PageInput): Head {
  const { now } = input;
  const span = spanOf(input.period);
  const recent = inWindow(span, addMonths(now, -12));
  const range = chartMonths(now, span);
  const wo = prepareWo(input.wo ?? []);
  let open = 0;
  let done = 0;
  let daysSum = 0;
  let daysN = 0;
  for (const w of wo) {
    if (OPEN.has(w.r.status)) open++;
    if (w.completed !== null && recent(w.completed)) {
      if (w.r.status === 'Completed') done++;
      if (w.created !== null) {
        daysSum += w.completed - w.created;
        daysN++;
      }
    }
  }
  let pending = 0;
  for (const q of input.quote ?? []) if (isAwaiting(q, input.now)) pending += cents(q.amount);
  const inv = prepareInv(input.invoice ?? []);
  let outstanding = 0;
  let invoiced = 0;
  for (const i of inv) {
    if (i.r.status === 'Open' || i.r.status === 'Overdue') outstanding += cents(i.r.balance);
    if (recent(i.issued) && i.r.status !== 'Void') invoiced += cents(i.r.amount);
  }
  const months = monthly(narrowed(wo, span, (w) => w.created), (w) => w.created, range, {
    service: { add: (w) => (w.r.kind === 'service' ? 1 : 0) },
    maintenance: { add: (w) => (w.r.kind === 'maintenance' ? 1 : 0) },
    capital: { add: (w) => (w.r.kind === 'capital' ? 1 : 0) },
  });
  const invMonths = monthly(
    narrowed(inv, span, (i) => i.issued).filter((i) => i.r.status !== 'Void'),
    (i) => i.issued,
    range,
    { amount: { add: (i) => cents(i.r.amount), money: true }, paid: { add: (i) => cents(i.r.amount) - cents(i.r.balance), money: true } },
  );
  const byStatus = grouped(
    wo.filter((w) => OPEN.has(w.r.status)),
    (w) => w.r.status,
    count,
    { order: ['Open', 'In Progress', 'On Hold'] },
  );
  return {
    title: 'Dashboard',
    subtitle: 'Key figures and trends across your properties',
    figures: [
      fig(UNFINISHED, open, 'count'),
      fig(`Completed, ${windowLabel(span, 'last 12 months')}`, done, 'count'),
      fig('Average days to complete', avg(daysSum / DAY, daysN), 'days'),
      fig(`Invoiced, ${windowLabel(span, 'last 12 months')}`, invoiced / 100, 'money'),
      fig('Outstanding balance', outstanding / 100, 'money'),
      fig('Quotes awaiting approval', pending / 100, 'money'),
      fig('Assets', (input.asset ?? []).length, 'count'),
    ],
    charts: [
      chart({
        id: 'work-orders',
        title: 'Work orders per month',
        type: 'stacked-bar',
        format: 'count',
        categories: months.categories,
        series: [
          { name: 'Service', data: months.series.service! },
          { name: 'Maintenance', data: months.series.maintenance! },
          { name: 'Capital projects', data: months.series.capital! },
        ],
      }),
      chart({
        id: 'invoiced',
        title: 'Invoiced and paid per month',
        // Bars side by side: as two lines, paid covered invoiced in every month paid in full.
        type: 'bar',
        format: 'money',
        categories: invMonths.categories,
        series: [
          { name: 'Invoiced', data: invMonths.series.amount! },
          { name: 'Paid', data: invMonths.series.paid! },
        ],
      }),
      chart({ id: 'open', title: `${UNFINISHED} by status`, type: 'pie', format: 'count', categories: byStatus.categories, series: [{ name: 'Work orders', data: byStatus.data }] }),
    ],
  };
}
