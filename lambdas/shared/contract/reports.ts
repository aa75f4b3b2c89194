/**
 * The reports area's request and answer shapes, once: the handlers validate with them and the
 * browser (report pages, report list) takes its types from them. The report list's answer
 * (ReportReply, ReportsReply), which the web app parses, lives in ./answers/reports.ts, in zod/mini,
 * and is re-exported here; the rest is zod classic, here.
 */
import { idString } from '../platform/zod.js';
import * as z from '../platform/zod-parts.js';
import { isIsoDate, PERIOD_MAX_YEARS, periodWithinMax } from './period.js';

export { ReportReply, ReportsReply } from './answers/reports.js';

export const ErrorReply = /* @__PURE__ */ (() => z.object({ error: z.string() }))();

/** The built-in report host's pages (`/embed/<page>`), one per default report. */
export const pageNames = ['dashboard', 'quotes', 'work-orders', 'maintenance', 'capital-projects', 'assets', 'invoicing', 'analytics'] as const;
export type PageName = (typeof pageNames)[number];
export const isPage = (page: string): page is PageName => (pageNames as readonly string[]).includes(page);

/** A list of ids as an array (strings or numbers) or comma-joined text; absent, null or empty: no narrowing. */
const IdList = /* @__PURE__ */ (() => z.pipe(
  z.optional(z.union([z.array(z.union([z.string().check(z.maxLength(200)), z.number()])).check(z.maxLength(10_000)), z.string().check(z.maxLength(200_000)), z.null()])),
  z.transform((v) => {
    const items = v === null || v === undefined ? [] : Array.isArray(v) ? v.map(String) : v.split(',');
    return [...new Set(items.map((s) => s.trim()).filter(Boolean))];
  }),
))();

export { isIsoDate, isValidPeriod, PERIOD_MAX_YEARS, periodWithinMax, type Period } from './period.js';

/** An optional date of a period: absent, null or empty is none. */
const PeriodDate = /* @__PURE__ */ (() => z.pipe(
  z.optional(z.union([z.string().check(z.trim(), z.maxLength(40)), z.null()])),
  z.transform((v) => (v ? v : undefined)),
))();

/** The filtered embed request of spec section 3: userId, email, _url, properties, customers, selectedReport, userDetails. */
/** zod's email pattern (its `z.email()`), which this body was checked with before the portal moved to zod/mini. */
const EMAIL = /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

export const FilteredBody = /* @__PURE__ */ (() => z.object({
  userId: z.optional(z.union([z.int(), z.string().check(z.maxLength(50)), z.null()])),
  email: z.string().check(z.trim(), z.toLowerCase(), z.maxLength(320), z.regex(EMAIL, 'must be an email address')),
  _url: z.string().check(z.trim(), z.minLength(1, 'is required'), z.maxLength(4000)),
  properties: IdList,
  customers: IdList,
  selectedReport: z.pipe(z.pipe(z.union([z.string(), z.number()]), z.transform(String)), idString(200, 'is required')),
  // Sent by the web app; the server takes nothing from it (the viewed user's row comes from the users table).
  userDetails: z.optional(z.unknown()),
  // Beyond the spec: the report period, first and last day (UTC, both included); both or neither.
  from: PeriodDate,
  to: PeriodDate,
  /**
   * Beyond the spec (issue 42): a built-in frame's first data in the same answer (`data`), so the
   * frame draws without a call of its own; the web app asks for it on a report's first load only.
   */
  withData: z.optional(z.boolean()),
}).check(
  z.superRefine((b, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message, input: b[path as 'from' | 'to'] });
    if (b.from !== undefined && !isIsoDate(b.from)) return issue('from', 'must be a date (YYYY-MM-DD)');
    if (b.to !== undefined && !isIsoDate(b.to)) return issue('to', 'must be a date (YYYY-MM-DD)');
    if ((b.from === undefined) !== (b.to === undefined)) {
      const [missing, given] = b.from === undefined ? ['from', 'to'] : ['to', 'from'];
      return issue(missing, `is required when body.${given} is given (a period has both dates, or neither)`);
    }
    if (b.from === undefined || b.to === undefined) return;
    if (b.to < b.from) return issue('to', 'must not be before body.from');
    if (!periodWithinMax(b.from, b.to)) return issue('to', `must be less than ${PERIOD_MAX_YEARS} years after body.from (a period spans at most ${PERIOD_MAX_YEARS} years)`);
  }),
))();
export type FilteredBody = z.output<typeof FilteredBody>;

export const EmbedTableQuery = /* @__PURE__ */ (() => z.object({
  sort: z.optional(z.string().check(z.maxLength(64))),
  dir: z.optional(z.enum(['asc', 'desc'])),
  /** Beyond the first 200 rows: the first row to answer (a multiple of the page size, or any row). */
  offset: z._default(z.pipe(z.coerce.number(), z.int().check(z.gte(0), z.lte(10_000_000))), 0),
  /** Only rows with this text in a cell (case-insensitive, as the cells are shown). */
  q: z.optional(z.string().check(z.trim(), z.maxLength(100))),
}))();
export type EmbedTableQuery = z.output<typeof EmbedTableQuery>;

