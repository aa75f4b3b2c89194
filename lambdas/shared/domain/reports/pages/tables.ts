/** Each page's table: its dataset, the rows it lists, its columns and its default order. */
import type { Column, PageName, Row } from '../../../contract/reports.js';
import type { AssetRow, InvoiceRow, QuoteRow, ReportRow, WorkOrderRow } from '../../../data/report-rows.js';
import { day, toMs, yearsSince } from './time.js';
import { CONDITIONS, PRIORITIES } from './vocabulary.js';
import { statusNow } from '../../quotes/expiry.js';

export type Cell = Row[string];

export interface Ctx {
  names: ReadonlyMap<string, string>;
  now: number;
  /** Property id -> its customer, when the properties in scope are of several customers. */
  customerOf?: ReadonlyMap<string, { name: string }>;
}
export type Sortable = string | number | null;
// Method syntax on purpose: a table of work orders is then usable where any row's table is expected.
export interface ColumnDef<R> extends Column {
  value(r: R, ctx: Ctx): Cell;
  sortValue?(r: R, ctx: Ctx): Sortable;
  /** Listed only when the rows are of several customers (the Customer column). */
  severalCustomers?: boolean;
}
export interface TableDef<R extends ReportRow> {
  title: string;
  dataset: R['dataset'];
  where?(r: R): boolean;
  /** The row's own date, by which a period narrows the table (absent: the rows are not dated). */
  dated?(r: R): string | undefined;
  columns: ColumnDef<R>[];
  sort: string;
  dir: 'asc' | 'desc';
  /** A table whose rows open a record by an id no column shows (the Invoicing table's invoices, issue 43): each row carries it as `openId`. */
  openId?(r: R): string;
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
/** The property's customer, beside the property, in every table of several customers' rows (issue 39). */
const customer = <R extends ReportRow>(): ColumnDef<R> => ({
  key: 'customer',
  label: 'Customer',
  type: 'text',
  value: (r, ctx) => ctx.customerOf?.get(r.propertyId)?.name ?? '',
  severalCustomers: true,
});

const workOrderColumns: ColumnDef<WorkOrderRow>[] = [
  text('id', 'Work Order', (r) => r.id),
  customer(),
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
  customer(),
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

export const tableDefs: Record<PageName, TableDef<WorkOrderRow> | TableDef<QuoteRow> | TableDef<InvoiceRow> | TableDef<AssetRow>> = {
  dashboard: { title: 'Recent work orders', dataset: 'wo', dated: woCreated, columns: [workOrderColumns[0]!, kindColumn, ...workOrderColumns.slice(1)], sort: 'created', dir: 'desc' },
  quotes: {
    title: 'Quotes',
    dataset: 'quote',
    dated: (r) => r.createdAt,
    columns: [
      text('id', 'Quote', (r) => r.id),
      customer(),
      property(),
      text('title', 'Title', (r) => r.title),
      // As of now: a Sent quote past its expiry reads Expired, as in the quotes panel.
      { key: 'status', label: 'Status', type: 'text', value: (r, ctx) => statusNow(r, ctx.now) },
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
    openId: (r) => r.id,
    dated: (r) => r.issuedAt,
    columns: [
      text('number', 'Invoice', (r) => r.number),
      customer(),
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
