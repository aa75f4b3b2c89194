/**
 * properties: one item per property (building site), keyed by id; index `byCustomer`.
 *
 * Item: { id, customerId, name, propertyType, timeZone?, address?, tariffPerKwh? }: `timeZone` an IANA zone
 * (visits are written in it; unset: the provider's, PROVIDER_TIME_ZONE), `address` one line,
 * `tariffPerKwh` the price the energy estimates cost at (docs/energy-estimates.md).
 *
 * Access patterns:
 * - properties of some customers (pickers, view-as, buildings): Query byCustomer per customer
 * - some properties by id (a user's property names, upload checks): BatchGetItem
 * - every property (an administrator's own report view): Scan, paged
 * - import: BatchWriteItem
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../platform/env.js';
import { batchGet, batchWrite, queryAll, scanAll } from './batch.js';

export interface PropertyItem {
  id: string;
  customerId: string;
  name: string;
  propertyType: string;
  /** The IANA time zone the property is in; unset: the provider's (settings.timeZone()). */
  timeZone?: string;
  /** Its street address, one line ('400 W Lake St, Chicago, IL 60606'). */
  address?: string;
  /** The price per kWh the energy estimates cost at; unset: no cost is estimated. */
  tariffPerKwh?: number;
}

const table = () => tableName('properties');
const byName = (a: PropertyItem, b: PropertyItem) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id);

/** Properties of the given customers, sorted by name. */
export async function propertiesOfCustomers(db: DynamoDBDocumentClient, customerIds: Iterable<string>): Promise<PropertyItem[]> {
  const ids = [...new Set(customerIds)];
  const lists = await Promise.all(
    ids.map((customerId) =>
      queryAll<PropertyItem>(db, {
        TableName: table(),
        IndexName: 'byCustomer',
        KeyConditionExpression: 'customerId = :c',
        ExpressionAttributeValues: { ':c': customerId },
      }),
    ),
  );
  return lists.flat().sort(byName);
}

/** The properties with these ids that exist, sorted by name. */
export async function getProperties(db: DynamoDBDocumentClient, ids: Iterable<string>): Promise<PropertyItem[]> {
  const keys = [...new Set(ids)].map((id) => ({ id }));
  if (keys.length === 0) return [];
  return (await batchGet<PropertyItem>(db, table(), keys)).sort(byName);
}

/** Every property, sorted by name. */
export async function allProperties(db: DynamoDBDocumentClient): Promise<PropertyItem[]> {
  return (await scanAll<PropertyItem>(db, { TableName: table() })).sort(byName);
}

export const putProperties = (db: DynamoDBDocumentClient, items: PropertyItem[]) => batchWrite(db, table(), items as unknown as Record<string, unknown>[]);
