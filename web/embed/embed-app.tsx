import { useEffect, useRef, useState } from 'react';
import { Chart } from './chart';
import { DataTable } from './data-table';
import { FigureCard } from './figure-card';
import { formatPeriod } from './format';
import { problemBeforeLoading, problemOf, type Problem } from './problems';
import { announceDrawn, EMBED_MESSAGE, offeredOpens, primedData } from './protocol';
import { strings } from './strings';
import { embedFetch, type TokenKeeper } from './token';
import type { PageData } from './types';

/** Tells the portal the page's height whenever it changes (the portal sizes the frame). */
function useReportHeight() {
  useEffect(() => {
    if (window.parent === window) return;
    let last = -1;
    const send = () => {
      const height = Math.ceil(document.documentElement.getBoundingClientRect().height);
      if (height === last) return;
      last = height;
      window.parent.postMessage({ type: EMBED_MESSAGE.height, height }, window.location.origin);
    };
    const observer = new ResizeObserver(send);
    observer.observe(document.documentElement);
    send();
    return () => observer.disconnect();
  }, []);
}

const FIGURE_MIN_PX = 150;
const FIGURE_GAP_PX = 12;

/**
 * Columns for `count` key figures in `width` px: as many as fit, then evened out over the rows the
 * figures need, so no row holds one figure alone (7 figures where 6 fit: 4 and 3, not 6 and 1).
 */
export function figureColumns(count: number, width: number, min = FIGURE_MIN_PX, gap = FIGURE_GAP_PX): number {
  if (count <= 0) return 1;
  const fit = Math.max(1, Math.floor((width + gap) / (min + gap)));
  const rows = Math.ceil(count / Math.min(count, fit));
  return Math.ceil(count / rows);
}

/** The figures' grid, its columns evened out as the frame's width changes. */
function useFigureColumns(count: number) {
  const ref = useRef<HTMLElement>(null);
  const [columns, setColumns] = useState<number | null>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => setColumns(figureColumns(count, el.clientWidth));
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    measure();
    return () => observer.disconnect();
  }, [count]);
  return { ref, style: columns ? { gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` } : undefined };
}

/** A built-in report page: key figures, charts and the table, for the scope in the page's token. */
export function EmbedApp({ keeper }: { keeper: TokenKeeper }) {
  // The portal's filtered call may have brought this page's data already (issue 42): then no call.
  const [data, setData] = useState<PageData | null>(() => (primedData(keeper.current()) as PageData | undefined) ?? null);
  const primed = useRef(data !== null);
  // The records the portal opens from this frame, as it said for the page's first token.
  const [opens] = useState(() => offeredOpens(keeper.current()));
  const figuresGrid = useFigureColumns(data?.figures.length ?? 0);
  const [error, setError] = useState<Problem | null>(() => problemBeforeLoading(window.location.pathname, keeper.current()));
  useReportHeight();
  // A page whose first screen has no chart (or says why it shows nothing) is drawn once it renders.
  const nothingToDraw = !!error || (!!data && data.charts.length === 0);
  useEffect(() => {
    if (nothingToDraw) announceDrawn();
  }, [nothingToDraw]);

  useEffect(() => {
    if (problemBeforeLoading(window.location.pathname, keeper.current())) return;
    if (primed.current) return;
    let cancelled = false;
    embedFetch(keeper, '/api/embed/data')
      .then((res) => res.json() as Promise<PageData>)
      .then((d) => {
        if (!cancelled) setData(d);
      })
      .catch((e: unknown) => {
        if (!cancelled) setError(problemOf(e));
      });
    return () => {
      cancelled = true;
    };
  }, [keeper]);

  useEffect(() => {
    if (data) document.title = data.title;
  }, [data]);

  // The page's data is on the screen (title, figures, table; the charts fill their boxes after,
  // once their code has arrived): the first-visit benchmark reads this mark beside the first chart's.
  const hasData = data !== null;
  useEffect(() => {
    if (hasData && performance.getEntriesByName('embed:first-figures').length === 0) requestAnimationFrame(() => performance.mark('embed:first-figures'));
  }, [hasData]);

  if (error)
    return (
      <main className="message" role="alert">
        <h1>{error.title}</h1>
        <p>{error.message}</p>
      </main>
    );
  if (!data) return <main className="loading" aria-busy="true" />;
  return (
    <main className="report" data-page={data.page}>
      <header className="report-head">
        <h1>{data.title}</h1>
        <p>{data.subtitle}</p>
        {data.period && (
          <p className="period" data-testid="report-period">
            {strings.period(formatPeriod(data.period))}
            {data.note && <span className="period-note">{data.note}</span>}
          </p>
        )}
      </header>
      <section className="figures" aria-label="Key figures" ref={figuresGrid.ref} style={figuresGrid.style}>
        {data.figures.map((f) => (
          <FigureCard key={f.label} figure={f} />
        ))}
      </section>
      <section className="charts" aria-label="Charts">
        {data.charts.map((c) => (
          <Chart key={c.id} chart={c} />
        ))}
      </section>
      <DataTable initial={data.table} keeper={keeper} page={data.page} opens={opens} />
    </main>
  );
}
