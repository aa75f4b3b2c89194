/**
 * equipment: the analytics rows of spec section 3, one item per piece of equipment.
 *
 * Item: { customerId, id, propertyId?, buildingName, name, equipmentType, telemetryData (JSON text),
 *   voltage?, phase?, powerFactor? } (the last three: the energy estimates' inputs, docs/energy-estimates.md)
 * telemetryData stays text: a value that does not parse is shown as {} (spec section 3).
 *
 * Access patterns:
 * - a customer's equipment (analytics data, telemetry device filter): Query customerId
 * - import: BatchWriteItem
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../platform/env.js';
import { batchWrite, queryAll } from './batch.js';

export interface EquipmentItem {
  customerId: string;
  id: string;
  propertyId?: string;
  buildingName: string;
  name: string;
  equipmentType: string;
  telemetryData: string;
  /** Volts, line to line for three-phase; unset: the estimates' default (ELECTRICAL_DEFAULTS). */
  voltage?: number;
  phase?: 1 | 3;
  /** 0 < PF ≤ 1; unset: the default. */
  powerFactor?: number;
}

const table = () => tableName('equipment');

export const equipmentOfCustomer = (db: DynamoDBDocumentClient, customerId: string) =>
  queryAll<EquipmentItem>(db, { TableName: table(), KeyConditionExpression: 'customerId = :c', ExpressionAttributeValues: { ':c': customerId } });

export const putEquipment = (db: DynamoDBDocumentClient, items: EquipmentItem[]) => batchWrite(db, table(), items as unknown as Record<string, unknown>[]);
