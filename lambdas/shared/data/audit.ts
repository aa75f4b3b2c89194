/**
 * audit: the administrators' writes and "view as" events, newest first.
 *
 * Item: { stream: 'audit', sk: '<ISO time>#<random>', at, actorEmail, action, target, details }
 * One partition (`stream = 'audit'`): the event rate is a few per minute at most.
 *
 * Access patterns:
 * - append: PutItem (after the write it records succeeded; there are no transactions)
 * - a page, newest first, before a cursor: Query ScanIndexForward=false, Limit, sk < before
 */
import { randomUUID } from 'node:crypto';
import { PutCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../platform/env.js';

export interface AuditItem {
  stream: 'audit';
  sk: string;
  at: string;
  actorEmail: string;
  action: string;
  target: string;
  details: Record<string, unknown>;
}

const table = () => tableName('audit');

export async function appendAudit(db: DynamoDBDocumentClient, actorEmail: string, action: string, target: string, details: Record<string, unknown> = {}) {
  const at = new Date().toISOString();
  const item: AuditItem = { stream: 'audit', sk: `${at}#${randomUUID()}`, at, actorEmail, action, target, details };
  await db.send(new PutCommand({ TableName: table(), Item: item }));
  return item;
}

/** Up to `limit` events older than the cursor `before` (an sk), newest first, and the next cursor. */
export async function listAudit(db: DynamoDBDocumentClient, limit: number, before?: string) {
  const r = await db.send(
    new QueryCommand({
      TableName: table(),
      KeyConditionExpression: before ? '#s = :s AND sk < :b' : '#s = :s',
      ExpressionAttributeNames: { '#s': 'stream' },
      ExpressionAttributeValues: before ? { ':s': 'audit', ':b': before } : { ':s': 'audit' },
      ScanIndexForward: false,
      Limit: limit,
    }),
  );
  const items = (r.Items ?? []) as AuditItem[];
  return { items, nextBefore: r.LastEvaluatedKey && items.length === limit ? items[items.length - 1]!.sk : null };
}
