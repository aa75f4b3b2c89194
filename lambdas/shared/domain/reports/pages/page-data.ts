/** A built-in page as a whole: its head (figures and charts), its table's first rows, its period. */
import type { PageData, PageName } from '../../../contract/reports.js';
import { analytics } from './analytics.js';
import { assets } from './assets.js';
import { withCustomerParts } from './by-customer.js';
import { dashboard } from './dashboard.js';
import { shownToCustomers, type Head, type PageInput } from './input.js';
import { invoicing } from './invoicing.js';
import { quotes } from './quotes.js';
import { tableRows } from './table-rows.js';
import { tableDefs } from './tables.js';
import { workOrderPage } from './work-orders.js';

const heads: Record<PageName, (input: PageInput) => Head> = {
  dashboard,
  quotes,
  'work-orders': (input) => workOrderPage(input, 'service'),
  maintenance: (input) => workOrderPage(input, 'maintenance'),
  'capital-projects': (input) => workOrderPage(input, 'capital'),
  assets,
  invoicing,
  analytics,
};

/** What the Assets and Analytics pages say under a chosen period. */
export const UNDATED_NOTE = 'Assets are not dated: the period does not apply to this page.';

/** Everything a built-in page shows: figures, charts and the first rows of its table (and the period, when one is chosen). */
export function pageData(page: PageName, all: PageInput): PageData {
  const input = shownToCustomers(all);
  const period = input.period ? { period: { from: input.period.from, to: input.period.to }, ...(tableDefs[page].dated ? {} : { note: UNDATED_NOTE }) } : {};
  return { page, ...withCustomerParts(heads[page], input), table: tableRows(page, input), ...period };
}
