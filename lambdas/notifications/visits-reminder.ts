/**
 * The day before (EventBridge Scheduler, daily at the stage's `notifications.dayBefore` hour; locally
 * on demand): each customer user who keeps "Upcoming visits (the day before)" on (the default) and
 * has visits tomorrow at their properties gets one mail listing them: property, arrival window or
 * time, technician, what, work order. "Tomorrow" is the next calendar day in the stage's zone
 * (DAY_BEFORE_TIME_ZONE, default UTC). Once per user and day (claimed before sending, given back
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
import { greetingName, mailDate, mailTime, productTitle } from '../shared/platform/mail-text.js';
import { claimedMail, mailJob } from '../shared/domain/notifications/job.js';
import { mailUser } from '../shared/domain/notifications/send.js';
import { assignedScope } from '../shared/platform/scope.js';
import { readVisits } from '../shared/domain/visits/select.js';

export interface VisitsReminder {
  /** The day whose visits were mailed, YYYY-MM-DD in the stage's zone. */
  day: string;
  candidates: number;
  mailed: number;
  failed: number;
}

/** The local date of an instant in `timeZone` as YYYY-MM-DD. */
function localDate(ms: number, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(new Date(ms));
  const v = (t: string) => parts.find((p) => p.type === t)!.value;
  return `${v('year')}-${v('month')}-${v('day')}`;
}

/** The instant the calendar day `day` (YYYY-MM-DD) begins in `timeZone`. */
function startOfDay(day: string, timeZone: string): number {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const utcMidnight = Date.UTC(y, m - 1, d);
  const offsetAt = (ms: number) => {
    const p = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' }).formatToParts(new Date(ms));
    const v = (t: string) => Number(p.find((x) => x.type === t)!.value);
    return Date.UTC(v('year'), v('month') - 1, v('day'), v('hour') % 24, v('minute'), v('second')) - ms;
  };
  // Twice: the offset at the guess may differ from the offset at midnight across a daylight-saving change.
  const guess = utcMidnight - offsetAt(utcMidnight);
  return utcMidnight - offsetAt(guess);
}

/** Tomorrow in `timeZone`: its date and [from, to) as ISO instants. */
export function tomorrow(now: number, timeZone = 'UTC'): { day: string; from: string; to: string } {
  const today = localDate(now, timeZone);
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  const day = new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
  const after = new Date(Date.UTC(y, m - 1, d + 2)).toISOString().slice(0, 10);
  return { day, from: new Date(startOfDay(day, timeZone)).toISOString(), to: new Date(startOfDay(after, timeZone)).toISOString() };
}

/** How a visit's time is written in the mail (UTC, as every mail writes times). */
function when(v: Visit): string {
  if (v.windowStart && v.windowEnd) return `arrival between ${mailTime(v.windowStart)} and ${mailTime(v.windowEnd).replace(/^.*, /, '')}`;
  if (v.allDay) return 'all day';
  return `at ${mailTime(v.scheduledAt)}`;
}

export function visitsMail(name: string, day: string, visits: readonly Visit[]) {
  const written = mailDate(`${day}T12:00:00Z`);
  const byProperty = new Map<string, Visit[]>();
  for (const v of visits) byProperty.set(v.propertyName, [...(byProperty.get(v.propertyName) ?? []), v]);
  const lines: string[] = [];
  for (const [property, list] of [...byProperty].sort(([a], [b]) => a.localeCompare(b))) {
    lines.push('', `${property}:`);
    for (const v of list) {
      lines.push(`  ${v.description || 'Visit'} (work order ${v.workOrderId})`, `    ${when(v)}${v.technician ? `; technician: ${v.technician}` : ''}`);
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
  // Every property's visits read once for the run.
  const visits = await readVisits(db, allProperties, from, to);
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
