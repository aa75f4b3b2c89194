/**
 * Demo report datasets: two years of work orders, quotes, invoices and assets for the demo
 * properties. A seeded generator, so the same `now` always gives the same rows and ids. Each
 * property's assets start with its telemetry equipment (same names and building), then generated
 * units named so they never collide with those.
 */
import type { AssetRow, InvoiceRow, QuoteLine, QuoteLinesRow, QuoteRow, ReportRow, WorkOrderRow } from '../../lambdas/shared/data/report-rows.js';
import { demoCustomers, demoFixedAssets } from './demo-data.js';
import { zonedInstant } from '../../lambdas/shared/domain/visits/zones.js';
import { withWorkOrderDetails } from './demo-work-orders.js';
import { demoWorkOrderPhotos } from './demo-work-order-photos.js';
import { withDemoRequestLinks } from './demo-requests.js';

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
/** The demo provider's payment pages (an example address: a real provider's come from its processor, imported as `payment_url`). */
export const DEMO_PAYMENTS = 'https://pay.example-hvac.com/invoice';
/** The demo provider's page paying several invoices at once (import column `pay_several_url`: `{numbers}` takes the chosen invoices' numbers). */
export const DEMO_PAY_SEVERAL = 'https://pay.example-hvac.com/pay?invoices={numbers}';
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

export interface ReportRows {
  assets: AssetRow[];
  workOrders: WorkOrderRow[];
  quotes: QuoteRow[];
  invoices: InvoiceRow[];
}

const iso = (t: number | Date) => new Date(t).toISOString();

/** A unit the property is known to have (the telemetry equipment): listed under its own name. */
export interface FixedAsset {
  name: string;
  assetType: string;
  make: string;
  model: string;
  installedOn: string;
}

const YEAR = 365.25 * DAY;

function conditionFor(r: ReturnType<typeof random>, ageYears: number): AssetRow['condition'] {
  return ageYears > 18
    ? r.pick(['Poor', 'Critical', 'Fair'] as const)
    : ageYears > 10
      ? r.pick(['Fair', 'Good', 'Poor'] as const)
      : r.pick(['Good', 'Good', 'Fair'] as const);
}

/**
 * Generates the datasets for the given properties over the `months` before `now`: `size` scales
 * the number of work orders (1 = a mid-sized building).
 */
