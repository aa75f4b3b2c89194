import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../test/helpers.js';
import { migrate, type DbHandle } from './index.js';

let h: DbHandle;
beforeAll(async () => {
  h = await createTestDb();
});
afterAll(async () => h?.close());

describe('the database layer', () => {
  it('runs concurrent transactions correctly, each all or nothing', async () => {
    const work = Array.from({ length: 40 }, (_, i) =>
      h.db.transaction().execute(async (trx) => {
        await trx.insertInto('customers').values({ id: `T-${i}`, name: `t${i}` }).execute();
        await new Promise((r) => setTimeout(r, Math.random() * 5));
        await trx.insertInto('properties').values({ id: `TP-${i}`, customer_id: `T-${i}`, name: 'p' }).execute();
        if (i % 10 === 3) throw new Error('roll this one back');
      }),
    );
    const plain = Array.from({ length: 20 }, () => h.db.selectFrom('customers').select('id').execute());
    const results = await Promise.allSettled([...work, ...plain]);
    expect(results.filter((r) => r.status === 'rejected')).toHaveLength(4);
    const customers = await h.db.selectFrom('customers').select('id').where('id', 'like', 'T-%').execute();
    const properties = await h.db.selectFrom('properties').select('id').where('id', 'like', 'TP-%').execute();
    expect(customers).toHaveLength(36);
    expect(properties).toHaveLength(36);
    expect(customers.some((c) => c.id === 'T-3')).toBe(false);
  });

  it('applies migrations once', async () => {
    expect(await migrate(h.db)).toEqual([]);
    const applied = await sql<{ version: string }>`select version from schema_migrations order by version`.execute(h.db);
    expect(applied.rows[0]!.version).toBe('0001_init.sql');
  });

  it('keeps emails lower-case', async () => {
    await expect(h.db.insertInto('users').values({ email: 'Upper@Case.test', name: 'x' }).execute()).rejects.toThrow();
  });
});
