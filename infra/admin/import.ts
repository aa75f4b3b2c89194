/**
 * `admin import`: CSV files of customers, properties, equipment, telemetry mappings and the report
 * datasets. DynamoDB has no transaction across thousands of rows, so "all or nothing" is kept by
 * order: every file is read, parsed and checked in full (its references looked up in the tables
 * and in the files before it) before the first write. A bad row stops the import with its file,
 * line and column, and nothing is written. Rows whose id exists are updated.
 */
import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import { dynamo } from '../../lambdas/shared/platform/clients.js';
import { appendAudit } from '../../lambdas/shared/data/audit.js';
import { getCustomers, putCustomers, type CustomerItem } from '../../lambdas/shared/data/customers.js';
import { putEquipment, type EquipmentItem } from '../../lambdas/shared/data/equipment.js';
import { getProperties, putProperties, type PropertyItem } from '../../lambdas/shared/data/properties.js';
import { putDocument } from '../../lambdas/shared/data/documents.js';
import { putReportRows, rowsOf, type ReportRow } from '../../lambdas/shared/data/report-rows.js';
import { headObject, putObject } from '../../lambdas/shared/domain/documents/objects.js';
import { putConflict } from '../../lambdas/shared/data/quote-decisions.js';
import { keepPortalDecisions, type Conflict } from './quote-merge.js';
import { FileCheckError, planFiles, type FilePlan, type FileRow } from './import-files.js';
import { importKinds, type ImportKind, type Reference, type Target } from './import-kinds.js';

export class ImportError extends Error {}

interface Parsed {
  kind: ImportKind;
  file: string;
  header: string[];
  rows: { line: number; target: Target; refs: Reference[] }[];
  /** The first row that failed its schema (the rows before it are in `rows`). */
  failure?: { line: number; column: string; message: string };
}

async function readKind(kind: ImportKind, file: string): Promise<Parsed> {
  const source = await readFile(file, 'utf8').catch((e: NodeJS.ErrnoException) => {
    throw new ImportError(`${file}: cannot read the file (${e.code ?? e.message})`);
  });
  let records: string[][];
  try {
    records = parse(source, { bom: true, skip_empty_lines: true, relax_column_count: false, trim: false });
  } catch (e) {
    const err = e as { lines?: number; column?: number; message: string };
    throw new ImportError(`${file}:${err.lines ?? 1}:${(err.column ?? 0) + 1}: ${err.message.replace(/^Invalid Record Length: /, '')}`);
  }
  const header = (records[0] ?? []).map((h) => h.trim());
  const missing = kind.columns.filter((c) => c.required && !header.includes(c.name)).map((c) => c.name);
  if (!records.length || missing.length) throw new ImportError(`${file}:1:1: the header row must name the columns ${kind.description} (missing: ${missing.join(', ') || 'all'})`);
  const unknown = header.findIndex((h) => !kind.columns.some((c) => c.name === h));
  if (unknown >= 0) throw new ImportError(`${file}:1:${unknown + 1}: unknown column "${header[unknown]}" (expected ${kind.description})`);
  const out: Parsed = { kind, file, header, rows: [] };
  for (let i = 1; i < records.length; i++) {
    const result = kind.parse(Object.fromEntries(header.map((h, j) => [h, records[i]![j]])));
    if (!result.ok) {
      out.failure = { line: i + 1, column: result.column, message: result.message };
      break;
    }
    out.rows.push({ line: i + 1, target: result.target, refs: result.refs });
  }
  return out;
}

/** What the files already read will write: later files may refer to it. */
interface Pending {
  customers: Set<string>;
  properties: Set<string>;
  workOrders: Set<string>;
  quotes: Set<string>;
}
const woKey = (propertyId: string, id: string) => `${propertyId}\u0000${id}`;

