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
 */
import { NO_ONLINE_PAYMENT, type ChartData, type Column, type Figure, type Format, type PageData, type PageName, type Row, type TablePage } from '../../contract/reports.js';
import type { Period } from '../../contract/period.js';
import { writtenDay } from '../../contract/writing.js';

export type { Period };
import type { AssetRow, Dataset, InvoiceRow, QuoteRow, ReportRow, WorkOrderRow } from '../../data/report-rows.js';

type Cell = Row[string];

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


const DAY = 86_400_000;
const MONTHS = 24;
const MON = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const OPEN = new Set(['Open', 'In Progress', 'On Hold']);
/**
 * Work orders in any of the OPEN statuses (Open, In Progress, On Hold): named apart from the status
 * Open itself, which the status chart shows as one slice of them.
 */
const UNFINISHED = 'Unfinished work orders';
const WO_STATUSES = ['Open', 'In Progress', 'On Hold', 'Completed', 'Cancelled'];
const PRIORITIES = ['Low', 'Medium', 'High', 'Emergency'];
const QUOTE_STATUSES = ['Sent', 'Approved', 'Declined', 'Expired'];
/**
 * What customers are shown: a Draft quote is the provider's, not yet sent, so no page, figure,
 * table or export counts it (an administrator viewing as a customer sees what the customer sees).
 */
const shownToCustomers = (input: PageInput): PageInput => (input.quote ? { ...input, quote: input.quote.filter((q) => q.status !== 'Draft') } : input);
const CONDITIONS = ['Good', 'Fair', 'Poor', 'Critical'];
const AGE_BUCKETS = ['0-4 years', '5-9 years', '10-14 years', '15-19 years', '20+ years'];
const AGING = ['Not yet due', '1-30 days', '31-60 days', '61-90 days', '90+ days'];

// ---- time -------------------------------------------------------------------------------------

/** An ISO date or timestamp as epoch ms; a time without a zone is UTC (as the database read it). */
export function toMs(s: string | undefined | null): number | null {
  if (!s) return null;
  // Fast path for what the import and the seed write: a date, or a UTC timestamp.
  if (s.length === 10 || (s.charCodeAt(s.length - 1) === 90 /* Z */ && s.charCodeAt(10) === 84) /* T */) {
    const ms = Date.parse(s);
    if (!Number.isNaN(ms)) return ms;
  }
  let t = s.trim().replace(' ', 'T');
  if (/T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(t)) t += 'Z';
  const ms = Date.parse(t);
  return Number.isNaN(ms) ? null : ms;
}

/** `ms` moved by whole calendar months, the day clamped to the month's end (as interval arithmetic does). */
export function addMonths(ms: number, months: number): number {
  const d = new Date(ms);
  const first = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, 1);
  const f = new Date(first);
  const last = new Date(Date.UTC(f.getUTCFullYear(), f.getUTCMonth() + 1, 0)).getUTCDate();
  return first + (Math.min(d.getUTCDate(), last) - 1) * DAY + (ms - Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
}

/** A period as epoch ms: [start, end), end the midnight after `to`. */
interface Span {
  start: number;
  end: number;
}
const spanOf = (period: Period | undefined): Span | null => (period ? { start: Date.parse(period.from), end: Date.parse(period.to) + DAY } : null);
const within = (span: Span, ms: number | null) => ms !== null && ms >= span.start && ms < span.end;
/** The rows dated in the span (all of them without one). */
const narrowed = <R>(rows: R[], span: Span | null, dateOf: (r: R) => number | null) => (span ? rows.filter((r) => within(span, dateOf(r))) : rows);
/** How a figure over a fixed window is labelled: the window, or the chosen period. */
const windowLabel = (span: Span | null, fixed: string) => (span ? 'in period' : fixed);
/** Whether a date falls in a figure's window: the chosen period, else from `since` on. */
const inWindow = (span: Span | null, since: number) => (ms: number | null) => (span ? within(span, ms) : ms !== null && ms >= since);

const ymd = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const day = (s: string | undefined | null) => {
  const ms = toMs(s);
  return ms === null ? null : ymd(ms);
};

/** Whole years from an install date (YYYY-MM-DD) to today's date. */
export function yearsSince(installedOn: string, now: number): number {
  const [y, m, d] = installedOn.slice(0, 10).split('-').map(Number) as [number, number, number];
  const t = new Date(now);
  const [ty, tm, td] = [t.getUTCFullYear(), t.getUTCMonth() + 1, t.getUTCDate()];
  return ty - y - (tm < m || (tm === m && td < d) ? 1 : 0);
}

/** Today's date `years` years back (YYYY-MM-DD), for comparisons with install dates. */
const yearsBack = (now: number, years: number) => ymd(addMonths(Date.UTC(new Date(now).getUTCFullYear(), new Date(now).getUTCMonth(), new Date(now).getUTCDate()), -12 * years));

