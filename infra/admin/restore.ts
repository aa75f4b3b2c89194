/**
 * Restoring data, for `admin copy-items` and `admin restore-document`.
 *
 * DynamoDB's point-in-time recovery restores into a new table, while the stack's functions keep
 * using the live one: copy-items copies the items that were lost from that restored table back
 * into the live table (puts only, never a delete). A document's earlier content is an earlier
 * version of its object in the versioned documents bucket: restore-document copies that version
 * onto the same key, so it becomes the current version and nothing is destroyed.
 */
import { DescribeTableCommand, DynamoDBClient, type TableDescription } from '@aws-sdk/client-dynamodb';
import { CopyObjectCommand, GetBucketVersioningCommand, ListObjectVersionsCommand } from '@aws-sdk/client-s3';
import { DynamoDBDocumentClient, NumberValue, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, storage } from '../../lambdas/shared/platform/clients.js';
import { batchWrite, UnprocessedItemsError } from '../../lambdas/shared/data/batch.js';
import { getDocument } from '../../lambdas/shared/data/documents.js';
import { settings, tableName } from '../../lambdas/shared/platform/env.js';
import { documentsBucket } from '../../lambdas/shared/resources/definitions.js';
import { tables, type TableName } from '../../lambdas/shared/resources/tables.js';
import { AdminInputError } from './users.js';

/** A refusal of a restore command, printed as it is. */
export class RestoreError extends AdminInputError {}

type Item = Record<string, unknown>;
type Print = (line: string) => void;

/** The attribute of a documents row that holds the object's S3 key (lambdas/shared/data/documents.ts). */
export const documentKeyAttribute = 'key';

// ---------------------------------------------------------------------------------------------
// copy-items

export const copyItemsHelp = `Usage: admin copy-items [--stage NAME | --local [--data-dir DIR]] --table TABLE --from RESTORED_TABLE
       [--where ATTRIBUTE=VALUE ...] [--dry-run]

Copies items from a table restored with DynamoDB point-in-time recovery (a new table, see
"aws dynamodb restore-table-to-point-in-time") back into the stage's live table.
  --table TABLE        the live table, by its key: ${Object.keys(tables).join(', ')}
  --from NAME          the physical name of the restored table; it must have the live table's key
  --where A=V          copy only items whose top-level attribute A holds exactly the string V;
                       repeat it to require several (all must hold); without it, every item
  --dry-run            print the items that would be written, write nothing
Every matching item is written with PutItem semantics: an item of the live table with the same key
is OVERWRITTEN by the restored one (changes made since the restore time are lost for that item).
Items are never deleted, and items of the live table that the restored table lacks stay as they are.`;

/** The command line's options; `--where` repeats (parseArgs returns its values as a list). */
export const copyItemsOptions = {
  table: { type: 'string' },
  from: { type: 'string' },
  where: { type: 'string', multiple: true },
  'dry-run': { type: 'boolean' },
} as const;

export interface CopyItemsOptions {
  table: string;
  from: string;
  /** `attribute=value` filters, all of which must hold. */
  where?: string[];
  dryRun?: boolean;
  print?: Print;
  /** First pause before retrying unprocessed items; it doubles each attempt. */
  retryDelayMs?: number;
  maxAttempts?: number;
}

export interface CopyItemsResult {
  scanned: number;
  matched: number;
  written: number;
}

let copier: DynamoDBDocumentClient | undefined;
/** Numbers are read as their digits (NumberValue) and written back so: a copy keeps every digit. */
const copyClient = () =>
  (copier ??= DynamoDBDocumentClient.from(new DynamoDBClient({}), { unmarshallOptions: { wrapNumbers: true } }));

/** `attribute=value` → its parts; the value may itself hold `=`. */
export function parseWhere(filters: string[]): { attribute: string; value: string }[] {
  return filters.map((f) => {
    const at = f.indexOf('=');
    if (at <= 0) throw new RestoreError(`--where "${f}": write it as ATTRIBUTE=VALUE`);
    return { attribute: f.slice(0, at), value: f.slice(at + 1) };
  });
}

interface KeyPart {
  name: string;
  type: string;
}
const describeKey = (d: TableDescription) => {
  const part = (kind: 'HASH' | 'RANGE'): KeyPart | undefined => {
    const name = d.KeySchema?.find((k) => k.KeyType === kind)?.AttributeName;
    return name === undefined ? undefined : { name, type: d.AttributeDefinitions?.find((a) => a.AttributeName === name)?.AttributeType ?? '?' };
  };
  return { partition: part('HASH'), sort: part('RANGE') };
};
const show = (k: KeyPart | undefined) => (k ? `${k.name} (${k.type})` : 'none');

