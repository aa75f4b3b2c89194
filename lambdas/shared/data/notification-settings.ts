/**
 * notificationSettings: each user's mail settings (issue 20), keyed by Cognito's `sub`.
 *
 * Item: { sub, email, documents?, weekly?, requests?, alerts?, visits? (booleans; absent: the default of
 *   contract/answers/notifications.ts), documentsSince? (ISO: documents uploaded after it are not
 *   mailed yet), lastDocumentsMailAt? (ISO), lastWeeklyFor? (the week mailed, YYYY-MM-DD of its
 *   Monday), lastVisitsFor? (the day whose visits were mailed the day before, YYYY-MM-DD), updatedAt }
 * Written by the user (the Notifications panel), by the unsubscribe link (one topic off) and by the
 * mail jobs (watermarks). No item: every topic at its default.
 *
 * Access patterns:
 * - one user's settings: GetItem sub (consistent)
 * - several users' settings (an alert's recipients): BatchGetItem
 * - the users subscribed to a topic that is off by default (documents, weekly): Scan with a filter
 *   (a few thousand items at most; the jobs run hourly and weekly)
 * - change topics: UpdateItem of those attributes; turning documents on moves documentsSince to now
 * - claim the hour's document mail: UpdateItem if lastDocumentsMailAt is absent or older than an hour
 * - claim the week's summary: UpdateItem if lastWeeklyFor is not that week
 * - claim the day-before mail of a day's visits: UpdateItem if lastVisitsFor is not that day (the
 *   topic is on by default, so the item is made when there is none)
 */
import { GetCommand, UpdateCommand, type DynamoDBDocumentClient, type UpdateCommandInput } from '@aws-sdk/lib-dynamodb';
import { defaultNotificationSettings, NOTIFICATION_TOPICS, type NotificationSettings, type NotificationTopic } from '../contract/answers/notifications.js';
import { tableName } from '../platform/env.js';
import { batchGet, scanAll } from './batch.js';
import { ifHolds } from './conditional.js';

export interface NotificationSettingsItem extends Partial<NotificationSettings> {
  sub: string;
  email: string;
  documentsSince?: string;
  lastDocumentsMailAt?: string;
  lastWeeklyFor?: string;
  lastVisitsFor?: string;
  updatedAt: string;
}

const table = () => tableName('notificationSettings');
/** An UpdateItem on the table if its condition holds; false when it did not. */
const updateIf = (db: DynamoDBDocumentClient, input: Omit<UpdateCommandInput, 'TableName'>) =>
  ifHolds(db.send(new UpdateCommand({ TableName: table(), ...input })).then(() => true), false);

/** The settings in force: the item's choices over the defaults. */
export function effectiveSettings(item: Partial<NotificationSettings> | undefined): NotificationSettings {
  const out = { ...defaultNotificationSettings };
  for (const t of NOTIFICATION_TOPICS) if (typeof item?.[t] === 'boolean') out[t] = item[t];
  return out;
}

export async function getNotificationSettings(db: DynamoDBDocumentClient, sub: string): Promise<NotificationSettingsItem | undefined> {
  const out = await db.send(new GetCommand({ TableName: table(), Key: { sub }, ConsistentRead: true }));
  return out.Item as NotificationSettingsItem | undefined;
}

export async function notificationSettingsOf(db: DynamoDBDocumentClient, subs: Iterable<string>): Promise<Map<string, NotificationSettingsItem>> {
  const keys = [...new Set(subs)].map((sub) => ({ sub }));
  const items = keys.length ? await batchGet<NotificationSettingsItem>(db, table(), keys) : [];
  return new Map(items.map((i) => [i.sub, i]));
}

/** The items with `topic` switched on (only for topics off by default: an absent item is off). */
export function subscribedTo(db: DynamoDBDocumentClient, topic: 'documents' | 'weekly'): Promise<NotificationSettingsItem[]> {
  return scanAll<NotificationSettingsItem>(db, { TableName: table(), FilterExpression: '#t = :on', ExpressionAttributeNames: { '#t': topic }, ExpressionAttributeValues: { ':on': true } });
}

/**
 * Sets the topics named in `change`, keeping the others. Switching documents on starts its
 * watermark now: documents added while it was off are not mailed. Answers the item after.
 */
export async function saveNotificationSettings(
  db: DynamoDBDocumentClient,
  user: { sub: string; email: string },
  change: Partial<NotificationSettings>,
  previous: NotificationSettingsItem | undefined,
  at = new Date().toISOString(),
): Promise<NotificationSettingsItem> {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = { ':email': user.email, ':at': at };
  const sets = ['email = :email', 'updatedAt = :at'];
  for (const t of NOTIFICATION_TOPICS) {
    const v = change[t];
    if (typeof v !== 'boolean') continue;
    names[`#${t}`] = t;
    values[`:${t}`] = v;
    sets.push(`#${t} = :${t}`);
  }
  if (change.documents === true && !effectiveSettings(previous).documents) sets.push('documentsSince = :at');
  const out = await db.send(
    new UpdateCommand({
      TableName: table(),
      Key: { sub: user.sub },
      UpdateExpression: `SET ${sets.join(', ')}`,
      ExpressionAttributeNames: Object.keys(names).length ? names : undefined,
      ExpressionAttributeValues: values,
      ReturnValues: 'ALL_NEW',
    }),
  );
  return out.Attributes as NotificationSettingsItem;
}

