/**
 * users: one item per portal account, keyed by Cognito's `sub`, the one identity claim a signed-in
 * user cannot change (UpdateUserAttributes can rewrite email, name and custom attributes).
 *
 * Item: { sub, email, userId, name, customerIds: string[], properties: { <propertyId>: <customerId> },
 *         tokensValidAfter?: epoch ms, pending?: true (temporary password not yet replaced),
 *         mfaEnrolled?: true, lastSignInAt?: ISO time of the last sign-in,
 *         quoteApproval?: { limit: number | null } (may approve quotes up to limit; null: any amount;
 *         absent: may not approve),
 *         calendarFeed?: { nonce, createdAt } (the user's calendar feed, on; ../visits/feed-token.ts), createdAt, updatedAt }
 * quoteApproval is a permission: it lives here, written by administrators' routes only, never in a
 * Cognito attribute (which the user can rewrite with their own access token).
 * The assignments live on the user's own item, so the caller and their whole scope are one
 * GetItem, and each change of assignments is one atomic UpdateItem (no transactions needed).
 * The email is unique because it is the pool's username: Cognito refuses a second account with it
 * (AdminCreateUser: UsernameExistsException; a change: AliasExistsException), and every account is
 * created in the pool before its row.
 *
 * Access patterns:
 * - the caller with scope, by the token's sub: GetItem (consistent), once per request: the row is
 *   kept for the request (../request-cache.ts), so a handler asking for the same account by sub or
 *   email reads nothing; every write below drops it
 * - a user by email (the spec's by-email calls, administrators' screens): Query on `byEmail`
 * - several users by email (remove-users): one such Query each
 * - several users by sub (the mail jobs' recipients): BatchGetItem
 * - every user (administrator list): Scan, paged
 * - create: PutItem if the sub is absent; remove: DeleteItem
 * - set customers (dropping properties of dropped customers) / set properties: UpdateItem
 * - move tokensValidAfter on (password reset, email change): UpdateItem
 * - rename (an administrator's change): UpdateItem of name
 * - set or clear the quote-approval permission (an administrator's change): UpdateItem
 * - the approvers of a customer (the quotes list): Scan, filtered to rows with quoteApproval
 * - note a sign-in (the pre-token trigger): UpdateItem of lastSignInAt alone
 * - turn the calendar feed on or make it a new link / turn it off: UpdateItem of calendarFeed alone
 */
import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../platform/env.js';
import { cachedUserByEmail, cachedUserBySub, forgetUser, rememberUser } from '../platform/request-cache.js';
import { batchGet, scanAll } from './batch.js';
import { conditionFailed } from './conditional.js';

export interface UserItem {
  sub: string;
  email: string;
  userId: string;
  name: string;
  customerIds: string[];
  properties: Record<string, string>;
  tokensValidAfter?: number;
  pending?: boolean;
  mfaEnrolled?: boolean;
  /** When the account last signed in (any client), for the administrators' user list. */
  lastSignInAt?: string;
  /** May approve quotes up to `limit` dollars (null: any amount); absent: may not approve (issue 30). */
  quoteApproval?: QuoteApproval;
  /** The calendar feed, on: its address's token must carry this nonce (a new link writes a new one). */
  calendarFeed?: { nonce: string; createdAt: string };
  createdAt: string;
  updatedAt: string;
}

export interface QuoteApproval {
  limit: number | null;
}

const table = () => tableName('users');
export const BY_EMAIL = 'byEmail';


/** The account of a token's `sub` (a consistent read: a change of assignments counts at once). */
export async function getUserBySub(db: DynamoDBDocumentClient, sub: string): Promise<UserItem | undefined> {
  // DynamoDB refuses an empty key value; an empty sub is simply no user.
  if (!sub) return undefined;
  const cached = cachedUserBySub(sub);
  if (cached) return cached;
  const r = await db.send(new GetCommand({ TableName: table(), Key: { sub }, ConsistentRead: true }));
  const row = r.Item as UserItem | undefined;
  if (row) rememberUser(row);
  return row;
}

