import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface UsersTable {
  id: Generated<number>;
  email: string;
  name: string;
  password_hash: string | null;
  must_set_password: Generated<boolean>;
  token_version: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}
export interface CustomersTable {
  id: string;
  name: string;
}
export interface PropertiesTable {
  id: string;
  customer_id: string;
  name: string;
  property_type: Generated<string>;
}
export interface UserCustomersTable {
  user_id: number;
  customer_id: string;
}
export interface UserPropertiesTable {
  user_id: number;
  property_id: string;
}
export interface DocumentsTable {
  id: Generated<number>;
  property_id: string;
  storage_key: string;
  file_name: string;
  content_type: Generated<string>;
  /** bigint: select it with a cast to int or float8 so both dialects give a number */
  size_bytes: ColumnType<string | number, number | undefined, number>;
  uploaded_by: string | null;
  uploaded_at: Timestamp;
}
export interface ReportsTable {
  id: string;
  name: string;
  report_group: Generated<string>;
  position: Generated<number>;
}
export interface ReportFramesTable {
  id: Generated<number>;
  report_id: string;
  position: Generated<number>;
  url: string;
}
export interface EquipmentTable {
  id: string;
  customer_id: string;
  property_id: string | null;
  building_name: Generated<string>;
  name: string;
  equipment_type: Generated<string>;
  telemetry_data: Generated<string>;
}
export interface TelemetryMappingsTable {
  customer_id: string;
  telemetry_customer_id: string;
  telemetry_customer_name: Generated<string>;
}
export interface OneTimeCodesTable {
  id: Generated<number>;
  user_id: number;
  purpose: 'reset' | 'registration';
  code_hash: string;
  attempts: Generated<number>;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: Timestamp;
}
export interface RateLimitsTable {
  key: string;
  hits: number;
  window_start: Timestamp;
}
export interface AuditEventsTable {
  id: Generated<number>;
  at: Timestamp;
  actor_email: string;
  action: string;
  target: Generated<string>;
  details: Generated<string>;
}

/** Tables added by later migrations extend this interface (declaration merging in their area). */
export interface Database {
  users: UsersTable;
  customers: CustomersTable;
  properties: PropertiesTable;
  user_customers: UserCustomersTable;
  user_properties: UserPropertiesTable;
  documents: DocumentsTable;
  reports: ReportsTable;
  report_frames: ReportFramesTable;
  equipment: EquipmentTable;
  telemetry_mappings: TelemetryMappingsTable;
  one_time_codes: OneTimeCodesTable;
  rate_limits: RateLimitsTable;
  audit_events: AuditEventsTable;
}

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
