/** What a built-in page is computed over, what its head is, and what of it customers are shown. */
import type { PageData } from '../../../contract/reports.js';
import type { Period } from '../../../contract/period.js';
import type { AssetRow, InvoiceRow, QuoteRow, WorkOrderRow } from '../../../data/report-rows.js';

export type { Period };

/** A property's customer, as the pages name it. */
export interface Customer {
  id: string;
  name: string;
}

/** The rows a page is computed over, by dataset, and what it needs besides. */
export interface PageInput {
  wo?: WorkOrderRow[];
  quote?: QuoteRow[];
  invoice?: InvoiceRow[];
  asset?: AssetRow[];
  /** Property id -> name, for every property in scope (rows of other properties are not shown in tables). */
  names: ReadonlyMap<string, string>;
  now: number;
  /**
   * Property id -> its customer, for every property in scope, when they are of more than
   * one customer (absent for one): money figures then show each customer's part and the Invoicing
   * table a Customer column (issue 39).
   */
  customerOf?: ReadonlyMap<string, Customer>;
  /** The chosen period, when there is one: inclusive UTC dates (YYYY-MM-DD), from <= to. */
  period?: Period;
}

/**
 * What customers are shown: a Draft quote is the provider's, not yet sent, so no page, figure,
 * table or export counts it (an administrator viewing as a customer sees what the customer sees).
 */
export const shownToCustomers = (input: PageInput): PageInput => (input.quote ? { ...input, quote: input.quote.filter((q) => q.status !== 'Draft') } : input);

export type Head = Omit<PageData, 'page' | 'table'>;
