/**
 * Issue 43: what a demo customer sees when they open a work order. Added to the generated report
 * rows without drawing from their generator (a seeded one of its own), so every row, figure and
 * count the report pages show stays as it was: at each demo property, its most recent completed
 * service work orders that have an invoice, and its first planned visit, get the equipment worked on
 * (the asset their description names), the technician's notes and (completed ones) parts and
 * labour lines that add up to the work order's amount; where a quote of the property followed one
 * of its completed work orders on the same unit, the quote is linked to it (and that work order
 * gets the same details). Only fields and rows no report page reads are added.
 */
import type { AssetRow, InvoiceRow, LinesRow, NotesRow, QuoteRow, ReportRow, WorkOrderLine, WorkOrderRow } from '../../lambdas/shared/data/report-rows.js';

/** Completed work orders given details at each property (the most recent ones with an invoice). */
export const DETAILED_PER_PROPERTY = 3;
const LABOUR_RATE = 125;
const HOUR = 3_600_000;

/** What the technician found and did, by what the work order's description says; the parts it took. */
const FINDINGS: { match: RegExp; arrived: string; finished: string; parts: [string, string] }[] = [
  {
    match: /cooling|heat|pressure/i,
    arrived: 'On site. %s: compressor hums but does not start; run capacitor reads well below its rating.',
    finished: 'Replaced the run capacitor and the worn contactor; %s starts and holds temperature. Compressor windings show wear: a replacement quote follows.',
    parts: ['Run capacitor 45/5 uF 440 V', 'Contactor 3-pole 40 A'],
  },
  { match: /belt|noisy/i, arrived: 'On site. %s: belt glazed and slipping, bearings noisy.', finished: 'Replaced the belt and the bearings; %s running quietly, airflow back to design.', parts: ['V-belt A48', 'Pillow block bearing 1-3/16 in'] },
  {
    match: /board|thermostat|breaker/i,
    arrived: 'On site. %s: control board shows a fault code; the supply air sensor reads open.',
    finished: 'Replaced the failed sensor and a scorched relay; %s cycling normally. Showed the tenant the thermostat schedule.',
    parts: ['Temperature sensor 10k', 'Control relay 24 V'],
  },
  { match: /water leak/i, arrived: 'On site. %s: condensate drain pan full, trap clogged.', finished: 'Cleared and flushed the trap, treated the pan; %s draining freely. Ceiling tile below to be replaced by the building.', parts: ['Condensate pan tablets (case)', 'PVC trap assembly 1 in'] },
  { match: /./, arrived: 'On site. %s: refrigerant low, oil at a flare fitting.', finished: 'Repaired the flare, pressure-tested, recharged to the nameplate; %s superheat in range.', parts: ['Flare fitting and gasket kit', 'Refrigerant R-410A (lb)'] },
];
const findingOf = (w: WorkOrderRow) => FINDINGS.find((f) => f.match.test(w.description ?? ''))!;

const round = (n: number) => Math.round(n * 100) / 100;
const hash = (s: string) => [...s].reduce((h, c) => (h * 31 + c.charCodeAt(0)) >>> 0, 7);

/** The unit a description names ('No cooling in RTU-2' → the asset RTU-2 of that property). */
function assetNamed(w: WorkOrderRow, assets: readonly AssetRow[]): AssetRow | undefined {
  return assets.filter((a) => a.propertyId === w.propertyId && (w.description ?? '').endsWith(` ${a.name}`)).sort((a, b) => b.name.length - a.name.length)[0];
}

/** Labour hours (half-hours) at the rate and one or two parts lines, together exactly `amount`. */
export function linesFor(id: string, amount: number, parts: readonly [string, string]): WorkOrderLine[] {
  const h = hash(id);
  // About half the amount is labour (whole half-hours), the rest parts.
  const hours = Math.max(0.5, Math.floor(((amount * (0.45 + (h % 3) * 0.05)) / LABOUR_RATE) * 2) / 2);
  const labour = round(hours * LABOUR_RATE);
  const rest = round(amount - labour);
  const lines: WorkOrderLine[] = [{ kind: 'labour', description: 'Technician hours', quantity: hours, unitPrice: LABOUR_RATE }];
  if (rest <= 0) return lines;
  const first = rest > 200 ? round(rest * 0.65) : rest;
  lines.unshift({ kind: 'parts', description: parts[0], quantity: 1, unitPrice: first });
  if (first !== rest) lines.splice(1, 0, { kind: 'parts', description: parts[1], quantity: 1, unitPrice: round(rest - first) });
  return lines;
}

