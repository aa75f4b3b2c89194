import { useEffect, useState } from 'react';
import { Chart } from './chart';
import { DataTable } from './data-table';
import { formatValue } from './format';
import { problemBeforeLoading, problemOf, type Problem } from './problems';
import { EMBED_MESSAGE } from './protocol';
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

/** A built-in report page: key figures, charts and the table, for the scope in the page's token. */
export function EmbedApp({ keeper }: { keeper: TokenKeeper }) {
  const [data, setData] = useState<PageData | null>(null);
  const [error, setError] = useState<Problem | null>(() => problemBeforeLoading(window.location.pathname, keeper.current()));
  useReportHeight();

  useEffect(() => {
    if (problemBeforeLoading(window.location.pathname, keeper.current())) return;
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
      </header>
      <section className="figures" aria-label="Key figures">
        {data.figures.map((f) => (
          <div className="figure" key={f.label}>
            <span className="figure-value">{formatValue(f.value, f.format)}</span>
            <span className="figure-label">{f.label}</span>
          </div>
        ))}
      </section>
      <section className="charts" aria-label="Charts">
        {data.charts.map((c) => (
          <Chart key={c.id} chart={c} />
        ))}
      </section>
      <DataTable initial={data.table} keeper={keeper} page={data.page} />
    </main>
  );
}
