-- Report datasets of the built-in report host: work orders, quotes, invoices and assets.
-- Every row belongs to a property; the host filters by the viewed user's properties in SQL.

create table work_orders (
  id text primary key,
  property_id text not null references properties(id) on delete cascade,
  kind text not null check (kind in ('service', 'maintenance', 'capital')),
  status text not null check (status in ('Open', 'In Progress', 'On Hold', 'Completed', 'Cancelled')),
  priority text not null check (priority in ('Low', 'Medium', 'High', 'Emergency')),
  created_at timestamptz not null,
  scheduled_at timestamptz,
  completed_at timestamptz,
  description text not null default '',
  technician text not null default '',
  amount numeric(12, 2) not null default 0
);
create index work_orders_property_idx on work_orders(property_id, kind, created_at);

create table quotes (
  id text primary key,
  property_id text not null references properties(id) on delete cascade,
  title text not null default '',
  status text not null check (status in ('Draft', 'Sent', 'Approved', 'Declined', 'Expired')),
  amount numeric(12, 2) not null default 0,
  created_at timestamptz not null,
  expires_at timestamptz,
  decided_at timestamptz
);
create index quotes_property_idx on quotes(property_id, created_at);

create table invoices (
  id text primary key,
  number text not null unique,
  property_id text not null references properties(id) on delete cascade,
  work_order_id text references work_orders(id) on delete set null,
  issued_at timestamptz not null,
  due_at timestamptz not null,
  paid_at timestamptz,
  amount numeric(12, 2) not null default 0,
  balance numeric(12, 2) not null default 0,
  status text not null check (status in ('Open', 'Paid', 'Overdue', 'Void'))
);
create index invoices_property_idx on invoices(property_id, issued_at);

create table assets (
  id text primary key,
  property_id text not null references properties(id) on delete cascade,
  name text not null,
  asset_type text not null default '',
  make text not null default '',
  model text not null default '',
  serial text not null default '',
  installed_on date,
  condition text not null default 'Good' check (condition in ('Good', 'Fair', 'Poor', 'Critical'))
);
create index assets_property_idx on assets(property_id);