// ---- aggregation helpers ----------------------------------------------------------------------

const cents = (n: number | undefined | null) => Math.round((n ?? 0) * 100);
const avg = (sum: number, n: number) => (n ? sum / n : null);

/** The months a monthly chart covers: the last 24 up to now, or the period's (its last 24 at most). */
interface Months {
  startY: number;
  startM: number;
  count: number;
}
function chartMonths(now: number, span: Span | null): Months {
  const last = new Date(span ? span.end - 1 : now);
  const lastIndex = last.getUTCFullYear() * 12 + last.getUTCMonth();
  const first = span ? new Date(span.start) : null;
  const count = first ? Math.min(MONTHS, lastIndex - (first.getUTCFullYear() * 12 + first.getUTCMonth()) + 1) : MONTHS;
  return { startY: last.getUTCFullYear(), startM: last.getUTCMonth() - (count - 1), count };
}

/** Calendar months (oldest first; the last 24 by default), with one sum per series over the rows dated in them. */
function monthly<R>(rows: R[], dateOf: (r: R) => number | null, range: Months, series: Record<string, { add: (r: R) => number; money?: boolean }>) {
  const { startY, startM, count: len } = range;
  const start = Date.UTC(startY, startM, 1);
  const names = Object.keys(series);
  const sums = Object.fromEntries(names.map((n) => [n, new Array<number>(len).fill(0)])) as Record<string, number[]>;
  // Month starts, so each row's month is a few comparisons instead of a Date per row.
  const bounds = Array.from({ length: len + 1 }, (_, i) => Date.UTC(startY, startM + i, 1));
  const adders = names.map((n) => [sums[n]!, series[n]!.add] as const);
  for (const r of rows) {
    const ms = dateOf(r);
    if (ms === null || ms < start || ms >= bounds[len]!) continue;
    let lo = 0;
    let hi = len - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (bounds[mid]! <= ms) lo = mid;
      else hi = mid - 1;
    }
    for (const [sum, add] of adders) sum[lo]! += add(r);
  }
  const categories = Array.from({ length: len }, (_, i) => {
    const m = new Date(Date.UTC(startY, startM + i, 1));
    return `${MON[m.getUTCMonth()]} ${m.getUTCFullYear()}`; // 'Mar 2026': not to be read as a day of March
  });
  const out = Object.fromEntries(names.map((n) => [n, series[n]!.money ? sums[n]!.map((c) => c / 100) : sums[n]!])) as Record<string, number[]>;
  return { categories, series: out };
}

const byCode = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Natural order: runs of digits compare as numbers (AHU-5 before AHU-10), everything else by code
 * point as before; equal numbers with more leading zeros come after, so no two ids compare equal.
 */
export function naturalCompare(a: string, b: string): number {
  const ta = a.match(/\d+|\D+/g) ?? [];
  const tb = b.match(/\d+|\D+/g) ?? [];
  for (let i = 0; i < Math.min(ta.length, tb.length); i++) {
    const x = ta[i]!;
    const y = tb[i]!;
    if (x === y) continue;
    const dx = x.charCodeAt(0) >= 48 && x.charCodeAt(0) <= 57;
    const dy = y.charCodeAt(0) >= 48 && y.charCodeAt(0) <= 57;
    if (dx && dy) {
      const nx = x.replace(/^0+/, '');
      const ny = y.replace(/^0+/, '');
      if (nx.length !== ny.length) return nx.length - ny.length;
      if (nx !== ny) return byCode(nx, ny);
      return x.length - y.length;
    }
    return byCode(x, y);
  }
  return ta.length - tb.length;
}

/**
 * Sums (or averages) grouped by a key, largest first then by key; with `order`, exactly those
 * categories in that order (0 for a missing one).
 */
function grouped<R>(rows: R[], key: (r: R) => string | null, value: (r: R) => number | null, opts: { order?: string[]; average?: boolean; money?: boolean } = {}) {
  const groups = new Map<string, { sum: number; n: number }>();
  for (const r of rows) {
    const k = key(r);
    if (k === null) continue;
    const v = value(r);
    let g = groups.get(k);
    if (!g) groups.set(k, (g = { sum: 0, n: 0 }));
    if (v !== null) {
      g.sum += v;
      g.n += 1;
    }
  }
  const valueOf = (g: { sum: number; n: number }) => (opts.average ? (g.n ? g.sum / g.n : 0) : opts.money ? g.sum / 100 : g.sum);
  let list = [...groups].map(([k, g]) => ({ k, v: valueOf(g) }));
  if (opts.order) list = opts.order.map((k) => ({ k, v: groups.has(k) ? valueOf(groups.get(k)!) : 0 }));
  else list.sort((a, b) => b.v - a.v || naturalCompare(a.k, b.k));
  return { categories: list.map((x) => x.k), data: list.map((x) => x.v) };
}

