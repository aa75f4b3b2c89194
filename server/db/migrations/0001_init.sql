-- Accounts, catalogue, assignments, documents, reports, equipment, telemetry mappings,
-- one-time codes, rate-limit counters and audit events.

create table users (
  id serial primary key,
  email text not null unique check (email = lower(email)),
  name text not null,
  password_hash text,
  -- set while the account still holds only its temporary password (registration pending)
  must_set_password boolean not null default false,
  token_version integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table customers (
  id text primary key,
  name text not null
);

create table properties (
  id text primary key,
  customer_id text not null references customers(id) on delete cascade,
  name text not null,
  property_type text not null default ''
);
create index properties_customer_idx on properties(customer_id);

create table user_customers (
  user_id integer not null references users(id) on delete cascade,
  customer_id text not null references customers(id) on delete cascade,
  primary key (user_id, customer_id)
);
create index user_customers_customer_idx on user_customers(customer_id);

create table user_properties (
  user_id integer not null references users(id) on delete cascade,
  property_id text not null references properties(id) on delete cascade,
  primary key (user_id, property_id)
);
create index user_properties_property_idx on user_properties(property_id);

create table documents (
  id serial primary key,
  property_id text not null references properties(id) on delete cascade,
  storage_key text not null unique,
  file_name text not null,
  content_type text not null default 'application/octet-stream',
  size_bytes bigint not null default 0,
  uploaded_by text,
  uploaded_at timestamptz not null default now()
);
create index documents_property_idx on documents(property_id, uploaded_at desc);

create table reports (
  id text primary key,
  name text not null,
  report_group text not null default 'General',
  position integer not null default 0
);

create table report_frames (
  id serial primary key,
  report_id text not null references reports(id) on delete cascade,
  position integer not null default 0,
  url text not null
);
create index report_frames_report_idx on report_frames(report_id, position);

-- Equipment: the analytics rows of spec section 3.
create table equipment (
  id text primary key,
  customer_id text not null references customers(id) on delete cascade,
  property_id text references properties(id) on delete set null,
  building_name text not null default '',
  name text not null,
  equipment_type text not null default '',
  -- kept as text: a value that does not parse is shown as {} (spec section 3)
  telemetry_data text not null default '{}'
);
create index equipment_customer_idx on equipment(customer_id);

create table telemetry_mappings (
  customer_id text primary key references customers(id) on delete cascade,
  telemetry_customer_id text not null,
  telemetry_customer_name text not null default ''
);

create table one_time_codes (
  id serial primary key,
  user_id integer not null references users(id) on delete cascade,
  purpose text not null check (purpose in ('reset', 'registration')),
  code_hash text not null,
  attempts integer not null default 0,
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null default now()
);
create index one_time_codes_user_idx on one_time_codes(user_id, purpose);

create table rate_limits (
  key text primary key,
  hits integer not null,
  window_start timestamptz not null
);

create table audit_events (
  id serial primary key,
  at timestamptz not null default now(),
  actor_email text not null,
  action text not null,
  target text not null default '',
  details text not null default '{}'
);
create index audit_events_at_idx on audit_events(at desc, id desc);
