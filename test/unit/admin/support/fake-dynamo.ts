/**
 * An in-memory DynamoDB for the operator command tests: `aws-sdk-client-mock` on the document
 * client, holding items per table (keys from infra/tables.ts) and answering the calls the data
 * modules make (Get, conditional Put, Delete, BatchGet, BatchWrite, the Queries and Scans).
 */
import {
  BatchGetCommand,
  BatchWriteCommand,
  DeleteCommand,
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  ScanCommand,
} from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { tables, type TableName } from '../../../../infra/tables.js';

type Item = Record<string, unknown>;

/** Table names as the functions see them: the env variable's value is the table's id. */
export function setTableEnv(extra: Record<string, string> = {}) {
  for (const t of Object.values(tables)) process.env[t.env] = t.id;
  Object.assign(process.env, { USER_POOL_ID: 'pool-1', STAFF_DOMAINS: 'example-hvac.com,example-services.com', ...extra });
}

const byId = new Map<string, TableName>(Object.entries(tables).map(([name, t]) => [t.id, name as TableName]));
const keyOf = (table: string, item: Item) => {
  const t = tables[byId.get(table)!] as { partitionKey: { name: string }; sortKey?: { name: string } };
  return JSON.stringify([item[t.partitionKey.name], t.sortKey ? item[t.sortKey.name] : null]);
};

export function fakeDynamo() {
  const data = new Map<string, Map<string, Item>>();
  const table = (name: string) => {
    if (!byId.has(name)) throw new Error(`unknown table ${name}`);
    if (!data.has(name)) data.set(name, new Map());
    return data.get(name)!;
  };
  const put = (name: string, item: Item) => table(name).set(keyOf(name, item), structuredClone(item));
  const ddb = mockClient(DynamoDBDocumentClient);
  ddb.on(GetCommand).callsFake((i: { TableName: string; Key: Item }) => ({ Item: table(i.TableName).get(keyOf(i.TableName, i.Key)) }));
  ddb.on(PutCommand).callsFake((i: { TableName: string; Item: Item; ConditionExpression?: string }) => {
    if (i.ConditionExpression?.startsWith('attribute_not_exists') && table(i.TableName).has(keyOf(i.TableName, i.Item)))
      throw Object.assign(new Error('The conditional request failed'), { name: 'ConditionalCheckFailedException' });
    put(i.TableName, i.Item);
    return {};
  });
  ddb.on(DeleteCommand).callsFake((i: { TableName: string; Key: Item }) => {
    table(i.TableName).delete(keyOf(i.TableName, i.Key));
    return {};
  });
  ddb.on(BatchGetCommand).callsFake((i: { RequestItems: Record<string, { Keys: Item[] }> }) => {
    const [[name, { Keys }]] = Object.entries(i.RequestItems) as [[string, { Keys: Item[] }]];
    if (Keys.length > 100) throw new Error('too many keys');
    return { Responses: { [name]: Keys.map((k) => table(name).get(keyOf(name, k))).filter(Boolean) } };
  });
  ddb.on(BatchWriteCommand).callsFake((i: { RequestItems: Record<string, { PutRequest?: { Item: Item }; DeleteRequest?: { Key: Item } }[]> }) => {
    const [[name, requests]] = Object.entries(i.RequestItems) as [[string, { PutRequest?: { Item: Item }; DeleteRequest?: { Key: Item } }[]]];
    if (requests.length > 25) throw new Error('too many requests');
    const keys = requests.map((r) => keyOf(name, r.PutRequest?.Item ?? r.DeleteRequest!.Key));
    if (new Set(keys).size !== keys.length) throw Object.assign(new Error('Provided list of item keys contains duplicates'), { name: 'ValidationException' });
    for (const r of requests) if (r.PutRequest) put(name, r.PutRequest.Item);
    else table(name).delete(keyOf(name, r.DeleteRequest!.Key));
    return {};
  });
  ddb.on(QueryCommand).callsFake((i: { TableName: string; IndexName?: string; ExpressionAttributeValues: Record<string, string> }) => {
    const v = i.ExpressionAttributeValues;
    const items = [...table(i.TableName).values()];
    if (i.TableName === tables.reportRows.id) return { Items: items.filter((x) => x.propertyId === v[':p'] && String(x.sk).startsWith(v[':d']!)) };
    if (i.TableName === tables.equipment.id || i.IndexName === 'byCustomer') return { Items: items.filter((x) => x.customerId === v[':c']) };
    throw new Error(`unexpected Query on ${i.TableName}`);
  });
  ddb.on(ScanCommand).callsFake((i: { TableName: string }) => ({ Items: [...table(i.TableName).values()] }));

  return {
    ddb,
    /** The items of a table (by its id), sorted by key. */
    items: (name: string) => [...table(name).entries()].sort(([a], [b]) => a.localeCompare(b)).map(([, v]) => v),
    seed: (name: string, items: Item[]) => items.forEach((it) => put(name, it)),
    writes: () => ddb.commandCalls(BatchWriteCommand).length + ddb.commandCalls(PutCommand).length + ddb.commandCalls(DeleteCommand).length,
    reset() {
      data.clear();
      ddb.resetHistory();
    },
  };
}
