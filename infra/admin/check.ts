/**
 * `admin check`: finds where the stores disagree with each other (after a restore, an incident, a
 * half-done write) and, with --fix, repairs each finding with one conditional write and an audit
 * event. Without --fix nothing is written.
 *
 * What is compared (README "Consistency check"):
 * 1. users: Cognito users without a users row (older than the grace period: create-user writes the
 *    pool first, then the row) and users rows without a Cognito user;
 * 2. documents: rows without their object, and objects under documents/ (older than the grace
 *    period: an upload writes the object first) or under uploads/ (older than the bucket's
 *    unconfirmed-upload expiry) without a row;
 * 3. assignments: users rows naming customers or properties that no longer exist;
 * 4. report rows: index items listing items that are gone, or missing items of their dataset;
 * 5. equipment alerts whose device is no longer mapped (customer gone or unmapped, equipment row gone).
 *
 * The finding functions are pure (this file's first half); the gathering reads each store page by
 * page and keeps only keys (and, for users, the assignments), so memory grows with the number of
 * users, documents and report-row items of the stage, not with their size.
 */
import { AdminDeleteUserCommand, AdminListGroupsForUserCommand, ListUsersCommand, type UserType } from '@aws-sdk/client-cognito-identity-provider';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { DeleteCommand, QueryCommand, ScanCommand, UpdateCommand, type DynamoDBDocumentClient, type ScanCommandInput } from '@aws-sdk/lib-dynamodb';
import { identity, storage } from '../../lambdas/shared/platform/clients.js';
import { appendAudit } from '../../lambdas/shared/data/audit.js';
import { ifHolds } from '../../lambdas/shared/data/conditional.js';
import { deleteDocument, getDocument } from '../../lambdas/shared/data/documents.js';
import { deleteIf, type EquipmentAlertItem } from '../../lambdas/shared/data/equipment-alerts.js';
import { DATASETS, addToIndex, indexKey, type Dataset } from '../../lambdas/shared/data/report-rows.js';
import { deleteObject, headObject } from '../../lambdas/shared/domain/documents/objects.js';
import { isStaffEmail, settings, tableName } from '../../lambdas/shared/platform/env.js';
import { documentsBucket, userPool } from '../../lambdas/shared/resources/definitions.js';

/** Who the audit events of the repairs name: the operator command, as the other admin commands do. */
export const CHECK_ACTOR = 'cli';
/** Default grace period: a Cognito user or a document object younger than this may be mid-way (create-user, an upload). */
export const DEFAULT_GRACE_MINUTES = 60;
const DAY_MS = 24 * 60 * 60 * 1000;

// ---- what is found -------------------------------------------------------------------------------

export interface CognitoUserInfo {
  username: string;
  sub: string;
  email: string;
  createdAt: string;
  status: string;
}
export interface UserRowKey {
  sub: string;
  email: string;
}
export interface StoredObject {
  key: string;
  lastModified: string;
}
export interface DocumentRowKey {
  key: string;
  propertyId: string;
}
export interface UserAssignments {
  sub: string;
  email: string;
  customerIds: string[];
  properties: Record<string, string>;
  updatedAt?: string;
}
export interface StaleAssignment {
  sub: string;
  email: string;
  goneCustomers: string[];
  goneProperties: string[];
  /** The assignments to write: what the row had, less what is gone (and properties of gone customers). */
  customerIds: string[];
  properties: Record<string, string>;
  /** The row's updatedAt as read: the repair writes only if it is unchanged. */
  updatedAt?: string;
}
export interface IndexFinding {
  propertyId: string;
  dataset: Dataset;
  /** sks the index item lists whose item is gone. */
  missing: string[];
  /** sks of the dataset's items the index item does not list (a reader of the index misses their rows). */
  unlisted: string[];
}
export interface AlertFinding {
  customerId: string;
  key: string;
  deviceId: string;
  rule: string;
  status: EquipmentAlertItem['status'];
  equipmentId: string;
  reason: 'customer gone' | 'customer not mapped' | 'equipment gone';
}