const count = () => 1;
const chart = (c: ChartData): ChartData => c;
const fig = (label: string, value: number | null, format: Format): Figure => ({ label, value, format });

// ---- prepared rows (dates parsed once) --------------------------------------------------------

interface Wo {
  r: WorkOrderRow;
  created: number | null;
  completed: number | null;
  scheduled: number | null;
}
const prepareWo = (rows: WorkOrderRow[]): Wo[] => rows.map((r) => ({ r, created: toMs(r.createdAt), completed: toMs(r.completedAt), scheduled: toMs(r.scheduledAt) }));

interface Inv {
  r: InvoiceRow;
  issued: number | null;
  due: number | null;
  paid: number | null;
}
const prepareInv = (rows: InvoiceRow[]): Inv[] => rows.map((r) => ({ r, issued: toMs(r.issuedAt), due: toMs(r.dueAt), paid: toMs(r.paidAt) }));

function assetFigures(rows: AssetRow[], now: number) {
  const fifteen = yearsBack(now, 15);
  let poor = 0;
  let old = 0;
  let ageSum = 0;
  let aged = 0;
  const types = new Set<string>();
  for (const r of rows) {
    if (r.condition === 'Poor' || r.condition === 'Critical') poor++;
    types.add(r.assetType ?? '');
    if (r.installedOn) {
      ageSum += yearsSince(r.installedOn, now);
      aged++;
      if (r.installedOn.slice(0, 10) <= fifteen) old++;
    }
  }
  return { total: rows.length, poor, old, age: avg(ageSum, aged), types: types.size };
}

type Head = Omit<PageData, 'page' | 'table'>;

function dashboard(input: PageInput): Head {
  const { now } = input;
  const span = spanOf(input.period);
  const recent = inWindow(span, addMonths(now, -12));
  const range = chartMonths(now, span);
  const wo = prepareWo(input.wo ?? []);
  let open = 0;
  let done = 0;
  let daysSum = 0;
  let daysN = 0;
  for (const w of wo) {
    if (OPEN.has(w.r.status)) open++;
    if (w.completed !== null && recent(w.completed)) {
      if (w.r.status === 'Completed') done++;
      if (w.created !== null) {
        daysSum += w.completed - w.created;
        daysN++;
      }
    }
  }
  let pending = 0;
  for (const q of input.quote ?? []) if (q.status === 'Sent') pending += cents(q.amount);
  const inv = prepareInv(input.invoice ?? []);
  let outstanding = 0;
  let invoiced = 0;
  for (const i of inv) {
    if (i.r.status === 'Open' || i.r.status === 'Overdue') outstanding += cents(i.r.balance);
    if (recent(i.issued) && i.r.status !== 'Void') invoiced += cents(i.r.amount);
  }
  const months = monthly(narrowed(wo, span, (w) => w.created), (w) => w.created, range, {
    service: { add: (w) => (w.r.kind === 'service' ? 1 : 0) },
    maintenance: { add: (w) => (w.r.kind === 'maintenance' ? 1 : 0) },
    capital: { add: (w) => (w.r.kind === 'capital' ? 1 : 0) },
  });
  const invMonths = monthly(
    narrowed(inv, span, (i) => i.issued).filter((i) => i.r.status !== 'Void'),
    (i) => i.issued,
    range,
    { amount: { add: (i) => cents(i.r.amount), money: true }, paid: { add: (i) => cents(i.r.amount) - cents(i.r.balance), money: true } },
  );
  const byStatus = grouped(
    wo.filter((w) => OPEN.has(w.r.status)),
    (w) => w.r.status,
    count,
    { order: ['Open', 'In Progress', 'On Hold'] },
  );
  return {
    title: 'Dashboard',
    subtitle: 'Key figures and trends across your properties',
    figures: [
      fig(UNFINISHED, open, 'count'),
      fig(`Completed, ${windowLabel(span, 'last 12 months')}`, done, 'count'),
      fig('Average days to complete', avg(daysSum / DAY, daysN), 'days'),
      fig(`Invoiced, ${windowLabel(span, 'last 12 months')}`, invoiced / 100, 'money'),
      fig('Outstanding balance', outstanding / 100, 'money'),
      fig('Quotes awaiting approval', pending / 100, 'money'),
      fig('Assets', (input.asset ?? []).length, 'count'),
    ],
    charts: [
      chart({
        id: 'work-orders',
        title: 'Work orders per month',
        type: 'stacked-bar',
        format: 'count',
        categories: months.categories,
        series: [
          { name: 'Service', data: months.series.service! },
          { name: 'Maintenance', data: months.series.maintenance! },
          { name: 'Capital projects', data: months.series.capital! },
        ],
      }),
      chart({
        id: 'invoiced',
        title: 'Invoiced and paid per month',
        // Bars side by side: as two lines, paid covered invoiced in every month paid in full.
        type: 'bar',
        format: 'money',
        categories: invMonths.categories,
        series: [
          { name: 'Invoiced', data: invMonths.series.amount! },
          { name: 'Paid', data: invMonths.series.paid! },
        ],
      }),
      chart({ id: 'open', title: `${UNFINISHED} by status`, type: 'pie', format: 'count', categories: byStatus.categories, series: [{ name: 'Work orders', data: byStatus.data }] }),
    ],
  };
}