async function describe(name: string): Promise<TableDescription> {
  try {
    const r = await copyClient().send(new DescribeTableCommand({ TableName: name }));
    if (!r?.Table) throw new RestoreError(`DynamoDB did not describe table ${name}`);
    return r.Table;
  } catch (e) {
    if ((e as Error).name === 'ResourceNotFoundException')
      throw new RestoreError(
        `No table ${name} in region ${process.env.AWS_REGION ?? "(the CLI's default)"}: restore one first with aws dynamodb restore-table-to-point-in-time (see --help).`,
      );
    throw e;
  }
}

/** Refuses unless `from` has the live table's partition and sort key (names and types), naming the difference. */
export function checkSameKey(from: string, fromTable: TableDescription, live: string, liveTable: TableDescription): void {
  const a = describeKey(fromTable);
  const b = describeKey(liveTable);
  const diffs: string[] = [];
  if (show(a.partition) !== show(b.partition)) diffs.push(`partition key: ${from} has ${show(a.partition)}, ${live} has ${show(b.partition)}`);
  if (show(a.sort) !== show(b.sort)) diffs.push(`sort key: ${from} has ${show(a.sort)}, ${live} has ${show(b.sort)}`);
  if (diffs.length) throw new RestoreError(`Nothing was copied: the key of ${from} is not the key of ${live} (${diffs.join('; ')}). Name a restored copy of the live table.`);
}


/** JSON of an item as DynamoDB holds it: numbers by their digits, sets as lists. */
const itemJson = (item: Item) =>
  JSON.stringify(item, (_k, v: unknown) => {
    if (v instanceof NumberValue) return Number.isSafeInteger(Number(v.value)) || String(Number(v.value)) === v.value ? Number(v.value) : v.value;
    if (v instanceof Set) return [...(v as Set<unknown>)];
    return v;
  });

export async function copyItems(o: CopyItemsOptions): Promise<CopyItemsResult> {
  const print = o.print ?? ((line: string) => console.log(line));
  if (!(o.table in tables)) throw new RestoreError(`--table "${o.table}" is not a table; use one of ${Object.keys(tables).join(', ')}`);
  const live = tableName(o.table as TableName);
  if (!o.from.trim()) throw new RestoreError('--from names no table');
  if (o.from === live) throw new RestoreError(`--from ${o.from} is the live ${o.table} table itself: name the table restored from it.`);
  const filters = parseWhere(o.where ?? []);

  const [fromTable, liveTable] = await Promise.all([describe(o.from), describe(live)]);
  if (fromTable.TableStatus && fromTable.TableStatus !== 'ACTIVE')
    throw new RestoreError(`Table ${o.from} is ${fromTable.TableStatus}: wait until the restore ends (aws dynamodb wait table-exists --table-name ${o.from}).`);
  checkSameKey(o.from, fromTable, live, liveTable);

  const matches = (item: Item) => filters.every((f) => item[f.attribute] === f.value);
  const result: CopyItemsResult = { scanned: 0, matched: 0, written: 0 };
  let start: Record<string, unknown> | undefined;
  do {
    const page = await copyClient().send(new ScanCommand({ TableName: o.from, ExclusiveStartKey: start, ConsistentRead: true }));
    const items = (page.Items ?? []) as Item[];
    result.scanned += items.length;
    const chosen = items.filter(matches);
    result.matched += chosen.length;
    if (o.dryRun) for (const item of chosen) print(`would put ${itemJson(item)}`);
    else {
      try {
        await batchWrite(copyClient(), live, chosen, [], { delayMs: o.retryDelayMs ?? 100, maxAttempts: o.maxAttempts ?? 8 });
      } catch (e) {
        if (!(e instanceof UnprocessedItemsError)) throw e;
        throw new RestoreError(`${e.message} (the table's throughput): run the same command again; it overwrites, so a second run is safe.`);
      }
      result.written += chosen.length;
    }
    start = page.LastEvaluatedKey;
  } while (start);

  const where = filters.length ? ` matching ${filters.map((f) => `${f.attribute}=${f.value}`).join(' and ')}` : '';
  print(
    o.dryRun
      ? `Dry run: would copy ${result.matched} of ${result.scanned} items${where} from ${o.from} into ${live}; nothing was written.`
      : `Copied ${result.written} of ${result.scanned} items${where} from ${o.from} into ${live}.`,
  );
  return result;
}

