import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ImportError, importFiles } from '../../cli/import.js';
import { seedDemo } from '../../demo/seed.js';
import { createCustomer, createTestApp, type TestContext } from '../../test/helpers.js';
import { defaultReports, loadCatalogue, parseReportsFile, storeReports } from './reports.catalogue.js';
import './reports.tables.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const dir = mkdtempSync(path.join(os.tmpdir(), 'report-import-'));
const file = (name: string, text: string) => {
  const p = path.join(dir, name);
  writeFileSync(p, text);
  return p;
};

describe('report catalogue', () => {
  it('parses the REPORTS_FILE format and names the bad entry', () => {
    expect(parseReportsFile('r.json', JSON.stringify({ reports: [{ id: 'dashboard', name: 'Dashboard', frames: ['/embed/dashboard'] }] }))).toEqual([
      { id: 'dashboard', name: 'Dashboard', group: 'General', frames: ['/embed/dashboard'] },
    ]);
    expect(() => parseReportsFile('r.json', '{')).toThrow(/r.json: not valid JSON/);
    expect(() => parseReportsFile('r.json', JSON.stringify([{ id: 'x', name: 'X', frames: ['/embed/nope'] }]))).toThrow(/reports.0.frames.0: names no built-in page/);
    expect(() => parseReportsFile('r.json', JSON.stringify([{ id: 'x', name: 'X', frames: ['ftp://x/y'] }]))).toThrow(/reports.0.frames.0/);
    expect(() =>
      parseReportsFile('r.json', JSON.stringify([{ id: 'x', name: 'X', frames: ['/embed/quotes'] }, { id: 'y', name: 'x', frames: ['/embed/quotes'] }])),
    ).toThrow(/repeats the name "x"/);
  });

  it('prefers REPORTS_FILE, then the stored catalogue, then the defaults', async () => {
    expect((await loadCatalogue(t.db, undefined)).source).toBe('defaults');
    const stored = [{ id: 'quotes', name: 'Quotes', group: 'General', frames: ['/embed/quotes', 'https://app.sigmacomputing.com/a/workbook/Q-1'] }];
    await storeReports(t.db, stored);
    expect(await loadCatalogue(t.db, undefined)).toEqual({ reports: stored, source: 'database' });
    expect((await loadCatalogue(t.db, defaultReports)).source).toBe('file');
    await storeReports(t.db, null);
    expect(await loadCatalogue(t.db, undefined)).toEqual({ reports: defaultReports, source: 'defaults' });
  });
});

describe('portal import of the report datasets', () => {
  it('imports work orders, quotes, invoices and assets, all or nothing, naming the bad line and column', async () => {
    const c = await createCustomer(t.db, { properties: 1 });
    const p = c.properties[0]!.id;
    const wo = file('wo.csv', `id,property_id,kind,status,priority,created_at,completed_at,description,amount\nWO-1,${p},service,Completed,High,2026-01-05,2026-01-06T10:00:00Z,"Leak, roof",125.50\n`);
    const inv = file('inv.csv', `id,number,property_id,work_order_id,issued_at,due_at,amount,balance,status\nI-1,INV-1,${p},WO-1,2026-01-07,2026-02-06,125.50,0,Paid\n`);
    const q = file('q.csv', `id,property_id,title,status,amount,created_at\nQ-1,${p},New chiller,Sent,90000,2026-03-01\n`);
    const a = file('a.csv', `id,property_id,name,asset_type,installed_on,condition\nA-1,${p},RTU-1,Rooftop Unit,2011-05-01,Fair\n`);
    const badAssets = file('bad-a.csv', `id,property_id,name,installed_on\nA-2,${p},RTU-2,2011-13-45\n`);
    await expect(importFiles(t.db, { 'work-orders': wo, invoices: inv, quotes: q, assets: badAssets })).rejects.toThrow(ImportError);
    await expect(importFiles(t.db, { assets: badAssets })).rejects.toThrow(/bad-a.csv:2:4: installed_on/);
    expect((await t.db.selectFrom('work_orders').select('id').where('id', '=', 'WO-1').execute()).length).toBe(0);
    const badKind = file('bad-wo.csv', `id,property_id,kind,status,priority,created_at\nWO-2,${p},repair,Open,High,2026-01-05\n`);
    await expect(importFiles(t.db, { 'work-orders': badKind })).rejects.toThrow(/bad-wo.csv:2:3: kind must be one of service, maintenance, capital/);
    const foreign = file('foreign.csv', `id,property_id,kind,status,priority,created_at\nWO-3,NOPE,service,Open,High,2026-01-05\n`);
    await expect(importFiles(t.db, { 'work-orders': foreign })).rejects.toThrow(/unknown property "NOPE"/);

    expect(await importFiles(t.db, { 'work-orders': wo, invoices: inv, quotes: q, assets: a })).toMatchObject({ 'work-orders': 1, invoices: 1, quotes: 1, assets: 1 });
    const row = await t.db.selectFrom('work_orders').select(['description', sql<number>`amount::float8`.as('amount'), 'completed_at']).where('id', '=', 'WO-1').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ description: 'Leak, roof', amount: 125.5 });
    expect(row.completed_at?.toISOString()).toBe('2026-01-06T10:00:00.000Z');
    const asset = await t.db.selectFrom('assets').select([sql<string>`to_char(installed_on, 'YYYY-MM-DD')`.as('d'), 'condition']).where('id', '=', 'A-1').executeTakeFirstOrThrow();
    expect(asset).toEqual({ d: '2011-05-01', condition: 'Fair' });
  });
});

describe('demo report data', () => {
  it('seeds two years of data for every demo property, once', async () => {
    await seedDemo(t.db, t.config);
    const counts = async () =>
      (
        await sql<{ n: number; props: number; first: Date; last: Date }>`select count(*)::int as n, count(distinct property_id)::int as props, min(created_at) as first, max(created_at) as last from work_orders where id like 'WO-D%'`.execute(
          t.db,
        )
      ).rows[0]!;
    const first = await counts();
    expect(first.props).toBe(12);
    expect(first.n).toBeGreaterThan(1000);
    const spanDays = (first.last.getTime() - first.first.getTime()) / 864e5;
    expect(spanDays).toBeGreaterThan(700);
    expect(first.last.getTime()).toBeLessThanOrEqual(Date.now());
    await seedDemo(t.db, t.config);
    expect((await counts()).n).toBe(first.n);
    for (const table of ['quotes', 'invoices', 'assets'] as const) {
      const r = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)} t join properties p on p.id = t.property_id where p.customer_id like 'CUST-100%'`.execute(t.db);
      expect(r.rows[0]!.n, table).toBeGreaterThan(100);
    }
  });
});
