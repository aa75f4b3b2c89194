/**
 * `admin check`, gathering: reads each store page by page and keeps only keys (and, for users, the
 * assignments), so memory grows with the number of users, documents and report-row items of the
 * stage, not with their size; then the finding functions of check-findings.ts.
 */
import { AdminListGroupsForUserCommand, ListUsersCommand, type UserType } from '@aws-sdk/client-cognito-identity-provider';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { QueryCommand, ScanCommand, type DynamoDBDocumentClient, type ScanCommandInput } from '@aws-sdk/lib-dynamodb';
import type { EquipmentAlertItem } from '../../lambdas/shared/data/equipment-alerts.js';
import type { Dataset } from '../../lambdas/shared/data/report-rows.js';
import { identity, storage } from '../../lambdas/shared/platform/clients.js';
import { settings, tableName } from '../../lambdas/shared/platform/env.js';
import { documentsBucket, userPool } from '../../lambdas/shared/resources/definitions.js';
import {
  DEFAULT_GRACE_MINUTES, alertFindings, assignmentFindings, documentFindings, indexFindings, userFindings,
  type CognitoUserInfo, type DocumentRowKey, type Findings, type PartitionKeys, type StoredObject, type UserAssignments,
} from './check-findings.js';
// ---- gathering (page by page) ------------------------------------------------------------------

async function* scanPages<T>(db: DynamoDBDocumentClient, input: ScanCommandInput): AsyncGenerator<T[]> {
  let start: Record<string, unknown> | undefined;
  do {
    const r = await db.send(new ScanCommand({ ...input, ExclusiveStartKey: start }));
    yield (r.Items ?? []) as T[];
    start = r.LastEvaluatedKey;
  } while (start);
}

/** A projection of these attributes, every name a placeholder (several are reserved words). */
export const only = (...names: string[]) => ({
  ProjectionExpression: names.map((_, i) => `#p${i}`).join(', '),
  ExpressionAttributeNames: Object.fromEntries(names.map((n, i) => [`#p${i}`, n])),
});

async function scanKeys<T>(db: DynamoDBDocumentClient, input: ScanCommandInput): Promise<T[]> {
  const out: T[] = [];
  for await (const page of scanPages<T>(db, input)) for (const i of page) out.push(i);
  return out;
}

const attr = (u: UserType, name: string) => u.Attributes?.find((a) => a.Name === name)?.Value ?? '';

/** Every user of the pool (ListUsers, 60 a page). */
async function poolUsers(): Promise<CognitoUserInfo[]> {
  const out: CognitoUserInfo[] = [];
  let token: string | undefined;
  do {
    const r = await identity().send(new ListUsersCommand({ UserPoolId: settings.userPoolId(), Limit: 60, PaginationToken: token }));
    for (const u of r.Users ?? [])
      out.push({ username: u.Username ?? '', sub: attr(u, 'sub'), email: attr(u, 'email').toLowerCase() || (u.Username ?? ''), createdAt: (u.UserCreateDate ?? new Date(0)).toISOString(), status: u.UserStatus ?? '' });
    token = r.PaginationToken;
  } while (token);
  return out;
}

async function inStaffGroup(username: string): Promise<boolean> {
  let token: string | undefined;
  do {
    const r = await identity().send(new AdminListGroupsForUserCommand({ UserPoolId: settings.userPoolId(), Username: username, NextToken: token }));
    if ((r.Groups ?? []).some((g) => g.GroupName === userPool.staffGroup)) return true;
    token = r.NextToken;
  } while (token);
  return false;
}

/** Every object of the bucket under a prefix (ListObjectsV2, 1,000 a page). */
async function bucketObjects(prefix: string): Promise<StoredObject[]> {
  const out: StoredObject[] = [];
  let token: string | undefined;
  do {
    const r = await storage().send(new ListObjectsV2Command({ Bucket: settings.documentsBucket(), Prefix: prefix, ContinuationToken: token }));
    for (const o of r.Contents ?? []) if (o.Key) out.push({ key: o.Key, lastModified: (o.LastModified ?? new Date(0)).toISOString() });
    token = r.IsTruncated ? r.NextContinuationToken : undefined;
  } while (token);
  return out;
}