/** Several accounts by `sub` (the mail jobs' recipients), by sub; BatchGetItem, 100 keys a request. */
export async function usersBySub(db: DynamoDBDocumentClient, subs: Iterable<string>): Promise<Map<string, UserItem>> {
  const keys = [...new Set(subs)].filter(Boolean).map((sub) => ({ sub }));
  const rows = keys.length ? await batchGet<UserItem>(db, table(), keys) : [];
  return new Map(rows.map((r) => [r.sub, r]));
}

/** The account with this email (compared lower-case), or undefined. */
export async function getUserByEmail(db: DynamoDBDocumentClient, email: string): Promise<UserItem | undefined> {
  if (!email) return undefined;
  const cached = cachedUserByEmail(email);
  if (cached) return cached;
  const r = await db.send(
    new QueryCommand({
      TableName: table(),
      IndexName: BY_EMAIL,
      KeyConditionExpression: 'email = :e',
      ExpressionAttributeValues: { ':e': email.toLowerCase() },
      Limit: 1,
    }),
  );
  return r.Items?.[0] as UserItem | undefined;
}

/** The accounts of these emails that exist (one Query each: remove-users names a few). */
export async function getUsersByEmail(db: DynamoDBDocumentClient, emails: string[]): Promise<UserItem[]> {
  const found = await Promise.all([...new Set(emails.map((e) => e.toLowerCase()))].map((e) => getUserByEmail(db, e)));
  return found.filter((u): u is UserItem => u !== undefined);
}

export const listUsers = (db: DynamoDBDocumentClient) => scanAll<UserItem>(db, { TableName: table() });

/** Creates the row of a Cognito account; false if the sub has one already. */
export async function createUser(db: DynamoDBDocumentClient, user: UserItem): Promise<boolean> {
  forgetUser(user.sub);
  try {
    await db.send(new PutCommand({ TableName: table(), Item: { ...user, email: user.email.toLowerCase() }, ConditionExpression: 'attribute_not_exists(#s)', ExpressionAttributeNames: { '#s': 'sub' } }));
    return true;
  } catch (e) {
    if (conditionFailed(e)) return false;
    throw e;
  }
}

export async function deleteUser(db: DynamoDBDocumentClient, sub: string): Promise<void> {
  forgetUser(sub);
  await db.send(new DeleteCommand({ TableName: table(), Key: { sub } }));
}

/**
 * One UpdateItem of an existing account's row (`SET <set>, updatedAt`, then `REMOVE <remove>` when
 * given); undefined if the account is gone (the condition keeps a removed account from coming back
 * as a partial row).
 */
