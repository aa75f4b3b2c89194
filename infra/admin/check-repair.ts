/**
 * `admin check --fix`: repairs each finding with one write conditional on what was found and an
 * audit event (actor cli).
 */
import { AdminDeleteUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { DeleteCommand, QueryCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { appendAudit } from '../../lambdas/shared/data/audit.js';
import { ifHolds } from '../../lambdas/shared/data/conditional.js';
import { deleteDocument, getDocument } from '../../lambdas/shared/data/documents.js';
import { deleteIf } from '../../lambdas/shared/data/equipment-alerts.js';
import { addToIndex, indexKey, type Dataset } from '../../lambdas/shared/data/report-rows.js';
import { deleteObject, headObject } from '../../lambdas/shared/domain/documents/objects.js';
import { identity } from '../../lambdas/shared/platform/clients.js';
import { settings, tableName } from '../../lambdas/shared/platform/env.js';
import { documentsBucket } from '../../lambdas/shared/resources/definitions.js';
import { CHECK_ACTOR, type FindingKind, type Findings, type IndexFinding } from './check-findings.js';
import { only, type StoreSizes } from './check-gather.js';
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
