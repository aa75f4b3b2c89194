import { useEffect, useRef } from 'react';
import { canvasHeight, chartLabel, customerLegend, legendOf } from './chart-options';
import { strings } from './strings';
import { announceDrawn } from './protocol';
import type { ChartData } from './types';

let drawing: Promise<typeof import('./chart-draw')> | undefined;

/** The drawing code (ECharts), fetched once, on the first chart's mount; a failed fetch is tried again by the next chart. */
function loadDrawing() {
  drawing ??= import('./chart-draw').catch((error: unknown) => {
    drawing = undefined;
    throw error;
  });
  return drawing;
}

let firstDrawn = false;

function onDrawn() {
  if (firstDrawn) return;
  firstDrawn = true;
  performance.mark('embed:first-chart');
  document.documentElement.dataset.chartsDrawn = 'true';
  announceDrawn();
}

/**
 * One ECharts chart, resized with its box, with its legend in HTML below it. The box, caption and
 * legend are drawn at once, the box at its final height (nothing moves when the chart fills it);
 * the chart itself once the drawing code has arrived. A money chart over
 * several customers names them in its legend and its label (issue 39).
 */
export function Chart({ chart }: { chart: ChartData }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = ref.current!;
    let dispose: (() => void) | undefined;
    let cancelled = false;
    loadDrawing()
      .then(({ drawChart }) => {
        if (!cancelled) dispose = drawChart(el, chart, onDrawn);
      })
      .catch((error: unknown) => {
        // The figures and the table are on the screen: the portal need not wait on a chart that cannot be drawn.
        console.error('Chart code failed to load:', error instanceof Error ? error.message : String(error));
        announceDrawn();
      });
    return () => {
      cancelled = true;
      dispose?.();
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