// ---------------------------------------------------------------------------------------------
// restore-document

export const restoreDocumentHelp = `Usage: admin restore-document [--stage NAME | --local [--data-dir DIR]] --key KEY
       [--version-id ID | --before ISO_TIME]

Makes an earlier version of a document's object in the versioned documents bucket its current
version again (a copy of that version onto the same key: nothing is deleted, and the version it
replaces stays as a noncurrent version). KEY is the object's key, under ${documentsBucket.documentsPrefix}.
  (no option)          the newest version that is not a delete marker (a document deleted in the portal)
  --before ISO_TIME    the newest version stored before that time (a document replaced or damaged since)
  --version-id ID      that version
A stage whose bucket is not versioned keeps no earlier versions; noncurrent versions expire after 30
days. When the documents table has no row for KEY (the document was deleted in the portal), the
command prints the copy-items command that brings the row back from a restored documents table.`;

export interface RestoreDocumentOptions {
  key: string;
  versionId?: string;
  before?: string;
  /** The target options of the command line (`--stage dev`), repeated in the copy-items command printed. */
  targetArgs?: string;
  print?: Print;
}

export interface ObjectVersion {
  versionId: string;
  lastModified: Date;
  deleteMarker: boolean;
  isLatest: boolean;
  size?: number;
}

export interface RestoredDocument {
  restored: ObjectVersion;
  newVersionId?: string;
  /** Whether the documents table has a row for the key. */
  hasRow: boolean;
}

/** The versions and delete markers of exactly `key`, newest first. */
export async function versionsOf(bucket: string, key: string): Promise<ObjectVersion[]> {
  const found: ObjectVersion[] = [];
  let keyMarker: string | undefined;
  let versionIdMarker: string | undefined;
  for (;;) {
    const r = await storage().send(new ListObjectVersionsCommand({ Bucket: bucket, Prefix: key, KeyMarker: keyMarker, VersionIdMarker: versionIdMarker }));
    for (const v of r.Versions ?? [])
      if (v.Key === key && v.VersionId)
        found.push({ versionId: v.VersionId, lastModified: new Date(v.LastModified ?? 0), deleteMarker: false, isLatest: !!v.IsLatest, size: v.Size });
    for (const m of r.DeleteMarkers ?? [])
      if (m.Key === key && m.VersionId) found.push({ versionId: m.VersionId, lastModified: new Date(m.LastModified ?? 0), deleteMarker: true, isLatest: !!m.IsLatest });
    if (!r.IsTruncated) break;
    keyMarker = r.NextKeyMarker;
    versionIdMarker = r.NextVersionIdMarker;
    // Versions are listed key by key: once past our key, the rest are longer keys sharing its prefix.
    if (keyMarker !== undefined && keyMarker !== key) break;
  }
  return found.sort((a, b) => b.lastModified.getTime() - a.lastModified.getTime() || Number(b.isLatest) - Number(a.isLatest));
}

const describeVersion = (v: ObjectVersion) =>
  `${v.versionId}  ${v.lastModified.toISOString()}  ${v.deleteMarker ? 'delete marker' : `${v.size ?? '?'} bytes`}${v.isLatest ? '  (current)' : ''}`;
const listing = (key: string, versions: ObjectVersion[]) => `Versions of ${key}, newest first:\n${versions.map((v) => `  ${describeVersion(v)}`).join('\n')}`;