function quotes(input: PageInput): Head {
  const span = spanOf(input.period);
  const every = (input.quote ?? []).map((r) => ({ r, created: toMs(r.createdAt) }));
  const rows = narrowed(every, span, (q) => q.created);
  let pending = 0;
  let approved = 0;
  let approvedN = 0;
  let decidedN = 0;
  // Every figure of this page is of the same quotes: those of the period, when one is chosen (the
  // Dashboard's "Quotes awaiting approval" is the balance of now).
  for (const { r } of rows) {
    if (r.status === 'Sent') pending += cents(r.amount);
    if (r.status === 'Approved') {
      approved += cents(r.amount);
      approvedN++;
    }
    if (r.status === 'Approved' || r.status === 'Declined' || r.status === 'Expired') decidedN++;
  }
  const months = monthly(rows, (q) => q.created, chartMonths(input.now, span), {
    approved: { add: (q) => (q.r.status === 'Approved' ? cents(q.r.amount) : 0), money: true },
    declined: { add: (q) => (q.r.status === 'Declined' || q.r.status === 'Expired' ? cents(q.r.amount) : 0), money: true },
    open: { add: (q) => (q.r.status === 'Sent' ? cents(q.r.amount) : 0), money: true },
  });
  const byStatus = grouped(rows, (q) => q.r.status, count, { order: QUOTE_STATUSES });
  return {
    title: 'Quotes',
    subtitle: 'Proposals and their decisions',
    figures: [
      fig('Quotes', rows.length, 'count'),
      fig(span ? 'Awaiting approval, in period' : 'Awaiting approval', pending / 100, 'money'),
      fig('Approved value', approved / 100, 'money'),
      fig('Approval rate', decidedN ? (100 * approvedN) / decidedN : null, 'percent'),
    ],
    charts: [
      chart({
        id: 'monthly',
        title: 'Quoted value per month',
        type: 'stacked-bar',
        format: 'money',
        categories: months.categories,
        series: [
          { name: 'Approved', data: months.series.approved! },
          { name: 'Declined or expired', data: months.series.declined! },
          { name: 'Open', data: months.series.open! },
        ],
      }),
      chart({ id: 'status', title: 'Quotes by status', type: 'pie', format: 'count', categories: byStatus.categories, series: [{ name: 'Quotes', data: byStatus.data }] }),
    ],
  };
}

