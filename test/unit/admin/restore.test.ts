import { DescribeTableCommand, type DescribeTableCommandInput } from '@aws-sdk/client-dynamodb';
import {
  CopyObjectCommand,
  GetBucketVersioningCommand,
  ListObjectVersionsCommand,
  type CopyObjectCommandInput,
  type ListObjectVersionsCommandInput,
} from '@aws-sdk/client-s3';
import { BatchWriteCommand, ScanCommand, type BatchWriteCommandInput, type ScanCommandInput } from '@aws-sdk/lib-dynamodb';
import { jest } from '@jest/globals';
import { main } from '../../../bin/admin.js';
import { copyItems, restoreDocument, RestoreError } from '../../../infra/admin/restore.js';
import type { DocumentItem } from '../../../lambdas/shared/data/documents.js';
import { BUCKET, fakeAws } from '../support/fake-aws.js';
import { setEnv } from './support/fixtures.js';

const db = fakeAws();
beforeAll(() => setEnv());

/** The live documents table is `documents` (setTableEnv); this one stands for its restored copy. */
const RESTORED = 'documents-restored-2026-11-20';
const doc = (key: string, propertyId = 'P-1', fileName = 'plan.pdf'): DocumentItem => ({
  key,
  propertyId,
  uploadedAt: '2026-11-01T00:00:00.000Z',
  fileName,
  contentType: 'application/pdf',
  sizeBytes: 10,
  uploadedBy: 'ops@example-hvac.com',
});

// DescribeTable answers from these key schemas, by table name.
type Key = { partition: [string, 'S' | 'N']; sort?: [string, 'S' | 'N'] };
let schemas: Record<string, Key>;
db.ddb.on(DescribeTableCommand).callsFake(async (i: DescribeTableCommandInput) => {
  const k = schemas[i.TableName!];
  if (!k) throw Object.assign(new Error(`Requested resource not found: Table: ${i.TableName} not found`), { name: 'ResourceNotFoundException' });
  const parts = k.sort ? [k.partition, k.sort] : [k.partition];
  return {
    Table: {
      TableName: i.TableName,
      TableStatus: 'ACTIVE',
      KeySchema: parts.map(([AttributeName], n) => ({ AttributeName, KeyType: n === 0 ? 'HASH' : 'RANGE' })),
      AttributeDefinitions: parts.map(([AttributeName, AttributeType]) => ({ AttributeName, AttributeType })),
    },
  };
});

// The restored table (the shared fake knows only the live tables): scanned in pages of `pageSize`.
let restoredRows: DocumentItem[];
let pageSize: number;
db.ddb.on(ScanCommand, { TableName: RESTORED }).callsFake(async (i: ScanCommandInput) => {
  const from = i.ExclusiveStartKey ? restoredRows.findIndex((r) => r.key === i.ExclusiveStartKey!.key) + 1 : 0;
  const page = restoredRows.slice(from, from + pageSize);
  return { Items: structuredClone(page), LastEvaluatedKey: from + pageSize < restoredRows.length ? { key: page.at(-1)!.key } : undefined };
});

// Batch writes store into the fake's tables; `unprocessed` leaves the last put of the next calls unprocessed.
let unprocessed = 0;
db.ddb.on(BatchWriteCommand).callsFake(async (i: BatchWriteCommandInput) => {
  const [[table, requests]] = Object.entries(i.RequestItems!) as [[string, { PutRequest?: { Item?: Record<string, unknown> } }[]]];
  if (requests.length > 25) throw Object.assign(new Error('Too many items requested for the BatchWriteItem call'), { name: 'ValidationException' });
  const left = unprocessed > 0 ? requests.slice(-1) : [];
  if (unprocessed > 0) unprocessed--;
  db.put(table, ...requests.slice(0, requests.length - left.length).map((r) => r.PutRequest!.Item!));
  return { UnprocessedItems: left.length ? { [table]: left } : {} };
});