/** Looks up every reference of `parsed` that the earlier files do not satisfy; returns the first bad row's message. */
async function checkReferences(parsed: Parsed, pending: Pending): Promise<string | null> {
  const db = dynamo();
  const refs = parsed.rows.flatMap((r) => r.refs);
  const wanted = (k: Reference['kind']) => refs.filter((r) => r.kind === k);
  const customerIds = wanted('customer').map((r) => r.id).filter((id) => !pending.customers.has(id));
  const propertyIds = wanted('property').map((r) => r.id).filter((id) => !pending.properties.has(id));
  const woProperties = wanted('workOrder').map((r) => (r.kind === 'workOrder' ? r.propertyId : ''));
  const quoteProperties = wanted('quote').map((r) => (r.kind === 'quote' ? r.propertyId : ''));
  const [customers, properties, workOrders, quotes] = await Promise.all([
    getCustomers(db, customerIds),
    getProperties(db, propertyIds),
    rowsOf(db, 'wo', woProperties),
    quoteProperties.length ? rowsOf(db, 'quote', quoteProperties, ['id']) : Promise.resolve([]),
  ]);
  const known = {
    customer: new Set([...pending.customers, ...customers.map((c) => c.id)]),
    property: new Set([...pending.properties, ...properties.map((p) => p.id)]),
    workOrder: new Set([...pending.workOrders, ...workOrders.map((w) => woKey(w.propertyId, w.id))]),
    quote: new Set([...pending.quotes, ...quotes.map((q) => woKey(q.propertyId, q.id))]),
  };
  for (const row of parsed.rows) {
    for (const ref of row.refs) {
      // Assets are applied after work orders: a work order's asset is checked once every file is read (checkAssets).
      if (ref.kind === 'asset') continue;
      const ok = ref.kind === 'workOrder' || ref.kind === 'quote' ? known[ref.kind].has(woKey(ref.propertyId, ref.id)) : known[ref.kind].has(ref.id);
      if (ok) continue;
      const what =
        ref.kind === 'workOrder' ? `unknown work order "${ref.id}" at property "${ref.propertyId}"` : ref.kind === 'quote' ? `unknown quote "${ref.id}" at property "${ref.propertyId}"` : `unknown ${ref.kind} "${ref.id}"`;
      return `${parsed.file}:${row.line}:${parsed.header.indexOf(ref.column) + 1}: ${ref.column}: ${what}`;
    }
  }
  return null;
}

/**
 * A work order's asset_id names an asset of the same property, in the tables or in any file of
 * this import (the assets kind is applied after the work orders); returns the first bad row's message.
 */
async function checkAssets(files: readonly Parsed[], targets: readonly Target[]): Promise<string | null> {
  const refs = files.flatMap((f) => f.rows.flatMap((row) => row.refs.filter((r) => r.kind === 'asset').map((ref) => ({ f, row, ref }))));
  if (refs.length === 0) return null;
  const stored = await rowsOf(dynamo(), 'asset', refs.map(({ ref }) => (ref.kind === 'asset' ? ref.propertyId : '')), ['id']);
  const known = new Set([
    ...stored.map((a) => woKey(a.propertyId, a.id)),
    ...targets.flatMap((t) => (t.table === 'reportRows' && t.item.dataset === 'asset' ? [woKey(t.item.propertyId, t.item.id)] : [])),
  ]);
  for (const { f, row, ref } of refs) {
    if (ref.kind !== 'asset' || known.has(woKey(ref.propertyId, ref.id))) continue;
    return `${f.file}:${row.line}:${f.header.indexOf(ref.column) + 1}: ${ref.column}: unknown asset "${ref.id}" at property "${ref.propertyId}"`;
  }
  return null;
}

/** The rows of a work order's notes or lines, or a quote's lines (one per work order or quote), gather every row of the files naming it. */
function gather(into: Map<string, ReportRow>, key: string, row: ReportRow): void {
  const before = into.get(key);
  if (before?.dataset === 'note' && row.dataset === 'note') into.set(key, { ...before, notes: [...before.notes, ...row.notes] });
  else if (before?.dataset === 'line' && row.dataset === 'line') into.set(key, { ...before, lines: [...before.lines, ...row.lines] });
  else if (before?.dataset === 'photo' && row.dataset === 'photo') into.set(key, { ...before, photos: [...before.photos, ...row.photos] });
  else if (before?.dataset === 'qline' && row.dataset === 'qline') into.set(key, { ...before, lines: [...before.lines, ...row.lines] });
  else into.set(key, row);
}

/** The writes of a checked import: items keyed once each (a later row with the same id wins). */
export interface ImportPlan {
  customers: CustomerItem[];
  properties: PropertyItem[];
  equipment: EquipmentItem[];
  reportRows: ReportRow[];
  /** The photos and reports the files bring (objects to put, document rows to add). */
  files: Pick<FilePlan, 'objects' | 'documents'>;
  counts: Record<string, number>;
}

