import { sql, type RawBuilder } from 'kysely';
import type { DbOrTrx } from '../../db/index.js';
import './reports.tables.js';

/** Which rows a page may show: everything (an administrator's own view) or the listed properties. */
export type DataScope = { all: true } | { all: false; propertyIds: string[] };

export type Format = 'count' | 'money' | 'percent' | 'days' | 'years';
export interface Figure {
  label: string;
  value: number | null;
  format: Format;
}
export interface Chart {
  id: string;
  title: string;
  type: 'bar' | 'stacked-bar' | 'line' | 'pie' | 'horizontal-bar';
  format: Format;
  categories: string[];
  series: { name: string; data: number[] }[];
}
export type ColumnType = 'text' | 'date' | 'money' | 'number';
export interface Column {
  key: string;
  label: string;
  type: ColumnType;
}
export type Row = Record<string, string | number | null>;
export interface TablePage {
  title: string;
  columns: Column[];
  rows: Row[];
  total: number;
  sort: string;
  dir: 'asc' | 'desc';
}
export interface PageData {
  page: string;
  title: string;
  subtitle: string;
  figures: Figure[];
  charts: Chart[];
  table: TablePage;
}

/** The SQL condition limiting a dataset column to the scope (ids are bound parameters). */
export function inScope(scope: DataScope, column: string): RawBuilder<boolean> {
  if (scope.all) return sql<boolean>`true`;
  if (!scope.propertyIds.length) return sql<boolean>`false`;
  return sql<boolean>`${sql.ref(column)} in (${sql.join(scope.propertyIds)})`;
}

interface ColumnDef extends Column {
  /** SQL expression over t (the dataset) and p (its property); constants of this file, never input. */
  expr: string;
  sortExpr?: string;
}
interface TableDef {
  title: string;
  from: 'work_orders' | 'quotes' | 'invoices' | 'assets';
  where?: string;
  columns: ColumnDef[];
  sort: string;
  dir: 'asc' | 'desc';
}

const date = (col: string): Pick<ColumnDef, 'expr' | 'sortExpr' | 'type'> => ({ expr: `to_char(${col}, 'YYYY-MM-DD')`, sortExpr: col, type: 'date' });
const money = (col: string): Pick<ColumnDef, 'expr' | 'type'> => ({ expr: `${col}::float8`, type: 'money' });
const text = (col: string): Pick<ColumnDef, 'expr' | 'type'> => ({ expr: col, type: 'text' });
const property: ColumnDef = { key: 'property', label: 'Property', ...text('p.name') };

const workOrderColumns: ColumnDef[] = [
  { key: 'id', label: 'Work Order', ...text('t.id') },
  property,
  { key: 'description', label: 'Description', ...text('t.description') },
  { key: 'status', label: 'Status', ...text('t.status') },
  { key: 'priority', label: 'Priority', ...text('t.priority'), sortExpr: `array_position(array['Low','Medium','High','Emergency'], t.priority)` },
  { key: 'created', label: 'Created', ...date('t.created_at') },
  { key: 'completed', label: 'Completed', ...date('t.completed_at') },
  { key: 'technician', label: 'Technician', ...text('t.technician') },
  { key: 'amount', label: 'Amount', ...money('t.amount') },
];
const kindColumn: ColumnDef = {
  key: 'kind',
  label: 'Type',
  type: 'text',
  expr: `case t.kind when 'service' then 'Service' when 'maintenance' then 'Maintenance' else 'Capital Project' end`,
};
const assetColumns: ColumnDef[] = [
  { key: 'name', label: 'Asset', ...text('t.name') },
  property,
  { key: 'type', label: 'Type', ...text('t.asset_type') },
  { key: 'make', label: 'Make', ...text('t.make') },
  { key: 'model', label: 'Model', ...text('t.model') },
  { key: 'serial', label: 'Serial', ...text('t.serial') },
  { key: 'installed', label: 'Installed', ...date('t.installed_on') },
  { key: 'age', label: 'Age (years)', type: 'number', expr: `extract(year from age(current_date, t.installed_on))::int` },
  { key: 'condition', label: 'Condition', ...text('t.condition'), sortExpr: `array_position(array['Good','Fair','Poor','Critical'], t.condition)` },
];

