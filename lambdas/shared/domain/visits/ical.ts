/**
 * The calendar feed as iCalendar (RFC 5545): one VCALENDAR, one VEVENT per visit. Lines end in
 * CRLF and are folded at 75 octets (a fold never splits a UTF-8 character); TEXT values escape
 * backslash, semicolon, comma and newlines (3.3.11). Times are UTC (`...Z`, 3.3.5 form 2); an
 * all-day visit is a DATE (its end the next day, exclusive, 3.6.1). A visit without an arrival
 * window lasts an hour in the calendar.
 */
import type { Visit } from '../../contract/answers/visits.js';

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
  /** A line under each event's description (where to see more). */
  link: string;
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
  else lines.push(`DTSTART:${utcStamp(start)}`, `DTEND:${utcStamp(v.windowEnd ? Date.parse(v.windowEnd) : start + HOUR_MS)}`);
  const details = [
    v.description,
    `Work order: ${v.workOrderId}`,
    ...(v.technician ? [`Technician: ${v.technician}`] : []),
    ...(v.windowStart ? ['The time is the arrival window the technician keeps.'] : []),
    '',
    o.link,
  ];
  lines.push(
    `SUMMARY:${escapeText(`${what} visit: ${v.description || v.workOrderId}`)}`,
    `LOCATION:${escapeText(v.propertyName)}`,
    `DESCRIPTION:${escapeText(details.join('\n'))}`,
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
    ...visits.flatMap((v) => eventLines(v, o)),
    'END:VCALENDAR',
  ];
  return lines.map(foldLine).join('\r\n') + '\r\n';
}
