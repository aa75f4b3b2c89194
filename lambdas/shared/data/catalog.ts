/**
 * Customers and properties by id together: one BatchGetItem over both tables (key design in
 * ./customers.ts and ./properties.ts), for the answers that name a user's customers and properties.
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../platform/env.js';
import { batchGetTables } from './batch.js';
import type { CustomerItem } from './customers.js';
import type { PropertyItem } from './properties.js';

const byName = (a: { name: string; id: string }, b: { name: string; id: string }) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id);

/** The customers and properties with these ids that exist, each sorted by name. */
export async function getCustomersAndProperties(db: DynamoDBDocumentClient, customerIds: Iterable<string>, propertyIds: Iterable<string>) {
  const customers = tableName('customers');
  const properties = tableName('properties');
  const keys = (ids: Iterable<string>) => [...new Set(ids)].map((id) => ({ id }));
  const found = await batchGetTables(db, { [customers]: keys(customerIds), [properties]: keys(propertyIds) });
  return {
    customers: (found[customers] as unknown as CustomerItem[]).sort(byName),
    properties: (found[properties] as unknown as PropertyItem[]).sort(byName),
  };
}
