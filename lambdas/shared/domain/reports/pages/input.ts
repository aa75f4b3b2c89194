/** What a built-in page is computed over, what its head is, and what of it customers are shown. */
import type { PageData } from '../../../contract/reports.js';
import type { Period } from '../../../contract/period.js';
import type { AssetRow, InvoiceRow, QuoteRow, WorkOrderRow } from '../../../data/report-rows.js';

export type { Period };

/** The rows a page is computed over, by dataset, and what it needs besides. */
export interface PageInput {
  wo?: WorkOrderRow[];
  quote?: QuoteRow[];
  invoice?: InvoiceRow[];
  asset?: AssetRow[];
  /** Property id -> name, for every property in scope (rows of other properties are not shown in tables). */
  names: ReadonlyMap<string, string>;
  now: number;
  /** The chosen period, when there is one: inclusive UTC dates (YYYY-MM-DD), from <= to. */
  period?: Period;
}

/**
 * What customers are shown: a Draft quote is the provider's, not yet sent, so no page, figure,
 * table or export counts it (an administrator viewing as a customer sees what the customer sees).
 */
export const shownToCustomers = (input: PageInput): PageInput => (input.quote ? { ...input, quote: input.quote.filter((q) => q.status !== 'Draft') } : input);

export type Head = Omit<PageData, 'page' | 'table'>;
