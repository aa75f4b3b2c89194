/**
 * equipmentAlerts: the state of each device's rules, per customer. No item: the rule is fine.
 *
 * Item: { customerId, key: '<deviceId>#<rule>', deviceId, rule, status ('pending' | 'active'),
 *   since (ISO: condition first seen), raisedAt? (ISO), detail, equipmentId, equipmentName,
 *   buildingName, propertyId?, updatedAt }
 *
 * Each write is conditional on the state it moves from, so two evaluations running at once cannot
 * both raise (or both clear) one alert: the loser's write fails and it sends nothing.
 *
 * Access patterns:
 * - a customer's states (the evaluation's previous state; the active-alerts route): Query customerId
 * - a condition seen first: PutItem if absent
 * - raise: PutItem if absent or pending; clear: DeleteItem if active; drop: DeleteItem if pending
 */
import { DeleteCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { RuleId } from '../contract/answers/alerts.js';
import type { AlertStatus } from '../alerts/transitions.js';
import { tableName } from '../env.js';
import { queryAll } from './batch.js';

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
const conditionFailed = (e: unknown) => (e as Error).name === 'ConditionalCheckFailedException';

export const alertStatesOf = (db: DynamoDBDocumentClient, customerId: string) =>
  queryAll<EquipmentAlertItem>(db, { TableName: table(), KeyConditionExpression: 'customerId = :c', ExpressionAttributeValues: { ':c': customerId } });

/** Writes the item if the condition holds; false when another writer moved the state first. */
async function put(db: DynamoDBDocumentClient, item: EquipmentAlertItem, condition: string, values?: Record<string, unknown>): Promise<boolean> {
  try {
    await db.send(
      new PutCommand({
        TableName: table(),
        Item: item,
        ConditionExpression: condition,
        ExpressionAttributeNames: condition.includes('#s') ? { '#s': 'status' } : undefined,
        ExpressionAttributeValues: values,
      }),
    );
    return true;
  } catch (e) {
    if (conditionFailed(e)) return false;
    throw e;
  }
}

export const putPending = (db: DynamoDBDocumentClient, item: EquipmentAlertItem) => put(db, { ...item, status: 'pending' }, 'attribute_not_exists(customerId)');

export const putRaised = (db: DynamoDBDocumentClient, item: EquipmentAlertItem) =>
  put(db, { ...item, status: 'active' }, 'attribute_not_exists(customerId) OR #s = :pending', { ':pending': 'pending' });

/** Deletes the state if it has `status`; the deleted item, or undefined when it was not so. */
export async function deleteIf(db: DynamoDBDocumentClient, customerId: string, key: string, status: AlertStatus): Promise<EquipmentAlertItem | undefined> {
  try {
    const out = await db.send(
      new DeleteCommand({
        TableName: table(),
        Key: { customerId, key },
        ConditionExpression: '#s = :s',
        ExpressionAttributeNames: { '#s': 'status' },
        ExpressionAttributeValues: { ':s': status },
        ReturnValues: 'ALL_OLD',
      }),
    );
    return out.Attributes as EquipmentAlertItem | undefined;
  } catch (e) {
    if (conditionFailed(e)) return undefined;
    throw e;
  }
}
