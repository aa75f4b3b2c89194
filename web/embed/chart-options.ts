import type { EChartsCoreOption } from 'echarts/core';
import { allStatuses, colorFor } from './colors';
import { formatAxis, formatValue } from './format';
import type { ChartData } from './types';

/** Slices below this share print no label (their count is in the legend and the tooltip). */
const MIN_LABELLED_SHARE = 0.05;
const CANVAS_HEIGHT = 280;
const BAR_ROW = 26;

/** The legend under a chart, as HTML: it wraps instead of paging and never cuts a name. */
export function legendOf(chart: ChartData): { name: string; color: string }[] {
  if (chart.type === 'pie') {
    const data = chart.series[0]?.data ?? [];
    return chart.categories.map((name, i) => ({ name: `${name}: ${formatValue(data[i] ?? 0, chart.format)}`, color: colorFor(name, i) }));
  }
  if (chart.series.length < 2) return [];
  return chart.series.map((s, i) => ({ name: s.name, color: colorFor(s.name, i) }));
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
      stack: chart.type === 'stacked-bar' ? 'total' : undefined,
      smooth: false,
      barMaxWidth: 40,
      showSymbol: false,
      itemStyle: { color: colorFor(s.name, i) },
      lineStyle: { color: colorFor(s.name, i) },
      areaStyle: chart.type === 'line' && chart.series.length === 1 ? { opacity: 0.12 } : undefined,
      data: byCategory ? s.data.map((v, j) => ({ value: v, itemStyle: { color: colorFor(chart.categories[j]!, j) } })) : s.data,
    })),
  };
}
