/**
 * Money charts of several customers (issue 39): each customer's part of every money chart, so two
 * customers' money is never drawn only as its sum.
 *
 * A customer's part of a chart is the same chart computed over that customer's rows alone (the page's
 * own function, as for the key figures), so each part is what that customer would see on its own and
 * the parts add up to the chart of the whole scope. How the parts are drawn:
 * - one series per month or per category (a line, a bar, a horizontal bar): a stacked bar, one
 *   segment per customer, the bar as high as the single series was (a line becomes bars: stacked
 *   lines would make the upper customer's line read as its own amount);
 * - several series side by side (Invoiced and Paid): each bar stacked by customer;
 * - a stacked bar (Approved, Declined or expired, Open): one stack per month, each customer's parts
 *   in turn;
 * - a pie: its slices split by customer ("Customer: slice").
 */
import type { ChartData } from '../../../contract/reports.js';

export interface ChartPart {
  customer: string;
  /** The chart of the same id on the customer's own page (absent: the customer has none). */
  chart: ChartData | undefined;
}

/** A series' value at a category of a customer's chart, by name: a customer's chart may list fewer categories (its own properties). */
function valueAt(chart: ChartData | undefined, series: string, category: string): number {
  if (!chart) return 0;
  const j = chart.categories.indexOf(category);
  const s = chart.series.find((x) => x.name === series);
  return j < 0 || !s ? 0 : (s.data[j] ?? 0);
}

/** The chart of the whole scope drawn by customer: each customer's part of each of its series. */
export function chartByCustomer(whole: ChartData, parts: ChartPart[]): ChartData {
  if (whole.type === 'pie') {
    const measure = whole.series[0];
    if (!measure) return whole;
    const slices = whole.categories.flatMap((category) => parts.map((p) => ({ category: `${p.customer}: ${category}`, value: valueAt(p.chart, measure.name, category) })));
    return { ...whole, categories: slices.map((s) => s.category), series: [{ name: measure.name, data: slices.map((s) => s.value) }] };
  }
  const several = whole.series.length > 1;
  const sideBySide = whole.type === 'bar' && several;
  const type: ChartData['type'] = whole.type === 'horizontal-bar' || sideBySide ? whole.type : 'stacked-bar';
  const series = parts.flatMap((p) =>
    whole.series.map((s) => ({
      name: several ? `${p.customer}: ${s.name}` : p.customer,
      data: whole.categories.map((category) => valueAt(p.chart, s.name, category)),
      customer: p.customer,
      stack: sideBySide ? s.name : 'total',
    })),
  );
  return { ...whole, type, series };
}
