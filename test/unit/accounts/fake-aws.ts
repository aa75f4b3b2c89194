/**
 * The account and user handlers' AWS clients for unit tests: DynamoDB as a small in-memory table
 * set behind a mocked DynamoDBDocumentClient (only the calls these handlers make), Cognito as a
 * mocked CognitoIdentityProviderClient each test programs itself.
 */
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import {
  BatchGetCommand,
  DeleteCommand,
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  ScanCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';

export const env = {
  USERS_TABLE: 'users',
  CUSTOMERS_TABLE: 'customers',
  PROPERTIES_TABLE: 'properties',
  AUDIT_TABLE: 'audit',
  RATE_LIMITS_TABLE: 'rate-limits',
  USER_POOL_ID: 'local_pool',
  USER_POOL_CLIENT_ID: 'client-1',
  STAFF_DOMAINS: 'example-hvac.com,example-services.com',
  PUBLIC_URL: 'https://portal.example.com',
  PRODUCT_NAME: 'Comfort Portal',
};
Object.assign(process.env, env);

type Item = Record<string, unknown>;
const keyOf: Record<string, string> = { users: 'email', customers: 'id', properties: 'id', audit: 'sk', 'rate-limits': 'key' };

export const ddb = mockClient(DynamoDBDocumentClient);
export const cognito = mockClient(CognitoIdentityProviderClient);
export const tables = new Map<string, Map<string, Item>>();
const table = (name: string) => {
  let t = tables.get(name);
  if (!t) tables.set(name, (t = new Map()));
  return t;
};
const conditionFailed = () => Object.assign(new Error('The conditional request failed'), { name: 'ConditionalCheckFailedException' });

export const put = (name: string, ...items: Item[]) => items.forEach((i) => table(name).set(String(i[keyOf[name]!]), structuredClone(i)));
export const get = (name: string, key: string) => table(name).get(key);
export const all = (name: string) => [...table(name).values()];

/** Fresh tables and mocks, with DynamoDB answering from the in-memory tables. */
export function resetAws() {
  tables.clear();
  ddb.reset();
  cognito.reset();
  ddb.on(GetCommand).callsFake((i) => ({ Item: structuredClone(table(i.TableName).get(String(Object.values(i.Key)[0]))) }));
  ddb.on(BatchGetCommand).callsFake((i) => ({
    Responses: Object.fromEntries(
      Object.entries(i.RequestItems as Record<string, { Keys: Item[] }>).map(([name, { Keys }]) => [
        name,
        Keys.map((k) => table(name).get(String(Object.values(k)[0]))).filter(Boolean),
      ]),
    ),
  }));
  ddb.on(ScanCommand).callsFake((i) => ({ Items: [...table(i.TableName).values()] }));
  ddb.on(QueryCommand).callsFake((i) => {
    const v = i.ExpressionAttributeValues as Item;
    return { Items: [...table(i.TableName).values()].filter((x) => x.customerId === v[':c']) };
  });
  ddb.on(PutCommand).callsFake((i) => {
    const k = String(i.Item[keyOf[i.TableName]!]);
    if (i.ConditionExpression?.startsWith('attribute_not_exists') && table(i.TableName).has(k)) throw conditionFailed();
    table(i.TableName).set(k, structuredClone(i.Item));
    return {};
  });
  ddb.on(DeleteCommand).callsFake((i) => {
    table(i.TableName).delete(String(Object.values(i.Key)[0]));
    return {};
  });
  ddb.on(UpdateCommand).callsFake((i) => {
    const t = table(i.TableName);
    const k = String(Object.values(i.Key)[0]);
    const v = i.ExpressionAttributeValues as Item;
    const old = t.get(k);
    if (i.ConditionExpression === 'attribute_exists(email)' && !old) throw conditionFailed();
    if (i.ConditionExpression?.includes('expiresAt > :now') && old && Number(old.expiresAt) <= Number(v[':now'])) throw conditionFailed();
    const item: Item = { ...(old ?? { [keyOf[i.TableName]!]: k }) };
    const expr = String(i.UpdateExpression);
    if (expr.startsWith('ADD hits')) Object.assign(item, { hits: Number(item.hits ?? 0) + 1, expiresAt: v[':exp'] });
    else if (expr.startsWith('SET hits')) Object.assign(item, { hits: 1, expiresAt: v[':exp'] });
    else if (expr.includes('customerIds = :c')) Object.assign(item, { customerIds: v[':c'], properties: v[':p'], updatedAt: v[':now'] });
    else if (expr.includes('tokensValidAfter = :t')) {
      Object.assign(item, { tokensValidAfter: v[':t'], updatedAt: v[':now'] });
      delete item.pending;
    } else throw new Error(`fake DynamoDB: no support for ${expr}`);
    t.set(k, item);
    return { Attributes: structuredClone(item) };
  });
}

/** A Cognito error as the SDK throws it. */
export const cognitoError = (name: string, message = name) => Object.assign(new Error(message), { name, $metadata: {} });

export const STAFF = 'example-hvac.com';
export const now = new Date().toISOString();

export function user(email: string, over: Item = {}): Item {
  return { email, userId: `id-${email}`, name: email.split('@')[0], customerIds: [], properties: {}, createdAt: now, updatedAt: now, ...over };
}

/** ID-token claims of a signed-in user, as the JWT authorizer passes them on. */
export const claims = (email: string, tva = 0) => ({ email, tva: String(tva) });