// A versioned bucket: versions and delete markers per key, as S3 lists them.
interface Version {
  VersionId: string;
  LastModified: Date;
  marker?: boolean;
  Size?: number;
}
let versioning: 'Enabled' | 'Suspended' | undefined;
let bucket: Map<string, Version[]>;
let copied: CopyObjectCommandInput[];
const at = (iso: string) => new Date(iso);
const listVersions = (i: ListObjectVersionsCommandInput) => {
  const keys = [...bucket.keys()].filter((k) => k.startsWith(i.Prefix ?? '')).sort();
  const entries = keys.flatMap((Key) => {
    const list = [...bucket.get(Key)!].sort((a, b) => b.LastModified.getTime() - a.LastModified.getTime());
    return list.map((v, n) => ({ Key, ...v, IsLatest: n === 0 }));
  });
  return {
    Versions: entries.filter((e) => !e.marker).map(({ marker: _m, ...v }) => v),
    DeleteMarkers: entries.filter((e) => e.marker).map(({ marker: _m, Size: _s, ...v }) => v),
    IsTruncated: false,
  };
};
db.s3.on(GetBucketVersioningCommand).callsFake(async () => (versioning ? { Status: versioning } : {}));
db.s3.on(ListObjectVersionsCommand).callsFake(async (i: ListObjectVersionsCommandInput) => listVersions(i));
db.s3.on(CopyObjectCommand).callsFake(async (i: CopyObjectCommandInput) => {
  copied.push(i);
  const m = /^([^/]+)\/(.+)\?versionId=(.+)$/.exec(i.CopySource!);
  if (!m || m[1] !== BUCKET) throw new Error(`unexpected copy source ${i.CopySource}`);
  const source = bucket.get(decodeURIComponent(m[2]!))?.find((v) => v.VersionId === decodeURIComponent(m[3]!));
  if (!source || source.marker) throw Object.assign(new Error('The specified version does not exist.'), { name: 'NoSuchVersion' });
  const VersionId = `v-new-${copied.length}`;
  bucket.get(i.Key!)!.push({ VersionId, LastModified: new Date(), Size: source.Size });
  return { VersionId };
});

const KEY = 'documents/0b9e/plan.pdf';
let out: string[];
const print = (line: string) => void out.push(line);
beforeEach(() => {
  db.clear();
  out = [];
  unprocessed = 0;
  pageSize = 2;
  copied = [];
  versioning = 'Enabled';
  schemas = { documents: { partition: ['key', 'S'] }, [RESTORED]: { partition: ['key', 'S'] } };
  restoredRows = [doc('documents/a/1.pdf'), doc('documents/b/2.pdf', 'P-2'), doc('documents/c/3.pdf', 'P-1', 'other.pdf'), doc('documents/d/4.pdf', 'P-2')];
  // Uploaded on the 1st, replaced on the 5th, deleted in the portal on the 9th; a longer key shares the prefix.
  bucket = new Map([
    [
      KEY,
      [
        { VersionId: 'v1', LastModified: at('2026-11-01T10:00:00Z'), Size: 100 },
        { VersionId: 'v2', LastModified: at('2026-11-05T10:00:00Z'), Size: 200 },
        { VersionId: 'm1', LastModified: at('2026-11-09T10:00:00Z'), marker: true },
      ],
    ],
    [`${KEY}.old`, [{ VersionId: 'x1', LastModified: at('2026-11-10T10:00:00Z'), Size: 5 }]],
  ]);
});

const refusal = async (p: Promise<unknown>) => {
  const err = await p.catch((e: unknown) => e);
  expect(err).toBeInstanceOf(RestoreError);
  return (err as Error).message;
};

