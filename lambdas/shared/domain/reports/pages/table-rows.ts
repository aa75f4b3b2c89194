/** A page's table over the rows in scope: searched, sorted and paged. */
import { NO_ONLINE_PAYMENT, type PageName, type Row, type TablePage } from '../../../contract/reports.js';
import { writtenDay } from '../../../contract/writing.js';
import type { Dataset, ReportRow } from '../../../data/report-rows.js';
import { naturalCompare } from './aggregate.js';
import { customersInScope } from './by-customer.js';
import { shownToCustomers, type PageInput } from './input.js';
import { tableDefs, type ColumnDef, type Ctx, type Sortable, type TableDef } from './tables.js';
import { narrowed, spanOf, toMs } from './time.js';

export const TABLE_ROWS = 200;

/** The dataset a page's table lists. */
export const tableDataset = (page: PageName): Dataset => tableDefs[page].dataset;

/** The sortable column keys of a page's table. */
export const sortKeys = (page: PageName) => tableDefs[page].columns.map((c) => c.key);

const compare = (a: Sortable, b: Sortable): number => (typeof a === 'number' && typeof b === 'number' ? a - b : naturalCompare(String(a), String(b)));

/**
 * A page's table over the rows in scope, sorted by any column (unknown column: the page's default
 * order), nulls last either way, then by row id; `limit` null gives every row (CSV export).
 */
export function tableRows(page: PageName, every: PageInput, opts: { sort?: string; dir?: 'asc' | 'desc'; limit?: number | null; offset?: number; q?: string } = {}): TablePage {
  const input = shownToCustomers(every);
  const def = tableDefs[page] as TableDef<ReportRow>;
  const several = customersInScope(input).length > 1;
  const columns = def.columns.filter((c) => several || !c.severalCustomers);
  const known = opts.sort !== undefined && columns.some((c) => c.key === opts.sort);
  const col = known ? columns.find((c) => c.key === opts.sort)! : columns.find((c) => c.key === def.sort)!;
  const dir = known ? (opts.dir ?? 'asc') : def.dir;
  const ctx: Ctx = { names: input.names, now: input.now, ...(input.customerOf ? { customerOf: input.customerOf } : {}) };
  const all = (input[def.dataset as keyof PageInput & Dataset] ?? []) as ReportRow[];
  const span = def.dated ? spanOf(input.period) : null;
  const ofPage = def.where ? all.filter((r) => def.where!(r)) : all;
  const inWhere = narrowed(ofPage, span, (r) => toMs(def.dated!(r)));
  const inScope = inWhere.filter((r) => input.names.has(r.propertyId));
  // A search matches the text of any cell as the table shows it ('1 Sep 2026') or as stored (2026-09-01; money too).
  const q = opts.q?.trim().toLowerCase() ?? '';
  const matches = (c: ColumnDef<ReportRow>, r: ReportRow) => {
    const v = String(c.value(r, ctx) ?? '');
    if (c.type === 'payment') return c.value(r, ctx) === '' && NO_ONLINE_PAYMENT.toLowerCase().includes(q);
    return v.toLowerCase().includes(q) || (c.type === 'date' && writtenDay(v).toLowerCase().includes(q));
  };
  const shown = q ? inScope.filter((r) => columns.some((c) => matches(c as ColumnDef<ReportRow>, r))) : inScope;
  const key = (r: ReportRow): Sortable => (col.sortValue ? col.sortValue(r, ctx) : col.value(r, ctx));
  const keyed = shown.map((r) => ({ r, k: key(r) }));
  const sign = dir === 'desc' ? -1 : 1;
  keyed.sort((a, b) => {
    if (a.k === null || b.k === null) {
      if (a.k !== b.k) return a.k === null ? 1 : -1;
    } else {
      const c = compare(a.k, b.k);
      if (c !== 0) return sign * c;
    }
    return naturalCompare(a.r.id, b.r.id);
  });
  const limit = opts.limit === undefined ? TABLE_ROWS : opts.limit;
  // Past the end: the last page.
  const offset = limit === null || !keyed.length ? 0 : Math.min(opts.offset ?? 0, Math.floor((keyed.length - 1) / limit) * limit);
  const page_ = limit === null ? keyed : keyed.slice(offset, offset + limit);
  // The id a row opens rides beside its cells; CSV export and search read the columns only.
  const rows = page_.map(({ r }) => Object.fromEntries([...columns.map((c) => [c.key, c.value(r, ctx)]), ...(def.openId ? [['openId', def.openId(r)]] : [])]) as Row);
  return {
    title: def.title,
    columns: columns.map(({ key: k, label, type }) => ({ key: k, label, type })),
    rows,
    total: q ? keyed.length : inWhere.length,
    sort: col.key,
    dir,
    offset,
    ...(q ? { q } : {}),
  };
}
