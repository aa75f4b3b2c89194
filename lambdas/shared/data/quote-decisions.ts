/**
 * quote-decisions: customers' decisions on quotes (issue 30), append-only.
 *
 * Decision item: { propertyId, sk: 'quote#<quoteId>#<decidedAt>', kind: 'decision', quoteId,
 *   customerId, decision, decidedAt, by: { sub, email, name, signature? }, sourceIp, userAgent,
 *   shown: { amount, title, expiresAt, propertyId, propertyName }, poNumber?, reason?, comment?,
 *   chosen?: { option, lines, total } (a quote with lines, issue 43), hash } (../quotes/decision.ts: `hash` is the SHA-256 of the canonical JSON of the rest).
 * Conflict item: { propertyId, sk: 'conflict#<quoteId>#<at>', kind: 'conflict', quoteId, at,
 *   portal: { status, decidedAt, decidedBy }, source: { status, decidedAt } }: an import whose
 *   source decided otherwise than the portal (the source's decision was stored).
 *
 * Immutable: every write is a PutItem conditional on the key being new, and the decision route's
 * role may PutItem but not UpdateItem or DeleteItem (route table `append`). Two decisions of the
 * same quote in the same millisecond: the second is refused and answered as a conflict.
 *
 * Access patterns:
 * - record a decision or a conflict: PutItem, attribute_not_exists(sk)
 * - the decisions of a property's quotes (the quotes list): Query propertyId = :p AND begins_with(sk, 'quote#')
 * - every conflict (`admin quotes-conflicts`): Scan filtered to kind = 'conflict' (rare, operator only)
 * - every customer's decisions since a time (the staff's list, issue 39): Scan filtered to
 *   kind = 'decision' AND decidedAt >= :since. Staff only; decisions are made by people, one per
 *   quote or a few, so the table stays small; a GSI on decidedAt is the step when it does not.
 */
import { PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../platform/env.js';
import type { QuoteDecisionKind, QuoteLineView } from '../contract/answers/quotes.js';
import { queryAll, scanAll } from './batch.js';
import { conditionFailed } from './conditional.js';

export interface DecisionRecord {
  propertyId: string;
  sk: string;
  kind: 'decision';
  quoteId: string;
  customerId: string;
  decision: QuoteDecisionKind;
  decidedAt: string;
  by: { sub: string; email: string; name: string; signature?: string };
  sourceIp: string;
  userAgent: string;
  shown: { amount: number; title: string; expiresAt: string | null; propertyId: string; propertyName: string };
  poNumber?: string;
  reason?: string;
  comment?: string;
  /** A quote with lines (issue 43): the option and the lines the decision took in (as the quote had them then) and their total. */
  chosen?: ChosenLines;
  hash: string;
}

export interface ChosenLines {
  option: string | null;
  lines: QuoteLineView[];
  total: number;
}

export interface ConflictItem {
  propertyId: string;
  sk: string;
  kind: 'conflict';
  quoteId: string;
  at: string;
  portal: { status: string; decidedAt: string | null; decidedBy: string | null };
  source: { status: string; decidedAt: string | null };
}

const table = () => tableName('quoteDecisions');
export const decisionKey = (quoteId: string, decidedAt: string) => `quote#${quoteId}#${decidedAt}`;

/** Stores an item whose key is new; false when one with that key exists (nothing is overwritten). */
async function putNew(db: DynamoDBDocumentClient, item: DecisionRecord | ConflictItem): Promise<boolean> {
  try {
    await db.send(new PutCommand({ TableName: table(), Item: item, ConditionExpression: 'attribute_not_exists(sk)' }));
    return true;
  } catch (e) {
    if (conditionFailed(e)) return false;
    throw e;
  }
}

export const putDecision = (db: DynamoDBDocumentClient, record: DecisionRecord) => putNew(db, record);

export const putConflict = (db: DynamoDBDocumentClient, conflict: Omit<ConflictItem, 'sk' | 'kind'>) =>
  putNew(db, { ...conflict, kind: 'conflict', sk: `conflict#${conflict.quoteId}#${conflict.at}` });

/** The decisions recorded on these properties' quotes, oldest first per property. */
export async function decisionsOf(db: DynamoDBDocumentClient, propertyIds: Iterable<string>): Promise<DecisionRecord[]> {
  const lists = await Promise.all(
    [...new Set(propertyIds)].map((p) =>
      queryAll<DecisionRecord>(db, { TableName: table(), KeyConditionExpression: 'propertyId = :p AND begins_with(sk, :q)', ExpressionAttributeValues: { ':p': p, ':q': 'quote#' } }),
    ),
  );
  return lists.flat();
}

/** Every conflict an import recorded, oldest first. */
export async function listConflicts(db: DynamoDBDocumentClient): Promise<ConflictItem[]> {
  const items = await scanAll<ConflictItem>(db, { TableName: table(), FilterExpression: '#k = :c', ExpressionAttributeNames: { '#k': 'kind' }, ExpressionAttributeValues: { ':c': 'conflict' } });
  return items.sort((a, b) => a.at.localeCompare(b.at) || a.quoteId.localeCompare(b.quoteId));
}

/** Every customer's decisions made at or after `since` (ISO time), newest first. */
export async function decisionsSince(db: DynamoDBDocumentClient, since: string): Promise<DecisionRecord[]> {
  const items = await scanAll<DecisionRecord>(db, {
    TableName: table(),
    FilterExpression: '#k = :d AND decidedAt >= :since',
    ExpressionAttributeNames: { '#k': 'kind' },
    ExpressionAttributeValues: { ':d': 'decision', ':since': since },
  });
  return items.sort((a, b) => b.decidedAt.localeCompare(a.decidedAt) || a.quoteId.localeCompare(b.quoteId));
}