const tables: Record<string, TableDef> = {
  dashboard: { title: 'Recent work orders', from: 'work_orders', columns: [workOrderColumns[0]!, kindColumn, ...workOrderColumns.slice(1)], sort: 'created', dir: 'desc' },
  quotes: {
    title: 'Quotes',
    from: 'quotes',
    columns: [
      { key: 'id', label: 'Quote', ...text('t.id') },
      property,
      { key: 'title', label: 'Title', ...text('t.title') },
      { key: 'status', label: 'Status', ...text('t.status') },
      { key: 'created', label: 'Created', ...date('t.created_at') },
      { key: 'expires', label: 'Expires', ...date('t.expires_at') },
      { key: 'decided', label: 'Decided', ...date('t.decided_at') },
      { key: 'amount', label: 'Amount', ...money('t.amount') },
    ],
    sort: 'created',
    dir: 'desc',
  },
  'work-orders': { title: 'Service work orders', from: 'work_orders', where: `t.kind = 'service'`, columns: workOrderColumns, sort: 'created', dir: 'desc' },
  maintenance: { title: 'Maintenance visits', from: 'work_orders', where: `t.kind = 'maintenance'`, columns: workOrderColumns, sort: 'created', dir: 'desc' },
  'capital-projects': { title: 'Capital projects', from: 'work_orders', where: `t.kind = 'capital'`, columns: workOrderColumns, sort: 'created', dir: 'desc' },
  assets: { title: 'Assets', from: 'assets', columns: assetColumns, sort: 'name', dir: 'asc' },
  invoicing: {
    title: 'Invoices',
    from: 'invoices',
    columns: [
      { key: 'number', label: 'Invoice', ...text('t.number') },
      property,
      { key: 'workOrder', label: 'Work Order', ...text(`coalesce(t.work_order_id, '')`) },
      { key: 'issued', label: 'Issued', ...date('t.issued_at') },
      { key: 'due', label: 'Due', ...date('t.due_at') },
      { key: 'paid', label: 'Paid', ...date('t.paid_at') },
      { key: 'status', label: 'Status', ...text('t.status') },
      { key: 'amount', label: 'Amount', ...money('t.amount') },
      { key: 'balance', label: 'Balance', ...money('t.balance') },
    ],
    sort: 'issued',
    dir: 'desc',
  },
  analytics: { title: 'Equipment by age', from: 'assets', columns: assetColumns, sort: 'age', dir: 'desc' },
};

export const pageNames = Object.keys(tables);
export const isPage = (page: string) => Object.hasOwn(tables, page);

/** The sortable column keys of a page's table. */
export const sortKeys = (page: string) => tables[page]?.columns.map((c) => c.key) ?? [];

export const TABLE_ROWS = 200;