describe('copy-items: refusals before any write', () => {
  it('refuses the live table as its own source, before any call', async () => {
    expect(await refusal(copyItems({ table: 'documents', from: 'documents', print }))).toBe(
      '--from documents is the live documents table itself: name the table restored from it.',
    );
    expect(db.ddb.calls()).toHaveLength(0);
  });

  it('refuses an unknown table key and a --where without =', async () => {
    expect(await refusal(copyItems({ table: 'document', from: RESTORED, print }))).toMatch(/^--table "document" is not a table; use one of users, legacyUsers, customers, /);
    expect(await refusal(copyItems({ table: 'documents', from: RESTORED, where: ['propertyId'], print }))).toBe('--where "propertyId": write it as ATTRIBUTE=VALUE');
    expect(db.ddb.calls()).toHaveLength(0);
  });

  it('refuses a source whose key differs from the live table\'s, naming the difference', async () => {
    schemas[RESTORED] = { partition: ['id', 'S'], sort: ['sk', 'S'] };
    expect(await refusal(copyItems({ table: 'documents', from: RESTORED, print }))).toBe(
      `Nothing was copied: the key of ${RESTORED} is not the key of documents (partition key: ${RESTORED} has id (S), documents has key (S); ` +
        `sort key: ${RESTORED} has sk (S), documents has none). Name a restored copy of the live table.`,
    );
    schemas[RESTORED] = { partition: ['key', 'N'] };
    expect(await refusal(copyItems({ table: 'documents', from: RESTORED, print }))).toMatch(/\(partition key: \S+ has key \(N\), documents has key \(S\)\)/);
    expect(db.writes()).toBe(0);
    expect(db.ddb.commandCalls(ScanCommand)).toHaveLength(0);
  });

  it('says how to make the restored table when it does not exist', async () => {
    expect(await refusal(copyItems({ table: 'documents', from: 'documents-restored-typo', print }))).toMatch(
      /^No table documents-restored-typo in region eu-west-1: restore one first with aws dynamodb restore-table-to-point-in-time/,
    );
    expect(db.writes()).toBe(0);
  });
});

describe('copy-items: copying', () => {
  it('copies only the items matching every --where, reading every page, and leaves the other live rows alone', async () => {
    db.put('documents', { ...doc('documents/a/1.pdf'), fileName: 'changed-since.pdf' }, doc('documents/z/9.pdf', 'P-9'));
    const r = await copyItems({ table: 'documents', from: RESTORED, where: ['propertyId=P-1', 'fileName=plan.pdf'], print });
    expect(r).toEqual({ scanned: 4, matched: 1, written: 1 });
    expect(db.ddb.commandCalls(ScanCommand).map((c) => c.args[0].input.ExclusiveStartKey)).toEqual([undefined, { key: 'documents/b/2.pdf' }]);
    // The same key is overwritten by the restored item; the rest of the live table is as it was.
    expect(db.sorted('documents')).toEqual([doc('documents/a/1.pdf'), doc('documents/z/9.pdf', 'P-9')]);
    expect(out).toEqual([`Copied 1 of 4 items matching propertyId=P-1 and fileName=plan.pdf from ${RESTORED} into documents.`]);
  });

  it('without --where copies every item, never deleting; a value may hold "="', async () => {
    db.put('documents', doc('documents/z/9.pdf', 'P-9'));
    expect(await copyItems({ table: 'documents', from: RESTORED, print })).toEqual({ scanned: 4, matched: 4, written: 4 });
    expect(db.all('documents')).toHaveLength(5);
    restoredRows = [{ ...doc('documents/e/5.pdf'), fileName: 'a=b.pdf' }];
    expect(await copyItems({ table: 'documents', from: RESTORED, where: ['fileName=a=b.pdf'], print })).toMatchObject({ matched: 1 });
  });

  it('writes in batches of 25 and retries the items DynamoDB left unprocessed', async () => {
    restoredRows = Array.from({ length: 60 }, (_, n) => doc(`documents/${String(n).padStart(2, '0')}/f.pdf`));
    pageSize = 100;
    unprocessed = 2;
    const r = await copyItems({ table: 'documents', from: RESTORED, print, retryDelayMs: 1 });
    expect(r).toEqual({ scanned: 60, matched: 60, written: 60 });
    expect(db.all('documents')).toHaveLength(60);
    // The first batch's last item is left unprocessed, and so is its first retry; the second retry writes it.
    const sizes = db.ddb.commandCalls(BatchWriteCommand).map((c) => Object.values(c.args[0].input.RequestItems!)[0]!.length);
    expect(sizes).toEqual([25, 1, 1, 25, 10]);
  });

  it('stops naming the items still unprocessed after the last attempt', async () => {
    restoredRows = [doc('documents/a/1.pdf')];
    unprocessed = 10;
    expect(await refusal(copyItems({ table: 'documents', from: RESTORED, print, retryDelayMs: 1, maxAttempts: 3 }))).toBe(
      '1 items were still unprocessed after 3 attempts (the table\'s throughput): run the same command again; it overwrites, so a second run is safe.',
    );
    expect(db.ddb.commandCalls(BatchWriteCommand)).toHaveLength(3);
  });

  it('a dry run prints what it would write and writes nothing', async () => {
    const r = await copyItems({ table: 'documents', from: RESTORED, where: ['propertyId=P-2'], dryRun: true, print });
    expect(r).toEqual({ scanned: 4, matched: 2, written: 0 });
    expect(db.writes()).toBe(0);
    expect(out).toEqual([
      `would put ${JSON.stringify(doc('documents/b/2.pdf', 'P-2'))}`,
      `would put ${JSON.stringify(doc('documents/d/4.pdf', 'P-2'))}`,
      `Dry run: would copy 2 of 4 items matching propertyId=P-2 from ${RESTORED} into documents; nothing was written.`,
    ]);
  });
});

