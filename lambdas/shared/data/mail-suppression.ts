/**
 * mailSuppression: addresses the portal no longer mails, because SES reported a permanent bounce
 * or a complaint for them (lambdas/notifications/mail-feedback.ts).
 *
 * Item: { address (lower case), reason ('bounce' | 'complaint'), at (ISO), detail }
 *
 * Access patterns:
 * - is an address suppressed (before each mail): GetItem
 * - suppress: PutItem (a later event overwrites an earlier one)
 * - lift (an administrator, after the address is mended): DeleteItem (`admin` script)
 */
import { DeleteCommand, GetCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../platform/env.js';

export type SuppressionReason = 'bounce' | 'complaint';
export interface MailSuppressionItem {
  address: string;
  reason: SuppressionReason;
  at: string;
  detail: string;
}

const table = () => tableName('mailSuppression');

export async function suppressionOf(db: DynamoDBDocumentClient, address: string): Promise<MailSuppressionItem | undefined> {
  const out = await db.send(new GetCommand({ TableName: table(), Key: { address: address.toLowerCase() } }));
  return out.Item as MailSuppressionItem | undefined;
}

export async function suppress(db: DynamoDBDocumentClient, address: string, reason: SuppressionReason, detail: string, at = new Date().toISOString()): Promise<void> {
  await db.send(new PutCommand({ TableName: table(), Item: { address: address.toLowerCase(), reason, at, detail: detail.slice(0, 500) } }));
}

export async function liftSuppression(db: DynamoDBDocumentClient, address: string): Promise<void> {
  await db.send(new DeleteCommand({ TableName: table(), Key: { address: address.toLowerCase() } }));
}
