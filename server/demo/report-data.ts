/** Demo report datasets: two years of work orders, quotes, invoices and assets for the demo properties. */
import type { Config } from '../config.js';
import type { Db } from '../db/index.js';
import '../modules/reports/reports.tables.js';
import { demoCustomers } from './data.js';

/** A small seeded generator, so every run produces the same rows (and the same ids). */
function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)),
    pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]!,
    money: (lo: number, hi: number) => Math.round((lo + next() * (hi - lo)) * 100) / 100,
  };
}

const DAY = 86_400_000;
const TECHNICIANS = ['J. Alvarez', 'M. Chen', 'R. Okafor', 'S. Patel', 'T. Nguyen', 'K. Johansson', 'L. Moreau', 'D. Kowalski'];
const EQUIPMENT: { type: string; makes: string[]; prefix: string }[] = [
  { type: 'Rooftop Unit', makes: ['Carrier', 'Trane', 'Lennox', 'York'], prefix: 'RTU' },
  { type: 'Chiller', makes: ['Trane', 'York', 'Carrier', 'Daikin'], prefix: 'CH' },
  { type: 'Boiler', makes: ['Lochinvar', 'Cleaver-Brooks', 'Weil-McLain'], prefix: 'B' },
  { type: 'Air Handler', makes: ['Daikin', 'Trane', 'Carrier'], prefix: 'AHU' },
  { type: 'Fan Coil Unit', makes: ['Daikin', 'Carrier', 'Trane'], prefix: 'FCU' },
  { type: 'Cooling Tower', makes: ['BAC', 'Marley', 'EVAPCO'], prefix: 'CT' },
  { type: 'Pump', makes: ['Bell & Gossett', 'Armstrong', 'Grundfos'], prefix: 'P' },
  { type: 'Exhaust Fan', makes: ['Greenheck', 'Loren Cook'], prefix: 'EF' },
  { type: 'Split System', makes: ['Mitsubishi', 'Daikin', 'LG'], prefix: 'SS' },
  { type: 'Makeup Air Unit', makes: ['Greenheck', 'Captive-Aire'], prefix: 'MAU' },
];
const SERVICE_TASKS = [
  'No cooling in %s',
  'No heat reported in %s',
  'Water leak under %s',
  'Noisy fan on %s',
  'Thermostat not responding near %s',
  'High head pressure alarm on %s',
  'Refrigerant leak check on %s',
  'Tripped breaker on %s',
  'Belt replacement on %s',
  'Control board fault on %s',
];
const MAINTENANCE_TASKS = ['Quarterly PM on %s', 'Filter change on %s', 'Coil cleaning on %s', 'Annual inspection of %s', 'Water treatment for %s'];
const CAPITAL_TASKS = ['Replace %s', 'Retrofit controls on %s', 'VFD upgrade on %s', 'Overhaul of %s'];
const QUOTE_TASKS = ['Repair quote for %s', 'Replacement proposal for %s', 'Upgrade proposal for %s', 'Service agreement renewal for %s'];

interface Rows {
  assets: { id: string; property_id: string; name: string; asset_type: string; make: string; model: string; serial: string; installed_on: string; condition: string }[];
  workOrders: {
    id: string;
    property_id: string;
    kind: 'service' | 'maintenance' | 'capital';
    status: string;
    priority: string;
    created_at: Date;
    scheduled_at: Date | null;
    completed_at: Date | null;
    description: string;
    technician: string;
    amount: number;
  }[];
  quotes: { id: string; property_id: string; title: string; status: string; amount: number; created_at: Date; expires_at: Date; decided_at: Date | null }[];
  invoices: { id: string; number: string; property_id: string; work_order_id: string; issued_at: Date; due_at: Date; paid_at: Date | null; amount: number; balance: number; status: string }[];
}

/**
 * Generates the datasets for the given properties over the `months` before `now`: `size` scales
 * the number of work orders (1 = a mid-sized building).
 */
