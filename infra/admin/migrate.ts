/**
 * `admin migrate users-by-sub`: copies the email-keyed users table of earlier releases
 * (LEGACY_USERS_TABLE) into the users table keyed by Cognito's sub (USERS_TABLE), and puts the
 * staff-domain accounts in the pool's staff group. Idempotent: an account whose row is already in
 * the new table is left as it is (it may have changed since), so the command can run again after
 * a partial run, or before and after the deploy that switches the functions over.
 *
 * For each legacy row: AdminGetUser by its email gives the sub and the pool's email; a user the
 * pool no longer has, or whose pool email differs from the row's, is reported and skipped (the
 * row stays in the legacy table for an operator to look at). Nothing is deleted.
 */
import { AdminAddUserToGroupCommand, AdminGetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { GetCommand, PutCommand, ScanCommand, type ScanCommandOutput } from '@aws-sdk/lib-dynamodb';
import { dynamo, identity } from '../../lambdas/shared/platform/clients.js';
import { allProperties } from '../../lambdas/shared/data/properties.js';
import { DATASETS, ensureIndex, isIndexItem, storedKeys, type Dataset } from '../../lambdas/shared/data/report-rows.js';
import type { UserItem } from '../../lambdas/shared/data/users.js';
import { isStaffEmail, required, settings } from '../../lambdas/shared/platform/env.js';
import { userPool } from '../../lambdas/shared/resources/definitions.js';
import { tables } from '../../lambdas/shared/resources/tables.js';

export const migrations = ['users-by-sub', 'report-rows-index'] as const;

export interface MigrateResult {
  /** Rows written to the new table. */
  copied: number;
  /** Rows the new table had already. */
  present: number;
  /** Staff accounts added to the staff group (already members count too: the call is idempotent). */
  staffGrouped: number;
  /** Legacy rows not copied, with the reason. */
  skipped: { email: string; reason: string }[];
}

export const migrateHelp = `Usage: admin migrate users-by-sub [--stage NAME | --local [--data-dir DIR]] [--dry-run]

Copies the users table of earlier releases (keyed by email; stack output LegacyUsersTable) into
the users table keyed by Cognito's sub (UsersTable), and adds staff-domain accounts to the user
pool's "${userPool.staffGroup}" group. Run it once per stage right after deploying this release
(signing in needs the new rows). Safe to run again: rows already copied are left as they are.
Rows whose email the pool does not have (or has on another account) are listed and not copied.
  --dry-run   say what would be copied, write nothing`;

const attr = (attributes: { Name?: string; Value?: string }[] | undefined, name: string) => attributes?.find((a) => a.Name === name)?.Value;

export async function migrateUsersBySub(opts: { dryRun?: boolean; print?: (line: string) => void } = {}): Promise<MigrateResult> {
  const print = opts.print ?? ((line: string) => console.log(line));
  const from = required(tables.legacyUsers.env);
  const to = required(tables.users.env);
  const pool = settings.userPoolId();
  const db = dynamo();
  const idp = identity();
  const result: MigrateResult = { copied: 0, present: 0, staffGrouped: 0, skipped: [] };
  let start: Record<string, unknown> | undefined;
  do {
    const page: ScanCommandOutput = await db.send(new ScanCommand({ TableName: from, ExclusiveStartKey: start }));
    for (const legacy of (page.Items ?? []) as Omit<UserItem, 'sub'>[]) {
      const email = String(legacy.email ?? '').toLowerCase();
      let sub: string | undefined;
      let poolEmail: string | undefined;
      try {
        const u = await idp.send(new AdminGetUserCommand({ UserPoolId: pool, Username: email }));
        sub = attr(u.UserAttributes, 'sub');
        poolEmail = attr(u.UserAttributes, 'email')?.toLowerCase();
      } catch (e) {
        if ((e as Error).name !== 'UserNotFoundException') throw e;
      }
      if (!sub) {
        result.skipped.push({ email, reason: 'the user pool has no such user' });
        continue;
      }
      if (poolEmail !== email) {
        result.skipped.push({ email, reason: `the pool's account has the email ${poolEmail ?? '(none)'}` });
        continue;
      }
      const staff = isStaffEmail(email);
      if (!opts.dryRun) {
        if (staff) {
          await idp.send(new AdminAddUserToGroupCommand({ UserPoolId: pool, Username: email, GroupName: userPool.staffGroup }));
          result.staffGrouped += 1;
        }
        try {
          await db.send(
            new PutCommand({
              TableName: to,
              Item: { ...legacy, email, sub },
              ConditionExpression: 'attribute_not_exists(#s)',
              ExpressionAttributeNames: { '#s': 'sub' },
            }),
          );
          result.copied += 1;
        } catch (e) {
          if ((e as Error).name !== 'ConditionalCheckFailedException') throw e;
          result.present += 1;
        }
      } else {
        const there = await db.send(new GetCommand({ TableName: to, Key: { sub } }));
        if (there.Item) result.present += 1;
        else result.copied += 1;
        if (staff) result.staffGrouped += 1;
      }
    }
    start = page.LastEvaluatedKey;
  } while (start);
  const verb = opts.dryRun ? 'Would copy' : 'Copied';
  print(`${verb} ${result.copied} users into ${to}; ${result.present} were there already; ${result.staffGrouped} staff accounts in the "${userPool.staffGroup}" group.`);
  for (const s of result.skipped) print(`  not copied: ${s.email}: ${s.reason}`);
  return result;
}

export const migrateReportRowsIndexHelp = `Usage: admin migrate report-rows-index [--stage NAME | --local [--data-dir DIR]] [--dry-run]

Writes the index items of the report rows table (one per property and dataset, listing its packed
items), so the report pages read a property's rows by key instead of one Query per property and
dataset. Every property of the properties table gets one per dataset, an empty one where it has no
rows. Run it once per stage after deploying this release; until then the pages still answer,
reading each partition without an index item by Query. Safe to run again, and beside imports:
it only adds to the index.
  --dry-run   say what would be written, write nothing`;

export interface IndexMigrateResult {
  /** Partitions (property and dataset) with rows, whose index lists them now. */
  listed: number;
  /** Items listed in those indexes. */
  items: number;
  /** Partitions of known properties with no rows, marked empty. */
  empty: number;
}

const INDEX_WRITES = 8;

export async function migrateReportRowsIndex(opts: { dryRun?: boolean; print?: (line: string) => void } = {}): Promise<IndexMigrateResult> {
  const print = opts.print ?? ((line: string) => console.log(line));
  const db = dynamo();
  const partitions = new Map<string, { propertyId: string; dataset: Dataset; sks: string[] }>();
  for await (const page of storedKeys(db))
    for (const { propertyId, sk } of page) {
      if (isIndexItem({ sk })) continue;
      const dataset = sk.slice(0, sk.indexOf('#')) as Dataset;
      if (!DATASETS.includes(dataset)) continue;
      const k = `${propertyId}\u0000${dataset}`;
      const p = partitions.get(k) ?? { propertyId, dataset, sks: [] };
      partitions.set(k, p);
      p.sks.push(sk);
    }
  const empty = (await allProperties(db)).flatMap((p) => DATASETS.filter((d) => !partitions.has(`${p.id}\u0000${d}`)).map((d) => ({ propertyId: p.id, dataset: d, sks: [] as string[] })));
  const writes = [...partitions.values(), ...empty];
  if (!opts.dryRun) {
    let next = 0;
    const at = new Date().toISOString();
    const worker = async () => {
      while (next < writes.length) {
        const w = writes[next++]!;
        await ensureIndex(db, w.propertyId, w.dataset, w.sks, at);
      }
    };
    await Promise.all(Array.from({ length: Math.min(INDEX_WRITES, writes.length) }, worker));
  }
  const result: IndexMigrateResult = { listed: partitions.size, items: [...partitions.values()].reduce((n, p) => n + p.sks.length, 0), empty: empty.length };
  print(`${opts.dryRun ? 'Would index' : 'Indexed'} ${result.items} report row items in ${result.listed} partitions (property and dataset); ${result.empty} partitions of known properties marked empty.`);
  return result;
}