/** The report-rows table's keys by property, and its index items' lists (a Scan of keys and `parts`). */
async function reportRowPartitions(db: DynamoDBDocumentClient): Promise<Map<string, PartitionKeys>> {
  const partitions = new Map<string, PartitionKeys>();
  for await (const page of scanPages<{ propertyId: string; sk: string; parts?: Set<string> }>(db, { TableName: tableName('reportRows'), ...only('propertyId', 'sk', 'parts') })) {
    for (const item of page) {
      let p = partitions.get(item.propertyId);
      if (!p) partitions.set(item.propertyId, (p = { propertyId: item.propertyId, sks: new Set(), indexes: new Map() }));
      if (item.sk.startsWith('index#')) p.indexes.set(item.sk.slice('index#'.length) as Dataset, new Set(item.parts ? [...item.parts].map(String) : []));
      else p.sks.add(item.sk);
    }
  }
  return partitions;
}

/** How many users rows and Cognito users were read (for the guards of the deletes). */
export interface StoreSizes {
  userRows: number;
  poolUsers: number;
}

export interface CheckOptions {
  now?: number;
  graceMinutes?: number;
}

/** Reads the stores and answers what disagrees, and how many users rows there are. Reads only. */
export async function findInconsistencies(db: DynamoDBDocumentClient, opts: CheckOptions = {}): Promise<{ findings: Findings; sizes: StoreSizes }> {
  const now = opts.now ?? Date.now();
  const graceMs = (opts.graceMinutes ?? DEFAULT_GRACE_MINUTES) * 60_000;
  const [pool, users, customerItems, propertyItems, documentRows, documentObjects, uploads, partitions, alerts] = await Promise.all([
    poolUsers(),
    scanKeys<UserAssignments>(db, { TableName: tableName('users'), ...only('sub', 'email', 'customerIds', 'properties', 'updatedAt') }),
    scanKeys<{ id: string; telemetryCustomerId?: string }>(db, { TableName: tableName('customers'), ...only('id', 'telemetryCustomerId') }),
    scanKeys<{ id: string; customerId: string }>(db, { TableName: tableName('properties'), ...only('id', 'customerId') }),
    scanKeys<DocumentRowKey>(db, { TableName: tableName('documents'), ...only('key', 'propertyId') }),
    bucketObjects(documentsBucket.documentsPrefix),
    bucketObjects(documentsBucket.uploadsPrefix),
    reportRowPartitions(db),
    scanKeys<EquipmentAlertItem>(db, {
      TableName: tableName('equipmentAlerts'),
      // Alert states only: not a property's thresholds nor a device's stored drift baseline.
      FilterExpression: 'NOT begins_with(#k, :t) AND NOT begins_with(#k, :b)',
      ExpressionAttributeNames: { '#k': 'key' },
      ExpressionAttributeValues: { ':t': 'thresholds#', ':b': 'baseline#' },
    }),
  ]);
  const staffUsernames = new Set<string>();
  const u = userFindings(pool, users, now, graceMs);
  for (const c of u.cognitoWithoutRow) if (!c.staff && (await inStaffGroup(c.username))) staffUsernames.add(c.username);
  const customers = new Map(customerItems.map((c) => [c.id, Boolean(c.telemetryCustomerId)]));
  // Equipment ids of the customers that have alerts only (one Query each).
  const equipment = new Map<string, Set<string>>();
  for (const customerId of new Set(alerts.map((a) => a.customerId)))
    if (customers.get(customerId)) {
      const ids = new Set<string>();
      let start: Record<string, unknown> | undefined;
      do {
        const r = await db.send(
          new QueryCommand({ TableName: tableName('equipment'), KeyConditionExpression: 'customerId = :c', ExpressionAttributeValues: { ':c': customerId }, ...only('id'), ExclusiveStartKey: start }),
        );
        for (const i of r.Items ?? []) ids.add(String(i.id));
        start = r.LastEvaluatedKey;
      } while (start);
      equipment.set(customerId, ids);
    }
  const d = documentFindings(documentRows, [...documentObjects, ...uploads], now, graceMs);
  const findings: Findings = {
    cognitoWithoutRow: u.cognitoWithoutRow.map((c) => (staffUsernames.has(c.username) ? { ...c, staff: true } : c)),
    rowWithoutCognito: u.rowWithoutCognito.map(({ sub, email }) => ({ sub, email })),
    documentWithoutObject: d.documentWithoutObject,
    objectWithoutRow: d.objectWithoutRow,
    staleAssignments: assignmentFindings(
      users.map((x) => ({ ...x, customerIds: x.customerIds ?? [], properties: x.properties ?? {} })),
      new Set(customers.keys()),
      new Map(propertyItems.map((p) => [p.id, p.customerId])),
    ),
    reportIndex: indexFindings(partitions.values()),
    orphanAlerts: alertFindings(alerts, customers, equipment),
  };
  return { findings, sizes: { userRows: users.length, poolUsers: pool.length } };
}
