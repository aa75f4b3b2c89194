/**
 * DynamoDB for the telemetry and analytics handler tests: `aws-sdk-client-mock` on the document
 * client, answering GetItem and Query from in-memory items of the users, customers and equipment
 * tables, and counting the calls per table.
 */
import { DynamoDBDocumentClient, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import type { CustomerItem } from '../../../../lambdas/shared/data/customers.js';
import type { EquipmentItem } from '../../../../lambdas/shared/data/equipment.js';
import type { UserItem } from '../../../../lambdas/shared/data/users.js';

export const TABLES = { USERS_TABLE: 'users', CUSTOMERS_TABLE: 'customers', EQUIPMENT_TABLE: 'equipment' } as const;
export const STAFF = 'example-hvac.com';

export interface FakeTables {
  users: UserItem[];
  customers: CustomerItem[];
  equipment: EquipmentItem[];
}

export function setTableEnv() {
  Object.assign(process.env, TABLES, { STAFF_DOMAINS: STAFF });
}

export function fakeTables(data: FakeTables) {
  const ddb = mockClient(DynamoDBDocumentClient);
  ddb.on(GetCommand).callsFake((input: { TableName: string; Key: Record<string, string> }) => {
    if (input.TableName === TABLES.USERS_TABLE) return { Item: data.users.find((u) => u.email === input.Key.email) };
    if (input.TableName === TABLES.CUSTOMERS_TABLE) return { Item: data.customers.find((c) => c.id === input.Key.id) };
    throw new Error(`unexpected GetItem on ${input.TableName}`);
  });
  ddb.on(QueryCommand).callsFake((input: { TableName: string; ExpressionAttributeValues: Record<string, string> }) => {
    if (input.TableName !== TABLES.EQUIPMENT_TABLE) throw new Error(`unexpected Query on ${input.TableName}`);
    return { Items: data.equipment.filter((e) => e.customerId === input.ExpressionAttributeValues[':c']) };
  });
  /** Calls to a table since the last reset, of any kind. */
  const callsTo = (table: string) => ddb.calls().filter((c) => (c.args[0].input as { TableName?: string }).TableName === table).length;
  return { ddb, callsTo };
}

export const user = (email: string, customerIds: string[] = [], properties: Record<string, string> = {}): UserItem => ({
  email,
  userId: `u-${email}`,
  name: email,
  customerIds,
  properties,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

export const claims = (email: string) => ({ email, tva: Date.now() });