describe('restore-document: refusals', () => {
  it('refuses keys outside documents/, before any call', async () => {
    for (const key of ['uploads/x/plan.pdf', 'documents/', 'documents/x/', 'plan.pdf'])
      expect(await refusal(restoreDocument({ key, print }))).toBe(`--key "${key}" is not a document's key: documents are stored under documents/ (documents/<id>/<file name>).`);
    expect(db.s3.calls()).toHaveLength(0);
  });

  it('refuses a bucket without versioning: the stage keeps no earlier versions', async () => {
    versioning = undefined;
    expect(await refusal(restoreDocument({ key: KEY, print }))).toBe(
      `Bucket ${BUCKET} is not versioned (versioning never enabled): this stage keeps no earlier versions of documents (documentsBucketVersioned in cdk.json), so there is nothing to restore.`,
    );
    versioning = 'Suspended';
    expect(await refusal(restoreDocument({ key: KEY, print }))).toMatch(/\(versioning Suspended\): this stage keeps no earlier versions/);
    expect(copied).toEqual([]);
  });

  it('names an unknown version id, a delete marker and an empty --before, listing the versions', async () => {
    expect(await refusal(restoreDocument({ key: KEY, versionId: 'v9', print }))).toBe(
      [
        `${KEY} has no version v9.`,
        `Versions of ${KEY}, newest first:`,
        '  m1  2026-11-09T10:00:00.000Z  delete marker  (current)',
        '  v2  2026-11-05T10:00:00.000Z  200 bytes',
        '  v1  2026-11-01T10:00:00.000Z  100 bytes',
      ].join('\n'),
    );
    expect(await refusal(restoreDocument({ key: KEY, versionId: 'm1', print }))).toMatch(/^Version m1 of \S+ is a delete marker, not content\./);
    expect(await refusal(restoreDocument({ key: KEY, before: '2026-10-01T00:00:00Z', print }))).toMatch(/^\S+ has no version stored before 2026-10-01T00:00:00.000Z\./);
    expect(await refusal(restoreDocument({ key: KEY, before: 'last tuesday', print }))).toMatch(/^--before "last tuesday" is not an ISO time/);
    expect(await refusal(restoreDocument({ key: 'documents/none/x.pdf', print }))).toMatch(/has no version and no delete marker of documents\/none\/x\.pdf/);
    expect(copied).toEqual([]);
  });

  it('restores nothing when the chosen version is already the current one', async () => {
    bucket.get(KEY)!.pop(); // no deletion: v2 is current
    expect(await refusal(restoreDocument({ key: KEY, print }))).toMatch(/^Version v2 is already the current version of \S+: nothing to restore\. Name an earlier one/);
    expect(copied).toEqual([]);
  });
});