/** The version to restore, by the options; throws naming why none fits. */
export function chooseVersion(key: string, versions: ObjectVersion[], o: { versionId?: string; before?: string }): ObjectVersion {
  const stored = versions.filter((v) => !v.deleteMarker);
  let chosen: ObjectVersion | undefined;
  if (o.versionId !== undefined) {
    const v = versions.find((x) => x.versionId === o.versionId);
    if (!v) throw new RestoreError(`${key} has no version ${o.versionId}.\n${listing(key, versions)}`);
    if (v.deleteMarker) throw new RestoreError(`Version ${o.versionId} of ${key} is a delete marker, not content.\n${listing(key, versions)}`);
    chosen = v;
  } else if (o.before !== undefined) {
    const t = new Date(o.before);
    if (!/^\d{4}-\d{2}-\d{2}/.test(o.before) || Number.isNaN(t.getTime())) throw new RestoreError(`--before "${o.before}" is not an ISO time (2026-11-20T09:30:00Z)`);
    chosen = stored.find((v) => v.lastModified.getTime() < t.getTime());
    if (!chosen) throw new RestoreError(`${key} has no version stored before ${t.toISOString()}.\n${listing(key, versions)}`);
  } else {
    chosen = stored[0];
    if (!chosen) throw new RestoreError(`${key} has only delete markers: no content to restore.\n${listing(key, versions)}`);
  }
  if (chosen.isLatest)
    throw new RestoreError(
      `Version ${chosen.versionId} is already the current version of ${key}: nothing to restore. Name an earlier one with --version-id or --before.\n${listing(key, versions)}`,
    );
  return chosen;
}

/** Quotes a shell word when it needs it. */
const shellWord = (s: string) => (/^[\w./=:@%+-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`);

export async function restoreDocument(o: RestoreDocumentOptions): Promise<RestoredDocument> {
  const print = o.print ?? ((line: string) => console.log(line));
  const key = o.key;
  const prefix = documentsBucket.documentsPrefix;
  if (!key.startsWith(prefix) || key.length === prefix.length || key.endsWith('/'))
    throw new RestoreError(`--key "${key}" is not a document's key: documents are stored under ${prefix} (documents/<id>/<file name>).`);
  if (o.versionId !== undefined && o.before !== undefined) throw new RestoreError('Use either --version-id or --before.');

  const bucket = settings.documentsBucket();
  const versioning = await storage().send(new GetBucketVersioningCommand({ Bucket: bucket }));
  if (versioning?.Status !== 'Enabled')
    throw new RestoreError(
      `Bucket ${bucket} is not versioned (versioning ${versioning?.Status ?? 'never enabled'}): this stage keeps no earlier versions of documents (documentsBucketVersioned in cdk.json), so there is nothing to restore.`,
    );

  const versions = await versionsOf(bucket, key);
  if (!versions.length) throw new RestoreError(`Bucket ${bucket} has no version and no delete marker of ${key}: check the key (the documents row's "${documentKeyAttribute}").`);
  const chosen = chooseVersion(key, versions, o);

  const source = `${bucket}/${key.split('/').map(encodeURIComponent).join('/')}?versionId=${encodeURIComponent(chosen.versionId)}`;
  const copied = await storage().send(new CopyObjectCommand({ Bucket: bucket, Key: key, CopySource: source }));
  print(
    `Restored ${key}: version ${chosen.versionId} of ${chosen.lastModified.toISOString()} (${chosen.size ?? '?'} bytes) is the current version again` +
      (copied?.VersionId ? ` (new version ${copied.VersionId}).` : '.'),
  );

  const hasRow = (await getDocument(dynamo(), key)) !== undefined;
  if (!hasRow) {
    const live = tableName('documents');
    // The row was deleted just before the object: the delete marker following the restored version dates the deletion.
    const marker = versions.filter((v) => v.deleteMarker && v.lastModified > chosen.lastModified).at(-1);
    const target = o.targetArgs ? ` ${o.targetArgs}` : '';
    const lines = [
      `The documents table ${live} has no row for ${key}: the document was deleted in the portal and is not listed until its row is back.`,
      marker
        ? `Its row existed between ${chosen.lastModified.toISOString()} and ${marker.lastModified.toISOString()}. Restore the documents table to a time in between (it makes a new table; wait until it is ACTIVE):`
        : `Restore the documents table to a time when the row existed (it makes a new table; wait until it is ACTIVE):`,
      `  aws dynamodb restore-table-to-point-in-time --source-table-name ${live} --target-table-name ${live}-restored-<date> --restore-date-time ${
        marker ? new Date(marker.lastModified.getTime() - Math.min(60_000, (marker.lastModified.getTime() - chosen.lastModified.getTime()) / 2)).toISOString() : '<ISO time>'
      }`,
      'then copy the row back:',
      `  npm run admin -- copy-items${target} --table documents --from ${live}-restored-<date> --where ${shellWord(`${documentKeyAttribute}=${key}`)}`,
    ];
    for (const line of lines) print(line);
  }
  return { restored: chosen, ...(copied?.VersionId ? { newVersionId: copied.VersionId } : {}), hasRow };
}