function notesFor(w: WorkOrderRow, unit: string): NotesRow {
  const { arrived, finished } = findingOf(w);
  const start = Date.parse(w.windowStart ?? w.scheduledAt ?? w.createdAt) + 20 * 60_000;
  const notes = [{ at: new Date(Date.parse(w.createdAt) + 15 * 60_000).toISOString(), author: 'Dispatch', text: `Booked ${w.technician}. ${w.description}.` }];
  if (w.status === 'Completed') {
    const end = Date.parse(w.completedAt ?? w.createdAt) - 10 * 60_000;
    notes.push({ at: new Date(Math.min(start, end - HOUR)).toISOString(), author: w.technician, text: arrived.replace('%s', unit) });
    notes.push({ at: new Date(end).toISOString(), author: w.technician, text: finished.replace('%s', unit) });
  }
  return { dataset: 'note', id: w.id, propertyId: w.propertyId, notes };
}

/**
 * The rows with the details added: work orders with `assetId`, one quote per property with
 * `workOrderId`, and the note and line rows. Rows are copied where changed, never mutated.
 */
export function withWorkOrderDetails(rows: readonly ReportRow[]): ReportRow[] {
  const assets = rows.filter((r): r is AssetRow => r.dataset === 'asset');
  const invoiced = new Set(rows.filter((r): r is InvoiceRow => r.dataset === 'invoice' && !!r.workOrderId).map((i) => `${i.propertyId}\u0000${i.workOrderId}`));
  const workOrders = rows.filter((r): r is WorkOrderRow => r.dataset === 'wo');
  const chosen = new Map<string, WorkOrderRow>();
  const linkedQuote = new Map<string, string>();
  for (const propertyId of new Set(workOrders.map((w) => w.propertyId))) {
    const candidates = workOrders
      .filter((w) => w.propertyId === propertyId && w.kind === 'service' && w.status === 'Completed' && invoiced.has(`${propertyId}\u0000${w.id}`) && assetNamed(w, assets))
      .sort((a, b) => (b.completedAt ?? '').localeCompare(a.completedAt ?? '') || a.id.localeCompare(b.id));
    const done = candidates.slice(0, DETAILED_PER_PROPERTY);
    // The quote that followed a work order: made for the same unit after it (a Sent one, else the newest); that work order gets details too.
    const quotes = rows
      .filter((r): r is QuoteRow => r.dataset === 'quote' && r.propertyId === propertyId && !r.workOrderId)
      .sort((a, b) => (a.status === 'Sent' ? 0 : 1) - (b.status === 'Sent' ? 0 : 1) || b.createdAt.localeCompare(a.createdAt));
    const pair = quotes
      .map((q) => ({ q, w: candidates.find((w) => (q.title ?? '').endsWith(` ${assetNamed(w, assets)!.name}`) && q.createdAt > (w.completedAt ?? w.createdAt)) }))
      .find((p) => p.w);
    if (pair?.w) {
      linkedQuote.set(pair.q.id, pair.w.id);
      if (!done.includes(pair.w)) done.push(pair.w);
    }
    const visit = workOrders
      .filter((w) => w.propertyId === propertyId && w.status === 'Open' && w.scheduledAt && assetNamed(w, assets))
      .sort((a, b) => b.scheduledAt!.localeCompare(a.scheduledAt!))
      .pop();
    for (const w of visit ? [...done, visit] : done) chosen.set(w.id, w);
  }
  const details: ReportRow[] = [];
  const out = rows.map((r): ReportRow => {
    if (r.dataset === 'quote' && linkedQuote.has(r.id)) return { ...r, workOrderId: linkedQuote.get(r.id)! };
    if (r.dataset !== 'wo' || !chosen.has(r.id)) return r;
    const asset = assetNamed(r, assets)!;
    details.push(notesFor(r, asset.name));
    if (r.status === 'Completed' && r.amount > 0) details.push({ dataset: 'line', id: r.id, propertyId: r.propertyId, lines: linesFor(r.id, r.amount, findingOf(r).parts) } satisfies LinesRow);
    return { ...r, assetId: asset.id };
  });
  return [...out, ...details];
}
