import { z } from 'zod';
import type { ImportKind } from '../../cli/import.js';
import type { Trx } from '../../db/index.js';
import './reports.tables.js';

const id = z.string().trim().min(1, 'is required').max(200);
const text = z.string().trim().max(1000).default('');
const money = z
  .string()
  .trim()
  .regex(/^-?\d{1,10}(\.\d{1,2})?$/, 'must be an amount such as 1250.50')
  .transform(Number);
const isoDate = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;
const when = z
  .string()
  .trim()
  .regex(isoDate, 'must be a date such as 2026-03-31 or 2026-03-31T14:05:00Z')
  .refine((s) => !Number.isNaN(Date.parse(s)), 'is not a real date');
const optionalWhen = z.union([z.literal(''), when]).default('').transform((s) => s || null);
const day = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date such as 2014-06-30')
  .refine((s) => !Number.isNaN(Date.parse(s)), 'is not a real date');
const oneOf = (values: readonly string[]) => z.string().trim().refine((s) => values.includes(s), `must be one of ${values.join(', ')}`);

async function propertyExists(trx: Trx, r: Record<string, unknown>) {
  const found = await trx.selectFrom('properties').select('id').where('id', '=', r.property_id as string).executeTakeFirst();
  return found ? null : { column: 'property_id', message: `unknown property "${String(r.property_id)}"` };
}

const columns = (names: string, required: string) => names.split(',').map((name) => ({ name, required: required.split(',').includes(name) }));

async function upsert(trx: Trx, table: 'work_orders' | 'quotes' | 'invoices' | 'assets', rows: Record<string, unknown>[]) {
  for (const r of rows) {
    const { id: _id, ...rest } = r;
    // Each kind's row schema names exactly the table's columns.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the union of four tables' insert shapes
    await trx.insertInto(table).values(r as any).onConflict((oc) => oc.column('id').doUpdateSet(rest as any)).execute();
  }
}

/** The report datasets `portal import` takes (after customers and properties). */
export const reportImportKinds: ImportKind[] = [
  {
    flag: 'work-orders',
    description: 'id,property_id,kind,status,priority,created_at,scheduled_at,completed_at,description,technician,amount',
    columns: columns('id,property_id,kind,status,priority,created_at,scheduled_at,completed_at,description,technician,amount', 'id,property_id,kind,status,priority,created_at'),
    row: z.object({
      id,
      property_id: id,
      kind: oneOf(['service', 'maintenance', 'capital']),
      status: oneOf(['Open', 'In Progress', 'On Hold', 'Completed', 'Cancelled']),
      priority: oneOf(['Low', 'Medium', 'High', 'Emergency']),
      created_at: when,
      scheduled_at: optionalWhen,
      completed_at: optionalWhen,
      description: text,
      technician: text,
      amount: z.union([z.literal(''), money]).default('').transform((v) => (v === '' ? 0 : v)),
    }),
    check: propertyExists,
    upsert: (trx, rows) => upsert(trx, 'work_orders', rows),
  },
  {
    flag: 'quotes',
    description: 'id,property_id,title,status,amount,created_at,expires_at,decided_at',
    columns: columns('id,property_id,title,status,amount,created_at,expires_at,decided_at', 'id,property_id,status,amount,created_at'),
    row: z.object({
      id,
      property_id: id,
      title: text,
      status: oneOf(['Draft', 'Sent', 'Approved', 'Declined', 'Expired']),
      amount: money,
      created_at: when,
      expires_at: optionalWhen,
      decided_at: optionalWhen,
    }),
    check: propertyExists,
    upsert: (trx, rows) => upsert(trx, 'quotes', rows),
  },
  {
    flag: 'invoices',
    description: 'id,number,property_id,work_order_id,issued_at,due_at,paid_at,amount,balance,status',
    columns: columns('id,number,property_id,work_order_id,issued_at,due_at,paid_at,amount,balance,status', 'id,number,property_id,issued_at,due_at,amount,balance,status'),
    row: z.object({
      id,
      number: id,
      property_id: id,
      work_order_id: z.string().trim().max(200).default('').transform((s) => s || null),
      issued_at: when,
      due_at: when,
      paid_at: optionalWhen,
      amount: money,
      balance: money,
      status: oneOf(['Open', 'Paid', 'Overdue', 'Void']),
    }),
    async check(trx, r) {
      const p = await propertyExists(trx, r);
      if (p) return p;
      if (r.work_order_id && !(await trx.selectFrom('work_orders').select('id').where('id', '=', r.work_order_id as string).executeTakeFirst()))
        return { column: 'work_order_id', message: `unknown work order "${String(r.work_order_id)}"` };
      return null;
    },
    upsert: (trx, rows) => upsert(trx, 'invoices', rows),
  },
  {
    flag: 'assets',
    description: 'id,property_id,name,asset_type,make,model,serial,installed_on,condition',
    columns: columns('id,property_id,name,asset_type,make,model,serial,installed_on,condition', 'id,property_id,name'),
    row: z.object({
      id,
      property_id: id,
      name: id,
      asset_type: text,
      make: text,
      model: text,
      serial: text,
      installed_on: z.union([z.literal(''), day]).default('').transform((s) => s || null),
      condition: z.union([z.literal(''), oneOf(['Good', 'Fair', 'Poor', 'Critical'])]).default('').transform((s) => s || 'Good'),
    }),
    check: propertyExists,
    upsert: (trx, rows) => upsert(trx, 'assets', rows),
  },
];
