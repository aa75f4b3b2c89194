import type { ColumnType } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
/** numeric: select it with a cast to float8 so both dialects give a number */
/** A text column with a default in the migration. */
type Text = ColumnType<string, string | undefined, string>;
type Money = ColumnType<string | number, number | string, number | string>;

export interface WorkOrdersTable {
  id: string;
  property_id: string;
  kind: 'service' | 'maintenance' | 'capital';
  status: string;
  priority: string;
  created_at: Timestamp;
  scheduled_at: NullableTimestamp;
  completed_at: NullableTimestamp;
  description: Text;
  technician: Text;
  amount: Money;
}
export interface QuotesTable {
  id: string;
  property_id: string;
  title: Text;
  status: string;
  amount: Money;
  created_at: Timestamp;
  expires_at: NullableTimestamp;
  decided_at: NullableTimestamp;
}
export interface InvoicesTable {
  id: string;
  number: string;
  property_id: string;
  work_order_id: string | null;
  issued_at: Timestamp;
  due_at: Timestamp;
  paid_at: NullableTimestamp;
  amount: Money;
  balance: Money;
  status: string;
}
export interface AssetsTable {
  id: string;
  property_id: string;
  name: string;
  asset_type: Text;
  make: Text;
  model: Text;
  serial: Text;
  /** date: select it with to_char so both dialects give text */
  installed_on: ColumnType<Date | string | null, string | null | undefined, string | null>;
  condition: Text;
}

// The report datasets of migration 0002 join the one Database type by declaration merging.
declare module '../../db/types.js' {
  interface Database {
    work_orders: WorkOrdersTable;
    quotes: QuotesTable;
    invoices: InvoicesTable;
    assets: AssetsTable;
  }
}
