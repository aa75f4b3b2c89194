import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';
import { formatAxis, formatValue } from './format';
import type { ChartData } from './types';

echarts.use([BarChart, LineChart, PieChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

const COLORS = ['#1565c0', '#2e7d32', '#ef6c00', '#6a1b9a', '#00838f', '#c62828', '#5d4037', '#546e7a', '#ad1457', '#9e9d24'];

let firstDrawn = false;

function optionFor(chart: ChartData): echarts.EChartsCoreOption {
  const fmt = (v: number) => formatValue(v, chart.format);
  const tooltip = { trigger: chart.type === 'pie' ? 'item' : 'axis', valueFormatter: (v: unknown) => fmt(Number(v)) };
  if (chart.type === 'pie') {
    return {
      animation: false,
      color: COLORS,
      tooltip,
      legend: { bottom: 0, type: 'scroll' },
      series: [
        {
          type: 'pie',
          radius: ['40%', '68%'],
          center: ['50%', '45%'],
          label: { formatter: '{d}%' },
          data: chart.categories.map((name, i) => ({ name, value: chart.series[0]?.data[i] ?? 0 })),
        },
      ],
    };
  }
  const horizontal = chart.type === 'horizontal-bar';
  const category = { type: 'category', data: chart.categories, axisLabel: { hideOverlap: true } };
  const value = { type: 'value', axisLabel: { formatter: (v: number) => formatAxis(v, chart.format) } };
  return {
    // Drawn at once: the figures are the point, and the first chart shows sooner (bench/reports.bench.ts).
    animation: false,
    color: COLORS,
    tooltip,
    legend: chart.series.length > 1 ? { top: 0, type: 'scroll' } : undefined,
    grid: { left: 8, right: 16, top: chart.series.length > 1 ? 32 : 12, bottom: 8, containLabel: true },
    xAxis: horizontal ? value : category,
    yAxis: horizontal ? { ...category, inverse: true } : value,
    series: chart.series.map((s) => ({
      name: s.name,
      type: chart.type === 'line' ? 'line' : 'bar',
      stack: chart.type === 'stacked-bar' ? 'total' : undefined,
      smooth: false,
      showSymbol: false,
      areaStyle: chart.type === 'line' && chart.series.length === 1 ? { opacity: 0.12 } : undefined,
      data: s.data,
    })),
  };
}

/** One ECharts chart, resized with its box. */
export function Chart({ chart }: { chart: ChartData }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = ref.current!;
    const instance = echarts.init(el, undefined, { renderer: 'canvas' });
    instance.on('finished', () => {
      if (firstDrawn) return;
      firstDrawn = true;
      performance.mark('embed:first-chart');
      document.documentElement.dataset.chartsDrawn = 'true';
    });
    instance.setOption(optionFor(chart));
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(el);
    return () => {
      observer.disconnect();
      instance.dispose();
    };
  }, [chart]);
  return (
    <figure className="chart" data-chart={chart.id}>
      <figcaption>{chart.title}</figcaption>
      <div ref={ref} className="chart-canvas" role="img" aria-label={chart.title} />
    </figure>
  );
}
