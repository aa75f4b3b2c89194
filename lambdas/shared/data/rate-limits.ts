/**
 * rate-limits: counters of failed sign-ins, code requests and wrong codes, shared by every function
 * instance.
 *
 * Item: { key: '<kind>:<subject>', hits, expiresAt } — `expiresAt` (epoch seconds) is the table's
 * TTL attribute and the end of the counter's window. DynamoDB deletes expired items lazily (up to
 * days later), so readers treat an item past `expiresAt` as absent, and the next hit starts the
 * counter again from one.
 *
 * A window starts at the subject's first hit (`windowSeconds` from then), not at a clock boundary
 * shared by every subject: a quarter past the hour is not the moment every address's counter
 * empties at once, and a run of attempts is counted whole whenever it starts. Sliding counters
 * (`sliding: true`, e.g. wrong codes for one email) move `expiresAt` on at every hit instead.
 *
 * Access patterns:
 * - the count of the current window: GetItem
 * - count a hit: UpdateItem ADD hits :1 on an unexpired item (atomic, no read first); an expired
 *   one is written again from one, on the condition that it is still expired
 * - forget the subject's counter (a sign-in succeeded, a new code was sent): DeleteItem
 */
import { DeleteCommand, GetCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../platform/env.js';
import { ifHolds } from './conditional.js';
import { HttpError } from '../platform/http.js';

export interface Limit {
  kind: string;
  max: number;
  windowSeconds: number;
  /** One counter living `windowSeconds` after its last hit, instead of fixed windows. */
  sliding?: true;
}

/** The portal's limits (README): failed sign-ins, code requests, code checks, wrong codes, asks to approve. */
export const limits = {
  loginPerEmail: { kind: 'login-email', max: 10, windowSeconds: 15 * 60 },
  loginPerAddress: { kind: 'login-ip', max: 50, windowSeconds: 15 * 60 },
  codeRequestPerEmail: { kind: 'code-request-email', max: 5, windowSeconds: 60 * 60 },
  codeRequestPerAddress: { kind: 'code-request-ip', max: 30, windowSeconds: 60 * 60 },
  codeCheckPerAddress: { kind: 'code-check-ip', max: 30, windowSeconds: 15 * 60 },
  /** Wrong reset codes for one email: the fifth voids the code (Cognito's codes live an hour). */
  wrongCodePerEmail: { kind: 'wrong-code-email', max: 5, windowSeconds: 60 * 60, sliding: true },
  /** "Ask … to approve" mails one signed-in user may send (issue 39): a colleague's inbox is not a target. */
  askApprovalPerUser: { kind: 'ask-approval', max: 10, windowSeconds: 60 * 60 },
} as const satisfies Record<string, Limit>;

export const TOO_MANY = 'Too many attempts. Please wait a few minutes and try again.';

const table = () => tableName('rateLimits');
const nowSeconds = () => Math.floor(Date.now() / 1000);

/** The subject's counter's key. */
const keyOf = (limit: Limit, subject: string) => `${limit.kind}:${subject.toLowerCase()}`;

/** Hits counted in the subject's current window, and the seconds until it ends (0 if none). */
export async function count(db: DynamoDBDocumentClient, limit: Limit, subject: string): Promise<{ hits: number; retryAfter: number }> {
  const now = nowSeconds();
  const r = await db.send(new GetCommand({ TableName: table(), Key: { key: keyOf(limit, subject) } }));
  const item = r.Item as { hits?: number; expiresAt?: number } | undefined;
  if (!item || (item.expiresAt ?? 0) <= now) return { hits: 0, retryAfter: 0 };
  return { hits: item.hits ?? 0, retryAfter: (item.expiresAt ?? now) - now };
}

/** True when the subject has used up its window. */
export async function overLimit(db: DynamoDBDocumentClient, limit: Limit, subject: string): Promise<boolean> {
  return (await count(db, limit, subject)).hits >= limit.max;
}

/** Throws 429 with Retry-After when the subject has used up its window. */
export async function assertUnderLimit(db: DynamoDBDocumentClient, limit: Limit, subject: string): Promise<void> {
  const { hits, retryAfter } = await count(db, limit, subject);
  if (hits >= limit.max) throw new HttpError(429, TOO_MANY, { 'retry-after': String(Math.max(1, retryAfter)) });
}

/** Counts one hit; returns the hits of the window so far. */
export async function hit(db: DynamoDBDocumentClient, limit: Limit, subject: string): Promise<number> {
  const now = nowSeconds();
  const key = keyOf(limit, subject);
  const values = { ':one': 1, ':exp': now + limit.windowSeconds, ':now': now };
  // A sliding window ends windowSeconds after the latest hit; a fixed one after the first.
  const expiry = limit.sliding ? ':exp' : 'if_not_exists(expiresAt, :exp)';
  const add = () =>
    db.send(
      new UpdateCommand({
        TableName: table(),
        Key: { key },
        UpdateExpression: `ADD hits :one SET expiresAt = ${expiry}`,
        ConditionExpression: 'attribute_not_exists(expiresAt) OR expiresAt > :now',
        ExpressionAttributeValues: values,
        ReturnValues: 'UPDATED_NEW',
      }),
    );
  // The item outlived its window (TTL deletes late): a new window, from one, unless a concurrent hit began it first.
  const restart = () =>
    db.send(
      new UpdateCommand({
        TableName: table(),
        Key: { key },
        UpdateExpression: 'SET hits = :one, expiresAt = :exp',
        ConditionExpression: 'expiresAt <= :now',
        ExpressionAttributeValues: values,
      }),
    );
  const added = await ifHolds(add(), null);
  if (added) return Number(added.Attributes?.hits ?? 1);
  if (await ifHolds(restart().then(() => true), false)) return 1;
  return Number((await add()).Attributes?.hits ?? 1);
}

/** Forgets the subject's current window. */
export async function clear(db: DynamoDBDocumentClient, limit: Limit, subject: string): Promise<void> {
  await db.send(new DeleteCommand({ TableName: table(), Key: { key: keyOf(limit, subject) } }));
}