function workOrderPage(input: PageInput, kind: WorkOrderRow['kind']): Head {
  const { now, names } = input;
  const span = spanOf(input.period);
  const inRecent = inWindow(span, addMonths(now, -12));
  const every = prepareWo((input.wo ?? []).filter((r) => r.kind === kind));
  const wo = narrowed(every, span, (w) => w.created);
  let open = 0;
  let emergency = 0;
  let daysSum = 0;
  let daysN = 0;
  let spend = 0;
  let onTime = 0;
  let scheduledDone = 0;
  // Open work orders are a count of now, whenever they were created.
  for (const w of every) if (OPEN.has(w.r.status)) open++;
  for (const w of wo) {
    const recent = inRecent(w.created);
    if (recent && w.r.priority === 'Emergency') emergency++;
    if (recent) spend += cents(w.r.amount);
    if (w.completed !== null && w.created !== null) {
      daysSum += w.completed - w.created;
      daysN++;
    }
    if (w.completed !== null && w.scheduled !== null) {
      scheduledDone++;
      if (w.completed <= w.scheduled) onTime++;
    }
  }
  const days = avg(daysSum / DAY, daysN);
  const range = chartMonths(now, span);
  const months = monthly(wo, (w) => w.created, range, {
    opened: { add: count },
    completed: { add: (w) => (w.r.status === 'Completed' ? 1 : 0) },
  });
  const spendMonths = monthly(wo, (w) => w.created, range, { spend: { add: (w) => cents(w.r.amount), money: true } });
  const byStatus = grouped(wo, (w) => w.r.status, count, { order: WO_STATUSES });
  const byProperty = grouped(wo, (w) => names.get(w.r.propertyId) ?? null, (w) => cents(w.r.amount), { money: true });
  // Without a period the service page covers the last two years; with one, the caption states it.
  const titles = { service: ['Work Orders', span ? 'Service calls' : 'Service calls of the last two years'], maintenance: ['Maintenance', 'Planned maintenance visits'], capital: ['Capital Projects', 'Replacements, retrofits and upgrades'] }[kind];
  const figures: Figure[] =
    kind === 'capital'
      ? [fig('Projects', wo.length, 'count'), fig('Active projects', open, 'count'), fig(`Project value, ${windowLabel(span, 'last 12 months')}`, spend / 100, 'money'), fig('Average duration', days, 'days')]
      : kind === 'maintenance'
        ? [
            fig('Visits', wo.length, 'count'),
            fig('Open visits', open, 'count'),
            fig('Completed on schedule', scheduledDone ? (100 * onTime) / scheduledDone : null, 'percent'),
            fig(`Spend, ${windowLabel(span, 'last 12 months')}`, spend / 100, 'money'),
          ]
        : [fig('Work orders', wo.length, 'count'), fig(UNFINISHED, open, 'count'), fig(`Emergencies, ${windowLabel(span, 'last 12 months')}`, emergency, 'count'), fig('Average days to complete', days, 'days')];
  const charts: ChartData[] = [
    {
      id: 'monthly',
      title: kind === 'capital' ? 'Projects started and completed per month' : 'Opened and completed per month',
      type: 'bar',
      format: 'count',
      categories: months.categories,
      series: [
        { name: 'Opened', data: months.series.opened! },
        { name: 'Completed', data: months.series.completed! },
      ],
    },
    { id: 'status', title: 'By status', type: 'pie', format: 'count', categories: byStatus.categories, series: [{ name: 'Work orders', data: byStatus.data }] },
    { id: 'spend', title: 'Spend per month', type: 'line', format: 'money', categories: spendMonths.categories, series: [{ name: 'Spend', data: spendMonths.series.spend! }] },
    { id: 'property', title: 'Spend by property', type: 'horizontal-bar', format: 'money', categories: byProperty.categories, series: [{ name: 'Spend', data: byProperty.data }] },
  ];
  if (kind === 'service') {
    const byPriority = grouped(wo, (w) => w.r.priority, count, { order: PRIORITIES });
    charts.splice(2, 0, { id: 'priority', title: 'By priority', type: 'pie', format: 'count', categories: byPriority.categories, series: [{ name: 'Work orders', data: byPriority.data }] });
  }
  return { title: titles[0]!, subtitle: titles[1]!, figures, charts };
}

function assets(input: PageInput): Head {
  const rows = input.asset ?? [];
  const f = assetFigures(rows, input.now);
  const byType = grouped(rows, (r) => r.assetType ?? '', count);
  const byCondition = grouped(rows, (r) => r.condition ?? '', count, { order: CONDITIONS });
  const byProperty = grouped(rows, (r) => input.names.get(r.propertyId) ?? null, count);
  return {
    title: 'Assets',
    subtitle: 'Equipment on record at your properties',
    figures: [fig('Assets', f.total, 'count'), fig('Equipment types', f.types, 'count'), fig('In poor or critical condition', f.poor, 'count'), fig('Average age', f.age, 'years')],
    charts: [
      { id: 'type', title: 'Assets by type', type: 'horizontal-bar', format: 'count', categories: byType.categories, series: [{ name: 'Assets', data: byType.data }] },
      { id: 'condition', title: 'Assets by condition', type: 'pie', format: 'count', categories: byCondition.categories, series: [{ name: 'Assets', data: byCondition.data }] },
      { id: 'property', title: 'Assets by property', type: 'horizontal-bar', format: 'count', categories: byProperty.categories, series: [{ name: 'Assets', data: byProperty.data }] },
    ],
  };
}

function agingBucket(due: number | null, now: number): string {
  if (due === null) return '90+ days';
  if (due >= now) return 'Not yet due';
  if (due >= now - 30 * DAY) return '1-30 days';
  if (due >= now - 60 * DAY) return '31-60 days';
  if (due >= now - 90 * DAY) return '61-90 days';
  return '90+ days';
}

