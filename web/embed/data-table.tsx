import { useState } from 'react';
import { formatCell } from './format';
import { embedFetch, type TokenKeeper } from './token';
import type { Column, TablePage } from './types';

/** Columns of free text that wrap in their cell. */
const WRAPPED = new Set(['description', 'title']);
const cellClass = (key: string, type: Column['type']) =>
  type === 'money' || type === 'number' ? 'num' : WRAPPED.has(key) ? 'wrap' : key === 'property' ? 'wrap name' : undefined;

/** The page's table: sorted on the server by clicking a column header; CSV export of every row in scope. */
export function DataTable({ initial, keeper, page }: { initial: TablePage; keeper: TokenKeeper; page: string }) {
  const [table, setTable] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function handleSort(key: string) {
    const dir = table.sort === key && table.dir === 'asc' ? 'desc' : 'asc';
    setBusy(true);
    setError(null);
    try {
      const res = await embedFetch(keeper, `/api/embed/table?sort=${encodeURIComponent(key)}&dir=${dir}`);
      setTable((await res.json()) as TablePage);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  }

  async function handleExport() {
    setError(null);
    try {
      const res = await embedFetch(keeper, `/api/embed/table.csv?sort=${encodeURIComponent(table.sort)}&dir=${table.dir}`);
      const blob = await res.blob();
      const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? `${page}.csv`;
      const href = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = href;
      a.download = name;
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(href), 10_000);
    } catch (e) {
      setError((e as Error).message);
    }
  }

  return (
    <section className="table-card" aria-labelledby="table-title">
      <header className="table-head">
        <h2 id="table-title">{table.title}</h2>
        <span className="table-count">
          {table.rows.length < table.total ? `Showing ${table.rows.length} of ${table.total.toLocaleString('en-US')} rows` : `${table.total.toLocaleString('en-US')} rows`}
        </span>
        <button type="button" className="button" onClick={handleExport} disabled={table.total === 0}>
          Export CSV
        </button>
      </header>
      {error && <p role="alert" className="error">{error}</p>}
      <div className="table-scroll" aria-busy={busy}>
        <table>
          <thead>
            <tr>
              {table.columns.map((c) => (
                <th key={c.key} scope="col" aria-sort={table.sort === c.key ? (table.dir === 'asc' ? 'ascending' : 'descending') : 'none'} className={c.type === 'money' || c.type === 'number' ? 'num' : undefined}>
                  <button type="button" onClick={() => handleSort(c.key)} disabled={busy}>
                    {c.label}
                    <span aria-hidden="true" className="sort-mark">
                      {table.sort === c.key ? (table.dir === 'asc' ? '▲' : '▼') : ''}
                    </span>
                  </button>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {table.rows.length === 0 ? (
              <tr>
                <td colSpan={table.columns.length} className="empty">
                  No rows for the selected properties.
                </td>
              </tr>
            ) : (
              table.rows.map((row, i) => (
                <tr key={`${String(row[table.columns[0]!.key])}-${i}`}>
                  {table.columns.map((c) => (
                    <td key={c.key} className={cellClass(c.key, c.type)}>
                      {formatCell(row[c.key] ?? null, c.type)}
                    </td>
                  ))}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
    </section>
  );
}