/** Reads and checks every file (flag → path); throws ImportError for the first problem. Writes nothing. */
export async function planImport(files: Record<string, string>, actor = 'cli'): Promise<ImportPlan> {
  const unknownFlag = Object.keys(files).find((f) => !importKinds.some((k) => k.flag === f));
  if (unknownFlag) throw new ImportError(`Unknown kind "${unknownFlag}": the kinds are ${importKinds.map((k) => k.flag).join(', ')}`);
  const pending: Pending = { customers: new Set(), properties: new Set(), workOrders: new Set(), quotes: new Set() };
  const targets: Target[] = [];
  const read: Parsed[] = [];
  const fileRows: FileRow[] = [];
  const counts: Record<string, number> = {};
  for (const kind of importKinds) {
    const file = files[kind.flag];
    if (!file) continue;
    const parsed = await readKind(kind, file);
    const bad = await checkReferences(parsed, pending);
    if (bad) throw new ImportError(bad);
    if (parsed.failure) {
      const f = parsed.failure;
      throw new ImportError(`${file}:${f.line}:${parsed.header.indexOf(f.column) + 1}: ${f.column} ${f.message}`);
    }
    for (const { target: t, line } of parsed.rows) {
      if (t.table === 'photos' || t.table === 'reports') {
        const column = parsed.header.indexOf(t.table === 'photos' && 'key' in t.source ? 'key' : 'file') + 1;
        fileRows.push({ target: t, csv: file, line, column });
        continue;
      }
      targets.push(t);
      if (t.table === 'customers') pending.customers.add(t.name.id);
      if (t.table === 'properties') pending.properties.add(t.item.id);
      if (t.table === 'reportRows' && t.item.dataset === 'wo') pending.workOrders.add(woKey(t.item.propertyId, t.item.id));
      if (t.table === 'reportRows' && t.item.dataset === 'quote') pending.quotes.add(woKey(t.item.propertyId, t.item.id));
    }
    counts[kind.flag] = parsed.rows.length;
    read.push(parsed);
  }
  const badAsset = await checkAssets(read, targets);
  if (badAsset) throw new ImportError(badAsset);
  const filePlan = await planFiles(fileRows, actor).catch((e: unknown) => {
    throw e instanceof FileCheckError ? new ImportError(e.message) : e;
  });
  for (const item of filePlan.photos) targets.push({ table: 'reportRows', item });

  // Customers keep what the file does not set (a name import keeps the telemetry mapping, and back).
  const touched = targets.flatMap((t) => (t.table === 'customers' ? [t.name.id] : t.table === 'mappings' ? [t.mapping.customerId] : []));
  const customers = new Map((await getCustomers(dynamo(), touched)).map((c) => [c.id, c]));
  const properties = new Map<string, PropertyItem>();
  const equipment = new Map<string, EquipmentItem>();
  const reportRows = new Map<string, ReportRow>();
  for (const t of targets) {
    if (t.table === 'customers') customers.set(t.name.id, { ...customers.get(t.name.id), ...t.name });
    if (t.table === 'mappings') {
      const { customerId, telemetryCustomerId, telemetryCustomerName } = t.mapping;
      customers.set(customerId, { ...customers.get(customerId)!, telemetryCustomerId, telemetryCustomerName });
    }
    if (t.table === 'properties') properties.set(t.item.id, t.item);
    if (t.table === 'equipment') equipment.set(`${t.item.customerId}\u0000${t.item.id}`, t.item);
    if (t.table === 'reportRows') gather(reportRows, `${t.item.propertyId}\u0000${t.item.dataset}#${t.item.id}`, t.item);
  }
  return {
    customers: [...customers.values()].filter((c) => touched.includes(c.id)),
    properties: [...properties.values()],
    equipment: [...equipment.values()],
    reportRows: [...reportRows.values()],
    files: { objects: filePlan.objects, documents: filePlan.documents },
    counts,
  };
}

/** Checks every file, then writes them (customers first, so references hold if a write fails midway). */
export async function importFiles(files: Record<string, string>, actor = 'cli'): Promise<Record<string, number>> {
  const plan = await planImport(files, actor);
  const db = dynamo();
  // Photos and reports: each object before the row that names it; an object already there (the
  // same content imported before) is not written again, so it is not scanned again.
  for (const o of plan.files.objects) if (!(await headObject(o.key))) await putObject(o.key, o.body, o.contentType);
  for (const d of plan.files.documents) await putDocument(db, d);
  await putCustomers(db, plan.customers);
  await putProperties(db, plan.properties);
  await putEquipment(db, plan.equipment);
  // Quotes decided in the portal keep their decision while the source still says Sent (./quote-merge.ts).
  const conflicts = new Map<string, Conflict>();
  await putReportRows(db, plan.reportRows, { merge: keepPortalDecisions(conflicts) });
  for (const c of conflicts.values()) await putConflict(db, c);
  const counts = conflicts.size ? { ...plan.counts, 'quote conflicts (see admin quotes-conflicts)': conflicts.size } : plan.counts;
  await appendAudit(db, actor, 'catalogue.import', Object.keys(plan.counts).join(','), counts);
  return counts;
}

export const importHelp = `Usage: admin import [--stage NAME | --local [--data-dir DIR]] --<kind> FILE [--<kind> FILE ...]

Imports CSV files with a header row. All or nothing: DynamoDB has no transaction across
thousands of rows, so every file is read and every row checked (values, and references to
customers, properties, work orders and quotes in the tables or in the files before it) before the first
write. If any row of any file is bad, nothing is written and the message names the file, line and
column. Rows whose id exists are updated. The notes (or lines, photos) a file gives a work order,
and the lines it gives a quote, replace the ones an earlier import gave it. Photos and reports name
files beside their CSV file (a relative path), which are uploaded; a photo may instead name the key
of an object already in the documents bucket under work-orders/<property id>/. (Should a write itself fail midway, e.g. the connection
drops, run the same import again: it is safe to repeat.)

Kinds, in the order they are applied, and their header rows:
${importKinds.map((k) => `  --${k.flag.padEnd(20)} ${k.description}`).join('\n')}`;