// The built-in pages' data (GET /api/embed/data, /api/embed/table).
export const Format = /* @__PURE__ */ (() => z.enum(['count', 'money', 'percent', 'days', 'years']))();
export type Format = z.output<typeof Format>;
/** One customer's part of a money figure (issue 39: an account of several customers sees each one's money, never only their sum). */
export const CustomerFigure = /* @__PURE__ */ (() => z.object({ customer: z.string(), value: z.nullable(z.number()) }))();
export type CustomerFigure = z.output<typeof CustomerFigure>;
export const Figure = /* @__PURE__ */ (() => z.object({
  label: z.string(),
  value: z.nullable(z.number()),
  format: Format,
  /** A money figure over the properties of several customers: each customer's part (by customer name); absent for one customer. */
  byCustomer: z.optional(z.array(CustomerFigure)),
  /** More customers than a breakdown lists (over MAX_BREAKDOWN): how many the figure adds up. */
  customers: z.optional(z.number()),
}))();
export type Figure = z.output<typeof Figure>;
export const ChartData = /* @__PURE__ */ (() => z.object({
  id: z.string(),
  title: z.string(),
  type: z.enum(['bar', 'stacked-bar', 'line', 'pie', 'horizontal-bar']),
  format: Format,
  categories: z.array(z.string()),
  series: z.array(
    z.object({
      name: z.string(),
      data: z.array(z.number()),
      /** A money chart over several customers: the customer whose part this series is (issue 39). */
      customer: z.optional(z.string()),
      /** Series of one stack add up in one bar (a customer's parts of one measure); absent: as the chart's type says. */
      stack: z.optional(z.string()),
    }),
  ),
  /** A money chart over more customers than a breakdown lists (over MAX_BREAKDOWN): how many it sums. */
  customers: z.optional(z.number()),
}))();
export type ChartData = z.output<typeof ChartData>;
/** `payment`: the invoice's payment page (https) when something is owed and it has one, '' when it has none, null when nothing is owed. */
export const ColumnType = /* @__PURE__ */ (() => z.enum(['text', 'date', 'money', 'number', 'payment']))();
export type ColumnType = z.output<typeof ColumnType>;
/** What an owed invoice without a payment page shows in its `payment` cell (and a search finds). */
export const NO_ONLINE_PAYMENT = 'No online payment';
export const Column = /* @__PURE__ */ (() => z.object({ key: z.string(), label: z.string(), type: ColumnType }))();
export type Column = z.output<typeof Column>;
export const Cell = /* @__PURE__ */ (() => z.union([z.string(), z.number(), z.null()]))();
export type Row = Record<string, z.output<typeof Cell>>;
export const TablePage = /* @__PURE__ */ (() => z.object({
  title: z.string(),
  columns: z.array(Column),
  rows: z.array(z.record(z.string(), Cell)),
  total: z.number(),
  sort: z.string(),
  dir: z.enum(['asc', 'desc']),
  /** The first row answered (0: the first page). */
  offset: z.optional(z.number()),
  /** The search the rows match, when there is one. */
  q: z.optional(z.string()),
}))();
export type TablePage = z.output<typeof TablePage>;
export const PageData = /* @__PURE__ */ (() => z.object({
  page: z.string(),
  title: z.string(),
  subtitle: z.string(),
  figures: z.array(Figure),
  charts: z.array(ChartData),
  table: TablePage,
  /** The chosen period (inclusive UTC dates), when there is one. */
  period: z.optional(z.object({ from: z.string(), to: z.string() })),
  /** Said under the period's caption on a page it does not apply to (assets are not dated). */
  note: z.optional(z.string()),
}))();
export type PageData = z.output<typeof PageData>;

/** A signed frame URL; with `withData` asked and a built-in frame, the page's data too (what GET /api/embed/data answers for that URL). */
export const FilteredReply = /* @__PURE__ */ (() => z.object({ url: z.string(), expiresAt: z.string(), data: z.optional(PageData) }))();
export type FilteredReply = z.output<typeof FilteredReply>;

/** Messages of this area (the spec names none; these are the portal's own). */
export const messages = {
  ownViewOnly: 'You can only view reports as yourself.',
  staffView: 'Administrators can view the portal as a non-staff customer only.',
  unknownUser: 'No user with that email.',
  userIdMismatch: 'Invalid body.userId: does not belong to the email',
  noAssignments: 'No customers or properties are assigned to this account, so there is no report to show. Please contact your administrator.',
  nothingInScope: 'None of the requested customers or properties is assigned to this account.',
  unknownReport: (r: string) => `Unknown report "${r}" (body.selectedReport).`,
  unknownFrame: (name: string) => `Invalid body._url: not a frame of the report "${name}".`,
  sigmaNotConfigured: 'This report is hosted by Sigma, which is not configured (SIGMA_CLIENT_ID and SIGMA_SECRET).',
  sigmaEmail: 'This account\'s email address cannot be used with the report service. Please contact your administrator.',
  embedInvalid: 'This report link has expired or is not valid. Reload the portal page to see the report again.',
  embedNoAccess: 'This report is no longer available to this account.',
} as const;
