/** A page's table as CSV (the export). */
import type { TablePage } from '../../../contract/reports.js';
import type { Cell } from './tables.js';

/** One CSV field: quoted when it holds a comma, quote or line break; a text that a spreadsheet would read as a formula is prefixed with a quote. */
export const csvCell = (v: Cell) => {
  const s = v === null ? '' : String(v);
  // Leading = + - @ would be read as formulas by spreadsheets.
  const safe = /^[=+\-@\t\r]/.test(s) && typeof v === 'string' ? `'${s}` : s;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

/** A table as CSV: the column labels, then every row; CRLF line ends. */
export const toCsv = (t: TablePage) =>
  [t.columns.map((c) => csvCell(c.label)).join(','), ...t.rows.map((r) => t.columns.map((c) => csvCell(r[c.key] ?? null)).join(','))].join('\r\n') + '\r\n';