export interface Findings {
  cognitoWithoutRow: (CognitoUserInfo & { staff: boolean })[];
  rowWithoutCognito: UserRowKey[];
  documentWithoutObject: DocumentRowKey[];
  objectWithoutRow: StoredObject[];
  staleAssignments: StaleAssignment[];
  reportIndex: IndexFinding[];
  orphanAlerts: AlertFinding[];
}
export type FindingKind = keyof Findings;

export const kinds: { kind: FindingKind; title: string }[] = [
  { kind: 'cognitoWithoutRow', title: 'Cognito users without a users row' },
  { kind: 'rowWithoutCognito', title: 'users rows without a Cognito user' },
  { kind: 'documentWithoutObject', title: 'documents rows without their object' },
  { kind: 'objectWithoutRow', title: 'objects without a documents row' },
  { kind: 'staleAssignments', title: 'assignments naming customers or properties that no longer exist' },
  { kind: 'reportIndex', title: 'report-row index items out of step with their items' },
  { kind: 'orphanAlerts', title: 'equipment alerts of devices no longer mapped' },
];

export const emptyFindings = (): Findings => ({
  cognitoWithoutRow: [],
  rowWithoutCognito: [],
  documentWithoutObject: [],
  objectWithoutRow: [],
  staleAssignments: [],
  reportIndex: [],
  orphanAlerts: [],
});

export const countOf = (f: Findings) => kinds.reduce((n, { kind }) => n + f[kind].length, 0);

// ---- pure finding functions ----------------------------------------------------------------------

/**
 * Cognito users without a row (only those created before `now - graceMs`: create-user makes the
 * pool's user first) and rows whose sub no Cognito user has. `staff(u)` says whether a user is staff.
 */
export function userFindings(cognito: readonly CognitoUserInfo[], rows: readonly UserRowKey[], now: number, graceMs: number, staff: (u: CognitoUserInfo) => boolean = (u) => isStaffEmail(u.email)) {
  const rowSubs = new Set(rows.map((r) => r.sub));
  const poolSubs = new Set(cognito.map((u) => u.sub));
  return {
    cognitoWithoutRow: cognito
      .filter((u) => !rowSubs.has(u.sub) && Date.parse(u.createdAt) <= now - graceMs)
      .map((u) => ({ ...u, staff: staff(u) }))
      .sort((a, b) => a.email.localeCompare(b.email)),
    rowWithoutCognito: rows.filter((r) => !poolSubs.has(r.sub)).sort((a, b) => a.email.localeCompare(b.email)),
  };
}

/**
 * Documents rows whose object is not in the bucket, and objects without a row: under documents/
 * once older than the grace period (an upload writes the object, then the row), under uploads/ once
 * older than the unconfirmed-upload expiry (the lifecycle rule removes them; these it missed).
 * Other prefixes (requests/ photos) are not documents and are not looked at.
 */
export function documentFindings(
  rows: readonly DocumentRowKey[],
  objects: readonly StoredObject[],
  now: number,
  graceMs: number,
  uploadExpiryMs = documentsBucket.unconfirmedUploadExpiryDays * DAY_MS,
) {
  const rowKeys = new Set(rows.map((r) => r.key));
  const objectKeys = new Set(objects.map((o) => o.key));
  const olderThan = (o: StoredObject, ms: number) => Date.parse(o.lastModified) <= now - ms;
  return {
    documentWithoutObject: rows.filter((r) => !objectKeys.has(r.key)).sort((a, b) => a.key.localeCompare(b.key)),
    objectWithoutRow: objects
      .filter((o) =>
        o.key.startsWith(documentsBucket.documentsPrefix)
          ? !rowKeys.has(o.key) && olderThan(o, graceMs)
          : o.key.startsWith(documentsBucket.uploadsPrefix) && olderThan(o, uploadExpiryMs),
      )
      .sort((a, b) => a.key.localeCompare(b.key)),
  };
}

/**
 * Rows whose customerIds or properties name what no longer exists. The repair keeps the rest: a
 * property stays only if it exists and its customer is still assigned (as setting customers drops
 * the properties of dropped customers).
 */