async function updateExisting(
  db: DynamoDBDocumentClient,
  sub: string,
  set: string,
  names: Record<string, string>,
  values: Record<string, unknown>,
  remove?: string,
): Promise<UserItem | undefined> {
  forgetUser(sub);
  try {
    const r = await db.send(
      new UpdateCommand({
        TableName: table(),
        Key: { sub },
        UpdateExpression: `SET ${set ? `${set}, ` : ''}updatedAt = :now${remove ? ` REMOVE ${remove}` : ''}`,
        ConditionExpression: 'attribute_exists(#s)',
        ExpressionAttributeNames: { '#s': 'sub', ...names },
        ExpressionAttributeValues: { ...values, ':now': new Date().toISOString() },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return r.Attributes as UserItem;
  } catch (e) {
    if (conditionFailed(e)) return undefined;
    throw e;
  }
}

/** Replaces the assignments of an existing user in one write; undefined if the user is gone. */
export const setAssignments = (db: DynamoDBDocumentClient, sub: string, customerIds: string[], properties: Record<string, string>) =>
  updateExisting(db, sub, 'customerIds = :c, properties = :p', {}, { ':c': customerIds, ':p': properties });

/** Refuses every token issued before now (password reset, registration); clears `pending`. */
export async function revokeTokens(db: DynamoDBDocumentClient, sub: string, at = Date.now()): Promise<void> {
  forgetUser(sub);
  try {
    await db.send(
      new UpdateCommand({
        TableName: table(),
        Key: { sub },
        UpdateExpression: 'SET tokensValidAfter = :t, updatedAt = :now REMOVE pending',
        ConditionExpression: 'attribute_exists(#s)',
        ExpressionAttributeNames: { '#s': 'sub' },
        ExpressionAttributeValues: { ':t': at, ':now': new Date(at).toISOString() },
      }),
    );
  } catch (e) {
    if (!conditionFailed(e)) throw e;
  }
}

/**
 * Moves an account to a new email (an administrator's change, made in Cognito first) and refuses
 * every token issued before, which carry the old one. Only while the row still has `from`: false
 * otherwise (the account changed or went meanwhile).
 */
export async function changeEmail(db: DynamoDBDocumentClient, sub: string, from: string, to: string, at = Date.now()): Promise<boolean> {
  forgetUser(sub);
  try {
    await db.send(
      new UpdateCommand({
        TableName: table(),
        Key: { sub },
        UpdateExpression: 'SET email = :to, tokensValidAfter = :t, updatedAt = :now',
        ConditionExpression: 'email = :from',
        ExpressionAttributeValues: { ':from': from.toLowerCase(), ':to': to.toLowerCase(), ':t': at, ':now': new Date(at).toISOString() },
      }),
    );
    return true;
  } catch (e) {
    if (conditionFailed(e)) return false;
    throw e;
  }
}

/** Renames an existing account (an administrator's change); undefined if the account is gone. */
export const setName = (db: DynamoDBDocumentClient, sub: string, name: string) => updateExisting(db, sub, '#n = :n', { '#n': 'name' }, { ':n': name });

/**
 * Notes a sign-in (the pre-token trigger). It writes lastSignInAt and nothing else, so the trigger's
 * grant can be limited to that attribute; an account gone meanwhile is left alone.
 */
export async function recordSignIn(db: DynamoDBDocumentClient, sub: string, at = new Date()): Promise<void> {
  if (!sub) return;
  try {
    await db.send(
      new UpdateCommand({
        TableName: table(),
        Key: { sub },
        UpdateExpression: 'SET lastSignInAt = :t',
        ConditionExpression: 'attribute_exists(#s)',
        ExpressionAttributeNames: { '#s': 'sub' },
        ExpressionAttributeValues: { ':t': at.toISOString() },
      }),
    );
  } catch (e) {
    if (!conditionFailed(e)) throw e;
  }
}

/** Sets (or with undefined, clears) who may approve quotes; undefined if the account is gone. */
export const setQuoteApproval = (db: DynamoDBDocumentClient, sub: string, approval: QuoteApproval | undefined) =>
  approval ? updateExisting(db, sub, 'quoteApproval = :q', {}, { ':q': approval }) : updateExisting(db, sub, '', {}, {}, 'quoteApproval');

/** Every account that may approve some quote (a Scan filtered to rows with the permission). */
export const listApprovers = (db: DynamoDBDocumentClient) =>
  scanAll<UserItem>(db, { TableName: table(), FilterExpression: 'attribute_exists(quoteApproval)' });

/**
 * Turns the account's calendar feed on with a new nonce (`feed`), or off (null): either way every
 * address made before stops working. False when the account is gone.
 */
export async function setCalendarFeed(db: DynamoDBDocumentClient, sub: string, feed: { nonce: string; createdAt: string } | null): Promise<boolean> {
  const row = feed ? await updateExisting(db, sub, 'calendarFeed = :f', {}, { ':f': feed }) : await updateExisting(db, sub, '', {}, {}, 'calendarFeed');
  return row !== undefined;
}
