import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import { z } from 'zod';
import type { Db, Trx } from '../db/index.js';
import { migrate, openDb } from '../db/index.js';
import { audit } from '../lib/audit.js';
import type { Command } from './commands.js';
import { reportImportKinds } from '../modules/reports/reports.import.js';

/** One kind of CSV file that `portal import` takes: its header row, row schema and upsert. */
export interface ImportKind {
  flag: string;
  description: string;
  /** Column names in the documented order; the header row must contain at least the required ones. */
  columns: { name: string; required: boolean }[];
  row: z.ZodType<Record<string, unknown>>;
  /** Checks that need the database (references); returns a message per bad field or null. */
  check?(trx: Trx, row: Record<string, unknown>): Promise<{ column: string; message: string } | null>;
  upsert(trx: Trx, rows: Record<string, unknown>[]): Promise<void>;
}

const id = z.string().trim().min(1, 'is required').max(200);
const text = z.string().trim().max(500);

async function exists(trx: Trx, table: 'customers' | 'properties', value: unknown) {
  if (typeof value !== 'string' || !value) return true;
  return !!(await trx.selectFrom(table).select('id').where('id', '=', value).executeTakeFirst());
}

/** The kinds, in the order they are applied (a file may refer to rows of the ones before it). */
export const importKinds: ImportKind[] = [
  {
    flag: 'customers',
    description: 'id,name',
    columns: [
      { name: 'id', required: true },
      { name: 'name', required: true },
    ],
    row: z.object({ id, name: id }),
    async upsert(trx, rows) {
      for (const r of rows)
        await trx
          .insertInto('customers')
          .values({ id: r.id as string, name: r.name as string })
          .onConflict((oc) => oc.column('id').doUpdateSet({ name: r.name as string }))
          .execute();
    },
  },
  {
    flag: 'properties',
    description: 'id,customer_id,name,property_type',
    columns: [
      { name: 'id', required: true },
      { name: 'customer_id', required: true },
      { name: 'name', required: true },
      { name: 'property_type', required: false },
    ],
    row: z.object({ id, customer_id: id, name: id, property_type: text.default('') }),
    async check(trx, r) {
      return (await exists(trx, 'customers', r.customer_id)) ? null : { column: 'customer_id', message: `unknown customer "${String(r.customer_id)}"` };
    },
    async upsert(trx, rows) {
      for (const r of rows) {
        const v = { id: r.id as string, customer_id: r.customer_id as string, name: r.name as string, property_type: r.property_type as string };
        await trx.insertInto('properties').values(v).onConflict((oc) => oc.column('id').doUpdateSet({ customer_id: v.customer_id, name: v.name, property_type: v.property_type })).execute();
      }
    },
  },
  {
    flag: 'equipment',
    description: 'id,customer_id,property_id,building_name,name,equipment_type,telemetry_data',
    columns: [
      { name: 'id', required: true },
      { name: 'customer_id', required: true },
      { name: 'property_id', required: false },
      { name: 'building_name', required: false },
      { name: 'name', required: true },
      { name: 'equipment_type', required: false },
      { name: 'telemetry_data', required: false },
    ],
    row: z.object({
      id,
      customer_id: id,
      property_id: text.default(''),
      building_name: text.default(''),
      name: id,
      equipment_type: text.default(''),
      telemetry_data: z.string().max(100_000).default('{}'),
    }),
    async check(trx, r) {
      if (!(await exists(trx, 'customers', r.customer_id))) return { column: 'customer_id', message: `unknown customer "${String(r.customer_id)}"` };
      if (!(await exists(trx, 'properties', r.property_id))) return { column: 'property_id', message: `unknown property "${String(r.property_id)}"` };
      return null;
    },
    async upsert(trx, rows) {
      for (const r of rows) {
        const v = {
          id: r.id as string,
          customer_id: r.customer_id as string,
          property_id: (r.property_id as string) || null,
          building_name: r.building_name as string,
          name: r.name as string,
          equipment_type: r.equipment_type as string,
          telemetry_data: (r.telemetry_data as string) || '{}',
        };
        const { id: _id, ...rest } = v;
        await trx.insertInto('equipment').values(v).onConflict((oc) => oc.column('id').doUpdateSet(rest)).execute();
      }
    },
  },
  {
    flag: 'telemetry-mappings',
    description: 'customer_id,telemetry_customer_id,telemetry_customer_name',
    columns: [
      { name: 'customer_id', required: true },
      { name: 'telemetry_customer_id', required: true },
      { name: 'telemetry_customer_name', required: false },
    ],
    row: z.object({ customer_id: id, telemetry_customer_id: id, telemetry_customer_name: text.default('') }),
    async check(trx, r) {
      return (await exists(trx, 'customers', r.customer_id)) ? null : { column: 'customer_id', message: `unknown customer "${String(r.customer_id)}"` };
    },
    async upsert(trx, rows) {
      for (const r of rows) {
        const v = { customer_id: r.customer_id as string, telemetry_customer_id: r.telemetry_customer_id as string, telemetry_customer_name: r.telemetry_customer_name as string };
        await trx
          .insertInto('telemetry_mappings')
          .values(v)
          .onConflict((oc) => oc.column('customer_id').doUpdateSet({ telemetry_customer_id: v.telemetry_customer_id, telemetry_customer_name: v.telemetry_customer_name }))
          .execute();
      }
    },
  },
  ...reportImportKinds,
];

