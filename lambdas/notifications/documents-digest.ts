/**
 * The documents digest (every hour; locally NOTIFY_INTERVAL_SECONDS): each user who switched
 * "New documents for my properties" on gets ONE mail listing every document added to their
 * properties since their last one, and at most one such mail an hour (claimed with a conditional
 * write before it is sent, so two runs at once send it once). Scope is read from the users table
 * as for any request: properties of a customer no longer assigned are not mailed about.
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { documentsAddedSince, type DocumentItem } from '../shared/data/documents.js';
import { claimDocumentsMail, releaseDocumentsMail, subscribedTo } from '../shared/data/notification-settings.js';
import { getProperties } from '../shared/data/properties.js';
import { usersBySub } from '../shared/data/users.js';
import { isStaffEmail } from '../shared/platform/env.js';
import { log } from '../shared/platform/log.js';
import { greetingName, mailTime, productTitle } from '../shared/platform/mail-text.js';
import { claimedMail, mailJob } from '../shared/domain/notifications/job.js';
import { mailUser } from '../shared/domain/notifications/send.js';
import { assignedScope } from '../shared/platform/scope.js';
import { mailLinks } from '../shared/platform/links.js';

/** At most one document mail per user in this time (an hourly schedule may start a little early). */
export const DOCUMENT_MAIL_GAP_MS = 55 * 60_000;
/**
 * A user's new documents are mailed once uploads to their properties have been quiet this long
 * (DOCUMENTS_SETTLE_SECONDS, default 120): an administrator uploading a folder file by file gets
 * one mail listing all of it, not the first file now and the rest an hour later.
 */
export function settleMs(raw = process.env.DOCUMENTS_SETTLE_SECONDS): number {
  const n = raw === undefined || raw.trim() === '' ? Number.NaN : Number(raw);
  return (Number.isFinite(n) && n >= 0 ? n : 120) * 1000;
}
/** A mail lists at most this many documents and says how many more there are. */
const MAX_LISTED = 50;

export interface DigestSummary {
  subscribed: number;
  mailed: number;
  documents: number;
  failed: number;
}

export function documentsMail(name: string, docs: readonly DocumentItem[], propertyNames: ReadonlyMap<string, string>) {
  const byProperty = new Map<string, DocumentItem[]>();
  for (const d of docs) byProperty.set(d.propertyId, [...(byProperty.get(d.propertyId) ?? []), d]);
  const names = [...byProperty.keys()].map((id) => propertyNames.get(id) ?? id);
  const lines: string[] = [];
  let listed = 0;
  for (const [propertyId, list] of [...byProperty].sort(([a], [b]) => (propertyNames.get(a) ?? a).localeCompare(propertyNames.get(b) ?? b))) {
    if (listed >= MAX_LISTED) break;
    lines.push('', `${propertyNames.get(propertyId) ?? propertyId}:`);
    for (const d of list) {
      if (listed++ >= MAX_LISTED) break;
      lines.push(`  - ${d.fileName} (added ${mailTime(d.uploadedAt)})`);
    }
  }
  if (docs.length > MAX_LISTED) lines.push('', `and ${docs.length - MAX_LISTED} more.`);
  const subject = docs.length === 1 ? `New document for ${names[0]}` : names.length === 1 ? `${docs.length} new documents for ${names[0]}` : `${docs.length} new documents for your properties`;
  return {
    subject,
    text: [
      `Hello ${greetingName(name)},`,
      '',
      docs.length === 1 ? `A document was added to your property in ${productTitle()}:` : `Documents were added to your properties in ${productTitle()}:`,
      ...lines,
      '',
      `Sign in to open them: ${mailLinks.documents(byProperty.size === 1 ? [...byProperty.keys()][0] : undefined)}`,
    ].join('\n'),
  };
}

export async function runDocumentsDigest(db: DynamoDBDocumentClient, now = Date.now()): Promise<DigestSummary> {
  const at = new Date(now).toISOString();
  const items = await subscribedTo(db, 'documents');
  const settle = settleMs();
  const summary: DigestSummary = { subscribed: items.length, mailed: 0, documents: 0, failed: 0 };
  const addedByProperty = new Map<string, Promise<DocumentItem[]>>();
  // One Query per property and run, from the earliest watermark any subscriber needs.
  const addedTo = (id: string, since: string) => {
    if (!addedByProperty.has(id)) addedByProperty.set(id, documentsAddedSince(db, id, since));
    return addedByProperty.get(id)!;
  };
  // The earliest watermark first: the cached Query of a property then covers every later one.
  items.sort((a, b) => (a.documentsSince ?? a.updatedAt).localeCompare(b.documentsSince ?? b.updatedAt));
  const due = items.filter((item) => !item.lastDocumentsMailAt || now - Date.parse(item.lastDocumentsMailAt) >= DOCUMENT_MAIL_GAP_MS);
  const users = await usersBySub(db, due.map((item) => item.sub));
  for (const item of due) {
    try {
      const user = users.get(item.sub);
      if (!user || isStaffEmail(user.email)) continue;
      const since = item.documentsSince ?? item.updatedAt;
      const { propertyIds } = assignedScope(user);
      const found = (await Promise.all([...propertyIds].map((p) => addedTo(p, since)))).flat().filter((d) => d.uploadedAt > since && d.uploadedAt <= at);
      if (found.length === 0) continue;
      found.sort((a, b) => a.uploadedAt.localeCompare(b.uploadedAt) || a.fileName.localeCompare(b.fileName));
      const newest = found[found.length - 1]!.uploadedAt;
      // Uploads still under way: all of them go in a later run's one mail.
      if (now - Date.parse(newest) < settle) continue;
      const outcome = await claimedMail(
        claimDocumentsMail(db, item.sub, at, newest, DOCUMENT_MAIL_GAP_MS),
        async () => {
          const names = new Map((await getProperties(db, new Set(found.map((d) => d.propertyId)))).map((p) => [p.id, p.name]));
          return mailUser(db, user, 'documents', documentsMail(user.name || user.email, found, names), item);
        },
        () => releaseDocumentsMail(db, item.sub, at, item.documentsSince, item.lastDocumentsMailAt),
      );
      if (outcome === 'sent') {
        summary.mailed++;
        summary.documents += found.length;
      }
    } catch (err) {
      summary.failed++;
      log.warn('documents digest of a user failed', { err });
    }
  }
  return summary;
}

export const handler = mailJob('notifications/documents-digest', 'documents digest sent', (db) => runDocumentsDigest(db));