export function assignmentFindings(users: readonly UserAssignments[], customers: ReadonlySet<string>, properties: ReadonlyMap<string, string>): StaleAssignment[] {
  const out: StaleAssignment[] = [];
  for (const u of users) {
    const goneCustomers = u.customerIds.filter((c) => !customers.has(c));
    const goneProperties = Object.keys(u.properties).filter((p) => !properties.has(p));
    if (!goneCustomers.length && !goneProperties.length) continue;
    const customerIds = u.customerIds.filter((c) => customers.has(c));
    const kept = new Set(customerIds);
    const props = Object.fromEntries(Object.entries(u.properties).filter(([p, c]) => properties.has(p) && kept.has(c)));
    out.push({ sub: u.sub, email: u.email, goneCustomers, goneProperties, customerIds, properties: props, ...(u.updatedAt ? { updatedAt: u.updatedAt } : {}) });
  }
  return out.sort((a, b) => a.email.localeCompare(b.email));
}

/** The report-row items of one property as scanned: their sks, and the index items' lists. */
export interface PartitionKeys {
  propertyId: string;
  sks: Set<string>;
  /** Per dataset with an index item: the sks it lists. */
  indexes: Map<Dataset, Set<string>>;
}

/**
 * Index items out of step with their partition: listed sks whose item is gone, and items of an
 * indexed dataset that its index item does not list. A dataset without an index item is read by
 * Query (not migrated yet): nothing to compare.
 */
export function indexFindings(partitions: Iterable<PartitionKeys>): IndexFinding[] {
  const out: IndexFinding[] = [];
  for (const p of partitions)
    for (const [dataset, listed] of p.indexes) {
      const items = [...p.sks].filter((sk) => sk.startsWith(`${dataset}#`));
      const missing = [...listed].filter((sk) => !p.sks.has(sk)).sort();
      const unlisted = items.filter((sk) => !listed.has(sk)).sort();
      if (missing.length || unlisted.length) out.push({ propertyId: p.propertyId, dataset, missing, unlisted });
    }
  return out.sort((a, b) => a.propertyId.localeCompare(b.propertyId) || DATASETS.indexOf(a.dataset) - DATASETS.indexOf(b.dataset));
}

/**
 * Alert states the evaluation will never step again: their customer is gone or has no telemetry
 * mapping (only mapped customers are evaluated), or the equipment row they name is gone (devices are
 * matched to equipment rows). `customers`: id → mapped; `equipment`: customer → equipment ids.
 */
export function alertFindings(alerts: readonly EquipmentAlertItem[], customers: ReadonlyMap<string, boolean>, equipment: ReadonlyMap<string, ReadonlySet<string>>): AlertFinding[] {
  const out: AlertFinding[] = [];
  for (const a of alerts) {
    const mapped = customers.get(a.customerId);
    const reason: AlertFinding['reason'] | null =
      mapped === undefined ? 'customer gone' : !mapped ? 'customer not mapped' : !equipment.get(a.customerId)?.has(a.equipmentId) ? 'equipment gone' : null;
    if (reason) out.push({ customerId: a.customerId, key: a.key, deviceId: a.deviceId, rule: a.rule, status: a.status, equipmentId: a.equipmentId, reason });
  }
  return out.sort((a, b) => a.customerId.localeCompare(b.customerId) || a.key.localeCompare(b.key));
}

// ---- printing ------------------------------------------------------------------------------------