function invoicing(input: PageInput): Head {
  const { now } = input;
  const span = spanOf(input.period);
  const recent = inWindow(span, addMonths(now, -12));
  const inv = prepareInv(input.invoice ?? []);
  let invoiced = 0;
  let paid = 0;
  let outstanding = 0;
  let overdue = 0;
  for (const i of inv) {
    if (recent(i.issued) && i.r.status !== 'Void') invoiced += cents(i.r.amount);
    if (recent(i.paid)) paid += cents(i.r.amount) - cents(i.r.balance);
    if (i.r.status === 'Open' || i.r.status === 'Overdue') outstanding += cents(i.r.balance);
    if (i.r.status === 'Overdue') overdue += cents(i.r.balance);
  }
  const months = monthly(
    narrowed(inv, span, (i) => i.issued).filter((i) => i.r.status !== 'Void'),
    (i) => i.issued,
    chartMonths(now, span),
    { invoiced: { add: (i) => cents(i.r.amount), money: true }, paid: { add: (i) => cents(i.r.amount) - cents(i.r.balance), money: true } },
  );
  const aging = grouped(
    inv.filter((i) => i.r.status === 'Open' || i.r.status === 'Overdue'),
    (i) => agingBucket(i.due, now),
    (i) => cents(i.r.balance),
    { order: AGING, money: true },
  );
  return {
    title: 'Invoicing',
    subtitle: 'Invoices, payments and balances',
    figures: [
      fig(`Invoiced, ${windowLabel(span, 'last 12 months')}`, invoiced / 100, 'money'),
      fig(`Paid, ${windowLabel(span, 'last 12 months')}`, paid / 100, 'money'),
      fig('Outstanding balance', outstanding / 100, 'money'),
      fig('Overdue balance', overdue / 100, 'money'),
    ],
    charts: [
      {
        id: 'monthly',
        title: 'Invoiced and paid per month',
        type: 'bar',
        format: 'money',
        categories: months.categories,
        series: [
          { name: 'Invoiced', data: months.series.invoiced! },
          { name: 'Paid', data: months.series.paid! },
        ],
      },
      { id: 'aging', title: 'Outstanding balance by age', type: 'bar', format: 'money', categories: aging.categories, series: [{ name: 'Balance', data: aging.data }] },
    ],
  };
}

function ageBucket(installedOn: string | undefined, now: number): string {
  if (!installedOn) return 'Unknown';
  const d = installedOn.slice(0, 10);
  if (d > yearsBack(now, 5)) return '0-4 years';
  if (d > yearsBack(now, 10)) return '5-9 years';
  if (d > yearsBack(now, 15)) return '10-14 years';
  if (d > yearsBack(now, 20)) return '15-19 years';
  return '20+ years';
}

function analytics(input: PageInput): Head {
  const { now } = input;
  const rows = input.asset ?? [];
  const f = assetFigures(rows, now);
  const byType = grouped(rows, (r) => r.assetType ?? '', count);
  const ageByType = new Map<string, number>();
  for (const r of rows) {
    const k = `${r.assetType ?? ''}\u0000${ageBucket(r.installedOn, now)}`;
    ageByType.set(k, (ageByType.get(k) ?? 0) + 1);
  }
  const avgAge = grouped(
    rows.filter((r) => r.installedOn),
    (r) => r.assetType ?? '',
    (r) => yearsSince(r.installedOn!, now),
    { average: true },
  );
  return {
    title: 'Analytics',
    subtitle: 'Equipment by type and age',
    figures: [fig('Equipment', f.total, 'count'), fig('Average age', f.age, 'years'), fig('15 years or older', f.old, 'count'), fig('In poor or critical condition', f.poor, 'count')],
    charts: [
      {
        id: 'age',
        title: 'Equipment age by type',
        type: 'stacked-bar',
        format: 'count',
        categories: AGE_BUCKETS,
        series: byType.categories.map((type) => ({ name: type, data: AGE_BUCKETS.map((b) => ageByType.get(`${type}\u0000${b}`) ?? 0) })),
      },
      { id: 'type', title: 'Equipment by type', type: 'pie', format: 'count', categories: byType.categories, series: [{ name: 'Equipment', data: byType.data }] },
      { id: 'average', title: 'Average age by type (years)', type: 'horizontal-bar', format: 'years', categories: avgAge.categories, series: [{ name: 'Average age', data: avgAge.data }] },
    ],
  };
}

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

// ---- tables -----------------------------------------------------------------------------------

interface Ctx {
  names: ReadonlyMap<string, string>;
  now: number;
}
type Sortable = string | number | null;
// Method syntax on purpose: a table of work orders is then usable where any row's table is expected.
interface ColumnDef<R> extends Column {
  value(r: R, ctx: Ctx): Cell;
  sortValue?(r: R, ctx: Ctx): Sortable;
}
interface TableDef<R extends ReportRow> {
  title: string;
  dataset: R['dataset'];
  where?(r: R): boolean;
  /** The row's own date, by which a period narrows the table (absent: the rows are not dated). */
  dated?(r: R): string | undefined;
  columns: ColumnDef<R>[];
  sort: string;
  dir: 'asc' | 'desc';
}

