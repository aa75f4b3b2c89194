/**
 * In-memory DynamoDB (users, properties, report rows, report catalogue) and Secrets Manager for the
 * reports handler tests: `aws-sdk-client-mock` on the document client answering GetItem,
 * BatchGetItem, Query (table and byCustomer index, begins_with on sk, projections) and Scan; report
 * rows are stored packed, as putReportRows stores them.
 */
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { BatchGetCommand, DynamoDBDocumentClient, GetCommand, QueryCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import type { PropertyItem } from '../../../../lambdas/shared/data/properties.js';
import { packRows, type ReportRow } from '../../../../lambdas/shared/data/report-rows.js';
import type { Report } from '../../../../lambdas/shared/data/reports.js';
import type { UserItem } from '../../../../lambdas/shared/data/users.js';

export const TABLES = { USERS_TABLE: 'users', PROPERTIES_TABLE: 'properties', REPORT_ROWS_TABLE: 'report-rows', REPORTS_TABLE: 'reports' } as const;
export const STAFF = 'example-hvac.com';
export const EMBED_KEY = 'embed-signing-key-for-tests-0123456789';
export const SIGMA_SECRET = 'sigma-secret-value';

export interface Data {
  users: UserItem[];
  properties: PropertyItem[];
  rows: ReportRow[];
  reports: (Report & { position: number })[];
}

type Item = Record<string, unknown>;

export function setEnv() {
  Object.assign(process.env, TABLES, { STAFF_DOMAINS: STAFF, EMBED_SECRET_ID: 'embed', LOG_LEVEL: 'silent' });
  delete process.env.SIGMA_CLIENT_ID;
  delete process.env.SIGMA_SECRET_ID;
  delete process.env.EMBED_TOKEN_TTL;
}

interface Projected {
  TableName: string;
  ProjectionExpression?: string;
  ExpressionAttributeNames?: Record<string, string>;
}

function project(item: Item, input: Projected): Item {
  if (!input.ProjectionExpression) return item;
  const names = input.ProjectionExpression.split(',').map((s) => s.trim()).map((n) => input.ExpressionAttributeNames?.[n] ?? n);
  return Object.fromEntries(names.filter((n) => n in item).map((n) => [n, item[n]]));
}

export function fakeAws(data: Data) {
  const ddb = mockClient(DynamoDBDocumentClient);
  const items = (table: string): Item[] => {
    if (table === TABLES.USERS_TABLE) return data.users as unknown as Item[];
    if (table === TABLES.PROPERTIES_TABLE) return data.properties as unknown as Item[];
    if (table === TABLES.REPORT_ROWS_TABLE) return packRows(data.rows);
    if (table === TABLES.REPORTS_TABLE) return data.reports as unknown as Item[];
    throw new Error(`unexpected table ${table}`);
  };
  const keyOf = (table: string) => (table === TABLES.USERS_TABLE ? 'email' : 'id');
  ddb.on(GetCommand).callsFake((input: { TableName: string; Key: Item }) => {
    const k = keyOf(input.TableName);
    return { Item: items(input.TableName).find((i) => i[k] === input.Key[k]) };
  });
  ddb.on(BatchGetCommand).callsFake((input: { RequestItems: Record<string, { Keys: Item[] }> }) => {
    const Responses: Record<string, Item[]> = {};
    for (const [table, { Keys }] of Object.entries(input.RequestItems)) {
      const k = keyOf(table);
      Responses[table] = items(table).filter((i) => Keys.some((key) => key[k] === i[k]));
    }
    return { Responses };
  });
  ddb.on(QueryCommand).callsFake((input: Projected & { IndexName?: string; ExpressionAttributeValues: Record<string, string> }) => {
    const v = input.ExpressionAttributeValues;
    if (input.TableName === TABLES.PROPERTIES_TABLE && input.IndexName === 'byCustomer') return { Items: items(input.TableName).filter((i) => i.customerId === v[':c']) };
    if (input.TableName === TABLES.REPORT_ROWS_TABLE) {
      return { Items: items(input.TableName).filter((i) => i.propertyId === v[':p'] && String(i.sk).startsWith(v[':d']!)).map((i) => project(i, input)) };
    }
    throw new Error(`unexpected Query on ${input.TableName}`);
  });
  ddb.on(ScanCommand).callsFake((input: Projected) => ({ Items: items(input.TableName).map((i) => project(i, input)) }));

  const secrets = mockClient(SecretsManagerClient);
  secrets.on(GetSecretValueCommand).callsFake(async (input: { SecretId: string }) => {
    if (input.SecretId === 'embed') return { SecretString: EMBED_KEY };
    if (input.SecretId === 'sigma') return { SecretString: SIGMA_SECRET };
    throw Object.assign(new Error('Secrets Manager can’t find the specified secret.'), { name: 'ResourceNotFoundException' });
  });

  /** Calls to a table since the last reset, of any kind. */
  const callsTo = (table: string) =>
    ddb.calls().filter((c) => {
      const input = c.args[0].input as { TableName?: string; RequestItems?: Record<string, unknown> };
      return input.TableName === table || Boolean(input.RequestItems?.[table]);
    }).length;
  return { ddb, secrets, callsTo };
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