/** One line per finding, in columns; what --fix does with the kind. */
const describe: { [K in FindingKind]: { columns: string[]; row: (f: Findings[K][number]) => string[]; fix: string } } = {
  cognitoWithoutRow: {
    columns: ['email', 'sub', 'created', 'status', 'staff'],
    row: (u) => [u.email, u.sub, u.createdAt, u.status, u.staff ? 'yes' : 'no'],
    fix: '--fix deletes the Cognito user unless staff (create-user invites them again); staff: create-user --email E --password P takes the account over, or delete it from the pool',
  },
  rowWithoutCognito: { columns: ['email', 'sub'], row: (r) => [r.email, r.sub], fix: '--fix deletes the row (it can sign in to nothing)' },
  documentWithoutObject: {
    columns: ['key', 'property'],
    row: (d) => [d.key, d.propertyId],
    fix: '--fix deletes the row; on a versioned bucket try restore-document --key KEY first',
  },
  objectWithoutRow: { columns: ['key', 'last modified'], row: (o) => [o.key, o.lastModified], fix: '--fix deletes the object' },
  staleAssignments: {
    columns: ['email', 'customers gone', 'properties gone'],
    row: (s) => [s.email, s.goneCustomers.join(',') || '-', s.goneProperties.join(',') || '-'],
    fix: '--fix removes them from the row (and properties of removed customers)',
  },
  reportIndex: {
    columns: ['property', 'dataset', 'listed, item gone', 'item not listed'],
    row: (i) => [i.propertyId, i.dataset, i.missing.join(',') || '-', i.unlisted.join(',') || '-'],
    fix: '--fix lists the unlisted items and removes the names of gone ones',
  },
  orphanAlerts: {
    columns: ['customer', 'alert', 'status', 'equipment', 'why'],
    row: (a) => [a.customerId, a.key, a.status, a.equipmentId, a.reason],
    fix: '--fix deletes the alert state, as the evaluation clears an alert (no mail)',
  },
};

