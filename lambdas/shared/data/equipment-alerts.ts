/**
 * equipmentAlerts: the state of each device's rules, per customer. No item: the rule is fine.
 *
 * Item: { customerId, key: '<deviceId>#<rule>', deviceId, rule, status ('pending' | 'active'),
 *   since (ISO: condition first seen), raisedAt? (ISO), detail, equipmentId, equipmentName,
 *   buildingName, propertyId?, updatedAt }
 *
 * Beside them, one item per property whose thresholds an administrator changed:
 *   { customerId, key: 'thresholds#<propertyId>', propertyId, rules: { <kind>: { <rule>: { forMinutes, limit } } },
 *     updatedAt, updatedBy } — only what differs from the defaults (lambdas/shared/domain/alerts/rules.ts).
 *
 * And one item per device whose drift baseline is complete (issue 44: its first 30 days over), so a
 * pass reads its baseline window once, not every 5 minutes:
 *   { customerId, key: 'baseline#<deviceId>', deviceId, start, end (ISO: the window), kwhPerRuntimeHour
 *     (null: it never ran with a known current then), coverage, inputs ('<V>/<phase>/<PF>' it was
 *     computed with: other inputs, computed again), computedAt } — written once, again only for other inputs.
 *
 * Each write is conditional on the state it moves from, so two evaluations running at once cannot
 * both raise (or both clear) one alert: the loser's write fails and it sends nothing.
 *
 * Access patterns:
 * - a customer's states, thresholds and baselines (the evaluation; the active-alerts list): Query customerId
 * - a device's completed baseline: PutItem
 * - one property's thresholds: GetItem; change them: PutItem; back to the defaults: DeleteItem
 * - a condition seen first: PutItem if absent
 * - raise: PutItem if absent or pending; clear: DeleteItem if active; drop: DeleteItem if pending
 */
