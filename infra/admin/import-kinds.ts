/**
 * The CSV files `admin import` takes: for each kind its header row, row schema, the references a
 * row makes to other rows, and the item it becomes. Kinds are listed in the order they are applied
 * (a file may refer to rows of the kinds before it, in the same import).
 */
import { z } from 'zod';
import { canonicalTimeZone } from '../../lambdas/shared/contract/writing.js';
import type { EquipmentItem } from '../../lambdas/shared/data/equipment.js';
import type { PropertyItem } from '../../lambdas/shared/data/properties.js';
import type { AssetRow, InvoiceRow, LinesRow, NotesRow, PhotosRow, QuoteLinesRow, QuoteRow, WorkOrderRow } from '../../lambdas/shared/data/report-rows.js';
import { electricalColumns, electricalItem, tariffColumn } from './import-electrical.js';
import type { PhotoTarget, ReportTarget } from './import-files.js';
import { workOrderDetailKinds } from './import-kinds-work-orders.js';

export type Reference =
  | { column: string; kind: 'customer'; id: string }
  | { column: string; kind: 'property'; id: string }
  | { column: string; kind: 'workOrder' | 'asset' | 'quote'; id: string; propertyId: string };

export type Target =
  | { table: 'customers'; name: { id: string; name: string } }
  | { table: 'mappings'; mapping: { customerId: string; telemetryCustomerId: string; telemetryCustomerName: string } }
  | { table: 'properties'; item: PropertyItem }
  | { table: 'equipment'; item: EquipmentItem }
  | { table: 'reportRows'; item: WorkOrderRow | QuoteRow | InvoiceRow | AssetRow | NotesRow | LinesRow | PhotosRow | QuoteLinesRow }
  | PhotoTarget
  | ReportTarget;

export interface ImportKind {
  flag: string;
  description: string;
  /** Column names in the documented order; the header row must contain at least the required ones. */
  columns: { name: string; required: boolean }[];
  /** Parses one record (column name → text): the item it becomes and its references, or the first issue. */
  parse(record: Record<string, string | undefined>): { ok: true; target: Target; refs: Reference[] } | { ok: false; column: string; message: string };
}

/** A kind as written: its flag, columns, row schema, the references a row makes and the item it becomes. */
export interface KindDef<S extends z.ZodType<Record<string, unknown>>> {
  flag: string;
  description: string;
  required: string;
  row: S;
  refs: (r: z.output<S>) => Reference[];
  target: (r: z.output<S>) => Target;
}

/** Ties a row schema to its references and target, with the row's parsed type inferred. */
function kind<S extends z.ZodType<Record<string, unknown>>>(def: KindDef<S>): ImportKind {
  return {
    flag: def.flag,
    description: def.description,
    columns: def.description.split(',').map((name) => ({ name, required: def.required.split(',').includes(name) })),
    parse(record) {
      const parsed = def.row.safeParse(record);
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        return { ok: false, column: String(issue.path[0] ?? ''), message: issue.message };
      }
      return { ok: true, target: def.target(parsed.data), refs: def.refs(parsed.data) };
    },
  };
}

const id = z.string().trim().min(1, 'is required').max(200);
const text = z.string().trim().max(500);
const longText = z.string().trim().max(1000).default('');
const money = z
  .string()
  .trim()
  .regex(/^-?\d{1,10}(\.\d{1,2})?$/, 'must be an amount such as 1250.50')
  .transform(Number);