const text = <R>(key: string, label: string, get: (r: R) => string | undefined): ColumnDef<R> => ({ key, label, type: 'text', value: (r) => get(r) ?? '' });
const date = <R>(key: string, label: string, get: (r: R) => string | undefined): ColumnDef<R> => ({
  key,
  label,
  type: 'date',
  value: (r) => day(get(r)),
  sortValue: (r) => toMs(get(r)),
});
const money = <R>(key: string, label: string, get: (r: R) => number | undefined): ColumnDef<R> => ({ key, label, type: 'money', value: (r) => get(r) ?? null });
const ranked = <R>(key: string, label: string, get: (r: R) => string | undefined, order: string[]): ColumnDef<R> => ({
  ...text(key, label, get),
  sortValue: (r) => {
    const i = order.indexOf(get(r) ?? '');
    return i < 0 ? null : i + 1;
  },
});
/** An owed invoice's payment page, '' when it has none (the page says so), null when nothing is owed. */
const payment: ColumnDef<InvoiceRow> = {
  key: 'pay',
  label: 'Pay online',
  type: 'payment',
  value: (r) => ((r.status === 'Open' || r.status === 'Overdue') && r.balance > 0 ? (r.paymentUrl ?? '') : null),
  sortValue: (r) => ((r.status === 'Open' || r.status === 'Overdue') && r.balance > 0 ? (r.paymentUrl ? 1 : 0) : null),
};
const property = <R extends ReportRow>(): ColumnDef<R> => ({ key: 'property', label: 'Property', type: 'text', value: (r, ctx) => ctx.names.get(r.propertyId) ?? '' });

const workOrderColumns: ColumnDef<WorkOrderRow>[] = [
  text('id', 'Work Order', (r) => r.id),
  property(),
  text('description', 'Description', (r) => r.description),
  text('status', 'Status', (r) => r.status),
  ranked('priority', 'Priority', (r) => r.priority, PRIORITIES),
  date('created', 'Created', (r) => r.createdAt),
  date('completed', 'Completed', (r) => r.completedAt),
  text('technician', 'Technician', (r) => r.technician),
  money('amount', 'Amount', (r) => r.amount),
];
const kindLabel = { service: 'Service', maintenance: 'Maintenance', capital: 'Capital Project' } as const;
const kindColumn = text<WorkOrderRow>('kind', 'Type', (r) => kindLabel[r.kind] ?? 'Capital Project');
const assetColumns: ColumnDef<AssetRow>[] = [
  text('name', 'Asset', (r) => r.name),
  property(),
  text('type', 'Type', (r) => r.assetType),
  text('make', 'Make', (r) => r.make),
  text('model', 'Model', (r) => r.model),
  text('serial', 'Serial', (r) => r.serial),
  date('installed', 'Installed', (r) => r.installedOn),
  { key: 'age', label: 'Age (years)', type: 'number', value: (r, ctx) => (r.installedOn ? yearsSince(r.installedOn, ctx.now) : null) },
  ranked('condition', 'Condition', (r) => r.condition, CONDITIONS),
];
const ofKind = (kind: WorkOrderRow['kind']) => (r: WorkOrderRow) => r.kind === kind;
const woCreated = (r: WorkOrderRow) => r.createdAt;

const tableDefs: Record<PageName, TableDef<WorkOrderRow> | TableDef<QuoteRow> | TableDef<InvoiceRow> | TableDef<AssetRow>> = {
  dashboard: { title: 'Recent work orders', dataset: 'wo', dated: woCreated, columns: [workOrderColumns[0]!, kindColumn, ...workOrderColumns.slice(1)], sort: 'created', dir: 'desc' },
  quotes: {
    title: 'Quotes',
    dataset: 'quote',
    dated: (r) => r.createdAt,
    columns: [
      text('id', 'Quote', (r) => r.id),
      property(),
      text('title', 'Title', (r) => r.title),
      text('status', 'Status', (r) => r.status),
      date('created', 'Created', (r) => r.createdAt),
      date('expires', 'Expires', (r) => r.expiresAt),
      date('decided', 'Decided', (r) => r.decidedAt),
      money('amount', 'Amount', (r) => r.amount),
    ],
    sort: 'created',
    dir: 'desc',
  },
  'work-orders': { title: 'Service work orders', dataset: 'wo', where: ofKind('service'), dated: woCreated, columns: workOrderColumns, sort: 'created', dir: 'desc' },
  maintenance: { title: 'Maintenance visits', dataset: 'wo', where: ofKind('maintenance'), dated: woCreated, columns: workOrderColumns, sort: 'created', dir: 'desc' },
  'capital-projects': { title: 'Capital projects', dataset: 'wo', where: ofKind('capital'), dated: woCreated, columns: workOrderColumns, sort: 'created', dir: 'desc' },
  assets: { title: 'Assets', dataset: 'asset', columns: assetColumns, sort: 'name', dir: 'asc' },
  invoicing: {
    title: 'Invoices',
    dataset: 'invoice',
    dated: (r) => r.issuedAt,
    columns: [
      text('number', 'Invoice', (r) => r.number),
      property(),
      text('workOrder', 'Work Order', (r) => r.workOrderId),
      date('issued', 'Issued', (r) => r.issuedAt),
      date('due', 'Due', (r) => r.dueAt),
      date('paid', 'Paid', (r) => r.paidAt),
      text('status', 'Status', (r) => r.status),
      money('amount', 'Amount', (r) => r.amount),
      money('balance', 'Balance', (r) => r.balance),
      payment,
    ],
    sort: 'issued',
    dir: 'desc',
  },
  analytics: { title: 'Equipment by age', dataset: 'asset', columns: assetColumns, sort: 'age', dir: 'desc' },
};

