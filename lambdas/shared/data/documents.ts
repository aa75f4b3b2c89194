/**
 * documents: one item per stored document, keyed by its storage key; index `byProperty`.
 *
 * Item: { key: 'documents/<uuid>/<file name>', propertyId, uploadedAt (ISO, UTC, ms), fileName,
 *         contentType, sizeBytes, uploadedBy }
 * The key is made by the portal, never taken from a client; a row exists only for an object that
 * was stored (object first, then row; deletes: row first, then object).
 *
 * Access patterns:
 * - the documents of some properties, newest first: Query byProperty (propertyId, uploadedAt
 *   descending) per property, in parallel, merged by uploadedAt
 * - the documents of a property added since a time (the documents digest): Query byProperty, uploadedAt > :since
 * - one document by key (links, scope check): GetItem
 * - add: PutItem if the key is absent
 * - delete the document of a property: DeleteItem with condition propertyId = :p (returns the old item)
 */
import { DeleteCommand, GetCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../platform/env.js';
import { queryAll } from './batch.js';

export interface DocumentItem {
  key: string;
  propertyId: string;
  uploadedAt: string;
  fileName: string;
  contentType: string;
  sizeBytes: number;
  uploadedBy: string;
}

/** What a listing reads: the index keys and the item key. */
export type ListedDocument = Pick<DocumentItem, 'key' | 'propertyId' | 'uploadedAt'>;

const table = () => tableName('documents');

/** Newest first; equal times by key, descending, so the order is stable. */
const newestFirst = (a: ListedDocument, b: ListedDocument) =>
  a.uploadedAt < b.uploadedAt ? 1 : a.uploadedAt > b.uploadedAt ? -1 : a.key < b.key ? 1 : a.key > b.key ? -1 : 0;

/** The documents of the given properties, newest first (one Query per property, in parallel). */
export async function documentsOfProperties(db: DynamoDBDocumentClient, propertyIds: Iterable<string>): Promise<ListedDocument[]> {
  const lists = await Promise.all(
    [...new Set(propertyIds)].map((p) =>
      queryAll<ListedDocument>(db, {
        TableName: table(),
        IndexName: 'byProperty',
        KeyConditionExpression: 'propertyId = :p',
        ExpressionAttributeValues: { ':p': p },
        ProjectionExpression: '#k, propertyId, uploadedAt',
        ExpressionAttributeNames: { '#k': 'key' },
        ScanIndexForward: false,
      }),
    ),
  );
  return lists.length === 1 ? lists[0]! : lists.flat().sort(newestFirst);
}

export async function getDocument(db: DynamoDBDocumentClient, key: string): Promise<DocumentItem | undefined> {
  return (await db.send(new GetCommand({ TableName: table(), Key: { key } }))).Item as DocumentItem | undefined;
}

/** Adds the row; false if a row with this key exists. */
export async function putDocument(db: DynamoDBDocumentClient, item: DocumentItem): Promise<boolean> {
  try {
    await db.send(
      new PutCommand({ TableName: table(), Item: item, ConditionExpression: 'attribute_not_exists(#k)', ExpressionAttributeNames: { '#k': 'key' } }),
    );
    return true;
  } catch (e) {
    if ((e as Error).name === 'ConditionalCheckFailedException') return false;
    throw e;
  }
}

/** Deletes the row of `key` if it belongs to `propertyId`; the deleted item, or undefined if none. */
export async function deleteDocument(db: DynamoDBDocumentClient, key: string, propertyId: string): Promise<DocumentItem | undefined> {
  try {
    const r = await db.send(
      new DeleteCommand({
        TableName: table(),
        Key: { key },
        ConditionExpression: 'propertyId = :p',
        ExpressionAttributeValues: { ':p': propertyId },
        ReturnValues: 'ALL_OLD',
      }),
    );
    return r.Attributes as DocumentItem | undefined;
  } catch (e) {
    if ((e as Error).name === 'ConditionalCheckFailedException') return undefined;
    throw e;
  }
}

/** A property's documents uploaded after `since` (ISO), oldest first: the documents digest (Query byProperty, uploadedAt > since). */
export function documentsAddedSince(db: DynamoDBDocumentClient, propertyId: string, since: string): Promise<DocumentItem[]> {
  return queryAll<DocumentItem>(db, {
    TableName: table(),
    IndexName: 'byProperty',
    KeyConditionExpression: 'propertyId = :p AND uploadedAt > :since',
    ExpressionAttributeValues: { ':p': propertyId, ':since': since },
  });
}
