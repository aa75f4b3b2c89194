/**
 * The charts' drawing: ECharts with the parts the pages use. A chunk of its own (issue 42), loaded
 * by chart.tsx once the page's figures and table are on the screen, so they do not wait on it.
 */
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { optionFor } from './chart-options';
import type { ChartData } from './types';

echarts.use([BarChart, LineChart, PieChart, GridComponent, TooltipComponent, CanvasRenderer]);

/** Draws `chart` into `el`, redrawn as its box changes; `onFinished` after each drawing. Returns its disposal. */
export function drawChart(el: HTMLDivElement, chart: ChartData, onFinished: () => void): () => void {
  const instance = echarts.init(el, undefined, { renderer: 'canvas' });
  instance.on('finished', onFinished);
  instance.setOption(optionFor(chart, el.clientWidth));
  const observer = new ResizeObserver(() => {
    instance.setOption(optionFor(chart, el.clientWidth));
    instance.resize();
  });
  observer.observe(el);
  return () => {
    observer.disconnect();
    instance.dispose();
  };
}
