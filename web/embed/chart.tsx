import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';
import { canvasHeight, chartLabel, customerLegend, legendOf, optionFor } from './chart-options';
import { strings } from './strings';
import { announceDrawn } from './protocol';
import type { ChartData } from './types';

echarts.use([BarChart, LineChart, PieChart, GridComponent, TooltipComponent, CanvasRenderer]);

let firstDrawn = false;

/**
 * One ECharts chart, resized with its box, with its legend in HTML below it. A money chart over
 * several customers names them in its legend and its label (issue 39).
 */
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
      announceDrawn();
    });
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
  }, [chart]);
  const legend = legendOf(chart);
  const byCustomer = customerLegend(chart);
  const item = (l: { name: string; color: string }) => (
    <li key={l.name}>
      <span className="swatch" style={{ background: l.color }} aria-hidden="true" />
      {l.name}
    </li>
  );
  return (
    <figure className="chart" data-chart={chart.id}>
      <figcaption>{chart.title}</figcaption>
      <div ref={ref} className="chart-canvas" style={{ height: canvasHeight(chart) }} role="img" aria-label={chartLabel(chart)} />
      {byCustomer ? (
        <ul className="legend legend-by-customer" aria-label={`${chart.title}: legend`}>
          {byCustomer.map((g) => (
            <li key={g.customer}>
              <span className="legend-customer">{g.customer}:</span>
              <ul className="legend" aria-label={g.customer}>
                {g.entries.map(item)}
              </ul>
            </li>
          ))}
        </ul>
      ) : (
        legend.length > 0 && (
          <ul className="legend" aria-label={`${chart.title}: legend`}>
            {legend.map(item)}
          </ul>
        )
      )}
      {chart.customers !== undefined && <p className="figure-parts-note chart-note">{strings.chartAcrossCustomers(chart.customers)}</p>}
    </figure>
  );
}
