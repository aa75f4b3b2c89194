import type { EChartsCoreOption } from 'echarts/core';
import { allStatuses, colorFor, customerShade } from './colors';
import { formatAxis, formatValue } from './format';
import { strings } from './strings';
import type { ChartData } from './types';

/** Slices below this share print no label (their count is in the legend and the tooltip). */
const MIN_LABELLED_SHARE = 0.05;
const CANVAS_HEIGHT = 280;
const BAR_ROW = 26;

/** The customers a money chart is drawn by (issue 39), in the order its series name them; none for a chart of one sum. */
export function customersOf(chart: ChartData): string[] {
  return [...new Set(chart.series.flatMap((s) => (s.customer === undefined ? [] : [s.customer])))];
}

/**
 * Each series' colour: a chart by customer gives each customer one hue (its measures lighter in
 * turn: Invoiced, then Paid), so a customer's parts read as one; else a status's own colour or the
 * palette's.
 */
export function seriesColors(chart: ChartData): string[] {
  const customers = customersOf(chart);
  if (customers.length === 0) return chart.series.map((s, i) => colorFor(s.name, i));
  const per = (c: string | undefined) => chart.series.filter((s) => s.customer === c);
  return chart.series.map((s) => {
    const mine = per(s.customer);
    return customerShade(customers.indexOf(s.customer!), mine.indexOf(s), mine.length);
  });
}

/** What a screen reader hears of a chart: its title, and the customers it is drawn by or how many it sums. */
export function chartLabel(chart: ChartData): string {
  const customers = customersOf(chart);
  if (customers.length > 0) return strings.chartByCustomer(chart.title, customers);
  return chart.customers === undefined ? chart.title : `${chart.title}. ${strings.chartAcrossCustomers(chart.customers)}`;
}

/** The legend under a chart, as HTML: it wraps instead of paging and never cuts a name. */
export function legendOf(chart: ChartData): { name: string; color: string }[] {
  if (chart.type === 'pie') {
    const data = chart.series[0]?.data ?? [];
    return chart.categories.map((name, i) => ({ name: `${name}: ${formatValue(data[i] ?? 0, chart.format)}`, color: colorFor(name, i) }));
  }
  if (chart.series.length < 2) return [];
  const colors = seriesColors(chart);
  return chart.series.map((s, i) => ({ name: s.name, color: colors[i]! }));
}

/**
 * The legend of a chart by customer of several measures, a row per customer ("Harborview: ■
 * Invoiced ■ Paid"), so a customer's shades are read together; null for any other chart.
 */
export function customerLegend(chart: ChartData): { customer: string; entries: { name: string; color: string }[] }[] | null {
  const customers = customersOf(chart);
  if (customers.length === 0 || chart.series.length === customers.length) return null;
  const colors = seriesColors(chart);
  return customers.map((customer) => ({
    customer,
    entries: chart.series.flatMap((s, i) => (s.customer === customer ? [{ name: s.name.startsWith(`${customer}: `) ? s.name.slice(customer.length + 2) : s.name, color: colors[i]! }] : [])),
  }));
}

/** Horizontal bars get a row each, so every category keeps its label. */
export const canvasHeight = (chart: ChartData) =>
  chart.type === 'horizontal-bar' ? Math.max(CANVAS_HEIGHT, chart.categories.length * BAR_ROW + 40) : CANVAS_HEIGHT;

/** A slice's label: its count and share, or none for a slice too small to label without collisions. */
export function sliceLabel(value: number, total: number, format: ChartData['format']): string | null {
  if (value <= 0 || total <= 0 || value / total < MIN_LABELLED_SHARE) return null;
  return `${formatValue(value, format)} (${Math.round((100 * value) / total)}%)`;
}

/** Below this width a donut shrinks, so its outside labels keep their full text. */
const NARROW = 400;

export function optionFor(chart: ChartData, width = NARROW): EChartsCoreOption {
  const fmt = (v: number) => formatValue(v, chart.format);
  const tooltip = { trigger: chart.type === 'pie' ? 'item' : 'axis', valueFormatter: (v: unknown) => fmt(Number(v)) };
  if (chart.type === 'pie') {
    const values = chart.series[0]?.data ?? [];
    const total = values.reduce((a, b) => a + b, 0);
    return {
      animation: false,
      tooltip,
      series: [
        {
          type: 'pie',
          radius: width < NARROW ? ['30%', '52%'] : ['38%', '66%'],
          center: ['50%', '50%'],
          labelLayout: { hideOverlap: true },
          labelLine: { length: 8, length2: 8 },
          data: chart.categories.map((name, i) => {
            const value = values[i] ?? 0;
            const label = sliceLabel(value, total, chart.format);
            return {
              name,
              value,
              itemStyle: { color: colorFor(name, i) },
              label: label === null ? { show: false } : { show: true, formatter: label },
              labelLine: { show: label !== null },
            };
          }),
        },
      ],
    };
  }
  const horizontal = chart.type === 'horizontal-bar';
  // Few categories (statuses, buckets, buildings) each keep their label; long month axes may thin out.
  const everyLabel = horizontal || chart.categories.length <= 12;
  const category = { type: 'category', data: chart.categories, axisLabel: everyLabel ? { interval: 0, hideOverlap: false } : { hideOverlap: true } };
  // Counts step in whole numbers: a count axis with few items shows 0, 1, 2, not 0.5.
  const value = { type: 'value', ...(chart.format === 'count' ? { minInterval: 1 } : {}), axisLabel: { formatter: (v: number) => formatAxis(v, chart.format) } };
  const byCategory = chart.series.length === 1 && allStatuses(chart.categories);
  const colors = seriesColors(chart);
  // A customer's parts stacked on another's: a hairline between them keeps the lighter shades apart.
  const parted = customersOf(chart).length > 0;
  return {
    // Drawn at once: the figures are the point, and the first chart shows sooner (bench/reports.bench.ts).
    animation: false,
    tooltip,
    grid: { left: 8, right: 16, top: 12, bottom: 8, containLabel: true },
    xAxis: horizontal ? value : category,
    yAxis: horizontal ? { ...category, inverse: true } : value,
    series: chart.series.map((s, i) => ({
      name: s.name,
      type: chart.type === 'line' ? 'line' : 'bar',
      stack: s.stack ?? (chart.type === 'stacked-bar' ? 'total' : undefined),
      smooth: false,
      barMaxWidth: 40,
      showSymbol: false,
      itemStyle: parted ? { color: colors[i], borderColor: '#fff', borderWidth: 1 } : { color: colors[i] },
      lineStyle: { color: colors[i] },
      areaStyle: chart.type === 'line' && chart.series.length === 1 ? { opacity: 0.12 } : undefined,
      data: byCategory ? s.data.map((v, j) => ({ value: v, itemStyle: { color: colorFor(chart.categories[j]!, j) } })) : s.data,
    })),
  };
}
