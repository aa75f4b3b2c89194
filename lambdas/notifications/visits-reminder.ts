/**
 * The day before (EventBridge Scheduler, daily at the stage's `notifications.dayBefore` hour; locally
 * on demand): each customer user who keeps "Upcoming visits (the day before)" on (the default) and
 * has visits tomorrow at their properties gets one mail listing them: property, arrival window or
 * time (in the property's zone, named), technician, what, work order. "Tomorrow" is the next
 * calendar day in the stage's zone (DAY_BEFORE_TIME_ZONE, default UTC); a visit is on it when its
 * property's zone says so. Once per user and day (claimed before sending, given back
 * when the send fails), so a retried run mails no one twice; a user with no visits tomorrow gets
 * nothing. Suppressed addresses and the unsubscribe link as for every topic (../shared/domain/notifications/send.ts).
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Visit } from '../shared/contract/answers/visits.js';
import { claimVisitsMail, effectiveSettings, notificationSettingsOf, releaseVisitsMail } from '../shared/data/notification-settings.js';
import { listUsers } from '../shared/data/users.js';
import { isStaffEmail } from '../shared/platform/env.js';
import { mailLinks } from '../shared/platform/links.js';
import { log } from '../shared/platform/log.js';
import { greetingName, mailDate, productTitle } from '../shared/platform/mail-text.js';
import { writtenClock, zonedClock, zoneName } from '../shared/contract/writing.js';
import { claimedMail, mailJob } from '../shared/domain/notifications/job.js';
import { mailUser } from '../shared/domain/notifications/send.js';
import { assignedScope } from '../shared/platform/scope.js';
import { DAY_MS, readVisits } from '../shared/domain/visits/select.js';
import { localDate, startOfDay } from '../shared/domain/visits/zones.js';

export interface VisitsReminder {
  /** The day whose visits were mailed, YYYY-MM-DD in the stage's zone. */
  day: string;
  candidates: number;
  mailed: number;
  failed: number;
}

/** Tomorrow in `timeZone`: its date and [from, to) as ISO instants. */
export function tomorrow(now: number, timeZone = 'UTC'): { day: string; from: string; to: string } {
  const today = localDate(now, timeZone);
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  const day = new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
  const after = new Date(Date.UTC(y, m - 1, d + 2)).toISOString().slice(0, 10);
  return { day, from: new Date(startOfDay(day, timeZone)).toISOString(), to: new Date(startOfDay(after, timeZone)).toISOString() };
}

/**
 * How a visit's time is written in the mail: in its property's zone, named ('arrival between 8:00 AM
 * and 11:00 AM CST'), the day being the mail's.
 */
function when(v: Visit): string {
  const tz = v.timeZone;
  if (v.windowStart && v.windowEnd) {
    const sameName = zoneName(v.windowStart, tz) === zoneName(v.windowEnd, tz);
    return `arrival between ${sameName ? writtenClock(v.windowStart, tz) : zonedClock(v.windowStart, tz)} and ${zonedClock(v.windowEnd, tz)}`;
  }
  if (v.allDay) return 'all day';
  return `at ${zonedClock(v.scheduledAt, tz)}`;
}

/** Whether a visit is on `day` (YYYY-MM-DD) where it happens: in its property's zone (a day's visit: its date). */
export const visitOnDay = (v: Visit, day: string) => (v.allDay ? v.scheduledAt.slice(0, 10) : localDate(Date.parse(v.windowStart ?? v.scheduledAt), v.timeZone)) === day;

export function visitsMail(name: string, day: string, visits: readonly Visit[]) {
  const written = mailDate(`${day}T12:00:00Z`);
  const byProperty = new Map<string, Visit[]>();
  for (const v of visits) byProperty.set(v.propertyName, [...(byProperty.get(v.propertyName) ?? []), v]);
  const lines: string[] = [];
  for (const [property, list] of [...byProperty].sort(([a], [b]) => a.localeCompare(b))) {
    lines.push('', `${property}:`);
    for (const v of list) {
      lines.push(`  ${v.description || 'Visit'} (work order ${v.workOrderId})`, `    ${when(v)}${v.technician ? `; technician: ${v.technician}` : ''}`, `    ${mailLinks.workOrder(v.workOrderId)}`);
    }
  }
  const n = visits.length;
  return {
    subject: `Tomorrow, ${written}: ${n === 1 ? '1 visit' : `${n} visits`} at your properties`,
    text: [
      `Hello ${greetingName(name)},`,
      '',
      `${n === 1 ? 'This visit is' : 'These visits are'} planned at your properties in ${productTitle()} tomorrow, ${written}:`,
      ...lines,
      '',
      'Please make sure the technician can get in (keys, access codes, parking).',
      `See what is coming up: ${mailLinks.reports()}`,
    ].join('\n'),
  };
}

export async function runVisitsReminder(db: DynamoDBDocumentClient, now = Date.now(), timeZone = process.env.DAY_BEFORE_TIME_ZONE || 'UTC'): Promise<VisitsReminder> {
  const { day, from, to } = tomorrow(now, timeZone);
  const users = (await listUsers(db)).filter((u) => !isStaffEmail(u.email) && assignedScope(u).propertyIds.size > 0);
  const settings = await notificationSettingsOf(db, users.map((u) => u.sub));
  const due = users.filter((u) => effectiveSettings(settings.get(u.sub)).visits && settings.get(u.sub)?.lastVisitsFor !== day);
  const summary: VisitsReminder = { day, candidates: due.length, mailed: 0, failed: 0 };
  const allProperties = [...new Set(due.flatMap((u) => [...assignedScope(u).propertyIds]))].sort();
  if (allProperties.length === 0) return summary;
  // Every property's visits read once for the run: a day either side of the stage zone's tomorrow,
  // then those on that date in their own property's zone.
  const wide = await readVisits(db, allProperties, new Date(Date.parse(from) - DAY_MS).toISOString(), new Date(Date.parse(to) + DAY_MS).toISOString());
  const visits = wide.filter((v) => visitOnDay(v, day));
  for (const user of due) {
    const mine = assignedScope(user).propertyIds;
    const theirs = visits.filter((v) => mine.has(v.propertyId));
    if (theirs.length === 0) continue;
    const item = settings.get(user.sub);
    try {
      const outcome = await claimedMail(
        claimVisitsMail(db, user, day),
        () => mailUser(db, user, 'visits', visitsMail(user.name || user.email, day, theirs), item ?? null),
        () => releaseVisitsMail(db, user.sub, day, item?.lastVisitsFor),
      );
      if (outcome === 'sent') summary.mailed++;
    } catch (err) {
      summary.failed++;
      log.warn('day-before visits mail of a user failed', { err });
    }
  }
  return summary;
}

export const handler = mailJob('notifications/visits-reminder', 'day-before visits mail sent', (db) => runVisitsReminder(db));