export function generateReportRows(
  properties: { id: string; size: number }[],
  opts: { now: number; months?: number; seed?: number; idPrefix?: string },
): Rows {
  const months = opts.months ?? 24;
  const r = random(opts.seed ?? 20261122);
  const pre = opts.idPrefix ?? 'D';
  const rows: Rows = { assets: [], workOrders: [], quotes: [], invoices: [] };
  const start = opts.now - months * 30.4 * DAY;
  const nowYear = new Date(opts.now).getUTCFullYear();
  let wo = 0;
  let inv = 0;
  let q = 0;
  for (const [pi, p] of properties.entries()) {
    const names: string[] = [];
    const nAssets = Math.max(4, Math.round(r.int(8, 16) * Math.sqrt(p.size)));
    for (let i = 0; i < nAssets; i++) {
      const e = r.pick(EQUIPMENT);
      const year = nowYear - Math.floor(r.next() ** 1.4 * 26);
      const age = nowYear - year;
      const condition = age > 18 ? r.pick(['Poor', 'Critical', 'Fair']) : age > 10 ? r.pick(['Fair', 'Good', 'Poor']) : r.pick(['Good', 'Good', 'Fair']);
      const name = `${e.prefix}-${i + 1}`;
      names.push(name);
      rows.assets.push({
        id: `AS-${pre}${pi + 1}-${String(i + 1).padStart(3, '0')}`,
        property_id: p.id,
        name,
        asset_type: e.type,
        make: r.pick(e.makes),
        model: `${e.prefix}${r.int(100, 999)}${r.pick(['A', 'B', 'C', 'X'])}`,
        serial: `${r.int(1000, 9999)}-${r.int(100000, 999999)}`,
        installed_on: `${year}-${String(r.int(1, 12)).padStart(2, '0')}-${String(r.int(1, 28)).padStart(2, '0')}`,
        condition,
      });
    }
    const at = (t: number) => new Date(Math.min(t, opts.now - 3600_000));
    const addWorkOrder = (kind: 'service' | 'maintenance' | 'capital', created: number) => {
      const asset = r.pick(names);
      const age = (opts.now - created) / DAY;
      const tasks = kind === 'service' ? SERVICE_TASKS : kind === 'maintenance' ? MAINTENANCE_TASKS : CAPITAL_TASKS;
      const duration = kind === 'capital' ? r.int(20, 120) * DAY : kind === 'maintenance' ? r.int(0, 10) * DAY + r.int(1, 8) * 3600_000 : r.int(2, 96) * 3600_000;
      const scheduled = kind === 'service' ? null : created + (kind === 'capital' ? r.int(10, 40) : r.int(3, 14)) * DAY;
      let status: string;
      if (age > (kind === 'capital' ? 140 : 21)) status = r.next() < 0.04 ? 'Cancelled' : 'Completed';
      else status = r.pick(['Open', 'In Progress', 'On Hold', 'Completed', 'Completed']);
      const completed = status === 'Completed' ? at(created + duration) : null;
      const amount =
        status === 'Cancelled' ? 0 : kind === 'capital' ? r.money(18_000, 240_000) : kind === 'maintenance' ? r.money(280, 2600) : r.money(140, 3800);
      const id = `WO-${pre}${String(++wo).padStart(6, '0')}`;
      rows.workOrders.push({
        id,
        property_id: p.id,
        kind,
        status,
        priority: kind === 'maintenance' ? r.pick(['Low', 'Medium']) : kind === 'capital' ? r.pick(['Medium', 'High']) : r.pick(['Low', 'Medium', 'Medium', 'High', 'High', 'Emergency']),
        created_at: at(created),
        scheduled_at: scheduled === null ? null : new Date(scheduled),
        completed_at: completed,
        description: r.pick(tasks).replace('%s', asset),
        technician: r.pick(TECHNICIANS),
        amount,
      });
      if (completed && amount > 0) {
        const issued = completed.getTime() + r.int(1, 6) * DAY;
        if (issued < opts.now) {
          const due = issued + 30 * DAY;
          const paidAt = r.next() < (opts.now - issued > 90 * DAY ? 0.985 : 0.85) ? issued + r.int(5, 55) * DAY : null;
          const paid = paidAt !== null && paidAt < opts.now;
          const voided = !paid && r.next() < 0.05;
          rows.invoices.push({
            id: `IN-${pre}${String(++inv).padStart(6, '0')}`,
            number: `INV-${pre}${String(100000 + inv)}`,
            property_id: p.id,
            work_order_id: id,
            issued_at: new Date(issued),
            due_at: new Date(due),
            paid_at: paid ? new Date(paidAt) : null,
            amount,
            balance: paid || voided ? 0 : amount,
            status: voided ? 'Void' : paid ? 'Paid' : due < opts.now ? 'Overdue' : 'Open',
          });
        }
      }
    };
    for (let m = 0; m < months; m++) {
      const monthStart = start + m * 30.4 * DAY;
      const season = 1 + 0.45 * Math.sin(((m % 12) / 12) * 2 * Math.PI);
      const growth = 0.8 + (0.4 * m) / months;
      const service = Math.round(r.int(3, 7) * p.size * season * growth);
      for (let i = 0; i < service; i++) addWorkOrder('service', monthStart + r.next() * 30.4 * DAY);
      const maintenance = Math.round(r.int(2, 4) * p.size);
      for (let i = 0; i < maintenance; i++) addWorkOrder('maintenance', monthStart + r.next() * 30.4 * DAY);
      if (r.next() < 0.2 * Math.sqrt(p.size)) addWorkOrder('capital', monthStart + r.next() * 30.4 * DAY);
      const quotes = r.int(0, 2 + Math.round(p.size));
      for (let i = 0; i < quotes; i++) {
        const created = monthStart + r.next() * 30.4 * DAY;
        const age = (opts.now - created) / DAY;
        const status = age > 45 ? r.pick(['Approved', 'Approved', 'Declined', 'Expired']) : r.pick(['Draft', 'Sent', 'Sent', 'Approved']);
        rows.quotes.push({
          id: `QT-${pre}${String(++q).padStart(6, '0')}`,
          property_id: p.id,
          title: r.pick(QUOTE_TASKS).replace('%s', r.pick(names)),
          status,
          amount: r.next() < 0.2 ? r.money(15_000, 180_000) : r.money(450, 12_000),
          created_at: at(created),
          expires_at: new Date(created + 45 * DAY),
          decided_at: ['Approved', 'Declined'].includes(status) ? at(created + r.int(2, 30) * DAY) : null,
        });
      }
    }
  }
  return rows;
}

