import { useEffect, useRef, useState } from 'react';
import { downloadBlob } from '../lib/download-file';
import { formatCell, paymentLink } from './format';
import { openInvoice, openQuote, openWorkOrder, type RecordKind } from './protocol';
import { embedFetch, type TokenKeeper } from './token';
import type { Column, TablePage } from './types';

/** Columns of free text that wrap in their cell. */
const WRAPPED = new Set(['description', 'title']);
const cellClass = (key: string, type: Column['type']) =>
  type === 'money' || type === 'number' ? 'num' : WRAPPED.has(key) ? 'wrap' : key === 'property' || key === 'customer' ? 'wrap name' : key === 'technician' ? 'wrap person' : type === 'payment' ? 'payment' : undefined;

const PAGE_ROWS = 200;

/** The pages whose table lists work orders: each row's id opens the work order in the portal (issue 43). */
const WORK_ORDER_PAGES = new Set(['dashboard', 'work-orders', 'maintenance', 'capital-projects']);

/** A row's button that opens its record in the portal: a button, not a link, for the portal (not the frame) navigates, on the portal's own address. */
function RowOpen({ text, label, onOpen }: { text: string; label: string; onOpen: () => void }) {
  return (
    <button type="button" className="row-open" onClick={onOpen} aria-label={label}>
      {text}
    </button>
  );
}

/** A cell as shown; an owed invoice with a payment page gets its Pay link (a new tab: the provider's page, no card data here). */
function Cell({ value, type, row }: { value: string | number | null; type: Column['type']; row: Record<string, string | number | null> }) {
  const pay = type === 'payment' && typeof value === 'string' && value ? paymentLink(value, row) : null;
  if (type === 'payment' && value && !pay) return <>—</>;
  if (!pay) return <>{formatCell(value, type)}</>;
  return (
    <a className="button pay" href={pay.href} target="_blank" rel="noopener noreferrer" aria-label={`${pay.label} (opens in a new tab)`}>
      {pay.text}
    </a>
  );
}
const query = (t: { sort: string; dir: string; q?: string }, offset = 0) =>
  `sort=${encodeURIComponent(t.sort)}&dir=${t.dir}${t.q ? `&q=${encodeURIComponent(t.q)}` : ''}${offset ? `&offset=${offset}` : ''}`;

/**
 * The page's table: sorted on the server by clicking a column header; searched (every cell, as
 * shown) and paged 200 rows at a time on the server; CSV export of every row in scope (or every
 * row the search matches).
 */
export function DataTable({ initial, keeper, page, opens }: { initial: TablePage; keeper: TokenKeeper; page: string; opens: ReadonlySet<RecordKind> }) {
  const [table, setTable] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const latest = useRef(0);
  // A row offers its record only where the portal opens that kind from this frame (none that does nothing).
  const opensWorkOrders = WORK_ORDER_PAGES.has(page) && opens.has('work-order');
  const opensInvoices = page === 'invoicing' && opens.has('invoice');
  const opensQuotes = page === 'quotes' && opens.has('quote');

  async function load(params: { sort: string; dir: string; q?: string }, offset = 0) {
    const n = ++latest.current;
    setBusy(true);
    setError(null);
    try {
      const res = await embedFetch(keeper, `/api/embed/table?${query(params, offset)}`);
      const next = (await res.json()) as TablePage;
      // An older answer (the search changed meanwhile) is dropped.
      if (n === latest.current) setTable(next);
    } catch (e) {
      if (n === latest.current) setError((e as Error).message);
    } finally {
      if (n === latest.current) setBusy(false);
    }
  }

  // The search runs 300 ms after the last key, from the first page.
  useEffect(() => {
    const q = search.trim();
    if (q === (table.q ?? '')) return;
    const timer = setTimeout(() => void load({ sort: table.sort, dir: table.dir, q }), 300);
    return () => clearTimeout(timer);
  }, [search]);

  function handleSort(key: string) {
    const dir = table.sort === key && table.dir === 'asc' ? 'desc' : 'asc';
    void load({ sort: key, dir, q: table.q });
  }

  const offset = table.offset ?? 0;
  const first = table.total === 0 ? 0 : offset + 1;
  const last = offset + table.rows.length;
  const paged = table.total > table.rows.length;
  const count = paged
    ? `Rows ${first.toLocaleString('en-US')}-${last.toLocaleString('en-US')} of ${table.total.toLocaleString('en-US')}`
    : `${table.total.toLocaleString('en-US')} rows`;

  async function handleExport() {
    setError(null);
    try {
      const res = await embedFetch(keeper, `/api/embed/table.csv?${query(table)}`);
      const blob = await res.blob();
      const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? `${page}.csv`;
      downloadBlob(blob, name);
    } catch (e) {
      setError((e as Error).message);
    }
  }

  return (
    <section className="table-card" aria-labelledby="table-title">
      <header className="table-head">
        <h2 id="table-title">{table.title}</h2>
        <span className="table-count" aria-live="polite">
          {count}
          {table.q ? ` matching "${table.q}"` : ''}
        </span>
        <input
          type="search"
          className="table-search"
          aria-label="Search rows"
          placeholder="Search rows"
          maxLength={100}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        <button type="button" className="button" onClick={handleExport} disabled={table.total === 0}>
          Export CSV
        </button>
      </header>
      {error && <p role="alert" className="error">{error}</p>}
      <div className="table-scroll" aria-busy={busy}>
        <table className={table.columns.some((c) => c.key === 'customer') ? 'several-customers' : undefined}>
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
                  {table.q ? `No rows match "${table.q}".` : 'No rows for the selected properties.'}
                </td>
              </tr>
            ) : (
              table.rows.map((row, i) => (
                <tr key={`${String(row[table.columns[0]!.key])}-${i}`}>
                  {table.columns.map((c) => (
                    <td key={c.key} className={cellClass(c.key, c.type)}>
                      {opensWorkOrders && c.key === 'id' && typeof row.id === 'string' ? (
                        <RowOpen text={row.id} label={`Open work order ${row.id}`} onOpen={() => openWorkOrder(String(row.id))} />
                      ) : opensQuotes && c.key === 'id' && typeof row.id === 'string' ? (
                        // The Quotes table's quote: the portal shows it in its quotes panel (issue 43).
                        <RowOpen text={row.id} label={`Open quote ${row.id}`} onOpen={() => openQuote(String(row.id))} />
                      ) : opensInvoices && c.key === 'number' && typeof row.openId === 'string' && typeof row.number === 'string' ? (
                        // The Invoicing table's invoice (issue 43): its number shown, its id (a field no column shows) opened.
                        <RowOpen text={row.number} label={`Open invoice ${row.number}`} onOpen={() => openInvoice(String(row.openId))} />
                      ) : (
                        <Cell value={row[c.key] ?? null} type={c.type} row={row} />
                      )}
                    </td>
                  ))}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      {paged && (
        <nav className="table-pages" aria-label="Table pages">
          <button type="button" className="button" onClick={() => void load(table, Math.max(0, offset - PAGE_ROWS))} disabled={busy || offset === 0}>
            Previous {PAGE_ROWS}
          </button>
          <button type="button" className="button" onClick={() => void load(table, offset + PAGE_ROWS)} disabled={busy || last >= table.total}>
            Next {PAGE_ROWS}
          </button>
        </nav>
      )}
    </section>
  );
}
