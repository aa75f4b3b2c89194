/**
 * users: one item per portal account, keyed by lower-case email.
 *
 * Item: { email, userId, name, customerIds: string[], properties: { <propertyId>: <customerId> },
 *         tokensValidAfter?: epoch ms, pending?: true (temporary password not yet replaced),
 *         createdAt, updatedAt }
 * The assignments live on the user's own item, so the caller and their whole scope are one
 * GetItem, and each change of assignments is one atomic UpdateItem (no transactions needed).
 *
 * Access patterns:
 * - the caller with scope, by email: GetItem
 * - several users by email (remove-users): BatchGetItem
 * - every user (administrator list): Scan, paged
 * - create: PutItem if the email is absent; remove: DeleteItem
 * - set customers (dropping properties of dropped customers) / set properties: UpdateItem
 * - move tokensValidAfter on (password reset): UpdateItem
 */
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../env.js';
import { batchGet, scanAll } from './batch.js';

export interface UserItem {
  email: string;
  userId: string;
  name: string;
  customerIds: string[];
  properties: Record<string, string>;
  tokensValidAfter?: number;
  pending?: boolean;
  createdAt: string;
  updatedAt: string;
}

const table = () => tableName('users');

export async function getUser(db: DynamoDBDocumentClient, email: string): Promise<UserItem | undefined> {
  // DynamoDB refuses an empty key value; an empty email is simply no user.
  if (!email) return undefined;
  const r = await db.send(new GetCommand({ TableName: table(), Key: { email: email.toLowerCase() } }));
  return r.Item as UserItem | undefined;
}

export const getUsers = (db: DynamoDBDocumentClient, emails: string[]) =>
  batchGet<UserItem>(db, table(), [...new Set(emails.map((e) => e.toLowerCase()))].map((email) => ({ email })));

export const listUsers = (db: DynamoDBDocumentClient) => scanAll<UserItem>(db, { TableName: table() });

/** Creates the user; false if the email exists. */
export async function createUser(db: DynamoDBDocumentClient, user: UserItem): Promise<boolean> {
  try {
    await db.send(new PutCommand({ TableName: table(), Item: user, ConditionExpression: 'attribute_not_exists(email)' }));
    return true;
  } catch (e) {
    if ((e as Error).name === 'ConditionalCheckFailedException') return false;
    throw e;
  }
}

export async function deleteUser(db: DynamoDBDocumentClient, email: string): Promise<void> {
  await db.send(new DeleteCommand({ TableName: table(), Key: { email: email.toLowerCase() } }));
}

/** Replaces the assignments of an existing user in one write; undefined if the user is gone. */
export async function setAssignments(
  db: DynamoDBDocumentClient,
  email: string,
  customerIds: string[],
  properties: Record<string, string>,
): Promise<UserItem | undefined> {
  try {
    const r = await db.send(
      new UpdateCommand({
        TableName: table(),
        Key: { email: email.toLowerCase() },
        UpdateExpression: 'SET customerIds = :c, properties = :p, updatedAt = :now',
        ConditionExpression: 'attribute_exists(email)',
        ExpressionAttributeValues: { ':c': customerIds, ':p': properties, ':now': new Date().toISOString() },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return r.Attributes as UserItem;
  } catch (e) {
    if ((e as Error).name === 'ConditionalCheckFailedException') return undefined;
    throw e;
  }
}

/** Refuses every token issued before now (password reset, registration); clears `pending`. */
export async function revokeTokens(db: DynamoDBDocumentClient, email: string, at = Date.now()): Promise<void> {
  try {
    await db.send(
      new UpdateCommand({
        TableName: table(),
        Key: { email: email.toLowerCase() },
        UpdateExpression: 'SET tokensValidAfter = :t, updatedAt = :now REMOVE pending',
        ConditionExpression: 'attribute_exists(email)',
        ExpressionAttributeValues: { ':t': at, ':now': new Date(at).toISOString() },
      }),
    );
  } catch (e) {
    if ((e as Error).name !== 'ConditionalCheckFailedException') throw e;
  }
}