export const TABLE_ROWS = 200;

/** The dataset a page's table lists. */
export const tableDataset = (page: PageName): Dataset => tableDefs[page].dataset;

/** The datasets a page's figures and charts are computed over (its table's included). */
export const pageDatasets: Record<PageName, Dataset[]> = {
  dashboard: ['wo', 'quote', 'invoice', 'asset'],
  quotes: ['quote'],
  'work-orders': ['wo'],
  maintenance: ['wo'],
  'capital-projects': ['wo'],
  assets: ['asset'],
  invoicing: ['invoice'],
  analytics: ['asset'],
};

/**
 * Every field of a work order row (the key fields aside); the compiler refuses the list when the
 * row type gains a field it lacks.
 */
const workOrderFields = ['kind', 'status', 'priority', 'createdAt', 'scheduledAt', 'completedAt', 'description', 'technician', 'amount', 'windowStart', 'windowEnd'] as const;
type Unlisted = Exclude<keyof WorkOrderRow, (typeof workOrderFields)[number] | 'dataset' | 'id' | 'propertyId'>;
const everyWorkOrderField: [Unlisted] extends [never] ? true : Unlisted = true;

/**
 * The attributes a page reads of a dataset that is not its table's (fewer bytes from DynamoDB);
 * absent: every attribute. One request reads several datasets with one projection (their union),
 * so the Dashboard names its table's fields too: the side datasets then leave their other columns
 * in DynamoDB.
 */
export const pageAttributes: Partial<Record<PageName, Partial<Record<Dataset, string[]>>>> = {
  dashboard: {
    wo: everyWorkOrderField && [...workOrderFields],
    quote: ['status', 'amount'],
    invoice: ['status', 'amount', 'balance', 'issuedAt'],
    asset: ['id'],
  },
};

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
  const known = opts.sort !== undefined && def.columns.some((c) => c.key === opts.sort);
  const col = known ? def.columns.find((c) => c.key === opts.sort)! : def.columns.find((c) => c.key === def.sort)!;
  const dir = known ? (opts.dir ?? 'asc') : def.dir;
  const ctx: Ctx = { names: input.names, now: input.now };
  const all = (input[def.dataset] ?? []) as ReportRow[];
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
  const shown = q ? inScope.filter((r) => def.columns.some((c) => matches(c as ColumnDef<ReportRow>, r))) : inScope;
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
  const rows = page_.map(({ r }) => Object.fromEntries(def.columns.map((c) => [c.key, c.value(r, ctx)])) as Row);
  return {
    title: def.title,
    columns: def.columns.map(({ key: k, label, type }) => ({ key: k, label, type })),
    rows,
    total: q ? keyed.length : inWhere.length,
    sort: col.key,
    dir,
    offset,
    ...(q ? { q } : {}),
  };
}

/** What the Assets and Analytics pages say under a chosen period. */
export const UNDATED_NOTE = 'Assets are not dated: the period does not apply to this page.';

/** Everything a built-in page shows: figures, charts and the first rows of its table (and the period, when one is chosen). */
export function pageData(page: PageName, all: PageInput): PageData {
  const input = shownToCustomers(all);
  const period = input.period ? { period: { from: input.period.from, to: input.period.to }, ...(tableDefs[page].dated ? {} : { note: UNDATED_NOTE }) } : {};
  return { page, ...heads[page](input), table: tableRows(page, input), ...period };
}

const csvCell = (v: Cell) => {
  const s = v === null ? '' : String(v);
  // Leading = + - @ would be read as formulas by spreadsheets.
  const safe = /^[=+\-@\t\r]/.test(s) && typeof v === 'string' ? `'${s}` : s;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

/** A table as CSV: the column labels, then every row; CRLF line ends. */
export const toCsv = (t: TablePage) =>
  [t.columns.map((c) => csvCell(c.label)).join(','), ...t.rows.map((r) => t.columns.map((c) => csvCell(r[c.key] ?? null)).join(','))].join('\r\n') + '\r\n';