import { DeleteCommand, GetCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { RuleId } from '../contract/answers/alerts.js';
import type { EquipmentKind, RuleSettings } from '../domain/alerts/rules.js';
import type { AlertStatus } from '../domain/alerts/transitions.js';
import { tableName } from '../platform/env.js';
import { queryAll } from './batch.js';
import { ifHolds } from './conditional.js';

export interface EquipmentAlertItem {
  customerId: string;
  key: string;
  deviceId: string;
  rule: RuleId;
  status: AlertStatus;
  since: string;
  raisedAt?: string;
  detail: string;
  equipmentId: string;
  equipmentName: string;
  buildingName: string;
  propertyId?: string;
  updatedAt: string;
}

const table = () => tableName('equipmentAlerts');
export const alertKey = (deviceId: string, rule: RuleId) => `${deviceId}#${rule}`;

export interface ThresholdsItem {
  customerId: string;
  key: string;
  propertyId: string;
  rules: Partial<Record<EquipmentKind, RuleSettings>>;
  updatedAt: string;
  updatedBy: string;
}

const THRESHOLDS = 'thresholds#';
const thresholdsKey = (propertyId: string) => `${THRESHOLDS}${propertyId}`;
/** The prefixes of the items that are not alert states. */
export const BASELINE = 'baseline#';
export const NOT_STATES = [THRESHOLDS, BASELINE] as const;

/** A device's completed drift baseline: the figure of its first 30 days, computed once. */
export interface BaselineItem {
  customerId: string;
  key: string;
  deviceId: string;
  start: string;
  end: string;
  kwhPerRuntimeHour: number | null;
  coverage: number;
  inputs: string;
  computedAt: string;
}

/** A customer's alert states, by property the thresholds changed from the defaults, and by device the stored baselines: one Query. */
export async function alertRowsOf(
  db: DynamoDBDocumentClient,
  customerId: string,
): Promise<{ states: EquipmentAlertItem[]; thresholds: Map<string, ThresholdsItem>; baselines: Map<string, BaselineItem> }> {
  const items = await queryAll<EquipmentAlertItem | ThresholdsItem | BaselineItem>(db, { TableName: table(), KeyConditionExpression: 'customerId = :c', ExpressionAttributeValues: { ':c': customerId } });
  const states: EquipmentAlertItem[] = [];
  const thresholds = new Map<string, ThresholdsItem>();
  const baselines = new Map<string, BaselineItem>();
  for (const i of items) {
    if (i.key.startsWith(THRESHOLDS)) thresholds.set((i as ThresholdsItem).propertyId, i as ThresholdsItem);
    else if (i.key.startsWith(BASELINE)) baselines.set((i as BaselineItem).deviceId, i as BaselineItem);
    else states.push(i as EquipmentAlertItem);
  }
  return { states, thresholds, baselines };
}

/** Stores a device's completed baseline (a later pass reads it with the states, not the window again). */
export async function putBaseline(db: DynamoDBDocumentClient, item: Omit<BaselineItem, 'key'>): Promise<BaselineItem> {
  const full = { ...item, key: `${BASELINE}${item.deviceId}` };
  await db.send(new PutCommand({ TableName: table(), Item: full }));
  return full;
}

export const alertStatesOf = async (db: DynamoDBDocumentClient, customerId: string) => (await alertRowsOf(db, customerId)).states;

export async function getThresholdsItem(db: DynamoDBDocumentClient, customerId: string, propertyId: string): Promise<ThresholdsItem | undefined> {
  const out = await db.send(new GetCommand({ TableName: table(), Key: { customerId, key: thresholdsKey(propertyId) }, ConsistentRead: true }));
  return out.Item as ThresholdsItem | undefined;
}

export async function putThresholds(db: DynamoDBDocumentClient, item: Omit<ThresholdsItem, 'key'>): Promise<ThresholdsItem> {
  const full = { ...item, key: thresholdsKey(item.propertyId) };
  await db.send(new PutCommand({ TableName: table(), Item: full }));
  return full;
}

export async function deleteThresholds(db: DynamoDBDocumentClient, customerId: string, propertyId: string): Promise<void> {
  await db.send(new DeleteCommand({ TableName: table(), Key: { customerId, key: thresholdsKey(propertyId) } }));
}

/** Writes the item if the condition holds; false when another writer moved the state first. */
async function put(db: DynamoDBDocumentClient, item: EquipmentAlertItem, condition: string, values?: Record<string, unknown>): Promise<boolean> {
  const write = db.send(
    new PutCommand({
      TableName: table(),
      Item: item,
      ConditionExpression: condition,
      ExpressionAttributeNames: condition.includes('#s') ? { '#s': 'status' } : undefined,
      ExpressionAttributeValues: values,
    }),
  );
  return ifHolds(write.then(() => true), false);
}

export const putPending = (db: DynamoDBDocumentClient, item: EquipmentAlertItem) => put(db, { ...item, status: 'pending' }, 'attribute_not_exists(customerId)');

export const putRaised = (db: DynamoDBDocumentClient, item: EquipmentAlertItem) =>
  put(db, { ...item, status: 'active' }, 'attribute_not_exists(customerId) OR #s = :pending', { ':pending': 'pending' });

/** Deletes the state if it has `status`; the deleted item, or undefined when it was not so. */
export async function deleteIf(db: DynamoDBDocumentClient, customerId: string, key: string, status: AlertStatus): Promise<EquipmentAlertItem | undefined> {
  const out = await ifHolds(
    db.send(
      new DeleteCommand({
        TableName: table(),
        Key: { customerId, key },
        ConditionExpression: '#s = :s',
        ExpressionAttributeNames: { '#s': 'status' },
        ExpressionAttributeValues: { ':s': status },
        ReturnValues: 'ALL_OLD',
      }),
    ),
    undefined,
  );
  return out?.Attributes as EquipmentAlertItem | undefined;
}
