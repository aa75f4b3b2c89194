/**
 * `admin check`, what is found: the kinds of finding, the pure functions that find them from keys
 * (no AWS call here) and their printing. infra/admin/check.ts says what is compared.
 */
import type { EquipmentAlertItem } from '../../lambdas/shared/data/equipment-alerts.js';
import { DATASETS, type Dataset } from '../../lambdas/shared/data/report-rows.js';
import { isStaffEmail } from '../../lambdas/shared/platform/env.js';
import { documentsBucket } from '../../lambdas/shared/resources/definitions.js';
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