describe('restore-document: the version chosen', () => {
  const source = () => decodeURIComponent(copied[0]!.CopySource!.split('?versionId=')[1]!);

  it('without options: the newest version that is not a delete marker, copied onto the same key', async () => {
    db.put('documents', doc(KEY));
    const r = await restoreDocument({ key: KEY, print });
    expect(r).toMatchObject({ restored: { versionId: 'v2' }, newVersionId: 'v-new-1', hasRow: true });
    expect(copied).toEqual([expect.objectContaining({ Bucket: BUCKET, Key: KEY, CopySource: `${BUCKET}/documents/0b9e/plan.pdf?versionId=v2` })]);
    expect(out).toEqual([`Restored ${KEY}: version v2 of 2026-11-05T10:00:00.000Z (200 bytes) is the current version again (new version v-new-1).`]);
    // Exact key only: the longer key sharing the prefix is not a version of it.
    expect(r.restored.versionId).not.toBe('x1');
  });

  it('--before: the newest version older than that time; --version-id: that version', async () => {
    db.put('documents', doc(KEY));
    expect((await restoreDocument({ key: KEY, before: '2026-11-05T09:59:59Z', print })).restored.versionId).toBe('v1');
    expect(source()).toBe('v1');
    copied = [];
    bucket.get(KEY)!.splice(3); // forget the version the first restore made
    expect((await restoreDocument({ key: KEY, versionId: 'v1', print })).restored.versionId).toBe('v1');
    expect(source()).toBe('v1');
  });

  it('a document deleted in the portal: prints the restore and copy-items commands that bring its row back', async () => {
    const r = await restoreDocument({ key: KEY, targetArgs: '--stage prod', print });
    expect(r.hasRow).toBe(false);
    expect(out.slice(1)).toEqual([
      `The documents table documents has no row for ${KEY}: the document was deleted in the portal and is not listed until its row is back.`,
      'Its row existed between 2026-11-05T10:00:00.000Z and 2026-11-09T10:00:00.000Z. Restore the documents table to a time in between (it makes a new table; wait until it is ACTIVE):',
      '  aws dynamodb restore-table-to-point-in-time --source-table-name documents --target-table-name documents-restored-<date> --restore-date-time 2026-11-09T09:59:00.000Z',
      'then copy the row back:',
      `  npm run admin -- copy-items --stage prod --table documents --from documents-restored-<date> --where key=${KEY}`,
    ]);
  });
});

describe('the admin CLI entries', () => {
  beforeEach(() => {
    jest.spyOn(console, 'log').mockImplementation((...a: unknown[]) => void out.push(a.join(' ')));
    jest.spyOn(console, 'error').mockImplementation((...a: unknown[]) => void out.push(a.join(' ')));
  });
  afterEach(() => jest.restoreAllMocks());

  it('copy-items takes repeated --where and --dry-run; restore-document refuses two choices', async () => {
    expect(await main(['copy-items', '--table', 'documents', '--from', RESTORED, '--where', 'propertyId=P-1', '--where', 'fileName=other.pdf', '--dry-run'])).toBe(0);
    expect(out.at(-1)).toBe(`Dry run: would copy 1 of 4 items matching propertyId=P-1 and fileName=other.pdf from ${RESTORED} into documents; nothing was written.`);
    expect(await main(['copy-items', '--table', 'documents'])).toBe(1);
    expect(out.at(-1)).toMatch(/^--table and --from are required\.\n\nUsage: admin copy-items/);
    expect(await main(['copy-items', '--table', 'documents', '--from', 'documents'])).toBe(1);
    expect(out.at(-1)).toBe('--from documents is the live documents table itself: name the table restored from it.');
    expect(await main(['restore-document', '--key', KEY, '--version-id', 'v1', '--before', '2026-11-02T00:00:00Z'])).toBe(1);
    expect(out.at(-1)).toMatch(/^Use either --version-id or --before\.\n\nUsage: admin restore-document/);
    expect(db.writes()).toBe(0);
    expect(copied).toEqual([]);
  });

  it('restore-document prints the copy-items command for the same target', async () => {
    expect(await main(['restore-document', '--key', KEY])).toBe(0);
    expect(out.at(-1)).toBe(`  npm run admin -- copy-items --table documents --from documents-restored-<date> --where key=${KEY}`);
  });
});
