/**
 * The calendar feed as iCalendar (RFC 5545): one VCALENDAR, one VEVENT per visit. Lines end in
 * CRLF and are folded at 75 octets (a fold never splits a UTF-8 character); TEXT values escape
 * backslash, semicolon, comma and newlines (3.3.11). A visit's times are local times of its
 * property's zone with its TZID (3.3.5 form 3), and the feed carries one VTIMEZONE per zone (3.6.5:
 * every TZID needs one) listing the zone's offsets over the feed's span, so that a calendar app
 * that does not know the IANA name still places the visit right; a property in UTC is written in
 * UTC (`...Z`, form 2). An all-day visit is a DATE (its end the next day, exclusive, 3.6.1). A visit
 * without an arrival window lasts an hour in the calendar. LOCATION is the property's name and
 * address.
 */
import type { Visit } from '../../contract/answers/visits.js';
import { zoneName } from '../../contract/writing.js';
import { localStamp, offsetChanges, offsetMinutes, standardOffset } from './zones.js';

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
const encoder = new TextEncoder();

/** TEXT as RFC 5545 3.3.11 escapes it. */
export function escapeText(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r\n|\r|\n/g, '\\n');
}

/** One content line folded at 75 octets (3.1): each continuation starts with a space. */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const ch of line) {
    const n = encoder.encode(ch).length;
    // The first line holds 75 octets, each continuation 74 after its leading space.
    if (octets + n > (parts.length === 0 ? 75 : 74)) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += ch;
    octets += n;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/** An instant as a UTC DATE-TIME: 20260331T140500Z. */
export const utcStamp = (iso: string | number) => new Date(iso).toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
/** An instant's UTC calendar day as a DATE: 20260331. */
const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10).replace(/-/g, '');

export interface CalendarOptions {
  /** The calendar's name in the subscriber's app. */
  name: string;
  /** The host part of each event's UID (the portal's address). */
  domain: string;
  /** DTSTAMP of every event: when this feed was made. */
  now: number;
  /** Each event's address (its URL, and the last line of its description): the visit's work order (issue 43). */
  link: (workOrderId: string) => string;
}

const isUtc = (timeZone: string) => timeZone === 'UTC' || timeZone === 'Etc/UTC';

/** An instant as DTSTART or DTEND of a visit in `timeZone`: ';TZID=America/Chicago:20261130T080000', or ':20261130T140000Z' in UTC. */
export function zonedTime(ms: number, timeZone: string): string {
  return isUtc(timeZone) ? `:${utcStamp(ms)}` : `;TZID=${timeZone}:${localStamp(ms, timeZone)}`;
}

/** An offset in minutes as a UTC-OFFSET: -0600, +0530 (3.3.14). */
const utcOffset = (minutes: number) => `${minutes < 0 ? '-' : '+'}${String(Math.floor(Math.abs(minutes) / 60)).padStart(2, '0')}${String(Math.abs(minutes) % 60).padStart(2, '0')}`;

/**
 * The VTIMEZONE of a zone over [from, to): the offset in force at `from`, then each change in the
 * span, each an observance (STANDARD, or DAYLIGHT when the offset is above the zone's standard one)
 * whose DTSTART is its onset in the local time before it.
 */
export function timeZoneLines(timeZone: string, from: number, to: number): string[] {
  const first = offsetMinutes(from, timeZone);
  const observances = [{ at: from, before: first, after: first }, ...offsetChanges(timeZone, from, to)];
  const lines = ['BEGIN:VTIMEZONE', `TZID:${timeZone}`];
  for (const c of observances) {
    const kind = c.after > standardOffset(c.at, timeZone) ? 'DAYLIGHT' : 'STANDARD';
    lines.push(
      `BEGIN:${kind}`,
      // The onset as a local time of the offset before it (the first: of its own offset).
      `DTSTART:${utcStamp(c.at + c.before * 60_000).replace(/Z$/, '')}`,
      `TZOFFSETFROM:${utcOffset(c.before)}`,
      `TZOFFSETTO:${utcOffset(c.after)}`,
      `TZNAME:${escapeText(zoneName(c.at, timeZone))}`,
      `END:${kind}`,
    );
  }
  lines.push('END:VTIMEZONE');
  return lines;
}

const endOf = (v: Visit) => (v.windowEnd ? Date.parse(v.windowEnd) : Date.parse(v.windowStart ?? v.scheduledAt) + HOUR_MS);

/** One VTIMEZONE per zone the timed visits use (none for UTC), each over its visits' span and a day either side. */
function zoneLines(visits: readonly Visit[]): string[] {
  const spans = new Map<string, { from: number; to: number }>();
  for (const v of visits) {
    if (v.allDay || isUtc(v.timeZone)) continue;
    const start = Date.parse(v.windowStart ?? v.scheduledAt);
    const span = spans.get(v.timeZone);
    spans.set(v.timeZone, { from: Math.min(span?.from ?? start, start), to: Math.max(span?.to ?? 0, endOf(v)) });
  }
  return [...spans].sort(([a], [b]) => a.localeCompare(b)).flatMap(([tz, s]) => timeZoneLines(tz, s.from - DAY_MS, s.to + DAY_MS));
}

function eventLines(v: Visit, o: CalendarOptions): string[] {
  const what = v.kind === 'maintenance' ? 'Maintenance' : v.kind === 'capital' ? 'Project' : 'Service';
  const start = Date.parse(v.windowStart ?? v.scheduledAt);
  const lines = [
    'BEGIN:VEVENT',
    `UID:${escapeText(`${v.workOrderId}@${o.domain}`)}`,
    `DTSTAMP:${utcStamp(o.now)}`,
  ];
  if (v.allDay) lines.push(`DTSTART;VALUE=DATE:${utcDay(start)}`, `DTEND;VALUE=DATE:${utcDay(start + DAY_MS)}`);
  else lines.push(`DTSTART${zonedTime(start, v.timeZone)}`, `DTEND${zonedTime(endOf(v), v.timeZone)}`);
  const details = [
    v.description,
    `Work order: ${v.workOrderId}`,
    ...(v.technician ? [`Technician: ${v.technician}`] : []),
    ...(v.windowStart ? ['The time is the arrival window the technician keeps.'] : []),
    '',
    o.link(v.workOrderId),
  ];
  lines.push(
    `SUMMARY:${escapeText(`${what} visit: ${v.description || v.workOrderId}`)}`,
    `LOCATION:${escapeText(v.propertyAddress ? `${v.propertyName}, ${v.propertyAddress}` : v.propertyName)}`,
    `DESCRIPTION:${escapeText(details.join('\n'))}`,
    // RFC 5545's URL: calendar apps show it as the event's link.
    `URL:${o.link(v.workOrderId)}`,
    'TRANSP:TRANSPARENT',
    'END:VEVENT',
  );
  return lines;
}

/** The whole feed: every line folded, CRLF after each (the last too). */
export function calendarText(visits: readonly Visit[], o: CalendarOptions): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${escapeText(`-//${o.domain}//${o.name}//EN`)}`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(o.name)}`,
    // How often a subscriber's app should read the feed again (Outlook, Apple; Google decides itself).
    'REFRESH-INTERVAL;VALUE=DURATION:PT6H',
    'X-PUBLISHED-TTL:PT6H',
    ...zoneLines(visits),
    ...visits.flatMap((v) => eventLines(v, o)),
    'END:VCALENDAR',
  ];
  return lines.map(foldLine).join('\r\n') + '\r\n';
}