function table(columns: string[], rows: string[][]): string {
  const widths = columns.map((c, i) => Math.max(c.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => `  ${cells.map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i]!))).join('  ')}`;
  return [line(columns), ...rows.map(line)].join('\n');
}

/** The report: per kind its count and, when found, a table of the findings and what --fix does. */
export function formatFindings(f: Findings, fixed?: Partial<Record<FindingKind, number>>): string {
  const out: string[] = [];
  for (const { kind, title } of kinds) {
    const list = f[kind] as Findings[FindingKind][number][];
    const d = describe[kind] as { columns: string[]; row: (x: unknown) => string[]; fix: string };
    const repaired = fixed ? ` (${fixed[kind] ?? 0} fixed)` : '';
    out.push(`${title}: ${list.length}${list.length ? repaired : ''}`);
    if (list.length) {
      out.push(table(d.columns, list.map((x) => d.row(x))));
      if (!fixed) out.push(`  ${d.fix}`);
    }
  }
  const n = countOf(f);
  const left = fixed ? n - Object.values(fixed).reduce((a, b) => a + (b ?? 0), 0) : n;
  out.push(n === 0 ? 'Consistent: nothing found.' : fixed ? `Found ${n}; fixed ${n - left}, ${left} left.` : `Found ${n}; nothing was changed (--fix repairs).`);
  return out.join('\n');
}

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
const only = (...names: string[]) => ({
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
      FilterExpression: 'NOT begins_with(#k, :t)',
      ExpressionAttributeNames: { '#k': 'key' },
      ExpressionAttributeValues: { ':t': 'thresholds#' },
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

// ---- repairing -----------------------------------------------------------------------------------

/**
 * A users table whose rows mostly have no Cognito user is more likely checked against the wrong
 * pool than damaged, and a pool whose users mostly have no row more likely not migrated yet
 * (`migrate users-by-sub`) or checked against the wrong table: either side is deleted only when
 * the orphans are at most half of it.
 */
export const tooManyOrphans = (orphans: number, total: number) => orphans > 0 && orphans * 2 > total;

export interface FixReport {
  fixed: Partial<Record<FindingKind, number>>;
  /** Findings left as they were, and why. */
  skipped: string[];
}

/**
 * Repairs the findings, each with a write conditional on what was found (a change made since is
 * left alone and reported) and an audit event (actor `cli`). `sizes`: the number of users rows
 * and Cognito users read (for the guards: tooManyOrphans).
 */
export async function fixInconsistencies(db: DynamoDBDocumentClient, f: Findings, sizes: StoreSizes): Promise<FixReport> {
  const fixed: FixReport['fixed'] = {};
  const skipped: string[] = [];
  const done = (k: FindingKind) => (fixed[k] = (fixed[k] ?? 0) + 1);
  const audit = (action: string, target: string, details: Record<string, unknown>) => appendAudit(db, CHECK_ACTOR, action, target, { check: true, ...details });

  const poolGuard = tooManyOrphans(f.cognitoWithoutRow.length, sizes.poolUsers);
  if (poolGuard) skipped.push(`${f.cognitoWithoutRow.length} of ${sizes.poolUsers} Cognito users have no users row: has migrate users-by-sub run, is this the stage's table? No Cognito user was deleted.`);
  for (const u of poolGuard ? [] : f.cognitoWithoutRow) {
    if (u.staff) {
      skipped.push(`${u.email}: a staff account, left alone (create-user --email ${u.email} --password P takes it over)`);
      continue;
    }
    try {
      await identity().send(new AdminDeleteUserCommand({ UserPoolId: settings.userPoolId(), Username: u.username }));
    } catch (e) {
      if ((e as Error).name !== 'UserNotFoundException') throw e;
    }
    await audit('user.remove', u.email, { reason: 'no users row', sub: u.sub, createdAt: u.createdAt, status: u.status });
    done('cognitoWithoutRow');
  }

  if (tooManyOrphans(f.rowWithoutCognito.length, sizes.userRows))
    skipped.push(`${f.rowWithoutCognito.length} of ${sizes.userRows} users rows have no Cognito user: is this the stage's pool? No row was deleted.`);
  else
    for (const r of f.rowWithoutCognito) {
      const out = await db.send(new DeleteCommand({ TableName: tableName('users'), Key: { sub: r.sub }, ReturnValues: 'ALL_OLD' }));
      // Gone already (removed meanwhile): nothing to audit, nothing left.
      if (out.Attributes) await audit('user.remove', r.email, { reason: 'no Cognito user', row: out.Attributes });
      done('rowWithoutCognito');
    }

  for (const d of f.documentWithoutObject) {
    if (await headObject(d.key)) {
      skipped.push(`${d.key}: its object is there now`);
      continue;
    }
    const row = await deleteDocument(db, d.key, d.propertyId);
    if (row) await audit('document.delete', d.key, { reason: 'no object', row });
    done('documentWithoutObject');
  }

  for (const o of f.objectWithoutRow) {
    if (o.key.startsWith(documentsBucket.documentsPrefix) && (await getDocument(db, o.key))) {
      skipped.push(`${o.key}: it has a row now`);
      continue;
    }
    await deleteObject(o.key);
    await audit('document.object-delete', o.key, { reason: 'no documents row', lastModified: o.lastModified });
    done('objectWithoutRow');
  }

  for (const s of f.staleAssignments) {
    const written = await ifHolds(
      db.send(
        new UpdateCommand({
          TableName: tableName('users'),
          Key: { sub: s.sub },
          UpdateExpression: 'SET customerIds = :c, properties = :p, updatedAt = :now',
          ConditionExpression: s.updatedAt ? 'updatedAt = :read' : 'attribute_exists(#s) AND attribute_not_exists(updatedAt)',
          ...(s.updatedAt ? {} : { ExpressionAttributeNames: { '#s': 'sub' } }),
          ExpressionAttributeValues: { ':c': s.customerIds, ':p': s.properties, ':now': new Date().toISOString(), ...(s.updatedAt ? { ':read': s.updatedAt } : {}) },
        }),
      ).then(() => true),
      false,
    );
    if (!written) {
      skipped.push(`${s.email}: the row changed since it was read; run check again`);
      continue;
    }
    await audit('user.assignments', s.email, { reason: 'named what no longer exists', removedCustomers: s.goneCustomers, removedProperties: s.goneProperties, customers: s.customerIds, properties: Object.keys(s.properties) });
    done('staleAssignments');
  }

  for (const i of f.reportIndex) {
    const removed = await repairIndex(db, i);
    await audit('report-rows.index', `${i.propertyId}/${i.dataset}`, { listed: i.unlisted, removed, missing: i.missing });
    done('reportIndex');
  }

  for (const a of f.orphanAlerts) {
    const gone = await deleteIf(db, a.customerId, a.key, a.status);
    if (!gone) {
      skipped.push(`${a.customerId}/${a.key}: its state changed since it was read; run check again`);
      continue;
    }
    await audit('alert.close', `${a.customerId}/${a.key}`, { reason: a.reason, status: a.status, equipmentId: a.equipmentId, deviceId: a.deviceId, rule: a.rule });
    done('orphanAlerts');
  }
  return { fixed, skipped };
}

/** The sks of one property's dataset as stored now (a consistent Query of keys). */
async function partitionSks(db: DynamoDBDocumentClient, propertyId: string, dataset: Dataset): Promise<Set<string>> {
  const out = new Set<string>();
  let start: Record<string, unknown> | undefined;
  do {
    const r = await db.send(
      new QueryCommand({
        TableName: tableName('reportRows'),
        KeyConditionExpression: 'propertyId = :p AND begins_with(sk, :d)',
        ExpressionAttributeValues: { ':p': propertyId, ':d': `${dataset}#` },
        ...only('sk'),
        ConsistentRead: true,
        ExclusiveStartKey: start,
      }),
    );
    for (const i of r.Items ?? []) out.add(String(i.sk));
    start = r.LastEvaluatedKey;
  } while (start);
  return out;
}

/**
 * Lists the unlisted items (ADD, as every writer does: always safe) and removes the names of items
 * still gone on a consistent read. A writer lists an item just before writing it, so a name removed
 * while its item was being written is listed again from a second read; answers the names removed.
 */
async function repairIndex(db: DynamoDBDocumentClient, i: IndexFinding): Promise<string[]> {
  if (i.unlisted.length) await addToIndex(db, i.propertyId, i.dataset, i.unlisted);
  if (!i.missing.length) return [];
  const before = await partitionSks(db, i.propertyId, i.dataset);
  const gone = i.missing.filter((sk) => !before.has(sk));
  if (!gone.length) return [];
  await db.send(
    new UpdateCommand({
      TableName: tableName('reportRows'),
      Key: indexKey(i.propertyId, i.dataset),
      UpdateExpression: 'DELETE parts :s',
      ConditionExpression: 'attribute_exists(sk)',
      ExpressionAttributeValues: { ':s': new Set(gone) },
    }),
  ).catch((e: unknown) => {
    if ((e as Error).name !== 'ConditionalCheckFailedException') throw e;
  });
  const after = await partitionSks(db, i.propertyId, i.dataset);
  const back = gone.filter((sk) => after.has(sk));
  if (back.length) await addToIndex(db, i.propertyId, i.dataset, back);
  return gone.filter((sk) => !after.has(sk));
}

export const checkHelp = `Usage: admin check [--stage NAME | --local [--data-dir DIR]] [--fix] [--json] [--grace-minutes N]

Finds where the stores disagree and prints each kind with its count:
  1. Cognito users without a users row (created more than the grace period ago) and users rows
     without a Cognito user
  2. documents rows without their object; objects under documents/ without a row (older than the
     grace period) and under uploads/ older than the unconfirmed-upload expiry (${documentsBucket.unconfirmedUploadExpiryDays} day)
  3. users rows assigned customers or properties that no longer exist
  4. report-row index items listing items that are gone, or not listing items of their dataset
  5. equipment alerts whose customer is gone or unmapped, or whose equipment row is gone
Without --fix nothing is written. --fix repairs each finding with a write conditional on what was
found and an audit event (actor cli): deletes the Cognito user (never a staff account), the users
row, the documents row, the object or the alert state; rewrites the assignments or the index item.
--grace-minutes N: leave Cognito users and document objects younger than N minutes alone (default
${DEFAULT_GRACE_MINUTES}: a create-user or an upload may be mid-way). --json prints the findings as JSON.
Exit code: 0 when nothing is found (or all of it was fixed), 1 otherwise.`;
