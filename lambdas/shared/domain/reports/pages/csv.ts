/** A page's table as CSV (the export). */
import type { TablePage } from '../../../contract/reports.js';
import { csvCell } from '../../../contract/csv.js';

export { csvCell };

/** A table as CSV: the column labels, then every row; CRLF line ends. */
export const toCsv = (t: TablePage) =>
  [t.columns.map((c) => csvCell(c.label)).join(','), ...t.rows.map((r) => t.columns.map((c) => csvCell(r[c.key] ?? null)).join(','))].join('\r\n') + '\r\n';