/**
 * Claims this hour's document mail for the user: moves lastDocumentsMailAt to `at` and the
 * watermark to `until`, if no document mail went in the last `minGapMs`. False: another mail
 * went (or another run claimed it) within the gap.
 */
export function claimDocumentsMail(db: DynamoDBDocumentClient, sub: string, at: string, until: string, minGapMs: number): Promise<boolean> {
  return updateIf(db, {
    Key: { sub },
    UpdateExpression: 'SET lastDocumentsMailAt = :at, documentsSince = :until',
    ConditionExpression: 'attribute_exists(#s) AND attribute_not_exists(lastDocumentsMailAt) OR attribute_exists(#s) AND lastDocumentsMailAt <= :before',
    ExpressionAttributeNames: { '#s': 'sub' },
    ExpressionAttributeValues: { ':at': at, ':until': until, ':before': new Date(Date.parse(at) - minGapMs).toISOString() },
  });
}

/** Gives a claimed document mail back (its send failed): the next run tries again. */
export async function releaseDocumentsMail(db: DynamoDBDocumentClient, sub: string, at: string, since: string | undefined, last: string | undefined): Promise<void> {
  const values: Record<string, unknown> = { ':at': at };
  const sets: string[] = [];
  const removes: string[] = [];
  if (since) {
    sets.push('documentsSince = :since');
    values[':since'] = since;
  } else removes.push('documentsSince');
  if (last) {
    sets.push('lastDocumentsMailAt = :last');
    values[':last'] = last;
  } else removes.push('lastDocumentsMailAt');
  // Only if the claim is still this run's.
  await updateIf(db, {
    Key: { sub },
    UpdateExpression: [sets.length ? `SET ${sets.join(', ')}` : '', removes.length ? `REMOVE ${removes.join(', ')}` : ''].filter(Boolean).join(' '),
    ConditionExpression: 'lastDocumentsMailAt = :at',
    ExpressionAttributeValues: values,
  });
}

/** Claims the week's summary for the user (week: its Monday, YYYY-MM-DD); false when it was mailed already. */
export function claimWeeklyMail(db: DynamoDBDocumentClient, sub: string, week: string): Promise<boolean> {
  return updateIf(db, {
    Key: { sub },
    UpdateExpression: 'SET lastWeeklyFor = :w',
    ConditionExpression: 'attribute_exists(#s) AND attribute_not_exists(lastWeeklyFor) OR attribute_exists(#s) AND lastWeeklyFor <> :w',
    ExpressionAttributeNames: { '#s': 'sub' },
    ExpressionAttributeValues: { ':w': week },
  });
}

/** Gives a claimed weekly summary back (its send failed): a retried run sends it. */
export async function releaseWeeklyMail(db: DynamoDBDocumentClient, sub: string, week: string, previous: string | undefined): Promise<void> {
  await updateIf(db, {
    Key: { sub },
    UpdateExpression: previous ? 'SET lastWeeklyFor = :p' : 'REMOVE lastWeeklyFor',
    ConditionExpression: 'lastWeeklyFor = :w',
    ExpressionAttributeValues: previous ? { ':w': week, ':p': previous } : { ':w': week },
  });
}

/**
 * Claims the day-before mail of `day`'s visits (YYYY-MM-DD) for the user; false when it was mailed
 * already (or another run claimed it). Makes the item when there is none: the topic is on by default.
 */
export function claimVisitsMail(db: DynamoDBDocumentClient, user: { sub: string; email: string }, day: string, at = new Date().toISOString()): Promise<boolean> {
  return updateIf(db, {
    Key: { sub: user.sub },
    UpdateExpression: 'SET lastVisitsFor = :d, email = if_not_exists(email, :e), updatedAt = if_not_exists(updatedAt, :at)',
    ConditionExpression: 'attribute_not_exists(lastVisitsFor) OR lastVisitsFor <> :d',
    ExpressionAttributeValues: { ':d': day, ':e': user.email, ':at': at },
  });
}

/** Gives a claimed day-before mail back (its send failed): a retried run sends it. */
export async function releaseVisitsMail(db: DynamoDBDocumentClient, sub: string, day: string, previous: string | undefined): Promise<void> {
  await updateIf(db, {
    Key: { sub },
    UpdateExpression: previous ? 'SET lastVisitsFor = :p' : 'REMOVE lastVisitsFor',
    ConditionExpression: 'lastVisitsFor = :d',
    ExpressionAttributeValues: previous ? { ':d': day, ':p': previous } : { ':d': day },
  });
}

/** The unsubscribe link: one topic off. */
export async function switchOff(db: DynamoDBDocumentClient, user: { sub: string; email: string }, topic: NotificationTopic, at = new Date().toISOString()): Promise<void> {
  await db.send(
    new UpdateCommand({
      TableName: table(),
      Key: { sub: user.sub },
      UpdateExpression: 'SET #t = :off, updatedAt = :at, email = if_not_exists(email, :email)',
      ExpressionAttributeNames: { '#t': topic },
      ExpressionAttributeValues: { ':off': false, ':at': at, ':email': user.email },
    }),
  );
}
