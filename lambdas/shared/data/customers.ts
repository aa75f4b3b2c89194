/**
 * customers: one item per customer of the provider, keyed by the field-service system's id.
 *
 * Item: { id, name, telemetryCustomerId?, telemetryCustomerName? } — the telemetry mapping lives on
 * the customer (a customer counts as mapped only when telemetryCustomerId is set).
 *
 * Access patterns:
 * - all customers (administrator lists, view-as): Scan, sorted by name in code (hundreds of items)
 * - some customers by id (a user's customer names): BatchGetItem
 * - one customer (telemetry mapping): GetItem
 * - import: BatchWriteItem
 */
import { GetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../platform/env.js';
import { batchGet, batchWrite, scanAll } from './batch.js';

export interface CustomerItem {
  id: string;
  name: string;
  telemetryCustomerId?: string;
  telemetryCustomerName?: string;
}

const table = () => tableName('customers');
const byName = (a: CustomerItem, b: CustomerItem) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id);

export async function listCustomers(db: DynamoDBDocumentClient): Promise<CustomerItem[]> {
  return (await scanAll<CustomerItem>(db, { TableName: table() })).sort(byName);
}

/** The customers with these ids that exist, sorted by name. */
export async function getCustomers(db: DynamoDBDocumentClient, ids: Iterable<string>): Promise<CustomerItem[]> {
  const keys = [...new Set(ids)].map((id) => ({ id }));
  if (keys.length === 0) return [];
  return (await batchGet<CustomerItem>(db, table(), keys)).sort(byName);
}

export async function getCustomer(db: DynamoDBDocumentClient, id: string): Promise<CustomerItem | undefined> {
  return (await db.send(new GetCommand({ TableName: table(), Key: { id } }))).Item as CustomerItem | undefined;
}

export const putCustomers = (db: DynamoDBDocumentClient, items: CustomerItem[]) => batchWrite(db, table(), items as unknown as Record<string, unknown>[]);