export function generateReportRows(
  properties: { id: string; size: number; timeZone?: string; fixedAssets?: FixedAsset[] }[],
  opts: { now: number; months?: number; seed?: number; idPrefix?: string },
): ReportRows {
  const months = opts.months ?? 24;
  const r = random(opts.seed ?? 20261122);
  const pre = opts.idPrefix ?? 'D';
  const rows: ReportRows = { assets: [], workOrders: [], quotes: [], invoices: [] };
  const start = opts.now - months * 30.4 * DAY;
  // Generated units are named apart from every fixed unit and from each other, so a name means one unit.
  const taken = new Set(properties.flatMap((p) => (p.fixedAssets ?? []).map((f) => f.name)));
  let wo = 0;
  let inv = 0;
  let q = 0;
  for (const [pi, p] of properties.entries()) {
    const names: string[] = [];
    const installed = new Map<string, number>();
    const asset = (i: number, a: Omit<AssetRow, 'dataset' | 'id' | 'propertyId'>) => {
      names.push(a.name);
      installed.set(a.name, Date.parse(a.installedOn ?? '1970-01-01'));
      rows.assets.push({ dataset: 'asset', id: `AS-${pre}${pi + 1}-${String(i + 1).padStart(3, '0')}`, propertyId: p.id, ...a });
    };
    const fixed = p.fixedAssets ?? [];
    for (const [i, f] of fixed.entries()) {
      const ageYears = (opts.now - Date.parse(f.installedOn)) / YEAR;
      asset(i, { ...f, serial: `${r.int(1000, 9999)}-${r.int(100000, 999999)}`, condition: conditionFor(r, ageYears) });
    }
    const nAssets = Math.max(4, Math.round(r.int(8, 16) * Math.sqrt(p.size)));
    for (let i = fixed.length; i < Math.max(nAssets, fixed.length + 2); i++) {
      const e = r.pick(EQUIPMENT);
      // Installed at least two months before now, so no asset is installed in the future or "Age 0".
      const ageDays = 60 + Math.floor(r.next() ** 1.4 * 26 * 365);
      let n = 1;
      while (taken.has(`${e.prefix}-${n}`)) n++;
      taken.add(`${e.prefix}-${n}`);
      asset(i, {
        name: `${e.prefix}-${n}`,
        assetType: e.type,
        make: r.pick(e.makes),
        model: `${e.prefix}${r.int(100, 999)}${r.pick(['A', 'B', 'C', 'X'])}`,
        serial: `${r.int(1000, 9999)}-${r.int(100000, 999999)}`,
        installedOn: iso(opts.now - ageDays * DAY).slice(0, 10),
        condition: conditionFor(r, ageDays / 365),
      });
    }
    const at = (t: number) => new Date(Math.min(t, opts.now - 3600_000));
    const addWorkOrder = (kind: WorkOrderRow['kind'], created: number) => {
      // A work order names a unit that was there when it was opened (else the oldest unit).
      const there = names.filter((n) => installed.get(n)! <= created);
      const asset = r.pick(there.length ? there : [names.reduce((a, b) => (installed.get(a)! <= installed.get(b)! ? a : b))]);
      const age = (opts.now - created) / DAY;
      const tasks = kind === 'service' ? SERVICE_TASKS : kind === 'maintenance' ? MAINTENANCE_TASKS : CAPITAL_TASKS;
      const duration = kind === 'capital' ? r.int(20, 120) * DAY : kind === 'maintenance' ? r.int(0, 10) * DAY + r.int(1, 8) * 3600_000 : r.int(2, 96) * 3600_000;
      const scheduled = kind === 'service' ? null : created + (kind === 'capital' ? r.int(10, 40) : r.int(3, 14)) * DAY;
      // A capital project runs from its scheduled start; nothing is completed before it could be.
      const done = (kind === 'capital' ? scheduled! : created) + duration;
      let status: WorkOrderRow['status'];
      if (age > (kind === 'capital' ? 140 : 21)) status = r.next() < 0.04 ? 'Cancelled' : 'Completed';
      else status = r.pick(['Open', 'In Progress', 'On Hold', 'Completed', 'Completed'] as const);
      if (status === 'Completed' && done > opts.now - 3600_000) status = kind === 'capital' && scheduled! < opts.now ? 'In Progress' : 'Open';
      const completed = status === 'Completed' ? new Date(done) : null;
      const amount =
        status === 'Cancelled' ? 0 : kind === 'capital' ? r.money(18_000, 240_000) : kind === 'maintenance' ? r.money(280, 2600) : r.money(140, 3800);
      const id = `WO-${pre}${String(++wo).padStart(6, '0')}`;
      const priority: WorkOrderRow['priority'] =
        kind === 'maintenance'
          ? r.pick(['Low', 'Medium'] as const)
          : kind === 'capital'
            ? r.pick(['Medium', 'High'] as const)
            : r.pick(['Low', 'Medium', 'Medium', 'High', 'High', 'Emergency'] as const);
      rows.workOrders.push({
        dataset: 'wo',
        id,
        propertyId: p.id,
        kind,
        status,
        priority,
        createdAt: iso(at(created)),
        ...(scheduled === null ? {} : { scheduledAt: iso(scheduled) }),
        ...(completed ? { completedAt: iso(completed) } : {}),
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
          inv += 1;
          const number = `INV-${pre}${String(100000 + inv)}`;
          const owed = !paid && !voided;
          rows.invoices.push({
            dataset: 'invoice',
            id: `IN-${pre}${String(inv).padStart(6, '0')}`,
            number,
            propertyId: p.id,
            workOrderId: id,
            issuedAt: iso(issued),
            dueAt: iso(due),
            ...(paid ? { paidAt: iso(paidAt) } : {}),
            amount,
            balance: paid || voided ? 0 : amount,
            status: voided ? 'Void' : paid ? 'Paid' : due < opts.now ? 'Overdue' : 'Open',
            // Most owed invoices have the provider's payment page (an example address: the demo has no
            // processor); every seventh has none, as an invoice paid by cheque or transfer would.
            // Those with a page can also be paid together on the provider's Pay several page (issue 43).
            ...(owed && inv % 7 !== 0 ? { paymentUrl: `${DEMO_PAYMENTS}/${number}`, paySeveralUrl: DEMO_PAY_SEVERAL } : {}),
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
        const status: QuoteRow['status'] =
          age > 45 ? r.pick(['Approved', 'Approved', 'Declined', 'Expired'] as const) : r.pick(['Draft', 'Sent', 'Sent', 'Approved'] as const);
        const id = `QT-${pre}${String(++q).padStart(6, '0')}`;
        const title = r.pick(QUOTE_TASKS).replace('%s', r.pick(names));
        const amount = r.next() < 0.2 ? r.money(15_000, 180_000) : r.money(450, 12_000);
        const decided = status === 'Approved' || status === 'Declined' ? at(created + r.int(2, 30) * DAY) : null;
        rows.quotes.push({
          dataset: 'quote',
          id,
          propertyId: p.id,
          title,
          status,
          amount,
          createdAt: iso(at(created)),
          expiresAt: iso(created + 45 * DAY),
          ...(decided ? { decidedAt: iso(decided) } : {}),
        });
      }
    }
  }
  rows.workOrders.push(...upcomingVisits(properties, rows.assets, { now: opts.now, seed: (opts.seed ?? 20261122) + 30, idPrefix: pre }));
  return rows;
}

/**
 * The visits planned for the next 30 days (scheduled maintenance and service calls, "Coming up"),
 * appended after the two years above from a generator of their own, so the rows above (and every
 * figure drawn from them) stay what they were. Each property gets one visit tomorrow and a few
 * more; most visits have an arrival window of two to four hours starting between 7 AM and 2 PM in
 * the property's zone, the rest are all day.
 */
export function upcomingVisits(
  properties: { id: string; size: number; timeZone?: string }[],
  assets: readonly AssetRow[],
  opts: { now: number; seed: number; idPrefix: string },
): WorkOrderRow[] {
  const r = random(opts.seed);
  const out: WorkOrderRow[] = [];
  const today = Math.floor(opts.now / DAY) * DAY;
  for (const p of properties) {
    const units = assets.filter((a) => a.propertyId === p.id).map((a) => a.name);
    const count = 2 + Math.round(r.int(1, 3) * Math.sqrt(p.size));
    for (let i = 0; i < count; i++) {
      const kind: WorkOrderRow['kind'] = r.next() < 0.7 ? 'maintenance' : 'service';
      const dayOffset = i === 0 ? 1 : r.int(2, 30);
      const startHour = r.int(7, 14);
      // Working hours where the property is (its zone; UTC when it has none).
      const scheduled = zonedInstant(new Date(today + dayOffset * DAY).toISOString().slice(0, 10), startHour, p.timeZone ?? 'UTC');
      const windowed = r.next() < 0.75;
      const hours = r.int(2, 4);
      out.push({
        dataset: 'wo',
        id: `WO-${opts.idPrefix}${String(900000 + out.length + 1)}`,
        propertyId: p.id,
        kind,
        status: 'Open',
        priority: kind === 'maintenance' ? r.pick(['Low', 'Medium'] as const) : r.pick(['Medium', 'High'] as const),
        createdAt: iso(opts.now - r.int(2, 20) * DAY),
        // An all-day visit is scheduled for its day (midnight UTC); a windowed one at its window's start.
        scheduledAt: iso(windowed ? scheduled : today + dayOffset * DAY),
        description: r.pick(kind === 'maintenance' ? MAINTENANCE_TASKS : SERVICE_TASKS).replace('%s', units.length ? r.pick(units) : 'the building'),
        technician: r.pick(TECHNICIANS),
        amount: 0,
        ...(windowed ? { windowStart: iso(scheduled), windowEnd: iso(scheduled + hours * 3600_000) } : {}),
      });
    }
  }
  return out;
}

const SIZE: Record<string, number> = { Hospital: 2.2, 'Data Center': 1.6, Office: 1.2, Laboratory: 1.1, School: 1, Retail: 1, Warehouse: 0.6, Clinic: 0.7 };

/** The demo properties with their size factor, in the order the generator draws them. */
export const demoReportProperties = () =>
  demoCustomers.flatMap((c) => c.properties.map((p) => ({ id: p.id, size: SIZE[p.type] ?? 1, timeZone: p.timeZone, fixedAssets: demoFixedAssets(p.id) })));

/**
 * Today at 00:00 UTC: the demo's "now", so one day's runs give the same rows. `DEMO_DAY`
 * (YYYY-MM-DD) fixes that day when no moment is given: the browser specs' runner sets it once, so a
 * stack seeded before midnight and a spec that computes the demo's rows after it agree.
 */
export function demoNow(at?: number): number {
  const fixed = at === undefined ? demoDay(process.env.DEMO_DAY) : undefined;
  if (fixed !== undefined) return fixed;
  const d = new Date(at ?? Date.now());
  d.setUTCHours(0, 0, 0, 0);
  return d.getTime();
}

/** `DEMO_DAY`'s midnight (UTC), or undefined when unset; a value that is not a real day is refused. */
export function demoDay(value: string | undefined): number | undefined {
  if (value === undefined || value === '') return undefined;
  const t = Date.parse(`${value}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(t) || new Date(t).toISOString().slice(0, 10) !== value) {
    throw new Error(`DEMO_DAY must be a day as YYYY-MM-DD, not "${value}".`);
  }
  return t;
}

/** Every demo report row for `now`, all datasets together. */
export function demoReportRows(now = demoNow()): ReportRow[] {
  const r = generateReportRows(demoReportProperties(), { now });
  // Issue 43: equipment, notes, lines and a linked quote on some work orders (./demo-work-orders.ts),
  // a visit answering each demo customer's service request (./demo-requests.ts), and before and
  // after photos on one work order of each demo customer with a sign-in (./demo-work-order-photos.ts).
  const rows = withDemoRequestLinks(withWorkOrderDetails([...r.assets, ...r.workOrders, ...r.quotes, ...demoDecisionQuotes(now), ...r.invoices]));
  // Issue 43, item 3: lines, an optional line and Good/Better/Best options on two decision quotes (fixed, no draws).
  return [...rows, ...demoWorkOrderPhotos(rows).rows, ...demoQuoteLines()];
}

/**
 * The lines of QT-DEMO-0001 and QT-DEMO-0003 (issue 43): lines always in, Good/Better/Best options
 * (the first, offered first, comes to the quote's amount: $4,850 and $9,200) and optional lines.
 */
export function demoQuoteLines(): QuoteLinesRow[] {
  const line = (description: string, quantity: number, unitPrice: number, extra: Pick<QuoteLine, 'optional' | 'option'> = {}): QuoteLine => ({ description, quantity, unitPrice, ...extra });
  return [
    {
      dataset: 'qline', id: 'QT-DEMO-0001', propertyId: 'PROP-1001-01', lines: [
        line('Technician hours', 6, 135),
        line('Fan blade balancing and hardware', 1, 240),
        line('Rebuilt condenser fan motor, 1 HP', 1, 3_800, { option: 'Good' }),
        line('New OEM condenser fan motor, 1 HP', 1, 4_450, { option: 'Better' }),
        line('New ECM condenser fan motor with 5-year warranty', 1, 5_350, { option: 'Best' }),
        line('Condenser coil cleaning', 1, 385, { optional: true }),
      ],
    },
    {
      dataset: 'qline', id: 'QT-DEMO-0003', propertyId: 'PROP-1001-02', lines: [
        line('Controls engineer hours', 24, 150),
        line('Commissioning and trend report', 1, 1_100),
        line('Replacement plant controller, like for like', 1, 4_500, { option: 'Good' }),
        line('BACnet plant controller with chilled-water reset', 1, 6_300, { option: 'Better' }),
        line('BACnet plant controller, reset and 3 years of remote monitoring', 1, 8_100, { option: 'Best' }),
        line('Supply water temperature sensors', 2, 275, { optional: true }),
        line('Operator training, half day', 1, 600, { optional: true }),
      ],
    },
  ];
}

/**
 * Quotes for trying quote decisions (issue 30), fixed rather than drawn, so the generator's draws
 * and every other figure stay as they were: Sent quotes at Northwind's first two properties (one
 * expired three days ago) and at Lakeside's first, which Harborview's user sees too.
 */
export function demoDecisionQuotes(now = demoNow()): QuoteRow[] {
  const day = (offset: number) => new Date(now + offset * DAY).toISOString().slice(0, 10);
  const sent = (id: string, propertyId: string, title: string, amount: number, created: number, expires: number): QuoteRow => ({
    dataset: 'quote', id, propertyId, title, status: 'Sent', amount, createdAt: `${day(created)}T15:00:00Z`, expiresAt: day(expires),
  });
  return [
    sent('QT-DEMO-0001', 'PROP-1001-01', 'Replace condenser fan motor on RTU-2', 4_850, -5, 30),
    sent('QT-DEMO-0002', 'PROP-1001-01', 'Boiler descaling and burner tune-up', 2_340, -50, -3),
    sent('QT-DEMO-0003', 'PROP-1001-02', 'Chiller plant controls upgrade', 9_200, -8, 21),
    sent('QT-DEMO-0004', 'PROP-1003-01', 'Gym air handler belt and bearing replacement', 1_780, -4, 26),
  ];
}
