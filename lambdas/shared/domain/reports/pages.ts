/**
 * The built-in report pages' figures, chart series, totals and tables, computed in memory over the
 * rows of the properties in scope (the old server did this in SQL). Pure functions: the rows, the
 * property names and the time come in; every figure is one or a few linear passes over the rows.
 *
 * Dates are UTC throughout (the old database ran in UTC): "last 12 months" is `now - 12 calendar
 * months`, months are calendar months, ages are whole years between the install date and today.
 * Money is summed in cents so totals come out as exact as the database's numeric sums; durations in
 * whole milliseconds, so no figure depends on the order the rows were read in.
 *
 * A period (`PageInput.period`, inclusive UTC dates) narrows the dated rows by their own date (work
 * orders and quotes by created date, invoices by issued date; assets are not dated); figures over a
 * fixed window ("…, last 12 months") are taken over the period instead ("…, in period"); point-in-time
 * figures (open work orders, balances, ages) do not change; monthly charts cover the period's months
 * (at most the last 24 of them). Without a period every page is as it always was.
 *
 * One file per page under ./pages/ (dashboard, quotes, work-orders for the three work order pages,
 * assets, invoicing, analytics); what several share beside them: the input and what customers are
 * shown (input.ts), dates and periods (time.ts), sums and series (aggregate.ts), rows with parsed
 * dates (prepared.ts), the statuses they name (vocabulary.ts), the tables (tables.ts, table-rows.ts,
 * csv.ts), what each page reads (datasets.ts) and the page as a whole (page-data.ts). This module
 * is what the rest of the code imports.
 */
export type { PageInput, Period } from './pages/input.js';
export { addMonths, toMs, yearsSince } from './pages/time.js';
export { naturalCompare } from './pages/aggregate.js';
export { TABLE_ROWS, sortKeys, tableDataset, tableRows } from './pages/table-rows.js';
export { pageAttributes, pageDatasets } from './pages/datasets.js';
export { UNDATED_NOTE, pageData } from './pages/page-data.js';
export { toCsv } from './pages/csv.js';