export class ImportError extends Error {}

/** Imports the given files (flag -> path) in one transaction: all of them, or nothing. */
export async function importFiles(db: Db, files: Record<string, string>): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  await db.transaction().execute(async (trx) => {
    for (const kind of importKinds) {
      const file = files[kind.flag];
      if (!file) continue;
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
      if (!records.length || missing.length)
        throw new ImportError(`${file}:1:1: the header row must name the columns ${kind.description} (missing: ${missing.join(', ') || 'all'})`);
      const unknown = header.findIndex((h) => !kind.columns.some((c) => c.name === h));
      if (unknown >= 0) throw new ImportError(`${file}:1:${unknown + 1}: unknown column "${header[unknown]}" (expected ${kind.description})`);
      const rows: Record<string, unknown>[] = [];
      for (let i = 1; i < records.length; i++) {
        const line = i + 1;
        const raw = Object.fromEntries(header.map((h, j) => [h, records[i]![j]]));
        const parsed = kind.row.safeParse(raw);
        if (!parsed.success) {
          const issue = parsed.error.issues[0]!;
          const col = String(issue.path[0] ?? '');
          throw new ImportError(`${file}:${line}:${header.indexOf(col) + 1}: ${col} ${issue.message}`);
        }
        const problem = await kind.check?.(trx, parsed.data);
        if (problem) throw new ImportError(`${file}:${line}:${header.indexOf(problem.column) + 1}: ${problem.column}: ${problem.message}`);
        rows.push(parsed.data);
      }
      await kind.upsert(trx, rows);
      counts[kind.flag] = rows.length;
    }
    await audit(trx, 'cli', 'catalogue.import', Object.keys(counts).join(','), counts);
  });
  return counts;
}

export const importCommand: Command = {
  summary: 'import customers, properties, equipment and more from CSV files (all or nothing)',
  get help() {
    return `Usage: portal import [--<kind> FILE ...]

Imports CSV files with a header row, in one transaction: if any row of any file is bad, nothing
is imported and the message names the file, line and column. Rows whose id exists are updated.

Kinds and their header rows:
${importKinds.map((k) => `  --${k.flag.padEnd(20)} ${k.description}`).join('\n')}`;
  },
  get options() {
    return Object.fromEntries(importKinds.map((k) => [k.flag, { type: 'string' as const }]));
  },
  async run(config, values) {
    const files = Object.fromEntries(Object.entries(values).filter(([k, v]) => k !== 'help' && typeof v === 'string')) as Record<string, string>;
    if (!Object.keys(files).length) {
      console.error(`Name at least one file.\n\n${this.help}`);
      return 1;
    }
    const handle = await openDb(config);
    try {
      await migrate(handle.db);
      const counts = await importFiles(handle.db, files);
      console.log(`Imported ${Object.entries(counts).map(([k, n]) => `${n} ${k}`).join(', ')}.`);
    } catch (e) {
      if (e instanceof ImportError) {
        console.error(`Nothing was imported.\n${e.message}`);
        return 1;
      }
      throw e;
    } finally {
      await handle.close();
    }
  },
};
