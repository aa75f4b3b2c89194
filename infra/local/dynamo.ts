/**
 * DynamoDB on this machine: dynalite on disk, with the portal's tables created from the same
 * definitions the CDK app deploys (lambdas/shared/resources/tables.ts), only those missing on a restart. dynalite has
 * no TTL: readers treat expired items as absent anyway.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import dynalite from 'dynalite';
import { CreateTableCommand, DescribeTableCommand, DynamoDBClient, ListTablesCommand, type AttributeDefinition } from '@aws-sdk/client-dynamodb';
import { tableList, type TableDef } from '../../lambdas/shared/resources/tables.js';
import { listenLocal } from './ports.js';

export interface LocalDynamo {
  url: string;
  close(): Promise<void>;
}

export const localTableName = (t: Pick<TableDef, 'id'>) => `portal-local-${t.id}`;

export async function startDynamo(dir: string, preferredPort?: number): Promise<LocalDynamo> {
  const server: Server = dynalite({ path: dir, createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 });
  await listenLocal(server, preferredPort);
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function createInput(t: TableDef) {
  const attrs = new Map<string, AttributeDefinition>();
  const keys = [t.partitionKey, t.sortKey, ...(t.indexes ?? []).flatMap((i) => [i.partitionKey, i.sortKey])];
  for (const k of keys) if (k) attrs.set(k.name, { AttributeName: k.name, AttributeType: k.type });
  const schema = (pk: TableDef['partitionKey'], sk?: TableDef['sortKey']) => [
    { AttributeName: pk.name, KeyType: 'HASH' as const },
    ...(sk ? [{ AttributeName: sk.name, KeyType: 'RANGE' as const }] : []),
  ];
  return new CreateTableCommand({
    TableName: localTableName(t),
    BillingMode: 'PAY_PER_REQUEST',
    AttributeDefinitions: [...attrs.values()],
    KeySchema: schema(t.partitionKey, t.sortKey),
    GlobalSecondaryIndexes: t.indexes?.length
      ? t.indexes.map((i) => ({ IndexName: i.name, KeySchema: schema(i.partitionKey, i.sortKey), Projection: { ProjectionType: 'ALL' } }))
      : undefined,
  });
}

/** Creates the tables that do not exist yet; returns the names created. */
export async function ensureTables(client: DynamoDBClient): Promise<string[]> {
  const existing = new Set<string>();
  let start: string | undefined;
  do {
    const r = await client.send(new ListTablesCommand({ ExclusiveStartTableName: start }));
    for (const n of r.TableNames ?? []) existing.add(n);
    start = r.LastEvaluatedTableName;
  } while (start);
  const missing = tableList.filter((t) => !existing.has(localTableName(t)));
  await Promise.all(missing.map((t) => client.send(createInput(t))));
  for (const t of missing) {
    for (let i = 0; i < 100; i++) {
      const d = await client.send(new DescribeTableCommand({ TableName: localTableName(t) }));
      if (d.Table?.TableStatus === 'ACTIVE') break;
      await new Promise((r) => setTimeout(r, 20));
    }
  }
  return missing.map(localTableName);
}
