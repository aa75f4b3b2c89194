/**
 * copy-items through the local stack (dynalite): a second table with the live documents table's key
 * stands for one restored by point-in-time recovery; a row deleted from the live table comes back
 * with `admin copy-items --local --where key=...`, and the other live rows stay as they are.
 */
import { CreateTableCommand, DescribeTableCommand, waitUntilTableExists } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, GetCommand, PutCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { jest } from '@jest/globals';
import type { DocumentItem } from '../../lambdas/shared/data/documents.js';
import { adminCli } from '../support/admin-cli.js';
import { startTestStack, type TestStack } from '../support/local-stack.js';

jest.setTimeout(120_000);

let t: TestStack;
let live: string;
const restored = () => `${live}-restored-2026-11-20`;
beforeAll(async () => {
  t = await startTestStack();
  live = t.env.DOCUMENTS_TABLE!;
});
afterAll(async () => t?.stop());

const admin = (...args: string[]) => adminCli(t.dataDir, ...args);

const doc = (key: string, fileName: string): DocumentItem => ({
  key,
  propertyId: 'KP-1',
  uploadedAt: '2026-11-01T10:00:00.000Z',
  fileName,
  contentType: 'application/pdf',
  sizeBytes: 1234,
  uploadedBy: 'ops@staff.test',
});
const rows = async (table: string) =>
  ((await t.db.send(new ScanCommand({ TableName: table, ConsistentRead: true }))).Items as DocumentItem[]).sort((a, b) => a.key.localeCompare(b.key));

describe('copy-items against the local stack', () => {
  const lost = doc('documents/0001/lost plan.pdf', 'lost plan.pdf');
  const kept = doc('documents/0002/kept.pdf', 'kept.pdf');
  const other = doc('documents/0003/other.pdf', 'other.pdf');

  beforeAll(async () => {
    // The restored table: the live table's key schema (and its index), as a point-in-time restore makes it.
    const { Table } = await t.db.send(new DescribeTableCommand({ TableName: live }));
    await t.db.send(
      new CreateTableCommand({
        TableName: restored(),
        KeySchema: Table!.KeySchema,
        AttributeDefinitions: Table!.AttributeDefinitions,
        BillingMode: 'PAY_PER_REQUEST',
        GlobalSecondaryIndexes: Table!.GlobalSecondaryIndexes?.map((i) => ({ IndexName: i.IndexName, KeySchema: i.KeySchema, Projection: i.Projection })),
      }),
    );
    await waitUntilTableExists({ client: t.db, maxWaitTime: 30 }, { TableName: restored() });
    // Both tables held the three rows at the restore time; then one row was deleted and one changed in the live table.
    for (const item of [lost, kept, other]) {
      await t.db.send(new PutCommand({ TableName: live, Item: item }));
      await t.db.send(new PutCommand({ TableName: restored(), Item: item }));
    }
    await t.db.send(new DeleteCommand({ TableName: live, Key: { key: lost.key } }));
    await t.db.send(new PutCommand({ TableName: live, Item: { ...other, fileName: 'renamed since.pdf' } }));
  });

  it('refuses the live table as the source, and a source with another key, writing nothing', async () => {
    const same = await admin('copy-items', '--table', 'documents', '--from', live);
    expect(same.code).toBe(1);
    expect(same.stderr).toMatch(`--from ${live} is the live documents table itself`);
    const users = await admin('copy-items', '--table', 'documents', '--from', t.env.USERS_TABLE!);
    expect(users.code).toBe(1);
    expect(users.stderr).toMatch(`partition key: ${t.env.USERS_TABLE} has sub (S), ${live} has key (S)`);
    expect((await rows(live)).map((r) => r.key)).toEqual([kept.key, other.key]);
  });

  it('a dry run names the row and writes nothing', async () => {
    const r = await admin('copy-items', '--table', 'documents', '--from', restored(), '--where', `key=${lost.key}`, '--dry-run');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`would put {"key":"documents/0001/lost plan.pdf"`);
    expect(r.stdout).toMatch(`Dry run: would copy 1 of 3 items matching key=${lost.key} from ${restored()} into ${live}; nothing was written.`);
    expect((await rows(live)).map((r) => r.key)).toEqual([kept.key, other.key]);
  });

  it('brings the deleted row back as it was, leaving the other live rows untouched', async () => {
    const r = await admin('copy-items', '--table', 'documents', '--from', restored(), '--where', `key=${lost.key}`, '--where', 'propertyId=KP-1');
    expect(r.code).toBe(0);
    expect(r.stdout.trim()).toBe(`Copied 1 of 3 items matching key=${lost.key} and propertyId=KP-1 from ${restored()} into ${live}.`);
    expect((await t.db.send(new GetCommand({ TableName: live, Key: { key: lost.key }, ConsistentRead: true }))).Item).toEqual(lost);
    expect(await rows(live)).toEqual([lost, kept, { ...other, fileName: 'renamed since.pdf' }]);
    expect(await rows(restored())).toEqual([lost, kept, other]);
  });
});