const isoDate = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/** One spelling for every stored time (`2026-03-31T14:05:00.000Z`), so stored times sort as text; no zone means UTC. */
export function canonicalTime(s: string): string {
  let t = s.replace(' ', 'T');
  if (t.includes('T')) {
    t = t.replace(/([+-]\d{2})(\d{2})$/, '$1:$2');
    if (!/(Z|[+-]\d{2}:\d{2})$/.test(t)) t += 'Z';
  }
  return new Date(t).toISOString();
}
/** The calendar day exists (Date.parse takes 2026-02-30 as 2 March). */
const realDay = (s: string) => {
  const [y, m, d] = s.slice(0, 10).split('-').map(Number) as [number, number, number];
  const t = new Date(Date.UTC(y, m - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d;
};
const validTime = (s: string) => realDay(s) && !Number.isNaN(Date.parse(s.includes('T') || s.includes(' ') ? s.replace(' ', 'T').replace(/([+-]\d{2})(\d{2})$/, '$1:$2') : s));

const when = z
  .string()
  .trim()
  .regex(isoDate, 'must be a date such as 2026-03-31 or 2026-03-31T14:05:00Z')
  .refine(validTime, 'is not a real date')
  .transform(canonicalTime);
const optionalWhen = z
  .union([z.literal(''), when])
  .default('')
  .transform((s) => s || undefined);
/** An instant with its time of day (an arrival window's start or end), stored as canonicalTime spells it. */
const optionalInstant = z
  .string()
  .trim()
  .default('')
  .refine((s) => s === '' || (isoDate.test(s) && /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/.test(s)), 'must be a time such as 2026-03-31T08:00:00Z (a date and a time of day)')
  .refine((s) => s === '' || validTime(s), 'is not a real date')
  .transform((s) => (s ? canonicalTime(s) : undefined));
const day = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date such as 2014-06-30')
  .refine(realDay, 'is not a real date');
const oneOf = <T extends string>(values: readonly T[]) =>
  z
    .string()
    .trim()
    .refine((s): s is T => (values as readonly string[]).includes(s), `must be one of ${values.join(', ')}`)
    .transform((s) => s as T);

/**
 * A link the portal shows customers to open in a new tab: https only (no javascript:, data: or
 * plain http), no user name or password in it, at most 2,000 characters.
 */
const optionalHttpsUrl = z
  .string()
  .trim()
  .max(2000, 'must be at most 2000 characters')
  .refine((s) => s === '' || isHttpsUrl(s), 'must be an https:// address such as https://pay.example.com/invoice/123')
  .default('')
  .transform((s) => s || undefined);

/** The provider's page paying several invoices (issue 43): an https address holding `{numbers}`, where the chosen invoices' numbers go. */
const paySeveralTemplate = z
  .string()
  .trim()
  .max(2000, 'must be at most 2000 characters')
  .refine(
    (s) => s === '' || (s.includes('{numbers}') && isHttpsUrl(s.replaceAll('{numbers}', 'N'))),
    'must be an https:// address with {numbers} such as https://pay.example.com/pay?invoices={numbers}',
  )
  .default('')
  .transform((s) => s || undefined);

function isHttpsUrl(s: string): boolean {
  try {
    const u = new URL(s);
    return u.protocol === 'https:' && !u.username && !u.password && u.hostname.includes('.');
  } catch {
    return false;
  }
}

/**
 * A property's time zone: an IANA name Intl.DateTimeFormat knows (America/Chicago), stored as the tz
 * database spells it; empty: the provider's (stage setting `timeZone`).
 */
const optionalTimeZone = z
  .string()
  .trim()
  .default('')
  .refine((s) => s === '' || canonicalTimeZone(s) !== null, 'must be an IANA time zone name such as America/Chicago or UTC')
  .transform((s) => (s ? canonicalTimeZone(s)! : undefined));
/** One line of text (an address): no line breaks, at most 300 characters; empty: none. */
const optionalLine = z
  .string()
  .trim()
  .max(300, 'must be at most 300 characters')
  .refine((s) => !/[\r\n]/.test(s), 'must be one line')
  .default('')
  .transform((s) => s || undefined);

/** An optional reference to another row by its id (empty: none). */
const optionalId = z.string().trim().max(200).default('');
const workOrderRef = (woId: string, propertyId: string): Reference => ({ column: 'work_order_id', kind: 'workOrder', id: woId, propertyId });
const property = (r: { property_id: string }): Reference => ({ column: 'property_id', kind: 'property', id: r.property_id });

export const importKinds: ImportKind[] = [
  kind({
    flag: 'customers',
    description: 'id,name',
    required: 'id,name',
    row: z.object({ id, name: id }),
    refs: () => [],
    target: (r) => ({ table: 'customers', name: { id: r.id, name: r.name } }),
  }),
  kind({
    flag: 'properties',
    description: 'id,customer_id,name,property_type,time_zone,address,tariff_per_kwh',
    required: 'id,customer_id,name',
    row: z.object({ id, customer_id: id, name: id, property_type: text.default(''), time_zone: optionalTimeZone, address: optionalLine, tariff_per_kwh: tariffColumn }),
    refs: (r) => [{ column: 'customer_id', kind: 'customer', id: r.customer_id }],
    target: (r) => ({
      table: 'properties',
      item: {
        id: r.id,
        customerId: r.customer_id,
        name: r.name,
        propertyType: r.property_type,
        ...(r.time_zone ? { timeZone: r.time_zone } : {}),
        ...(r.address ? { address: r.address } : {}),
        ...(r.tariff_per_kwh !== undefined ? { tariffPerKwh: r.tariff_per_kwh } : {}),
      },
    }),
  }),
  kind({
    flag: 'equipment',
    description: 'id,customer_id,property_id,building_name,name,equipment_type,telemetry_data,voltage,phase,power_factor',
    required: 'id,customer_id,name',
    row: z.object({
      id,
      customer_id: id,
      property_id: text.default(''),
      building_name: text.default(''),
      name: id,
      equipment_type: text.default(''),
      telemetry_data: z.string().max(100_000).default('{}'),
      ...electricalColumns,
    }),
    refs: (r) => [{ column: 'customer_id', kind: 'customer', id: r.customer_id }, ...(r.property_id ? [property(r)] : [])],
    target: (r) => ({
      table: 'equipment',
      item: {
        id: r.id,
        customerId: r.customer_id,
        ...(r.property_id ? { propertyId: r.property_id } : {}),
        buildingName: r.building_name,
        name: r.name,
        equipmentType: r.equipment_type,
        telemetryData: r.telemetry_data || '{}',
        ...electricalItem(r),
      },
    }),
  }),
  kind({
    flag: 'telemetry-mappings',
    description: 'customer_id,telemetry_customer_id,telemetry_customer_name',
    required: 'customer_id,telemetry_customer_id',
    row: z.object({ customer_id: id, telemetry_customer_id: id, telemetry_customer_name: text.default('') }),
    refs: (r) => [{ column: 'customer_id', kind: 'customer', id: r.customer_id }],
    target: (r) => ({
      table: 'mappings',
      mapping: { customerId: r.customer_id, telemetryCustomerId: r.telemetry_customer_id, telemetryCustomerName: r.telemetry_customer_name },
    }),
  }),
  kind({
    flag: 'work-orders',
    description: 'id,property_id,kind,status,priority,created_at,scheduled_at,completed_at,description,technician,amount,window_start,window_end,asset_id,request_id',
    required: 'id,property_id,kind,status,priority,created_at',
    row: z
      .object({
      id,
      property_id: id,
      kind: oneOf(['service', 'maintenance', 'capital'] as const),
      status: oneOf(['Open', 'In Progress', 'On Hold', 'Completed', 'Cancelled'] as const),
      priority: oneOf(['Low', 'Medium', 'High', 'Emergency'] as const),
      created_at: when,
      scheduled_at: optionalWhen,
      completed_at: optionalWhen,
      description: longText,
      technician: longText,
      amount: z
        .union([z.literal(''), money])
        .default('')
        .transform((v) => (v === '' ? 0 : v)),
      // The arrival window the provider promised for the visit: both or neither, the end after the start.
      window_start: optionalInstant,
      window_end: optionalInstant,
      // Issue 43: the equipment worked on (an asset of the same property) and the service request answered.
      asset_id: optionalId,
      request_id: optionalId,
    })
      .superRefine((r, ctx) => {
        if (r.window_start && !r.window_end) ctx.addIssue({ code: 'custom', path: ['window_end'], message: 'is required when window_start is given (both or neither)' });
        else if (r.window_end && !r.window_start) ctx.addIssue({ code: 'custom', path: ['window_start'], message: 'is required when window_end is given (both or neither)' });
        else if (r.window_start && r.window_end && r.window_end <= r.window_start) ctx.addIssue({ code: 'custom', path: ['window_end'], message: 'must be after window_start' });
      }),
    refs: (r) => [property(r), ...(r.asset_id ? [{ column: 'asset_id', kind: 'asset' as const, id: r.asset_id, propertyId: r.property_id }] : [])],
    target: (r) => ({
      table: 'reportRows',
      item: {
        dataset: 'wo',
        id: r.id,
        propertyId: r.property_id,
        kind: r.kind,
        status: r.status,
        priority: r.priority,
        createdAt: r.created_at,
        ...(r.scheduled_at ? { scheduledAt: r.scheduled_at } : {}),
        ...(r.completed_at ? { completedAt: r.completed_at } : {}),
        description: r.description,
        technician: r.technician,
        amount: r.amount,
        ...(r.window_start && r.window_end ? { windowStart: r.window_start, windowEnd: r.window_end } : {}),
        ...(r.asset_id ? { assetId: r.asset_id } : {}),
        ...(r.request_id ? { requestId: r.request_id } : {}),
      },
    }),
  }),
  kind({
    flag: 'quotes',
    description: 'id,property_id,title,status,amount,created_at,expires_at,decided_at,work_order_id',
    required: 'id,property_id,status,amount,created_at',
    row: z.object({
      id,
      property_id: id,
      title: longText,
      status: oneOf(['Draft', 'Sent', 'Approved', 'Declined', 'Expired'] as const),
      amount: money,
      created_at: when,
      expires_at: optionalWhen,
      decided_at: optionalWhen,
      work_order_id: optionalId,
    }),
    refs: (r) => [property(r), ...(r.work_order_id ? [workOrderRef(r.work_order_id, r.property_id)] : [])],
    target: (r) => ({
      table: 'reportRows',
      item: {
        dataset: 'quote',
        id: r.id,
        propertyId: r.property_id,
        title: r.title,
        status: r.status,
        amount: r.amount,
        createdAt: r.created_at,
        ...(r.expires_at ? { expiresAt: r.expires_at } : {}),
        ...(r.decided_at ? { decidedAt: r.decided_at } : {}),
        ...(r.work_order_id ? { workOrderId: r.work_order_id } : {}),
      },
    }),
  }),
  kind({
    flag: 'invoices',
    description: 'id,number,property_id,work_order_id,issued_at,due_at,paid_at,amount,balance,status,payment_url,pay_several_url',
    required: 'id,number,property_id,issued_at,due_at,amount,balance,status',
    row: z.object({
      id,
      number: id,
      property_id: id,
      work_order_id: z.string().trim().max(200).default(''),
      issued_at: when,
      due_at: when,
      paid_at: optionalWhen,
      amount: money,
      balance: money,
      status: oneOf(['Open', 'Paid', 'Overdue', 'Void'] as const),
      payment_url: optionalHttpsUrl,
      pay_several_url: paySeveralTemplate,
    }),
    refs: (r) => [property(r), ...(r.work_order_id ? [{ column: 'work_order_id', kind: 'workOrder' as const, id: r.work_order_id, propertyId: r.property_id }] : [])],
    target: (r) => ({
      table: 'reportRows',
      item: {
        dataset: 'invoice',
        id: r.id,
        number: r.number,
        propertyId: r.property_id,
        ...(r.work_order_id ? { workOrderId: r.work_order_id } : {}),
        issuedAt: r.issued_at,
        dueAt: r.due_at,
        ...(r.paid_at ? { paidAt: r.paid_at } : {}),
        amount: r.amount,
        balance: r.balance,
        status: r.status,
        ...(r.payment_url ? { paymentUrl: r.payment_url } : {}),
        ...(r.pay_several_url ? { paySeveralUrl: r.pay_several_url } : {}),
      },
    }),
  }),
  kind({
    flag: 'assets',
    description: 'id,property_id,name,asset_type,make,model,serial,installed_on,condition',
    required: 'id,property_id,name',
    row: z.object({
      id,
      property_id: id,
      name: id,
      asset_type: longText,
      make: longText,
      model: longText,
      serial: longText,
      installed_on: z.union([z.literal(''), day]).default(''),
      condition: z
        .union([z.literal(''), oneOf(['Good', 'Fair', 'Poor', 'Critical'] as const)])
        .default('')
        .transform((s) => s || 'Good'),
    }),
    refs: (r) => [property(r)],
    target: (r) => ({
      table: 'reportRows',
      item: {
        dataset: 'asset',
        id: r.id,
        propertyId: r.property_id,
        name: r.name,
        assetType: r.asset_type,
        make: r.make,
        model: r.model,
        serial: r.serial,
        ...(r.installed_on ? { installedOn: r.installed_on } : {}),
        condition: r.condition,
      },
    }),
  }),
  // Issue 43: a work order's notes and its parts and labour lines, and a quote's lines (./import-kinds-work-orders.ts).
  ...workOrderDetailKinds({ kind, id, when, money, oneOf, workOrderRef }),
];