/** A page's table rows in the scope, sorted in SQL; `limit` null gives every row (CSV export). */
export async function tableRows(
  db: DbOrTrx,
  page: string,
  scope: DataScope,
  opts: { sort?: string; dir?: 'asc' | 'desc'; limit?: number | null } = {},
): Promise<TablePage> {
  const def = tables[page]!;
  const col = def.columns.find((c) => c.key === opts.sort) ?? def.columns.find((c) => c.key === def.sort)!;
  const dir = opts.sort && def.columns.some((c) => c.key === opts.sort) ? (opts.dir ?? 'asc') : def.dir;
  const where = sql`${inScope(scope, 't.property_id')}${def.where ? sql` and ${sql.raw(def.where)}` : sql``}`;
  const limit = opts.limit === undefined ? TABLE_ROWS : opts.limit;
  const order = sql`order by ${sql.raw(col.sortExpr ?? col.expr)} ${sql.raw(dir === 'desc' ? 'desc' : 'asc')} nulls last, t.id`;
  const columns = sql.join(def.columns.map((c) => sql`${sql.raw(c.expr)} as ${sql.id(c.key)}`));
  const from = sql`${sql.table(def.from)} t join properties p on p.id = t.property_id`;
  // For a page of rows, pick the ids first and format only those (the formatting of every row in
  // scope before the sort would dominate the page's time).
  const rows =
    limit === null
      ? await sql<Row>`select ${columns} from ${from} where ${where} ${order}`.execute(db)
      : await sql<Row>`select ${columns} from ${from}
          join (select t.id as page_id from ${from} where ${where} ${order} limit ${limit}) page on page.page_id = t.id
          ${order}`.execute(db);
  const count = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(def.from)} t where ${where}`.execute(db);
  return {
    title: def.title,
    columns: def.columns.map(({ key, label, type }) => ({ key, label, type })),
    rows: rows.rows,
    total: count.rows[0]?.n ?? 0,
    sort: col.key,
    dir,
  };
}

const MONTHS = 24;

/** One row per month of the last 24 (oldest first) with the given sums over a dataset. */
async function monthly(
  db: DbOrTrx,
  scope: DataScope,
  from: TableDef['from'],
  dateColumn: string,
  where: string,
  values: Record<string, string>,
): Promise<{ categories: string[]; series: Record<string, number[]> }> {
  const names = Object.keys(values);
  const r = await sql<Record<string, number | string>>`
    with m as (
      select generate_series(date_trunc('month', now()) - interval '${sql.raw(String(MONTHS - 1))} months', date_trunc('month', now()), interval '1 month') as month
    ), a as (
      select date_trunc('month', ${sql.raw(dateColumn)}) as month, ${sql.join(names.map((n) => sql`${sql.raw(values[n]!)} as ${sql.id(n)}`))}
      from ${sql.table(from)} t
      where ${inScope(scope, 't.property_id')} and ${sql.raw(where)}
        and ${sql.raw(dateColumn)} >= date_trunc('month', now()) - interval '${sql.raw(String(MONTHS - 1))} months'
      group by 1
    )
    select to_char(m.month, 'Mon YY') as label, ${sql.join(names.map((n) => sql`coalesce(a.${sql.id(n)}, 0)::float8 as ${sql.id(n)}`))}
    from m left join a on a.month = m.month order by m.month`.execute(db);
  return {
    categories: r.rows.map((x) => String(x.label)),
    series: Object.fromEntries(names.map((n) => [n, r.rows.map((x) => Number(x[n]))])),
  };
}

/** Counts (or sums) grouped by one expression, largest first unless an order is given. */
async function grouped(
  db: DbOrTrx,
  scope: DataScope,
  from: TableDef['from'],
  by: string,
  value: string,
  where = 'true',
  order?: string[],
): Promise<{ categories: string[]; data: number[] }> {
  const r = await sql<{ k: string; v: number }>`
    select ${sql.raw(by)} as k, (${sql.raw(value)})::float8 as v
    from ${sql.table(from)} t join properties p on p.id = t.property_id
    where ${inScope(scope, 't.property_id')} and ${sql.raw(where)}
    group by 1 order by 2 desc, 1`.execute(db);
  let rows = r.rows;
  if (order) rows = order.map((k) => rows.find((x) => x.k === k) ?? { k, v: 0 });
  return { categories: rows.map((x) => String(x.k)), data: rows.map((x) => Number(x.v)) };
}

async function one<T>(db: DbOrTrx, query: RawBuilder<T>): Promise<T> {
  return (await query.execute(db)).rows[0]!;
}

type N = number | null;
const num = (v: unknown): N => (v === null || v === undefined ? null : Number(v));

const WO_STATUSES = ['Open', 'In Progress', 'On Hold', 'Completed', 'Cancelled'];
const PRIORITIES = ['Low', 'Medium', 'High', 'Emergency'];
const QUOTE_STATUSES = ['Draft', 'Sent', 'Approved', 'Declined', 'Expired'];
const CONDITIONS = ['Good', 'Fair', 'Poor', 'Critical'];

async function workOrderPage(db: DbOrTrx, scope: DataScope, kind: 'service' | 'maintenance' | 'capital'): Promise<Omit<PageData, 'page' | 'table'>> {
  const k = `t.kind = '${kind}'`;
  const f = await one(
    db,
    sql<Record<string, unknown>>`select count(*)::int as total,
      count(*) filter (where status in ('Open', 'In Progress', 'On Hold'))::int as open,
      count(*) filter (where priority = 'Emergency' and created_at >= now() - interval '12 months')::int as emergency,
      avg(extract(epoch from completed_at - created_at) / 86400) filter (where completed_at is not null)::float8 as days,
      coalesce(sum(amount) filter (where created_at >= now() - interval '12 months'), 0)::float8 as spend,
      (100.0 * count(*) filter (where completed_at <= scheduled_at) / nullif(count(*) filter (where completed_at is not null and scheduled_at is not null), 0))::float8 as ontime
      from work_orders t where ${inScope(scope, 't.property_id')} and ${sql.raw(k)}`,
  );
  const months = await monthly(db, scope, 'work_orders', 't.created_at', k, { opened: 'count(*)', completed: `count(*) filter (where t.status = 'Completed')` });
  const spend = await monthly(db, scope, 'work_orders', 't.created_at', k, { spend: 'sum(t.amount)' });
  const byStatus = await grouped(db, scope, 'work_orders', 't.status', 'count(*)', k, WO_STATUSES);
  const byProperty = await grouped(db, scope, 'work_orders', 'p.name', 'sum(t.amount)', k);
  const titles = { service: ['Work Orders', 'Service calls of the last two years'], maintenance: ['Maintenance', 'Planned maintenance visits'], capital: ['Capital Projects', 'Replacements, retrofits and upgrades'] }[kind];
  const figures: Figure[] =
    kind === 'capital'
      ? [
          { label: 'Projects', value: num(f.total), format: 'count' },
          { label: 'Active projects', value: num(f.open), format: 'count' },
          { label: 'Project value, last 12 months', value: num(f.spend), format: 'money' },
          { label: 'Average duration', value: num(f.days), format: 'days' },
        ]
      : kind === 'maintenance'
        ? [
            { label: 'Visits', value: num(f.total), format: 'count' },
            { label: 'Open visits', value: num(f.open), format: 'count' },
            { label: 'Completed on schedule', value: num(f.ontime), format: 'percent' },
            { label: 'Spend, last 12 months', value: num(f.spend), format: 'money' },
          ]
        : [
            { label: 'Work orders', value: num(f.total), format: 'count' },
            { label: 'Open work orders', value: num(f.open), format: 'count' },
            { label: 'Emergencies, last 12 months', value: num(f.emergency), format: 'count' },
            { label: 'Average days to complete', value: num(f.days), format: 'days' },
          ];
  const charts: Chart[] = [
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
    { id: 'spend', title: 'Spend per month', type: 'line', format: 'money', categories: spend.categories, series: [{ name: 'Spend', data: spend.series.spend! }] },
    { id: 'property', title: 'Spend by property', type: 'horizontal-bar', format: 'money', categories: byProperty.categories, series: [{ name: 'Spend', data: byProperty.data }] },
  ];
  if (kind === 'service') {
    const byPriority = await grouped(db, scope, 'work_orders', 't.priority', 'count(*)', k, PRIORITIES);
    charts.splice(2, 0, { id: 'priority', title: 'By priority', type: 'pie', format: 'count', categories: byPriority.categories, series: [{ name: 'Work orders', data: byPriority.data }] });
  }
  return { title: titles[0]!, subtitle: titles[1]!, figures, charts };
}

async function assetFigures(db: DbOrTrx, scope: DataScope) {
  return one(
    db,
    sql<Record<string, unknown>>`select count(*)::int as total,
      count(*) filter (where condition in ('Poor', 'Critical'))::int as poor,
      avg(extract(year from age(current_date, installed_on)))::float8 as age,
      count(*) filter (where installed_on <= current_date - interval '15 years')::int as old,
      count(distinct asset_type)::int as types
      from assets t where ${inScope(scope, 't.property_id')}`,
  );
}

const AGE_BUCKET = `case when t.installed_on is null then 'Unknown'
  when t.installed_on > current_date - interval '5 years' then '0-4 years'
  when t.installed_on > current_date - interval '10 years' then '5-9 years'
  when t.installed_on > current_date - interval '15 years' then '10-14 years'
  when t.installed_on > current_date - interval '20 years' then '15-19 years'
  else '20+ years' end`;
const AGE_BUCKETS = ['0-4 years', '5-9 years', '10-14 years', '15-19 years', '20+ years'];

const builders: Record<string, (db: DbOrTrx, scope: DataScope) => Promise<Omit<PageData, 'page' | 'table'>>> = {
  async dashboard(db, scope) {
    const s = inScope(scope, 't.property_id');
    const wo = await one(
      db,
      sql<Record<string, unknown>>`select count(*) filter (where status in ('Open', 'In Progress', 'On Hold'))::int as open,
        count(*) filter (where status = 'Completed' and completed_at >= now() - interval '12 months')::int as done,
        avg(extract(epoch from completed_at - created_at) / 86400) filter (where completed_at >= now() - interval '12 months')::float8 as days
        from work_orders t where ${s}`,
    );
    const q = await one(db, sql<Record<string, unknown>>`select coalesce(sum(amount) filter (where status = 'Sent'), 0)::float8 as pending from quotes t where ${s}`);
    const inv = await one(
      db,
      sql<Record<string, unknown>>`select coalesce(sum(balance) filter (where status in ('Open', 'Overdue')), 0)::float8 as outstanding,
        coalesce(sum(amount) filter (where issued_at >= now() - interval '12 months' and status <> 'Void'), 0)::float8 as invoiced
        from invoices t where ${s}`,
    );
    const a = await one(db, sql<Record<string, unknown>>`select count(*)::int as n from assets t where ${s}`);
    const months = await monthly(db, scope, 'work_orders', 't.created_at', 'true', {
      service: `count(*) filter (where t.kind = 'service')`,
      maintenance: `count(*) filter (where t.kind = 'maintenance')`,
      capital: `count(*) filter (where t.kind = 'capital')`,
    });
    const invoiced = await monthly(db, scope, 'invoices', 't.issued_at', `t.status <> 'Void'`, { amount: 'sum(t.amount)', paid: 'sum(t.amount - t.balance)' });
    const byStatus = await grouped(db, scope, 'work_orders', 't.status', 'count(*)', `t.status in ('Open', 'In Progress', 'On Hold')`, ['Open', 'In Progress', 'On Hold']);
    return {
      title: 'Dashboard',
      subtitle: 'Key figures and trends across your properties',
      figures: [
        { label: 'Open work orders', value: num(wo.open), format: 'count' },
        { label: 'Completed, last 12 months', value: num(wo.done), format: 'count' },
        { label: 'Average days to complete', value: num(wo.days), format: 'days' },
        { label: 'Invoiced, last 12 months', value: num(inv.invoiced), format: 'money' },
        { label: 'Outstanding balance', value: num(inv.outstanding), format: 'money' },
        { label: 'Quotes awaiting approval', value: num(q.pending), format: 'money' },
        { label: 'Assets', value: num(a.n), format: 'count' },
      ],
      charts: [
        {
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
        },
        {
          id: 'invoiced',
          title: 'Invoiced and paid per month',
          type: 'line',
          format: 'money',
          categories: invoiced.categories,
          series: [
            { name: 'Invoiced', data: invoiced.series.amount! },
            { name: 'Paid', data: invoiced.series.paid! },
          ],
        },
        { id: 'open', title: 'Open work orders by status', type: 'pie', format: 'count', categories: byStatus.categories, series: [{ name: 'Work orders', data: byStatus.data }] },
      ],
    };
  },
  async quotes(db, scope) {
    const f = await one(
      db,
      sql<Record<string, unknown>>`select count(*)::int as total,
        coalesce(sum(amount) filter (where status = 'Sent'), 0)::float8 as pending,
        coalesce(sum(amount) filter (where status = 'Approved'), 0)::float8 as approved,
        (100.0 * count(*) filter (where status = 'Approved') / nullif(count(*) filter (where status in ('Approved', 'Declined', 'Expired')), 0))::float8 as rate
        from quotes t where ${inScope(scope, 't.property_id')}`,
    );
    const months = await monthly(db, scope, 'quotes', 't.created_at', 'true', {
      approved: `sum(t.amount) filter (where t.status = 'Approved')`,
      declined: `sum(t.amount) filter (where t.status in ('Declined', 'Expired'))`,
      open: `sum(t.amount) filter (where t.status in ('Draft', 'Sent'))`,
    });
    const byStatus = await grouped(db, scope, 'quotes', 't.status', 'count(*)', 'true', QUOTE_STATUSES);
    return {
      title: 'Quotes',
      subtitle: 'Proposals and their decisions',
      figures: [
        { label: 'Quotes', value: num(f.total), format: 'count' },
        { label: 'Awaiting approval', value: num(f.pending), format: 'money' },
        { label: 'Approved value', value: num(f.approved), format: 'money' },
        { label: 'Approval rate', value: num(f.rate), format: 'percent' },
      ],
      charts: [
        {
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
        },
        { id: 'status', title: 'Quotes by status', type: 'pie', format: 'count', categories: byStatus.categories, series: [{ name: 'Quotes', data: byStatus.data }] },
      ],
    };
  },
  'work-orders': (db, scope) => workOrderPage(db, scope, 'service'),
  maintenance: (db, scope) => workOrderPage(db, scope, 'maintenance'),
  'capital-projects': (db, scope) => workOrderPage(db, scope, 'capital'),
  async assets(db, scope) {
    const f = await assetFigures(db, scope);
    const byType = await grouped(db, scope, 'assets', 't.asset_type', 'count(*)');
    const byCondition = await grouped(db, scope, 'assets', 't.condition', 'count(*)', 'true', CONDITIONS);
    const byProperty = await grouped(db, scope, 'assets', 'p.name', 'count(*)');
    return {
      title: 'Assets',
      subtitle: 'Equipment on record at your properties',
      figures: [
        { label: 'Assets', value: num(f.total), format: 'count' },
        { label: 'Equipment types', value: num(f.types), format: 'count' },
        { label: 'In poor or critical condition', value: num(f.poor), format: 'count' },
        { label: 'Average age', value: num(f.age), format: 'years' },
      ],
      charts: [
        { id: 'type', title: 'Assets by type', type: 'horizontal-bar', format: 'count', categories: byType.categories, series: [{ name: 'Assets', data: byType.data }] },
        { id: 'condition', title: 'Assets by condition', type: 'pie', format: 'count', categories: byCondition.categories, series: [{ name: 'Assets', data: byCondition.data }] },
        { id: 'property', title: 'Assets by property', type: 'bar', format: 'count', categories: byProperty.categories, series: [{ name: 'Assets', data: byProperty.data }] },
      ],
    };
  },
  async invoicing(db, scope) {
    const f = await one(
      db,
      sql<Record<string, unknown>>`select coalesce(sum(amount) filter (where issued_at >= now() - interval '12 months' and status <> 'Void'), 0)::float8 as invoiced,
        coalesce(sum(amount - balance) filter (where paid_at >= now() - interval '12 months'), 0)::float8 as paid,
        coalesce(sum(balance) filter (where status in ('Open', 'Overdue')), 0)::float8 as outstanding,
        coalesce(sum(balance) filter (where status = 'Overdue'), 0)::float8 as overdue
        from invoices t where ${inScope(scope, 't.property_id')}`,
    );
    const months = await monthly(db, scope, 'invoices', 't.issued_at', `t.status <> 'Void'`, { invoiced: 'sum(t.amount)', paid: 'sum(t.amount - t.balance)' });
    const aging = await grouped(
      db,
      scope,
      'invoices',
      `case when t.due_at >= now() then 'Not yet due' when t.due_at >= now() - interval '30 days' then '1-30 days' when t.due_at >= now() - interval '60 days' then '31-60 days' when t.due_at >= now() - interval '90 days' then '61-90 days' else '90+ days' end`,
      'sum(t.balance)',
      `t.status in ('Open', 'Overdue')`,
      ['Not yet due', '1-30 days', '31-60 days', '61-90 days', '90+ days'],
    );
    return {
      title: 'Invoicing',
      subtitle: 'Invoices, payments and balances',
      figures: [
        { label: 'Invoiced, last 12 months', value: num(f.invoiced), format: 'money' },
        { label: 'Paid, last 12 months', value: num(f.paid), format: 'money' },
        { label: 'Outstanding balance', value: num(f.outstanding), format: 'money' },
        { label: 'Overdue balance', value: num(f.overdue), format: 'money' },
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
  },
  async analytics(db, scope) {
    const f = await assetFigures(db, scope);
    const byType = await grouped(db, scope, 'assets', 't.asset_type', 'count(*)');
    const ageByType = await sql<{ type: string; bucket: string; n: number }>`
      select t.asset_type as type, ${sql.raw(AGE_BUCKET)} as bucket, count(*)::int as n
      from assets t where ${inScope(scope, 't.property_id')} group by 1, 2`.execute(db);
    const avgAge = await grouped(db, scope, 'assets', 't.asset_type', 'avg(extract(year from age(current_date, t.installed_on)))', 't.installed_on is not null');
    return {
      title: 'Analytics',
      subtitle: 'Equipment by type and age',
      figures: [
        { label: 'Equipment', value: num(f.total), format: 'count' },
        { label: 'Average age', value: num(f.age), format: 'years' },
        { label: '15 years or older', value: num(f.old), format: 'count' },
        { label: 'In poor or critical condition', value: num(f.poor), format: 'count' },
      ],
      charts: [
        {
          id: 'age',
          title: 'Equipment age by type',
          type: 'stacked-bar',
          format: 'count',
          categories: AGE_BUCKETS,
          series: byType.categories.map((type) => ({
            name: type,
            data: AGE_BUCKETS.map((b) => ageByType.rows.find((r) => r.type === type && r.bucket === b)?.n ?? 0),
          })),
        },
        { id: 'type', title: 'Equipment by type', type: 'pie', format: 'count', categories: byType.categories, series: [{ name: 'Equipment', data: byType.data }] },
        { id: 'average', title: 'Average age by type (years)', type: 'horizontal-bar', format: 'years', categories: avgAge.categories, series: [{ name: 'Average age', data: avgAge.data }] },
      ],
    };
  },
};

/** Everything a built-in page shows: figures, charts and the first rows of its table, all from SQL. */
export async function pageData(db: DbOrTrx, page: string, scope: DataScope): Promise<PageData> {
  const head = await builders[page]!(db, scope);
  return { page, ...head, table: await tableRows(db, page, scope) };
}
