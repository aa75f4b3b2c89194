/** The work order pages: Work Orders (service), Maintenance and Capital Projects, one kind each. */
import type { ChartData, Figure } from '../../../contract/reports.js';
import type { WorkOrderRow } from '../../../data/report-rows.js';
import { avg, cents, chartMonths, count, fig, grouped, monthly } from './aggregate.js';
import type { Head, PageInput } from './input.js';
import { prepareWo } from './prepared.js';
import { DAY, addMonths, inWindow, narrowed, spanOf, windowLabel } from './time.js';
import { OPEN, PRIORITIES, UNFINISHED } from './vocabulary.js';

const WO_STATUSES = ['Open', 'In Progress', 'On Hold', 'Completed', 'Cancelled'];

export function workOrderPage(input: PageInput, kind: WorkOrderRow['kind']): Head {
  const { now, names } = input;
  const span = spanOf(input.period);
  const inRecent = inWindow(span, addMonths(now, -12));
  const every = prepareWo((input.wo ?? []).filter((r) => r.kind === kind));
  const wo = narrowed(every, span, (w) => w.created);
  let open = 0;
  let emergency = 0;
  let daysSum = 0;
  let daysN = 0;
  let spend = 0;
  let onTime = 0;
  let scheduledDone = 0;
  // Open work orders are a count of now, whenever they were created.
  for (const w of every) if (OPEN.has(w.r.status)) open++;
  for (const w of wo) {
    const recent = inRecent(w.created);
    if (recent && w.r.priority === 'Emergency') emergency++;
    if (recent) spend += cents(w.r.amount);
    if (w.completed !== null && w.created !== null) {
      daysSum += w.completed - w.created;
      daysN++;
    }
    if (w.completed !== null && w.scheduled !== null) {
      scheduledDone++;
      if (w.completed <= w.scheduled) onTime++;
    }
  }
  const days = avg(daysSum / DAY, daysN);
  const range = chartMonths(now, span);
  const months = monthly(wo, (w) => w.created, range, {
    opened: { add: count },
    completed: { add: (w) => (w.r.status === 'Completed' ? 1 : 0) },
  });
  const spendMonths = monthly(wo, (w) => w.created, range, { spend: { add: (w) => cents(w.r.amount), money: true } });
  const byStatus = grouped(wo, (w) => w.r.status, count, { order: WO_STATUSES });
  const byProperty = grouped(wo, (w) => names.get(w.r.propertyId) ?? null, (w) => cents(w.r.amount), { money: true });
  // Without a period the service page covers the last two years; with one, the caption states it.
  const titles = { service: ['Work Orders', span ? 'Service calls' : 'Service calls of the last two years'], maintenance: ['Maintenance', 'Planned maintenance visits'], capital: ['Capital Projects', 'Replacements, retrofits and upgrades'] }[kind];
  const figures: Figure[] =
    kind === 'capital'
      ? [fig('Projects', wo.length, 'count'), fig('Active projects', open, 'count'), fig(`Project value, ${windowLabel(span, 'last 12 months')}`, spend / 100, 'money'), fig('Average duration', days, 'days')]
      : kind === 'maintenance'
        ? [
            fig('Visits', wo.length, 'count'),
            fig('Open visits', open, 'count'),
            fig('Completed on schedule', scheduledDone ? (100 * onTime) / scheduledDone : null, 'percent'),
            fig(`Spend, ${windowLabel(span, 'last 12 months')}`, spend / 100, 'money'),
          ]
        : [fig('Work orders', wo.length, 'count'), fig(UNFINISHED, open, 'count'), fig(`Emergencies, ${windowLabel(span, 'last 12 months')}`, emergency, 'count'), fig('Average days to complete', days, 'days')];
  const charts: ChartData[] = [
    {
      id: 'monthly',
      title: kind === 'capital' ? 'Projects started and completed per month' : 'Opened and completed per month',
      type: 'bar',
      format: 'count',
      categories: months.categories,
      series: [
        { name: 'Opened', data: months.series.opened! },
        { name: 'Completed', data: months.series.completed! },
      ],
    },
    { id: 'status', title: 'By status', type: 'pie', format: 'count', categories: byStatus.categories, series: [{ name: 'Work orders', data: byStatus.data }] },
    { id: 'spend', title: 'Spend per month', type: 'line', format: 'money', categories: spendMonths.categories, series: [{ name: 'Spend', data: spendMonths.series.spend! }] },
    { id: 'property', title: 'Spend by property', type: 'horizontal-bar', format: 'money', categories: byProperty.categories, series: [{ name: 'Spend', data: byProperty.data }] },
  ];
  if (kind === 'service') {
    const byPriority = grouped(wo, (w) => w.r.priority, count, { order: PRIORITIES });
    charts.splice(2, 0, { id: 'priority', title: 'By priority', type: 'pie', format: 'count', categories: byPriority.categories, series: [{ name: 'Work orders', data: byPriority.data }] });
  }
  return { title: titles[0]!, subtitle: titles[1]!, figures, charts };
}