/** Inserts generated rows in batches (in one transaction). */
export async function insertReportRows(db: Db, rows: Rows): Promise<void> {
  const batches = <T>(xs: T[], n = 400) => Array.from({ length: Math.ceil(xs.length / n) }, (_, i) => xs.slice(i * n, (i + 1) * n));
  await db.transaction().execute(async (trx) => {
    for (const b of batches(rows.assets)) await trx.insertInto('assets').values(b).onConflict((oc) => oc.column('id').doNothing()).execute();
    for (const b of batches(rows.workOrders)) await trx.insertInto('work_orders').values(b).onConflict((oc) => oc.column('id').doNothing()).execute();
    for (const b of batches(rows.quotes)) await trx.insertInto('quotes').values(b).onConflict((oc) => oc.column('id').doNothing()).execute();
    for (const b of batches(rows.invoices)) await trx.insertInto('invoices').values(b).onConflict((oc) => oc.column('id').doNothing()).execute();
  });
}

const SIZE: Record<string, number> = { Hospital: 2.2, 'Data Center': 1.6, Office: 1.2, Laboratory: 1.1, School: 1, Retail: 1, Warehouse: 0.6, Clinic: 0.7 };

/** The demo seeder: runs once (skips when the demo properties already have work orders). */
export async function seedReportData(db: Db, _config: Config): Promise<void> {
  const properties = demoCustomers.flatMap((c) => c.properties.map((p) => ({ id: p.id, size: SIZE[p.type] ?? 1 })));
  const existing = await db.selectFrom('work_orders').select('id').where('property_id', 'in', properties.map((p) => p.id)).limit(1).executeTakeFirst();
  if (existing) return;
  const today = new Date();
  today.setUTCHours(0, 0, 0, 0);
  await insertReportRows(db, generateReportRows(properties, { now: today.getTime() }));
}
