import { DeleteCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../../../lambdas/shared/platform/clients.js';
import { readIndex, propertiesAndRows } from '../../../lambdas/shared/data/report-reads.js';
import {
  isIndexItem,
  packRows,
  planPartition,
  putReportRows,
  rowsOf,
  unpackItem,
  type ReportRow,
  type ReportRowsItem,
  type WorkOrderRow,
} from '../../../lambdas/shared/data/report-rows.js';
import { fakeAws, setTableEnv } from '../support/fake-aws.js';
import { assets, invoices, quotes, workOrders } from './fixture.js';

const db = fakeAws();
let client: ReturnType<typeof dynamo>;
beforeAll(() => {
  setTableEnv();
  client = dynamo();
});
beforeEach(() => db.clear());

const stored = () => (db.sorted('report-rows') as ReportRowsItem[]).filter((i) => !isIndexItem(i));
const index = (p: string, d: string) => [...((db.get('report-rows', { propertyId: p, sk: `index#${d}` })?.parts as Set<string> | undefined) ?? [])].sort();
const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
const all: ReportRow[] = [...workOrders, ...quotes, ...invoices, ...assets];
const wo = (id: string, createdAt: string, more: Partial<WorkOrderRow> = {}): WorkOrderRow => ({
  dataset: 'wo',
  id,
  propertyId: 'P1',
  kind: 'service',
  status: 'Open',
  priority: 'Low',
  createdAt,
  description: `job ${id}`,
  technician: 'Ann',
  amount: 1,
  ...more,
});

describe('report rows packed per property, dataset and year', () => {
  it('stores one item per property, dataset and year of the main date (assets: one), and reads every row back as written', async () => {
    await putReportRows(client, all);
    const sks = stored().map((i) => `${i.propertyId} ${i.sk}`);
    expect(sks.filter((k) => k.includes(' wo#'))).toEqual(['P1 wo#2026#1', 'P2 wo#2025#1']);
    expect(sks.filter((k) => k.includes(' asset#'))).toEqual(['P1 asset#-#1', 'P2 asset#-#1']);
    expect(unpackItem(stored().find((i) => i.propertyId === 'P1' && i.sk === 'wo#2026#1')!).map((r) => r.id)).toEqual(['W1', 'W2', 'W5']);
    for (const [dataset, rows] of [['wo', workOrders], ['quote', quotes], ['invoice', invoices], ['asset', assets]] as const) {
      expect((await rowsOf(client, dataset, ['P1', 'P2', 'P3'])).sort(byId)).toEqual([...rows].sort(byId));
    }
    // A field a row does not have stays absent (not null).
    expect((await rowsOf(client, 'wo', ['P1'])).find((r) => r.id === 'W1')).not.toHaveProperty('completedAt');
  });

  // What a projection returns is checked against DynamoDB Local (test/integration/dynamodb-local.test.ts).
  it('asks only for the columns given, with the keys, id and rev', async () => {
    await putReportRows(client, all);
    db.ddb.resetHistory();
    await rowsOf(client, 'quote', ['P1'], ['status', 'amount', 'dataset']);
    const input = db.ddb.commandCalls(QueryCommand)[0]!.args[0].input;
    expect(Object.values(input.ExpressionAttributeNames ?? {}).sort()).toEqual(['amount', 'id', 'propertyId', 'rev', 'sk', 'status']);
  });

  it('replaces a row by id, moving it to the year of its new date and deleting the item it leaves empty', async () => {
    await putReportRows(client, [wo('A', '2024-01-05'), wo('B', '2024-05-20'), wo('C', '2025-02-01')]);
    await putReportRows(client, [wo('C', '2024-01-09', { status: 'Completed' }), wo('D', '2026-03-01')]);
    expect(stored().map((i) => i.sk)).toEqual(['wo#2024#1', 'wo#2026#1']);
    // The index lists every item written, and keeps the one deleted (a listed sk that is gone reads as nothing).
    expect(index('P1', 'wo')).toEqual(['wo#2024#1', 'wo#2025#1', 'wo#2026#1']);
    const year = stored()[0]!;
    expect(unpackItem(year).map((r) => r.id)).toEqual(['A', 'B', 'C']);
    expect(year.rev).toBe(2);
    expect((await rowsOf(client, 'wo', ['P1'])).map((r) => [r.id, r.createdAt, r.status])).toEqual([
      ['A', '2024-01-05', 'Open'],
      ['B', '2024-05-20', 'Open'],
      ['C', '2024-01-09', 'Completed'],
      ['D', '2026-03-01', 'Open'],
    ]);
  });

  it('keeps the later of two rows with the same id in one call', async () => {
    await putReportRows(client, [wo('A', '2026-01-05', { amount: 1 }), wo('A', '2026-02-05', { amount: 2 })]);
    expect(await rowsOf(client, 'wo', ['P1'])).toEqual([wo('A', '2026-02-05', { amount: 2 })]);
  });

  it('writes nothing when the rows are already stored as given', async () => {
    await putReportRows(client, all);
    db.ddb.resetHistory();
    await putReportRows(client, all);
    expect(db.writes()).toBe(0);
  });

  it('splits a year that would pass 300 KB (before compression) into parts, and joins them again when it shrinks', async () => {
    const big = Array.from({ length: 40 }, (_, i) => wo(`W${String(i).padStart(2, '0')}`, '2026-01-10', { description: 'x'.repeat(10_000) }));
    await putReportRows(client, big);
    const parts = stored();
    expect(parts.map((i) => i.sk)).toEqual(['wo#2026#1', 'wo#2026#2']);
    expect(index('P1', 'wo')).toEqual(['wo#2026#1', 'wo#2026#2']);
    for (const item of parts) expect(Object.entries(item).reduce((n, [k, v]) => n + k.length + (v instanceof Uint8Array ? v.length : String(v).length), 0)).toBeLessThanOrEqual(300_000);
    expect((await rowsOf(client, 'wo', ['P1'])).sort(byId)).toEqual(big);
    await putReportRows(client, big.map((r) => ({ ...r, description: 'short' })));
    expect(stored().map((i) => i.sk)).toEqual(['wo#2026#1']);
    expect(db.ddb.commandCalls(DeleteCommand).map((c) => c.args[0].input.Key)).toEqual([{ propertyId: 'P1', sk: 'wo#2026#2' }]);
    expect((await rowsOf(client, 'wo', ['P1'])).map((r) => r.description)).toEqual(new Array(40).fill('short'));
  });

  it('writes each item on the condition that no other writer changed it since it was read', async () => {
    await putReportRows(client, [wo('A', '2026-01-05')]);
    await putReportRows(client, [wo('B', '2026-01-06'), wo('C', '2027-02-06')]);
    const puts = db.ddb.commandCalls(PutCommand).map((c) => c.args[0].input);
    expect(puts.map((p) => [p.Item!.sk, p.ConditionExpression, p.ExpressionAttributeValues])).toEqual([
      ['wo#2026#1', 'attribute_not_exists(sk)', undefined],
      ['wo#2026#1', '#r = :r', { ':r': 1 }],
      ['wo#2027#1', 'attribute_not_exists(sk)', undefined],
    ]);
  });

  it('reads rows stored one per item before packing, and replaces them when their id is written', async () => {
    db.put('report-rows', { ...wo('OLD', '2025-05-01'), sk: 'wo#OLD' });
    expect(await rowsOf(client, 'wo', ['P1'])).toEqual([wo('OLD', '2025-05-01')]);
    await putReportRows(client, [wo('OLD', '2025-05-01', { status: 'Completed' })]);
    expect(stored().map((i) => i.sk)).toEqual(['wo#2025#1']);
    expect(index('P1', 'wo')).toEqual(['wo#2025#1', 'wo#OLD']);
    expect(await rowsOf(client, 'wo', ['P1'])).toEqual([wo('OLD', '2025-05-01', { status: 'Completed' })]);
  });
});

describe('reading through the index', () => {
  it('reads the datasets of several properties in two BatchGetItem calls, the projection serving every dataset', async () => {
    await putReportRows(client, all);
    db.ddb.resetHistory();
    const datasets = ['quote', 'invoice'] as const;
    const attributes = { quote: ['status'], invoice: ['amount'] };
    const index = await readIndex(client, ['P1', 'P2'], datasets);
    const { properties, rows } = await propertiesAndRows(client, ['P1', 'P2'], datasets, index, attributes);
    expect(db.ddb.calls().map((c) => c.args[0].constructor.name)).toEqual(['BatchGetCommand', 'BatchGetCommand']);
    expect(properties).toEqual([]);
    const want = (d: 'quote' | 'invoice', cols: string[]) =>
      all.filter((r) => r.dataset === d).map((r) => Object.fromEntries(Object.entries(r).filter(([k]) => ['dataset', 'id', 'propertyId', ...cols].includes(k))) as { id: string }).sort(byId);
    expect(rows.get('quote')!.sort(byId)).toEqual(want('quote', ['status']));
    expect(rows.get('invoice')!.sort(byId)).toEqual(want('invoice', ['amount']));
  });

  it('reads a partition without an index item (written before the index, not migrated) by Query', async () => {
    await putReportRows(client, all);
    db.world.reportRows = db.world.reportRows.filter((i) => !(i.propertyId === 'P1' && i.sk === 'index#wo'));
    db.ddb.resetHistory();
    const index = await readIndex(client, ['P1', 'P2'], ['wo']);
    const { rows } = await propertiesAndRows(client, ['P1', 'P2'], ['wo'], index);
    expect(db.ddb.commandCalls(QueryCommand).map((c) => c.args[0].input.ExpressionAttributeValues)).toEqual([{ ':p': 'P1', ':d': 'wo#' }]);
    expect(rows.get('wo')!.sort(byId)).toEqual(all.filter((r) => r.dataset === 'wo' && ['P1', 'P2'].includes(r.propertyId)).sort(byId));
  });
});

describe('planPartition', () => {
  it('plans no write for rows already stored, and a rev-checked put for a changed year', () => {
    const items = packRows([wo('A', '2026-01-05'), wo('B', '2027-02-05')]);
    expect(planPartition('P1', 'wo', items, new Map([['A', wo('A', '2026-01-05')]]))).toEqual({ puts: [], deletes: [] });
    const plan = planPartition('P1', 'wo', items, new Map([['A', wo('A', '2027-02-01')]]));
    expect(plan.deletes).toEqual([{ sk: 'wo#2026#1', expected: 1 }]);
    expect(plan.puts.map((p) => [p.item.sk, p.item.rev, p.expected])).toEqual([['wo#2027#1', 2, 1]]);
    expect(unpackItem(plan.puts[0]!.item).map((r) => r.id)).toEqual(['A', 'B']);
  });
});
