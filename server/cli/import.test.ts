import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../db/index.js';
import { createTestDb } from '../test/helpers.js';
import { importFiles, ImportError } from './import.js';

let h: DbHandle;
const dir = mkdtempSync(path.join(os.tmpdir(), 'portal-import-'));
const file = (name: string, text: string) => {
  const p = path.join(dir, name);
  writeFileSync(p, text);
  return p;
};

beforeAll(async () => {
  h = await createTestDb();
});
afterAll(async () => h?.close());

describe('portal import', () => {
  it('imports customers, properties, equipment and mappings, and updates rows that exist', async () => {
    const counts = await importFiles(h.db, {
      customers: file('c.csv', 'id,name\nK-1,"Acme, Inc."\nK-2,Globex\n'),
      properties: file('p.csv', 'id,customer_id,name,property_type\nKP-1,K-1,Acme HQ,Office\nKP-2,K-2,Globex Plant,Factory\n'),
      equipment: file('e.csv', 'id,customer_id,property_id,building_name,name,equipment_type,telemetry_data\nKE-1,K-1,KP-1,Acme HQ,RTU-1,Rooftop Unit,"{""tons"":5}"\n'),
      'telemetry-mappings': file('m.csv', 'customer_id,telemetry_customer_id,telemetry_customer_name\nK-1,t-1,Acme\n'),
    });
    expect(counts).toEqual({ customers: 2, properties: 2, equipment: 1, 'telemetry-mappings': 1 });
    expect(await h.db.selectFrom('customers').select(['id', 'name']).where('id', 'in', ['K-1', 'K-2']).orderBy('id').execute()).toEqual([
      { id: 'K-1', name: 'Acme, Inc.' },
      { id: 'K-2', name: 'Globex' },
    ]);
    const eq = await h.db.selectFrom('equipment').selectAll().where('id', '=', 'KE-1').executeTakeFirstOrThrow();
    expect(JSON.parse(eq.telemetry_data)).toEqual({ tons: 5 });
    await importFiles(h.db, { customers: file('c2.csv', 'name,id\nAcme Renamed,K-1\n') });
    expect((await h.db.selectFrom('customers').select('name').where('id', '=', 'K-1').executeTakeFirstOrThrow()).name).toBe('Acme Renamed');
    const audit = await h.db.selectFrom('audit_events').select('action').where('action', '=', 'catalogue.import').execute();
    expect(audit.length).toBe(2);
  });

  it('names the file, line and column of a bad row and imports nothing of any file', async () => {
    const customers = file('c3.csv', 'id,name\nK-9,Initech\n');
    const properties = file('p3.csv', 'id,customer_id,name,property_type\nKP-9,K-9,Initech Tower,Office\nKP-10,K-404,Lost,Office\n');
    const err = await importFiles(h.db, { customers, properties }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ImportError);
    expect((err as Error).message).toBe(`${properties}:3:2: customer_id: unknown customer "K-404"`);
    expect(await h.db.selectFrom('customers').select('id').where('id', '=', 'K-9').executeTakeFirst()).toBeUndefined();
  });

  it('rejects a missing required value, an unknown column, a bad header and broken CSV with positions', async () => {
    const empty = file('c4.csv', 'id,name\nK-5,\n');
    await expect(importFiles(h.db, { customers: empty })).rejects.toThrow(`${empty}:2:2: name is required`);
    const extra = file('c5.csv', 'id,name,colour\nK-6,x,red\n');
    await expect(importFiles(h.db, { customers: extra })).rejects.toThrow(`${extra}:1:3: unknown column "colour"`);
    const header = file('c6.csv', 'identifier,name\nK-7,x\n');
    await expect(importFiles(h.db, { customers: header })).rejects.toThrow(`${header}:1:1: the header row must name the columns id,name (missing: id)`);
    const ragged = file('c7.csv', 'id,name\nK-8,x,y\n');
    await expect(importFiles(h.db, { customers: ragged })).rejects.toThrow(new RegExp(`^${ragged.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}:2:`));
    await expect(importFiles(h.db, { customers: path.join(dir, 'missing.csv') })).rejects.toThrow(/cannot read the file \(ENOENT\)/);
  });
});
